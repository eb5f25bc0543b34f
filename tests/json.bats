#!/usr/bin/env bats
# lib/base/json, where its tables are not a folder's: the numbers.

load helper

# decimals SEED COUNT: COUNT decimals, 1 to 18 digits before the point
# (a 0 alone among them) and 1 to 18 after, from awk's SEED
decimals() {
	awk -v seed="$1" -v n="$2" 'BEGIN {
		srand(seed)
		for (i = 0; i < n; i++) {
			k = int(rand() * 18); s = k ? int(1 + rand() * 9) : 0
			for (d = 1; d < k; d++) s = s int(rand() * 10)
			s = s "."
			f = 1 + int(rand() * 18)
			for (d = 0; d < f; d++) s = s int(rand() * 10)
			print s
		}
	}'
}

@test "json: a decimal is the double strtod reads, on every path of the reader" {
	# short ones (the reader's own division), long ones (strtod), the
	# edges between: 15 digits, powers of ten, halves
	decimals 1 200000 >"$BATS_TEST_TMPDIR/n"
	printf '%s\n' 0.1 0.5 2.675 1.005 9007199254740.993 123456789012345.6 0.000000000000001 \
	    999999999999999.9 1.7976931348623157 4.9406564584124654 10.0 100.000 1e3 1.5e-3 \
	    12345678901234567890.5 >>"$BATS_TEST_TMPDIR/n"
	run jsonnum <"$BATS_TEST_TMPDIR/n"
	status_is 0
	[ -z "$output" ]
}
