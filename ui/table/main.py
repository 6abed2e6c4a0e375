"""The table page (table.html)'s start (<script type="mpy" async>; ui/kit.js has written ui/
into MicroPython's files by then). The page itself is ui/table/page.py, imported a few
modules at a time (ui/boot/steps.py) so that a phone's main thread is never held long."""

import asyncio

from ui.boot import steps

asyncio.create_task(steps.start("ui.table.page"))
