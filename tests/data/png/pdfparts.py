# Check a PDF's cross-reference table against its objects, then print
# its page content (inflated) and each annotation's /Contents (UTF-16
# decoded), one a line after "annot: ".
import re, sys, zlib

d = open(sys.argv[1], 'rb').read()
m = re.search(rb'startxref\n(\d+)\n%%EOF\n$', d)
assert m, 'no startxref at the end'
xref = int(m.group(1))
assert d[xref:xref + 5] == b'xref\n', 'startxref does not point at xref'
m = re.match(rb'xref\n0 (\d+)\n', d[xref:])
n = int(m.group(1))
pos = xref + m.end()
for i in range(n):
    e = d[pos + 20 * i:pos + 20 * (i + 1)]
    assert len(e) == 20 and e[-2:] == b' \n', 'xref entry %d' % i
    if i:
        off = int(e[:10])
        assert d[off:].startswith(b'%d 0 obj' % i), 'object %d not at %d' % (i, off)
for s in re.finditer(rb'/Length (\d+) /Filter /FlateDecode [^>]*>>\nstream\n', d):
    body = d[s.end():s.end() + int(s.group(1))]
    assert d[s.end() + len(body):].startswith(b'\nendstream'), 'stream length'
    sys.stdout.write(zlib.decompress(body).decode('latin-1'))
for a in re.finditer(rb'/Contents <FEFF([0-9A-F]*)>', d):
    print('annot: ' + bytes.fromhex(a.group(1).decode()).decode('utf-16-be'))
