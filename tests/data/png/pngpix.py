# Decode an 8-bit RGB PNG with zlib alone, checking every chunk's CRC.
# usage: pngpix.py FILE            -> "WIDTH HEIGHT"
#        pngpix.py FILE X Y ...    -> "#rrggbb" for each pixel
#        pngpix.py FILE row Y      -> the run-length colours of row Y
#        pngpix.py FILE rows       -> "Y:" and the same, for every row
import struct, sys, zlib

def decode(path):
    d = open(path, 'rb').read()
    assert d[:8] == b'\x89PNG\r\n\x1a\n', 'signature'
    i, idat, w = 8, b'', None
    while i < len(d):
        n, = struct.unpack('>I', d[i:i + 4])
        t, body = d[i + 4:i + 8], d[i + 8:i + 8 + n]
        crc, = struct.unpack('>I', d[i + 8 + n:i + 12 + n])
        assert zlib.crc32(t + body) & 0xffffffff == crc, 'CRC of ' + t.decode()
        if t == b'IHDR':
            w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
            assert depth == 8 and ctype == 2, 'not 8-bit RGB'
        elif t == b'IDAT':
            idat += body
        i += 12 + n
    raw = zlib.decompress(idat)   # checks the Adler-32 too
    stride = w * 3
    assert len(raw) == (stride + 1) * h, 'size'
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - 3] if x >= 3 else 0
            b, c = prev[x], prev[x - 3] if x >= 3 else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[x] = (line[x] + pr) & 255
            else: assert f == 0, 'filter'
        rows.append(line)
        prev = line
    return w, h, rows

w, h, rows = decode(sys.argv[1])
args = sys.argv[2:]
if not args:
    print(w, h)
elif args[0] in ('row', 'rows'):
    for y in ([int(args[1])] if args[0] == 'row' else range(h)):
        r, out, last = rows[y], [], None
        for x in range(w):
            c = '#%02x%02x%02x' % tuple(r[3 * x:3 * x + 3])
            if c != last:
                out.append('%d:%s' % (x, c))
                last = c
        print(('%d: ' % y if args[0] == 'rows' else '') + ' '.join(out))
else:
    for k in range(0, len(args), 2):
        x, y = int(args[k]), int(args[k + 1])
        print('#%02x%02x%02x' % tuple(rows[y][3 * x:3 * x + 3]))
