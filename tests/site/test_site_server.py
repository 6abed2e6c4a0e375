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


def _get(port: int, path: str, **headers):
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response, body


def test_gzip_as_static_hosts_send_it(tmp_path):
    """A browser that accepts gzip gets the compressible files gzipped (as every common
    static host sends them: bench/load.py then measures what players download); archives
    go as they are, with a binary type (ui.tgz is never text, never gzipped twice); a
    precompressed .gz beside a file is what is sent (dist/ ships them)."""
    import gzip

    wasm = bytes(range(256)) * 4000
    (tmp_path / "a.wasm").write_bytes(wasm)
    (tmp_path / "m.mjs").write_text("export const x = 1;\n" * 500)
    (tmp_path / "ui.tgz").write_bytes(gzip.compress(b"tar" * 1000))
    (tmp_path / "p.js").write_text("let y = 2;\n" * 300)
    (tmp_path / "p.js.gz").write_bytes(gzip.compress(b"// precompressed\n"))
    server = serve(tmp_path)
    port = server.server_address[1]
    try:
        r, body = _get(port, "/a.wasm", **{"Accept-Encoding": "gzip, deflate, br"})
        assert r.getheader("Content-Encoding") == "gzip" and r.getheader("Content-Type") == "application/wasm"
        assert gzip.decompress(body) == wasm and len(body) < len(wasm) / 10
        assert "Accept-Encoding" in r.getheader("Vary")
        r, body = _get(port, "/a.wasm")
        assert r.getheader("Content-Encoding") is None and body == wasm
        r, body = _get(port, "/m.mjs", **{"Accept-Encoding": "gzip"})
        assert r.getheader("Content-Type").startswith("text/javascript") and gzip.decompress(body).startswith(b"export")
        r, body = _get(port, "/ui.tgz", **{"Accept-Encoding": "gzip"})
        assert r.getheader("Content-Type") == "application/gzip" and r.getheader("Content-Encoding") is None
        assert body == (tmp_path / "ui.tgz").read_bytes()
        r, body = _get(port, "/p.js", **{"Accept-Encoding": "gzip"})
        assert gzip.decompress(body) == b"// precompressed\n"
        last = r.getheader("Last-Modified")
        r, body = _get(port, "/p.js", **{"Accept-Encoding": "gzip", "If-Modified-Since": last})
        assert r.status == 304 and body == b""
    finally:
        server.shutdown()
