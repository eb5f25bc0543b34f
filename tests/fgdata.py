"""fgdata.py: an fg-html page's data, for tests/html.bash's fgdata.

    python3 fgdata.py PAGE EXPR VIEWS [KEY]
                                        EXPR's value over PAGE's data, a
                                        line an item of a list, else as
                                        it prints; VIEWS the page's
                                        views as its own script decodes
                                        them (tests/html-views.cjs)
    python3 fgdata.py --serve DIR       the same for many requests, one
                                        python: a loopback port on a
                                        line; each request NUL-terminated
                                        fields (their number, the
                                        directory, a file for standard
                                        output, one for standard error,
                                        then PAGE EXPR VIEWS KEY),
                                        answered with the status, as
                                        page.cjs --serve's; a page and
                                        its views read once for the
                                        page's KEY (its cksum, which
                                        VIEWS was made for).  It ends
                                        once DIR is gone, or after half
                                        an hour.

In EXPR: D the page's JSON object (its "names" the decoded ones), V its
views, each record of D["views"] with its frames' depth, f, w, b and c
(colour index) lists and its elided view in "e"; names(v), color(v,
NAME) and folded(v) as html.bash says."""
import json
import os
import re
import socket
import sys
import time
import traceback


def load(page, views):
    text = open(page, encoding="utf-8", errors="strict").read()
    m = re.search(r'<script type="application/json" id="fg-data">\n(.*?)</script>', text, re.S)
    D = json.loads(m.group(1))
    num = float if D["frac"] else int

    def view(r, a):
        v = dict(r)
        v.update(depth=a["depth"], f=a["f"], c=a["c"], w=[num(x) for x in a["w"]])
        if a["b"] is not None:
            v["b"] = [num(x) for x in a["b"]]
        if "e" in r:
            v["e"] = view(r["e"], a["e"])
        return v
    J = json.load(open(views))
    D["names"] = J["names"]
    V = [view(r, a) for r, a in zip(D["views"], J["views"])]

    def names(v):
        return [D["names"][f] for f in v["f"]]

    def color(v, name):
        return D["colors"][v["c"][names(v).index(name)]]

    def folded(v):
        cols = [c for c in ("b", "w") if c in v]
        own = {c: list(v[c]) for c in cols}
        up, paths, out = [], [], []
        for i, d in enumerate(v["depth"]):
            del up[d:]
            if up:
                for c in cols:
                    own[c][up[-1]] -= v[c][i]
            paths.append((paths[up[-1]] + ";" if d > 1 else "") + D["names"][v["f"][i]])
            up.append(i)
        for i in range(1, len(paths)):
            if any(own[c][i] for c in cols):
                out.append(" ".join([paths[i]] + [str(own[c][i]) for c in cols]))
        return out
    return {"D": D, "V": V, "names": names, "color": color, "folded": folded, "num": num}


def value(scope, expr):
    r = eval(expr, dict(scope))
    return "\n".join(map(str, r)) + "\n" if isinstance(r, list) else str(r) + "\n"


def serve(top):
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    sock.settimeout(1)
    print(sock.getsockname()[1], flush=True)
    kept, scope, end = None, None, time.time() + 1800
    while time.time() < end and os.path.isdir(top):
        try:
            conn, _ = sock.accept()
        except socket.timeout:
            continue
        with conn:
            buf = b""
            while True:
                f = buf.split(b"\0")
                if f[0] and len(f) > int(f[0]) + 1:
                    break
                d = conn.recv(65536)
                if not d:
                    break
                buf += d
            f = [x.decode("utf-8", "surrogateescape") for x in buf.split(b"\0")]
            try:
                cwd, outf, errf, page, expr, views, key = f[1:int(f[0]) + 1]
            except ValueError:
                continue
            out, err, st = "", "", 0
            try:
                page, views = os.path.join(cwd, page), os.path.join(cwd, views)
                if kept != (page, views, key):
                    scope = load(page, views)
                    kept = (page, views, key)
                out = value(scope, expr)
            except Exception:
                err, st = "fgdata.py: " + traceback.format_exc(), 1
            # written as this python's own outputs would be
            with open(outf, "w", encoding=sys.stdout.encoding, errors=sys.stdout.errors) as o:
                o.write(out)
            with open(errf, "w", encoding=sys.stderr.encoding, errors=sys.stderr.errors) as e:
                e.write(err)
            conn.sendall(b"%d\n" % st)


if __name__ == "__main__":
    if sys.argv[1] == "--serve":
        serve(sys.argv[2])
    else:
        sys.stdout.write(value(load(sys.argv[1], sys.argv[3]), sys.argv[2]))
