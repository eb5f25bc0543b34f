#!/usr/bin/env bats
# fg-gate: a verdict on a change, with the noise sized

load helper

# sample NAME SEED N [GROWTH [JITTER [FUNCS]]]: a profile drawn from
# gatesample's fixed one (f1 at 5%, 200 functions) into $T/NAME
T=""
setup() {
	T=$BATS_TEST_TMPDIR
}
sample() {
	local name=$1
	shift
	gatesample "$@" >"$T/$name"
}

@test "fg-gate: two profiles of no change pass, with the model said" {
	sample a 1 10000
	sample b 2 10000
	run fg-gate "$T/a" "$T/b"
	status_is 0
	[[ ${lines[0]} == "fg-gate: pass: 0 regressions (0 of fail rules), "* ]]
	[[ ${lines[1]} == *"sampling model: shares of 10000 and 10000 samples, taken as independent"* ]]
}

@test "fg-gate: 500 functions and no change pass the whole verdict" {
	local i
	for i in 1 2 3 4 5; do
		sample a "$i" 20000 0 0 500
		sample b "$((i + 100))" 20000 0 0 500
		run fg-gate --min-share 0.1% "$T/a" "$T/b"
		status_is 0
	done
	# the family was large: every function over 0.1% of a side tested
	[[ $output =~ over\ all\ ([0-9]+)\ tests ]]
	[ "${BASH_REMATCH[1]}" -gt 150 ]
}

@test "fg-gate: a function grown 30% fails, named with its shares, interval and callers" {
	sample a 3 100000
	sample b 4 100000 0.3
	run fg-gate "$T/a" "$T/b"
	status_is 3
	[[ ${lines[0]} == "fg-gate: FAIL: 1 regression (1 of fail rules), "* ]]
	[[ ${lines[2]} =~ ^regression\ +fail\ +f1:\ total\ share\ ([0-9.]+)%\ -\>\ ([0-9.]+)%,\ growth\ \+([0-9.]+)%\ \(interval\ \+([0-9.]+)%\ to\ \+([0-9.]+)%\)\;\ limit\ growth\ \>\ 10%\ +\[command\ line\]$ ]]
	# the growth is the shares' ratio, inside its interval, past the limit
	awk -v a="${BASH_REMATCH[1]}" -v b="${BASH_REMATCH[2]}" -v g="${BASH_REMATCH[3]}" \
	    -v lo="${BASH_REMATCH[4]}" -v hi="${BASH_REMATCH[5]}" 'BEGIN {
		r = 100 * (b / a - 1); d = r - g; if (d < 0) d = -d
		exit !(d < 0.2 && lo < g && g < hi && lo > 10)
	}'
	# f1 is called from c0 only (gatesample's main;c0;f1)
	[[ ${lines[3]} == *"callers: c0 "*"% -> "*"% (+"*" points)" ]]
}

@test "fg-gate: 20% growth at 1k samples is within noise, not pass, when its estimate passes the limit" {
	local seed seen=0
	for seed in 1 2 3 4 5 6 7 8 9 10 11 12; do
		sample a "$((2 * seed))" 1000
		sample b "$((2 * seed + 1))" 1000 0.2
		run fg-gate -f json "$T/a" "$T/b"
		[ "$status" -eq 0 ] || [ "$status" -eq 3 ]
		node -e '
			const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
			const f = r.results.find((x) => x.function === "f1");
			if (!f) process.exit(0);
			const past = f.after > 1.1 * f.before;
			if (f.verdict === "regression") process.exit(1);
			if (past !== (f.verdict === "within noise")) process.exit(1);
			process.exit(past ? 10 : 0);
		' <<<"$output" || { [ $? -eq 10 ] && seen=$((seen + 1)); }
	done
	[ "$seen" -ge 3 ]
}

@test "fg-gate: fg-diff's lines on standard input give the same verdict as the two profiles" {
	sample a 5 100000
	sample b 6 100000 0.3
	run fg-gate "$T/a" "$T/b"
	status_is 3
	local two=$output
	runsh "fg-diff '$T/a' '$T/b' | fg-gate"
	status_is 3
	[ "$output" = "$two" ]
	fg-diff "$T/a" "$T/b" >"$T/d"
	run fg-gate "$T/d"
	status_is 3
	[ "$output" = "$two" ]
}

