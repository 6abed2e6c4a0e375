"""The development and test server (scripts/webtool.py): a browser that drops a
connection while a file is being sent (a page closed or reloaded) leaves no
traceback in the log; any other error still does."""

from __future__ import annotations

import socket
import struct
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import webtool  # noqa: E402


def serve(root: Path):
    server = webtool.make_server(root, rebuild=False)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def drop_mid_file(port: int) -> None:
    """Ask for a big file, read a little and reset the connection (RST, as a browser does)."""
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
        s.recv(1024)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def test_a_dropped_connection_leaves_no_traceback(tmp_path, capfd):
    (tmp_path / "big.bin").write_bytes(b"x" * 50_000_000)
    server = serve(tmp_path)
    try:
        for _ in range(3):
            drop_mid_file(server.server_address[1])
        time.sleep(0.5)
        err = capfd.readouterr().err
        assert "Traceback" not in err and "ConnectionResetError" not in err and "BrokenPipe" not in err
    finally:
        server.shutdown()


def test_other_errors_are_still_printed(tmp_path, capfd):
    server = serve(tmp_path)
    try:
        try:
            raise ValueError("a real fault")
        except ValueError:
            server.handle_error(None, ("127.0.0.1", 1))
        assert "a real fault" in capfd.readouterr().err
    finally:
        server.shutdown()
