#!/usr/bin/env bats
# make install puts every program and man page under DESTDIR/PREFIX.

load helper

@test "install: programs and man pages land under DESTDIR and PREFIX" {
	make -s -C "$FG_ROOT" install DESTDIR="$BATS_TEST_TMPDIR/root" PREFIX=/opt/fg >/dev/null
	for c in "$FG_ROOT"/cmd/*.c; do
		p=$(basename "$c" .c)
		[ -x "$BATS_TEST_TMPDIR/root/opt/fg/bin/$p" ]
		[ -f "$BATS_TEST_TMPDIR/root/opt/fg/share/man/man1/$p.1" ]
	done
	[ -f "$BATS_TEST_TMPDIR/root/opt/fg/share/man/man5/fg-folded.5" ]
	[ -f "$BATS_TEST_TMPDIR/root/opt/fg/share/man/man7/fg.7" ]
	run "$BATS_TEST_TMPDIR/root/opt/fg/bin/fg-merge" --version
	status_is 0
}
