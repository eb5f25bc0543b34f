#!/usr/bin/env bats
# fg-gate on real perf recordings: `perf record -e cpu-clock -F 999 -g`
# runs of one C program, folded by perf-fold from their `perf script`
# text, and the same program with its function mix made 30% slower
# (tests/data/gate-perf/README.md)

load helper

T=""
G=""
setup() {
	T=$BATS_TEST_TMPDIR
	G=$DATA/gate-perf
}

# fold SIDE: the runs of SIDE (base-a, base-b, slow) out of
# $G/SIDE.tar.gz, each folded by perf-fold --kernel into $T/SIDE/SIDEk.k
# and, its kernel frames pruned (their samples kept by the function of
# the program they interrupted), into SIDEk.folded; their names in the
# array runs, in the order of their numbers; all of them merged in
# $T/SIDE.folded ($T/SIDE.k with the kernel's frames)
runs=()
fold() {
	local f i
	runs=()
	mkdir -p "$T/$1"
	tar -xzf "$G/$1.tar.gz" -C "$T/$1"
	for ((i = 1; ; i++)); do
		f=$T/$1/$1$i
		[ -e "$f.perf" ] || break
		perf-fold --kernel "$f.perf" >"$f.k"
		fg-prune -e '_\[k\]$' "$f.k" >"$f.folded"
		runs+=("$f.folded")
	done
	[ ${#runs[@]} -eq 6 ]
	fg-merge "${runs[@]}" >"$T/$1.folded"
	fg-merge "${runs[@]/%.folded/.k}" >"$T/$1.k"
}

# samples FILE: the samples its header states
samples() { sed -n 's/^# fg: samples=//p' "$1"; }

# the stages of the program (gate.c.txt), each a loop of its own
STAGES="mix tokenize hash_keys score_rows sort_rows render compress report"

@test "fg-gate-perf: the samples are perf's: each run's header states its sample lines, fg-merge adds them, the pruning keeps them" {
	fold base-a
	local f n=0 k
	for f in "${runs[@]}"; do
		k=$(grep -c ' cpu-clock: *$' "${f%.folded}.perf")
		[ "$k" -gt 1000 ]
		[ "$(samples "${f%.folded}.k")" = "$k" ]
		[ "$(samples "$f")" = "$k" ]
		# pruning moves samples, it drops none: the same total
		[ "$(grep -v '^#' "$f" | awk '{ s += $NF } END { print s }')" = "$(grep -v '^#' "${f%.folded}.k" | awk '{ s += $NF } END { print s }')" ]
		grep -q '_\[k\]' "${f%.folded}.k"
		! grep -q '_\[k\]' "$f" || false
		n=$((n + k))
	done
	[ "$(samples "$T/base-a.folded")" = "$n" ]
	# samples of about equal weight (perf's period of -F 999): Kish's
	# effective number is most of them
	run fg-gate "$T/base-a.folded" "$T/base-a.folded"
	status_is 0
	[[ ${lines[1]} =~ shares\ of\ ([0-9]+)\ effective\ of\ $n\ and ]]
	[ $((BASH_REMATCH[1] * 10)) -ge $((n * 9)) ]
}

@test "fg-gate-perf: two perf record runs of the same program pass: one a side, six merged a side, and six a side by the runs model" {
	fold base-a
	local a=("${runs[@]}") i
	fold base-b
	# the six runs of each side merged, the sampling model, both ways
	run fg-gate "$T/base-a.folded" "$T/base-b.folded"
	status_is 0
	[[ ${lines[0]} == "fg-gate: pass: 0 regressions (0 of fail rules), "* ]]
	[[ ${lines[1]} == *"sampling model: shares of "*" effective of $(samples "$T/base-a.folded") and "*" effective of $(samples "$T/base-b.folded") samples"* ]]
	run fg-gate "$T/base-b.folded" "$T/base-a.folded"
	status_is 0
	# every stage of the program was tested, and passed
	fg-gate -f json "$T/base-a.folded" "$T/base-b.folded" >"$T/g.json"
	node -e '
		const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
		for (const n of process.argv.slice(1))
			if (!r.results.some((x) => x.function === n && x.verdict === "pass")) { console.error(n); process.exit(1); }
		if (r.verdict !== "pass" || r.model !== "sampling") process.exit(1);
	' $STAGES <"$T/g.json"
	# one run a side: each pair of runs (base-ak, base-bk) passes
	for ((i = 0; i < ${#a[@]}; i++)); do
		run fg-gate "${a[i]}" "${runs[i]}"
		status_is 0
	done
	# the runs model, both ways
	run fg-gate --base "${a[@]}" --target "${runs[@]}"
	status_is 0
	[[ ${lines[1]} == *"runs model: 6 and 6 runs, Welch's t on their shares"* ]]
	run fg-gate --base "${runs[@]}" --target "${a[@]}"
	status_is 0
}

@test "fg-gate-perf: with the kernel's frames kept, the merged runs differ only in the kernel's, the machine's load" {
	fold base-a
	fold base-b
	# the kernel's functions: those of the frames perf-fold --kernel marks
	cat "$T"/base-[ab]/*.k | grep -v '^#' | tr ';' '\n' | sed -n 's/_\[k\]\( [0-9]*\)*$//p' | sort -u >"$T/kernel"
	[ -s "$T/kernel" ]
	local d n=0
	for d in "base-a base-b" "base-b base-a"; do
		set -- $d
		fg-gate -f json "$T/$1.k" "$T/$2.k" >"$T/g.json" || [ $? -eq 3 ]
		node -e '
			const fs = require("fs");
			const r = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
			const kernel = new Set(fs.readFileSync(process.argv[2], "utf8").split("\n"));
			const flagged = r.results.filter((x) => x.verdict === "regression" || x.verdict === "improvement");
			for (const x of flagged)
				if (!kernel.has(x.function)) { console.error("not the kernel: " + x.function); process.exit(1); }
			console.log(flagged.length);
		' "$T/g.json" "$T/kernel" >"$T/n"
		n=$((n + $(cat "$T/n")))
	done
	# (the time of preemptions, under schedule, 1.5% of base-a's samples
	# and 0.9% of base-b's, 0.4% to 3.1% of a run's, is told apart: README)
	[ "$n" -gt 0 ]
}

@test "fg-gate-perf: mix made 30% slower fails, named with hash_keys and score_rows, its callers" {
	fold base-a
	local a=("${runs[@]}")
	fold slow
	local s=("${runs[@]}") b i
	for b in base-a base-b; do
		[ -e "$T/$b.folded" ] || fold $b
		run fg-gate "$T/$b.folded" "$T/slow.folded"
		status_is 3
		[[ ${lines[0]} == "fg-gate: FAIL: 1 regression (1 of fail rules), "* ]]
		# mix does 30% more of a round's work: its share a grows by
		# 1.3 / (1 + 0.3 a) - 1, 22% at a = 20%
		[[ ${lines[2]} =~ ^regression\ +fail\ +mix:\ total\ share\ ([0-9.]+)%\ -\>\ ([0-9.]+)%,\ growth\ \+([0-9.]+)%\ \(interval\ \+([0-9.]+)%\ to\ \+([0-9.]+)%\)\;\ limit\ growth\ \>\ 10% ]]
		awk -v a="${BASH_REMATCH[1]}" -v g="${BASH_REMATCH[3]}" -v lo="${BASH_REMATCH[4]}" -v hi="${BASH_REMATCH[5]}" 'BEGIN {
			want = 100 * (1.3 / (1 + 0.003 * a) - 1)
			exit !(lo > 10 && lo < want && hi > want && g > want - 4 && g < want + 4)
		}'
		# half of mix's work is from each of its callers
		[[ ${lines[3]} =~ ^\ +callers:\ (hash_keys|score_rows)\ [^\;]*\;\ (hash_keys|score_rows)\ [^\;]*$ ]]
		[ "${BASH_REMATCH[1]}" != "${BASH_REMATCH[2]}" ]
		# the one regression, whose shares are fg-top's of the same sides
		fg-gate -f json "$T/$b.folded" "$T/slow.folded" >"$T/g.json" || [ $? -eq 3 ]
		node -e '
			const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
			const reg = r.results.filter((x) => x.verdict === "regression");
			if (reg.length !== 1 || reg[0].function !== "mix" || r.verdict !== "fail") process.exit(1);
			const c = reg[0].callers.map((x) => x.name);
			if (c.length !== 2 || c.slice().sort().join() !== "hash_keys,score_rows") { console.error(c); process.exit(1); }
		' <"$T/g.json"
	done
	# one run a side: about 1,700 samples each do not tell mix's growth
	# from the limit, but never pass it: within noise, its estimate past
	# the limit
	for ((i = 0; i < ${#a[@]}; i++)); do
		fg-gate -f json "${a[i]}" "${s[i]}" >"$T/g.json"
		node -e '
			const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
			const f = r.results.find((x) => x.function === "mix");
			if (!f || f.verdict !== "within noise" || !(f.change > f.limit) || r.regressions !== 0) process.exit(1);
		' <"$T/g.json"
	done
	# the runs model, six a side: against base-b a regression, against
	# base-a within noise (the interval's low end 9.8%); never a pass,
	# and nothing else tripped
	for b in base-a base-b; do
		fold $b
		fg-gate -f json --base "${runs[@]}" --target "${s[@]}" >"$T/g.json" || [ $? -eq 3 ]
		node -e '
			const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
			const f = r.results.find((x) => x.function === "mix");
			if (r.model !== "runs" || !f || !(f.change > f.limit) || !["regression", "within noise"].includes(f.verdict)) process.exit(1);
			for (const x of r.results)
				if (x.verdict === "regression" && x.function !== "mix") process.exit(1);
			console.log(f.verdict);
		' <"$T/g.json" >>"$T/verdicts"
	done
	grep -qx regression "$T/verdicts"
}

@test "fg-gate-perf: before, after and change equal fg-top's on the same fg-diff output" {
	fold base-a
	local first=${runs[0]} n
	fold slow
	# the merged sides, kernel frames pruned, and a single run's pair
	# with them kept
	fg-diff "$T/base-a.folded" "$T/slow.folded" >"$T/d"
	grep -qx "# fg: samples=$(samples "$T/base-a.folded") $(samples "$T/slow.folded")" "$T/d"
	n=$(gate_is_top "$T/d" $STAGES)
	[ "$n" -ge 12 ]
	fg-diff "${first%.folded}.k" "${runs[0]%.folded}.k" >"$T/d"
	n=$(gate_is_top "$T/d" $STAGES schedule)
	[ "$n" -ge 20 ]
}
