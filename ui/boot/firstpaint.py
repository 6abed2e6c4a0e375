"""Let the browser paint the board before the rest of the boot runs.

MicroPython runs on the page's main thread: until ui/main.boot yields, the browser
cannot lay out or paint the board it has just been given, and the tail of the boot
(installing every handler, the About text) used to hold the first frame back by
10-20% of the page's load time. ``painted`` resolves after the next animation frame,
i.e. once that frame (the board and the rack) is on screen, or after ``limit_s`` (a
hidden tab has no animation frames: its boot must not wait for one).
"""

import asyncio

from pyscript.ffi import create_proxy


async def painted(window, poll_s=0.004, limit_s=0.25):
    seen = []
    callback = create_proxy(lambda t: seen.append(t))
    window.requestAnimationFrame(callback)
    waited = 0.0
    while not seen and waited < limit_s:  # a task after the frame's callbacks: it is painted
        await asyncio.sleep(poll_s)
        waited += poll_s
    await asyncio.sleep(0)
