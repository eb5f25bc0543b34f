# Check that every frame label has at least 4.5:1 contrast (WCAG 2) with
# its frame's fill, as each renderer draws it.  Prints "N frames, min R"
# and exits 1 naming the first frame below 4.5.
#   contrast.py svg FILE.svg         rect fill vs its label: white where
#                                    white contrasts more (the script's
#                                    choice from the fill, which the static
#                                    labels' class w must agree with), and
#                                    class pw (white on the fill faded to
#                                    half over the background, a zoom's
#                                    parent)
#   contrast.py png FILE.png FILE.svg  the pixels inside each fg-svg box
#   contrast.py pdf PARTS            pdfparts.py's output: labels by position
#   contrast.py vega FILE.json       Vega-Lite spec: fill from status or change
import json, os, re, sys

def lin(v):
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

def lum(c):
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])

def ratio(a, b):
    la, lb = sorted((lum(a), lum(b)))
    return (lb + 0.05) / (la + 0.05)

def hexrgb(h):
    h = h.lstrip('#')
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))

def mix(a, b, t):
    return tuple(int(x + (y - x) * t + 0.5) for x, y in zip(a, b))

BLACK, WHITE = (0, 0, 0), (255, 255, 255)
low = []

def white(fill):
    # fg-svg's script: white where its contrast beats black's
    return ratio(fill, WHITE) > ratio(fill, BLACK)

def check(what, fill, label):
    r = ratio(fill, label)
    low.append(r)
    if r < 4.5:
        print('%s: contrast %.2f of %s on %s' % (what, r, label, fill))
        sys.exit(1)

def svg_rects(path):
    s = open(path).read()
    stops = re.findall(r'<stop stop-color="(#[0-9a-f]{6})"', s)
    H = float(re.search(r'<svg [^>]*height="([0-9.]+)"', s).group(1))
    rects = []
    for g in re.finditer(r'<g id="(e?frames)"[^>]*>(.*?)</g>', s, re.S):
        for m in re.finditer(r'<rect\s+x="([0-9.]+)" y="([0-9.]+)" width="([0-9.]+)" '
                             r'height="([0-9.]+)" fill="(#[0-9a-f]{6})"(?: class="([^"]*)")?(?:/>|>)', g.group(2)):
            x, y, w, h = map(float, m.group(1, 2, 3, 4))
            rects.append((x, y, w, h, hexrgb(m.group(5)), (m.group(6) or '').split()))
    return s, rects, hexrgb(stops[0]), hexrgb(stops[1]), H

mode = sys.argv[1]
if mode == 'svg':
    s, rects, top, bottom, H = svg_rects(sys.argv[2])
    for x, y, w, h, fill, cls in rects:
        check('rect at %g,%g' % (x, y), fill, WHITE if white(fill) else BLACK)
        t = min(1, max(0, ((y + (h + 1) / 2) / H - 0.05) / 0.9))
        faded = mix(fill, mix(top, bottom, t), 0.5)
        check('parent at %g,%g' % (x, y), faded, WHITE if 'pw' in cls else BLACK)
    # the static labels carry their frame's choice
    for m in re.finditer(r'<text( class="w")? x="([0-9.]+)" y="([0-9.]+)">', s):
        key = (round(float(m.group(2)), 2), float(m.group(3)))
        frame = [r for r in rects if abs(r[0] + 3 - key[0]) < 0.01 and r[1] <= key[1] <= r[1] + r[3]]
        if frame and bool(m.group(1)) != white(frame[0][4]):
            print('label at %s disagrees with its rect' % (key,))
            sys.exit(1)
    # a search match is magenta under a black label
    check('search match', (230, 0, 230), BLACK)
elif mode == 'png':
    src = open(os.path.join(os.path.dirname(__file__), '..', 'png', 'pngpix.py')).read()
    ns = {'__name__': 'pngpix'}
    exec(src.split('\nw, h, rows = decode')[0], ns)
    W, Hp, rows = ns['decode'](sys.argv[2])
    _, rects, _, _, _ = svg_rects(sys.argv[3])
    for x, y, w, h, fill, cls in rects:
        x0, x1 = int(x + 0.5), int(x + w + 0.5)
        for py in range(int(y) + 1, int(y + h) - 1):
            row = rows[py]
            for px in range(x0 + 1, x1 - 1):
                c = tuple(row[3 * px:3 * px + 3])
                if c != fill:
                    check('pixel %d,%d' % (px, py), fill, c)
elif mode == 'pdf':
    fill, rects = None, []
    gray = BLACK
    for line in open(sys.argv[2], encoding='latin-1'):
        m = re.match(r'([0-9.]+) ([0-9.]+) ([0-9.]+) rg$', line)
        if m:
            fill = tuple(int(float(v) * 255 + 0.5) for v in m.groups())
        m = re.match(r'([0-9.-]+) ([0-9.-]+) ([0-9.-]+) ([0-9.-]+) re f$', line)
        if m:
            rects.append(tuple(map(float, m.groups())) + (fill,))
        if re.match(r'[01] g\b', line):
            gray = WHITE if line[0] == '1' else BLACK
        m = re.match(r'/F1 [0-9.]+ Tf 1 0 0 1 ([0-9.]+) ([0-9.]+) Tm', line)
        if m:
            tx, ty = map(float, m.groups())
            under = [r for r in rects if abs(r[0] + 3 - tx) < 0.01 and r[1] <= ty <= r[1] + r[3]]
            if under:
                # the fill rounded to the three decimals written
                check('label at %g,%g' % (tx, ty), under[-1][4], gray)
elif mode == 'vega':
    spec = json.load(open(sys.argv[2]))
    color = spec['layer'][0]['encoding']['color']
    frames = spec['datasets']['frames']
    for f in frames:
        if 'v' in f:
            sc = color['scale']
            assert sc['interpolate'] == 'rgb'
            lo, mid, hi = (hexrgb(c) for c in sc['range'])
            mx = sc['domain'][2]
            if f['w'] == 1:
                fc = hexrgb(color['condition']['value'])
            elif f['v'] < 0:
                fc = mix(mid, lo, -f['v'] / mx)
            else:
                fc = mix(mid, hi, f['v'] / mx)
        else:
            fc = hexrgb(color['scale']['range'][f['s']])
        check('frame %s' % f, fc, WHITE if f.get('l') == 1 else BLACK)
print('%d frames, min %.2f' % (len(low), min(low)))
