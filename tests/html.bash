# html.bash: what the fg-html bats files share: the inputs, the
# page's data as its own script decodes it, and the browser (one
# Chromium for a whole file, by tests/browser/server.cjs)

J=$DATA/folded/julia.folded
DIFF=$DATA/folded/diff.folded
H=$DATA/hostile/names.folded

need_pagedata() {
	command -v python3 >/dev/null || skip "needs python3 to read the page's data"
	command -v node >/dev/null || skip "needs node to run the page's decoder"
}

# fgdata PAGE EXPR: EXPR evaluated in Python over the page's data: D the
# JSON object, V its views as the page's own script decodes them, run
# by node (tests/html-views.cjs): each record of D["views"] with its
# frames' depth, f, w, b and c (colour index) lists, its elided view in
# "e"; names(v) the names of view v's frames in order, color(v, NAME)
# the fill of frame NAME; folded(v) the view's stacks in folded form,
# each frame's own count (the baseline's, then the target's, in a
# differential view), the page's root frame left out.
fgdata() {
	local key
	# the page's decoding is kept until the page changes
	key=$(cksum <"$1")
	if [ "$key" != "$(cat "$BATS_TEST_TMPDIR/views.key" 2>/dev/null)" ]; then
		node "$FG_ROOT/tests/html-views.cjs" "$1" >"$BATS_TEST_TMPDIR/views.json" || return 1
		echo "$key" >"$BATS_TEST_TMPDIR/views.key"
	fi
	python3 - "$1" "$2" "$BATS_TEST_TMPDIR/views.json" <<'EOF'
import json, re, sys
page = open(sys.argv[1], encoding="utf-8", errors="strict").read()
m = re.search(r'<script type="application/json" id="fg-data">\n(.*?)</script>', page, re.S)
D = json.loads(m.group(1))
num = float if D["frac"] else int
def view(r, a):
    v = dict(r)
    v.update(depth=a["depth"], f=a["f"], c=a["c"], w=[num(x) for x in a["w"]])
    if a["b"] is not None: v["b"] = [num(x) for x in a["b"]]
    if "e" in r: v["e"] = view(r["e"], a["e"])
    return v
V = [view(r, a) for r, a in zip(D["views"], json.load(open(sys.argv[3])))]
def names(v): return [D["names"][f] for f in v["f"]]
def color(v, name): return D["colors"][v["c"][names(v).index(name)]]
def folded(v):
    cols = [c for c in ("b", "w") if c in v]
    own = {c: list(v[c]) for c in cols}
    up, paths, out = [], [], []
    for i, d in enumerate(v["depth"]):
        del up[d:]
        if up:
            for c in cols: own[c][up[-1]] -= v[c][i]
        paths.append((paths[up[-1]] + ";" if d > 1 else "") + D["names"][v["f"][i]])
        up.append(i)
    for i in range(1, len(paths)):
        if any(own[c][i] for c in cols):
            out.append(" ".join([paths[i]] + [str(own[c][i]) for c in cols]))
    return out
r = eval(sys.argv[2])
print("\n".join(map(str, r)) if isinstance(r, list) else r)
EOF
}

# In a real browser: headless Chromium driven by puppeteer-core
# (FG_PUPPETEER_NODE_PATH names the node_modules that holds it).  Without
# them the test skips, but fails under CI=true: CI installs both, and a
# failed install must not pass for a skipped test.
noskip() {
	if [ "${CI:-}" = true ]; then
		echo "CI=true: $1" >&2
		return 1
	fi
	skip "$1"
}
# What the browser tests lack, or nothing.
browser_missing() {
	if [ -z "${FG_PUPPETEER_NODE_PATH:-}" ] || [ ! -d "$FG_PUPPETEER_NODE_PATH/puppeteer-core" ]; then
		echo "needs FG_PUPPETEER_NODE_PATH naming a node_modules with puppeteer-core"
	elif ! command -v node >/dev/null; then
		echo "needs node"
	elif [ -z "${FG_CHROMIUM:-}" ] && ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
		echo "needs chromium (or FG_CHROMIUM)"
	fi
}
# One Chromium and one node for the whole file (tests/browser/server.cjs,
# on a loopback port): each test sends it its cases, each case's page
# opens in a tab of its own.
setup_file() {
	[ -z "$(browser_missing)" ] || return 0
	node "$BATS_TEST_DIRNAME/browser/server.cjs" >"$BATS_FILE_TMPDIR/port" 2>&1 3>&- &
	echo $! >"$BATS_FILE_TMPDIR/port.pid"
	for _ in $(seq 300); do
		grep -qx '[0-9]*' "$BATS_FILE_TMPDIR/port" && break
		sleep 0.1
	done
	FG_BROWSER_PORT=$(grep -x '[0-9][0-9]*' "$BATS_FILE_TMPDIR/port" || true)
	export FG_BROWSER_PORT
}
teardown_file() {
	[ -s "$BATS_FILE_TMPDIR/port.pid" ] && kill "$(cat "$BATS_FILE_TMPDIR/port.pid")" 2>/dev/null || true
}
# A case of tests/browser/html.cjs: by the file's server, else a node
# and a browser of its own.
browser_run() {
	if [ -z "${FG_BROWSER_PORT:-}" ]; then
		FG_DARK=${FG_DARK:-} timeout 180 node "$FG_ROOT/tests/browser/html.cjs" "$@"
		return
	fi
	exec 5<>"/dev/tcp/127.0.0.1/$FG_BROWSER_PORT" || return 1
	printf '%s\0' "$#" "${FG_QUERY:-}" "${FG_DARK:-}" "$@" >&5
	timeout 180 cat <&5 >"$BATS_TEST_TMPDIR/b.raw"
	exec 5<&-
	grep -v '^status=' "$BATS_TEST_TMPDIR/b.raw"
	grep -qx 'status=0' "$BATS_TEST_TMPDIR/b.raw"
}
browser() {
	local why
	why=$(browser_missing)
	[ -z "$why" ] || noskip "$why" || return 1
	browser_run "$@" >"$BATS_TEST_TMPDIR/b.out" ||
		{ cat "$BATS_TEST_TMPDIR/b.out"; return 1; }
	cat "$BATS_TEST_TMPDIR/b.out"
	grep -qx 'requests=none' "$BATS_TEST_TMPDIR/b.out"
	grep -qx 'errors=none' "$BATS_TEST_TMPDIR/b.out"
	grep -qx 'dialogs=none' "$BATS_TEST_TMPDIR/b.out"
}
got() {
	sed -n "s/^$1=//p" "$BATS_TEST_TMPDIR/b.out"
}
pct() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f%%", 100 * a / b }'
}

# The page's view saved as folded (fg.folded, the text the Save link
# writes) with the transforms TX (tx=...), and CMD's output on the
# same input, both summed by fg-merge: the same stacks and counts.
same_as_cli() {
	local page=$1 tx=$2 input=$3
	shift 3
	FG_QUERY="?$tx" browser saved "$page"
	got line | fg-merge >"$BATS_TEST_TMPDIR/page.folded"
	"$@" "$input" | fg-merge >"$BATS_TEST_TMPDIR/cli.folded"
	[ -s "$BATS_TEST_TMPDIR/cli.folded" ]
	diff "$BATS_TEST_TMPDIR/cli.folded" "$BATS_TEST_TMPDIR/page.folded"
}
