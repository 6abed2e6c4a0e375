"""The board and the rack: geometry, placing tiles, dragging, phones' zoom and menu."""