@test "fg-gate: before, after and change equal fg-top's on the same fg-diff output" {
	sample a 7 10000
	sample b 8 10000 0.3
	fg-diff "$T/a" "$T/b" >"$T/d"
	fg-top --by function -n 0 --format json "$T/d" >"$T/top.json"
	fg-gate -f json --min-share 0% "$T/d" >"$T/gate.json" || [ $? -eq 3 ]
	node -e '
		const fs = require("fs");
		const top = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
		const gate = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
		let base = 0, target = 0, n = 0;
		for (const r of top.rows) base = Math.max(base, r.base), target = Math.max(target, r.target);
		for (const r of top.rows) {
			const g = gate.results.find((x) => x.function === r.name);
			if (!g) { console.error("not gated: " + r.name); process.exit(1); }
			const b = r.base / base, t = r.target / target;
			if (Math.abs(g.before - b) > 1e-9 || Math.abs(g.after - t) > 1e-9) {
				console.error(r.name, g.before, b, g.after, t); process.exit(1);
			}
			if (b > 0 && Math.abs(g.change - (t / b - 1)) > 1e-9) process.exit(1);
			n++;
		}
		if (n < 200) process.exit(1);
	' "$T/top.json" "$T/gate.json"
}

@test "fg-gate: a rules file, with warn and fail, comments, self and budgets" {
	sample a 9 100000
	sample b 10 100000 0.3
	cat >"$T/gate.rules" <<-'EOF'
	# the gate of a project
	warn growth > 10% min-share 1%     # every function
	fail share > 50% of f1             # a budget it keeps

	warn share > 5% self of -e ^f1$
	EOF
	run fg-gate --rules "$T/gate.rules" "$T/a" "$T/b"
	status_is 0	# warn never fails
	[[ $output == *"regression    warn  f1: total share "*"[$T/gate.rules:2]"* ]]
	[[ $output == *"regression    warn  f1: self share "*"limit share > 5%  [$T/gate.rules:5]"* ]]
	[[ $output != *"gate.rules:3"* ]]
	echo "fail share > 6% of f1" >>"$T/gate.rules"
	run fg-gate --rules "$T/gate.rules" "$T/a" "$T/b"
	status_is 3
	[[ $output == *"regression    fail  f1: total share "*"limit share > 6%  [$T/gate.rules:6]"* ]]
	run fg-gate --budget f1=6% "$T/a" "$T/b"
	status_is 3
	run fg-gate --budget f1=10% "$T/a" "$T/b"
	status_is 0
}

@test "fg-gate: a malformed rules file is an error at its line" {
	printf '# ok\nfail growth > 10%%\nfail growth 10%%\n' >"$T/gate.rules"
	fails_with "fg-gate: $T/gate.rules:3: '>' and a limit expected after 'growth'" \
	    fg-gate --rules "$T/gate.rules" "$DATA/diff/base.folded" "$DATA/diff/new.folded"
	local bad
	for bad in 'stop growth > 1%' 'fail speed > 1%' 'fail growth > ten' 'fail share > 5%' \
	    'warn share > 101% of f' 'fail growth > 5% of' 'fail growth > 5% self total' \
	    'fail growth > 5% of -e (' 'fail share > 5% min-share 1% of f'; do
		echo "$bad" >"$T/gate.rules"
		rejects "fg-gate: $T/gate.rules:1: " fg-gate --rules "$T/gate.rules" \
		    "$DATA/diff/base.folded" "$DATA/diff/new.folded"
	done
}

@test "fg-gate: a rule that names nothing is reported, an error under --strict" {
	sample a 11 10000
	sample b 12 10000
	run fg-gate --budget nosuch=5% "$T/a" "$T/b"
	status_is 0
	[[ $output == *"fg-gate: command line: 'fail share > 5% total of nosuch' names nothing in the profiles"* ]]
	fails_with "fg-gate: command line: 'fail share > 5% total of nosuch' names nothing in the profiles" \
	    fg-gate --strict --budget nosuch=5% "$T/a" "$T/b"
}

