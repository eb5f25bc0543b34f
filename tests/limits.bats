#!/usr/bin/env bats
# Resource bounds: stacks of any depth, lines of any length, and memory
# that runs out with a clean message instead of a crash.

load helper

deep() {
	awk -v n="$1" 'BEGIN{s="f0"; for(i=1;i<n;i++) s=s ";f" i; print s, 3; print "f0;g", 1}'
}

sanitized() {
	case "$FG_BIN" in *-san*) return 0 ;; esac
	return 1
}

@test "limits: a 100k-deep stack through fg-merge, fg-prune and fg-filter" {
	deep 100000 >"$BATS_TEST_TMPDIR/in"
	run fg-merge "$BATS_TEST_TMPDIR/in"
	status_is 0
	[ "$(echo "$output" | wc -l)" -eq 2 ]
	runsh "fg-prune --recursion $BATS_TEST_TMPDIR/in | fg-prune -d 99999 | awk -F';' '{print NF}' | head -1"
	[ "$output" = 99999 ]
	runsh "fg-filter f99999 $BATS_TEST_TMPDIR/in | awk -F';' '{print NF}'"
	[ "$output" = "$(printf '1\n100000')" ]
	runsh "fg-filter -r f99990 $BATS_TEST_TMPDIR/in"
	[ "$output" = "f99990;f99991;f99992;f99993;f99994;f99995;f99996;f99997;f99998;f99999 3" ]
}

@test "limits: a line too long for memory is a clean 'out of memory' error" {
	sanitized && skip "ASan reserves more address space than ulimit -v allows"
	runsh "(ulimit -v 300000; head -c 1000000000 /dev/zero | tr '\\\\0' x | fg-merge) 2>&1"
	status_is 1
	[ "$output" = "fg-merge: out of memory" ]
}
