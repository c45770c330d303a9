#!/usr/bin/env python3
"""png-ink.py -- how much of a screenshot is not blank.

Part of ngcc-perf's tests (browser.test).  Usage: png-ink.py FILE.png
[RRGGBB]...  Prints: WIDTH HEIGHT INK COLOURED, where INK is the share of
pixels that are not the background (the most common colour) and COLOURED
the share of warm chart colours (the orange of the enc points and the
DRNG bars: red high, blue low), which text, links and tables never use;
then for each RRGGBB given, the smallest and largest x of the pixels of
exactly that colour (-1 -1 if none), to see where a painted element
lies.  Reads 8-bit
RGB or RGBA PNGs without interlacing (what Chromium writes); exit 1 for
anything else."""
import struct
import sys
import zlib


def rows(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, head = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = head
    if depth != 8 or ctype not in (2, 6) or interlace:
        raise ValueError("unsupported PNG (depth %d, colour type %d)" % (depth, ctype))
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    out = []
    for y in range(h):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out.append(line)
        prev = line
    return w, h, bpp, out


def main():
    try:
        w, h, bpp, lines = rows(sys.argv[1])
    except (OSError, ValueError, zlib.error, struct.error, TypeError, IndexError) as e:
        print("png-ink.py: %s: %s" % (sys.argv[1], e), file=sys.stderr)
        return 1
    try:
        want = [tuple(int(c[i:i + 2], 16) for i in (0, 2, 4)) for c in sys.argv[2:]]
    except ValueError:
        print("png-ink.py: a colour is RRGGBB in hex", file=sys.stderr)
        return 1
    extent = {c: [-1, -1] for c in want}
    counts = {}
    warm = 0
    for line in lines:
        for x in range(0, w * bpp, bpp):
            px = (line[x], line[x + 1], line[x + 2])
            counts[px] = counts.get(px, 0) + 1
            if px[0] > 180 and 60 < px[1] < 170 and px[2] < 120:
                warm += 1
            if px in extent:
                e = extent[px]
                if e[0] < 0 or x // bpp < e[0]:
                    e[0] = x // bpp
                if x // bpp > e[1]:
                    e[1] = x // bpp
    background = max(counts.values())
    total = w * h
    out = "%d %d %.4f %.4f" % (w, h, (total - background) / total, warm / total)
    for c in want:
        out += " %d %d" % tuple(extent[c])
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
