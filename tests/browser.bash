# browser.bash: one headless Chromium and one node for a whole bats file
# (tests/browser/server.cjs, on a loopback port), driven through
# puppeteer-core: each test sends it its cases, each case's page opens
# in a tab of its own.  The cases are tests/browser/$BROWSER_CASES.cjs
# (html, fg-html's page, unless the file sets BROWSER_CASES before it
# loads this).  browser_missing and needbrowser are in helper.bash.

setup_file() {
	[ -z "$(browser_missing)" ] || return 0
	node "$BATS_TEST_DIRNAME/browser/server.cjs" "${BROWSER_CASES:-html}" >"$BATS_FILE_TMPDIR/port" 2>&1 3>&- &
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

# browser_run CASE FILE [ARG...]: a case (FG_QUERY: the file's query,
# FG_DARK=1: the system prefers dark) by the file's server, else by a
# node and a browser of its own; its lines on standard output, and its
# status.
browser_run() {
	if [ -z "${FG_BROWSER_PORT:-}" ]; then
		FG_DARK=${FG_DARK:-} timeout 180 node "$FG_ROOT/tests/browser/${BROWSER_CASES:-html}.cjs" "$@"
		return
	fi
	exec 5<>"/dev/tcp/127.0.0.1/$FG_BROWSER_PORT" || return 1
	printf '%s\0' "$#" "${FG_QUERY:-}" "${FG_DARK:-}" "$@" >&5
	timeout 180 cat <&5 >"$BATS_TEST_TMPDIR/b.raw"
	exec 5<&-
	grep -v '^status=' "$BATS_TEST_TMPDIR/b.raw"
	grep -qx 'status=0' "$BATS_TEST_TMPDIR/b.raw"
}
