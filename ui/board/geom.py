"""Square names and board geometry for the page, from the engine's layout JSON.

Pure and MicroPython-safe (no regex, no typing): the UI cannot import the engine,
so the little geometry it needs before the engine is up lives here.
"""

COLS = "ABCDEFGHIJKLMNOPQRSTU"  # 21 columns at most

PREMIUM_WORDS = {
    "TW": "triple word",
    "DW": "double word",
    "TL": "triple letter",
    "DL": "double letter",
}


def name(row, col):
    """'H8' for the 0-based (7, 7)."""
    return COLS[col] + str(row + 1)


def parse(sq):
    """(row, col) of 'H8'; None for anything else."""
    if not isinstance(sq, str) or len(sq) < 2 or sq[0] not in COLS:
        return None
    digits = sq[1:]
    if not digits.isdigit():
        return None
    return int(digits) - 1, COLS.index(sq[0])


def premium(layout, row, col):
    """'' or DL / TL / DW / TW for a square of the layout JSON."""
    code = layout["premiums"][row][2 * col:2 * col + 2]
    return "" if code == ".." else code


def in_inner(layout, row, col):
    inner = layout.get("inner")
    if not inner:
        return False
    return inner[0] <= row <= inner[2] and inner[1] <= col <= inner[3]


def step(layout, sq, d_row, d_col):
    """The square (d_row, d_col) away from ``sq``, or None off the board."""
    rc = parse(sq)
    if rc is None:
        return None
    row, col = rc[0] + d_row, rc[1] + d_col
    size = layout["size"]
    if 0 <= row < size and 0 <= col < size:
        return name(row, col)
    return None


def all_squares(layout):
    size = layout["size"]
    return [name(r, c) for r in range(size) for c in range(size)]
