# browser.bash: one headless Chromium and one node for a whole bats file
# (tests/browser/server.cjs, on a loopback port), driven through
# puppeteer-core: each test sends it its cases, each case's page a new
# document in a tab (lib.cjs's open).  The cases are tests/browser/$BROWSER_CASES.cjs
# (html, fg-html's page, unless the file sets BROWSER_CASES before it
# loads this).  browser_run, which sends a case, browser_missing and
# needbrowser are in helper.bash.  teardown_file stops the file's
# other servers too (page_run's, fgdata's: serve_stop).

setup_file() {
	[ -z "$(browser_missing)" ] || return 0
	node "$BATS_TEST_DIRNAME/browser/server.cjs" "${BROWSER_CASES:-html}" >"$BATS_FILE_TMPDIR/port" 2>&1 3>&- &
	echo $! >"$BATS_FILE_TMPDIR/port.pid"
	for _ in $(seq 300); do
		grep -qx '[0-9]*' "$BATS_FILE_TMPDIR/port" && break
		sleep 0.1
	done
	FG_BROWSER_PORT=$(grep -x '[0-9][0-9]*' "$BATS_FILE_TMPDIR/port" || true)
	FG_BROWSER_CASES=${BROWSER_CASES:-html}
	export FG_BROWSER_PORT FG_BROWSER_CASES
}
teardown_file() {
	serve_stop
}
