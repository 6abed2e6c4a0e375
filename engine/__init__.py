"""The rules engine of the word lover's crossword game.

Standard library only: the same code runs under CPython and under Pyodide in the
browser. Never import js, pyodide or pyscript here (a test asserts it).
"""

__version__ = "0.1.0"