@test "fg-gate: profiles of different units are refused" {
	sample a 13 1000
	{ echo '# fg: unit=nanoseconds'; echo '# fg: samples=1000'; cat "$T/a"; } >"$T/ns"
	fails_with "fg-gate: $T/ns: counts in nanoseconds, those of $T/a in samples: profiles of different units cannot be compared" \
	    fg-gate "$T/a" "$T/ns"
}

@test "fg-gate: weighted counts need their samples, else repeated runs" {
	sample a 14 1000
	sample b 15 1000
	{ echo '# fg: unit=nanoseconds'; cat "$T/a"; } >"$T/na"
	{ echo '# fg: unit=nanoseconds'; cat "$T/b"; } >"$T/nb"
	rejects "the sampling noise cannot be sized; gate repeated runs instead" fg-gate "$T/na" "$T/nb"
	# a count of samples sizes it: the same verdict as the counts
	{ echo '# fg: unit=nanoseconds'; echo '# fg: samples=1000'; cat "$T/a"; } >"$T/na"
	{ echo '# fg: unit=nanoseconds'; echo '# fg: samples=1000'; cat "$T/b"; } >"$T/nb"
	run fg-gate "$T/na" "$T/nb"
	status_is 0
	[[ $output == *"shares of 1000 and 1000 samples"* ]]
	# decimal counts of unit count are no samples either
	awk '{ $NF = $NF / 3; print }' "$T/a" >"$T/frac"
	rejects "the sampling noise cannot be sized" fg-gate "$T/frac" "$T/b"
}

@test "fg-gate: repeated runs use the spread between them" {
	local i b=() t=()
	for i in 1 2 3 4 5 6; do
		sample "b$i" "$((20 + i))" 10000 0 0.05
		sample "t$i" "$((30 + i))" 10000 0 0.05
		b+=("$T/b$i")
		t+=("$T/t$i")
	done
	run fg-gate --base "${b[@]}" --target "${t[@]}"
	status_is 0
	[[ ${lines[1]} == *"runs model: 6 and 6 runs, Welch's t on their shares"* ]]
	for i in 1 2 3 4 5 6; do
		sample "t$i" "$((30 + i))" 10000 0.6 0.05
	done
	run fg-gate -f json --base "${b[@]}" --target "${t[@]}"
	status_is 3
	node -e '
		const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
		const f = r.results.find((x) => x.function === "f1");
		if (r.model !== "runs" || f.verdict !== "regression" || !(f.df > 1)) process.exit(1);
	' <<<"$output"
}

@test "fg-gate --format: JSON for node, JUnit for xmllint, Markdown tables, GitHub commands" {
	sample a 16 100000
	sample b 17 100000 0.3
	run fg-gate -f json "$T/a" "$T/b"
	status_is 3
	node -e '
		const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
		const f = r.results[0];
		if (r.verdict !== "fail" || f.function !== "f1" || f.verdict !== "regression") process.exit(1);
		if (!(f.low < f.change && f.change < f.high) || f.callers[0].name !== "c0") process.exit(1);
	' <<<"$output"
	fg-gate -f junit "$T/a" "$T/b" >"$T/junit.xml" || [ $? -eq 3 ]
	command -v xmllint >/dev/null || skip "needs xmllint"
	xmllint --noout "$T/junit.xml"
	[ "$(xmllint --xpath 'count(//testcase)' "$T/junit.xml")" = 1 ]
	[ "$(xmllint --xpath 'string(//testsuite/@failures)' "$T/junit.xml")" = 1 ]
	[[ "$(xmllint --xpath 'string(//failure/@message)' "$T/junit.xml")" == "f1: "* ]]
	fg-gate -f markdown "$T/a" "$T/b" >"$T/md" || [ $? -eq 3 ]
	# a table: a head, its rule line, rows of as many cells
	awk -F'|' '/^\|/ { if (!n) cols = NF; else if (NF != cols) exit 1; n++ }
	    END { exit !(n >= 3 && cols == 12) }' "$T/md"
	grep -q '^| regression | fail | f1 | total | ' "$T/md"
	run fg-gate -f github "$T/a" "$T/b"
	status_is 3
	[[ ${lines[0]} == "::error title=fg-gate regression%3A f1::f1: total share "* ]]
	[[ ${lines[0]} == *"%0Acallers: c0 "* ]]
}

