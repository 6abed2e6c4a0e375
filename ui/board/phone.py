"""Phones: the menu and the tools behind one button each, and the zoom of the board.

Both are page furniture, not game state: they live in DOM attributes that the
renderer never patches (``aria-expanded`` of #btn-menu, ``data-zoom`` of the board
area), so a frame never undoes them. ui/style.css shows the Menu button and the Zoom
button only on narrow screens, where the whole board fits the width with small squares
(about 21 px for 15x15 at 360 px wide, 15 px for 21x21); zoomed, the squares are
finger-sized (30 px) and the board pans inside a square box. ``show`` scrolls that box
to a move (the computer's).
MicroPython-safe (plain functions, DOM calls only).
"""



def menu_open(document):
    return document.getElementById("btn-menu").getAttribute("aria-expanded") == "true"


def set_menu(document, is_open, focus=False):
    btn = document.getElementById("btn-menu")
    btn.setAttribute("aria-expanded", "true" if is_open else "false")
    if is_open:
        first = document.querySelector("#menu button, #menu a")
        if first is not None and focus:
            first.focus()
    elif focus:
        btn.focus()


def tools_open(document):
    return document.getElementById("btn-tools").getAttribute("aria-expanded") == "true"


def set_tools(document, is_open, focus=False):
    """A phone folds the tools behind "Tools" in the dock (ui/style.css): open, they are a
    sheet over the bottom of the screen; a tool picked, a tap elsewhere or Escape folds it."""
    btn = document.getElementById("btn-tools")
    tools = document.getElementById("tools")
    btn.setAttribute("aria-expanded", "true" if is_open else "false")
    if is_open:
        tools.setAttribute("data-open", "1")
        first = document.querySelector("#tools button:not([disabled])")
        if first is not None and focus:
            first.focus()
    else:
        tools.removeAttribute("data-open")
        if focus:
            btn.focus()


def zoomed(document):
    area = document.querySelector(".board-area")
    return area is not None and area.getAttribute("data-zoom") == "1"


def set_zoom(document, on_):
    area = document.querySelector(".board-area")
    btn = document.getElementById("btn-zoom")
    if on_:
        area.setAttribute("data-zoom", "1")
    else:
        area.removeAttribute("data-zoom")
    btn.setAttribute("aria-pressed", "true" if on_ else "false")
    if on_:  # start where the action is: the keyboard cursor, else the middle
        cell = document.querySelector("#board .cell.cursor") or document.querySelector("#board .cell.start")
        if cell is not None:
            center(document, cell)


def center(document, cell):
    """Scroll the board's box (when it pans) so that ``cell`` sits in its middle."""
    box = document.getElementById("board-scroll")
    if box is None or cell is None or box.scrollWidth <= box.clientWidth + 1:
        return
    box.scrollLeft = max(0, cell.offsetLeft + cell.offsetWidth // 2 - box.clientWidth // 2)
    box.scrollTop = max(0, cell.offsetTop + cell.offsetHeight // 2 - box.clientHeight // 2)


def follow(document, sq):
    """Zoomed, keep the square being placed on in view (the cursor moves on as letters are
    typed or tiles put down): the box pans to it only once it reaches the box's edge."""
    if not sq or not zoomed(document):
        return
    box = document.getElementById("board-scroll")
    cell = document.getElementById("sq-" + sq)
    if box is None or cell is None:
        return
    left, top = cell.offsetLeft - box.scrollLeft, cell.offsetTop - box.scrollTop
    if left < 0 or top < 0 or left + cell.offsetWidth > box.clientWidth or top + cell.offsetHeight > box.clientHeight:
        center(document, cell)


def show(document, squares):
    """Bring a move's squares into view in the zoomed board (a no-op when it all shows)."""
    if not squares or not zoomed(document):
        return
    cells = [document.getElementById("sq-" + sq) for sq in squares]
    cells = [c for c in cells if c is not None]
    if cells:
        center(document, cells[len(cells) // 2])


def attach(on, document):
    """Install the handlers (``on`` is ui/main.on: region id, event, handler)."""

    def on_menu_button(e):
        set_menu(document, not menu_open(document), focus=e.detail == 0)  # keyboard: into the menu

    def on_menu_pick(e):
        if e.target.closest("button, a") is not None and menu_open(document):
            set_menu(document, False)

    def on_key(e):
        if e.key == "Escape" and menu_open(document) and e.target.closest(".top") is not None:
            e.preventDefault()
            set_menu(document, False, focus=True)
        elif e.key == "Escape" and tools_open(document) and e.target.closest("#dock") is not None:
            e.preventDefault()
            set_tools(document, False, focus=True)

    def on_click_anywhere(e):
        if menu_open(document) and e.target.closest(".top") is None:
            set_menu(document, False)
        if tools_open(document) and e.target.closest("#btn-tools") is None:
            set_tools(document, False)   # a tool picked (its own handler runs first) or a tap elsewhere

    def on_tools_button(e):
        set_tools(document, not tools_open(document), focus=e.detail == 0)  # keyboard: into the sheet

    def on_zoom(e):
        set_zoom(document, not zoomed(document))

    on("btn-menu", "click", on_menu_button)
    on("menu", "click", on_menu_pick)
    on("document", "keydown", on_key)
    on("document", "click", on_click_anywhere)
    on("btn-zoom", "click", on_zoom)
    on("btn-tools", "click", on_tools_button)
