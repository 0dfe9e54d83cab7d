"""Headless Chromium for the HTML report's tests and the screenshots in docs/.

Chromium runs with everything that could reach the network switched off and a fresh
profile each time, on a file:// URL; the page itself forbids fetches too. ``python
tests/browser.py`` regrades the reference and a wrong submission, and grades a realistic
class as a term runs it (``tests/sample_class.py``'s ``graded_term_class``: a roster in three sections,
a late policy, an extension, an override) for its class report, and writes docs/'s screenshots
(``make screenshots``).
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--hide-scrollbars", "--force-device-scale-factor=1"]
WINDOW = (1000, 1500)
CLASS_WINDOW = (1200, 8000)  # the class report of tests/sample_class.py's term (about 7,990 px), top to bottom


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _run(page: Path, *args: str) -> subprocess.CompletedProcess:
    binary = chromium()
    if binary is None:
        raise FileNotFoundError("chromium is not installed")
    with tempfile.TemporaryDirectory(prefix="chromium-profile-") as profile:
        return subprocess.run([binary, *FLAGS, f"--user-data-dir={profile}", *args, page.resolve().as_uri()],
                              capture_output=True, text=True, timeout=120, check=True)


def dump_dom(page: Path) -> str:
    """The DOM after Chromium parsed and laid out the page (what it would show, as markup)."""
    return _run(page, "--dump-dom").stdout


def screenshot(page: Path, png: Path, window: tuple[int, int] = WINDOW) -> Path:
    _run(page, f"--screenshot={png.resolve()}", f"--window-size={window[0]},{window[1]}")
    return png


def pixels(png: Path) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGB(A) bytes) of an 8-bit, non-interlaced PNG such as Chromium writes."""
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, "unsupported PNG layout"
    bpp = 3 if colour == 2 else 4
    raw, stride, rows, previous = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - bpp] if x >= bpp else 0
            up, corner = previous[x], previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line) if bpp == 3 else bytes(b for i, b in enumerate(line) if i % 4 != 3))
        previous = line
    return width, height, rows


def count_colour(png: Path, rgb: tuple[int, int, int], tolerance: int = 12) -> int:
    _, _, rows = pixels(png)
    r0, g0, b0 = rgb
    return sum(1 for row in rows for i in range(0, len(row), 3)
               if abs(row[i] - r0) <= tolerance and abs(row[i + 1] - g0) <= tolerance
               and abs(row[i + 2] - b0) <= tolerance)


def main(out: Path) -> None:
    """Write docs/report-reference.png, docs/report-wrong.png and docs/class-report.png from fresh gradings."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from grader.formats.html import render

    from sample_class import graded_term_class
    from sample_reports import graded

    out.mkdir(parents=True, exist_ok=True)
    pages = (("reference", "reference", (1000, 1000)), ("wrong", "diagonal_excluded", (1000, 1650)))
    for name, source, window in pages:
        report = graded(source).for_audience("student")
        report.submission = "exercises/prefill" if name == "wrong" else "solutions/prefill"
        with tempfile.TemporaryDirectory() as tmp:
            page = Path(tmp) / "report.html"
            page.write_text(render(report), encoding="utf-8")
            screenshot(page, out / f"report-{name}.png", window)
        print(f"wrote {out / f'report-{name}.png'}")
    with tempfile.TemporaryDirectory() as tmp:  # a realistic term (tests/sample_class.py), graded for real
        _, page, _ = graded_term_class(Path(tmp))
        screenshot(page, out / "class-report.png", CLASS_WINDOW)
    print(f"wrote {out / 'class-report.png'}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "docs")