@test "fg-gate: markup and commands of hostile names are escaped" {
	printf 'main;a|b<i>`x`%%0A,: 100\nmain;z 900\n' >"$T/a"
	printf 'main;a|b<i>`x`%%0A,: 400\nmain;z 600\n' >"$T/b"
	run fg-gate -f markdown "$T/a" "$T/b"
	status_is 3
	[[ $output == *'| a\|b&lt;i&gt;\`x\`%0A,: |'* ]]
	run fg-gate -f github "$T/a" "$T/b"
	[[ $output == *'title=fg-gate regression%3A a|b<i>`x`%250A%2C%3A::a|b<i>`x`%250A,:'* ]]
	fg-gate -f junit "$T/a" "$T/b" >"$T/j.xml" || [ $? -eq 3 ]
	xmllint --noout "$T/j.xml"
}

@test "fg-gate: usage errors exit 2" {
	local bad
	for bad in "-f yaml a b" "a b c" "--base a" "--target a" "--base a --target b c d e -g x" \
	    "--max-growth x a b" "--min-share 200 a b" "--budget f a b" "--confidence 20 a b" \
	    "--base a --target b c --base d" "--base a --target b -- x" "--min-share 2% --budget f=1% a b"; do
		# shellcheck disable=SC2086
		run fg-gate $bad
		status_is 2
	done
}

@test "fg-gate: bad input exits 1; a profile where differential lines are expected" {
	sample a 18 1000
	rejects "one count: fg-gate reads differential lines" fg-gate "$T/a"
	printf 'a 1 2\n' >"$T/d"
	rejects "two counts: a differential line, where a profile was expected" fg-gate "$T/d" "$T/a"
	fails_with "fg-gate: $T/nosuch: No such file or directory" fg-gate "$T/nosuch" "$T/a"
}

@test "fg-gate: a real Julia profile against itself passes; a function grown 30% fails" {
	jlprof-fold "$DATA/jlprof/profile_ttfp.jlprof" >"$T/a"
	run fg-gate "$T/a" "$T/a"
	status_is 0
	# #plot#138's own samples made 30% more: its self share grows 23%,
	# which 4342 samples tell from a 5% limit (not from 10%: within noise)
	awk '{ n = $NF; sub(/ [0-9]+$/, ""); if ($0 ~ /#plot#138 at [^;]*$/) n = int(n * 1.3 + 0.5); print $0, n }' \
	    "$T/a" >"$T/b"
	run fg-gate --self "$T/a" "$T/b"
	status_is 0
	[[ ${lines[2]} == "within noise  fail  #plot#138: self share "* ]]
	run fg-gate --self --max-growth 5% "$T/a" "$T/b"
	status_is 3
	[[ ${lines[2]} == "regression    fail  #plot#138: self share "* ]]
	[[ ${lines[3]} == *"callers: plot "* ]]
}

@test "fg-gate: the samples header: written by cpuprofile-fold, added up by fg-merge, kept a side by fg-diff" {
	cpuprofile-fold --time "$DATA/cpuprofile/node-main.cpuprofile" >"$T/a"
	grep -qx '# fg: samples=47' "$T/a"
	fg-merge "$T/a" "$T/a" >"$T/m"
	grep -qx '# fg: samples=94' "$T/m"
	fg-diff "$T/a" "$T/m" >"$T/d"
	grep -qx '# fg: samples=47 94' "$T/d"
	run fg-gate "$T/a" "$T/m"
	status_is 0
	# their time weights vary: Kish's effective numbers, the merge's twice
	[[ $output =~ shares\ of\ ([0-9]+)\ effective\ of\ 47\ and\ ([0-9]+)\ effective\ of\ 94\ samples ]]
	local ka=${BASH_REMATCH[1]} km=${BASH_REMATCH[2]}
	[ "$ka" -lt 47 ]; [ $((km - 2 * ka)) -ge -1 ]; [ $((km - 2 * ka)) -le 1 ]
	# counts that were samples, scaled by -n: their totals are the samples
	sample x 19 1000
	sample y 20 3000
	fg-diff -n "$T/x" "$T/y" >"$T/d"
	grep -qx '# fg: samples=1000 3000' "$T/d"
}
