#!/usr/bin/env bats
# scripts/slurm/: the fold array's tasks and the tree merge, run here as
# plain shell scripts (FG_TASK, FG_NTASKS, or the variables Slurm sets);
# make check-slurm runs the same scripts under a real Slurm.

load helper

SLURM_DIR=$FG_ROOT/scripts/slurm

# 24 profiles of every kind (tests/slurm/gen-profiles), their list, and
# one machine's fg-merge of them all (tests/slurm/fold-ref)
setup() {
	cd "$BATS_TEST_TMPDIR"
	"$FG_ROOT/tests/slurm/gen-profiles" in 24 >kinds
	cut -f2 kinds >list
	"$FG_ROOT/tests/slurm/fold-ref" kinds ref 2>/dev/null
}

# fold.sbatch LIST PARTS as task k of n, for k in 0..n-1
fold_all() {
	local n=$1 k
	shift
	for ((k = 0; k < n; k++)); do
		FG_TASK=$k FG_NTASKS=$n "$SLURM_DIR/fold.sbatch" "$@" 2>/dev/null || return 1
	done
}

@test "slurm: 5 tasks' parts merged in a tree of 2-file merges equal one fg-merge of every profile" {
	# every kind, some told by their first bytes, the JSON ones too
	[ "$(cut -f1 kinds | sort -u | wc -l)" -eq 9 ]
	fold_all 5 list parts
	[ "$(ls parts)" = "$(printf 'part-%05d.folded\n' 0 1 2 3 4)" ]
	FG_FANIN=2 FG_JOBS=2 run "$SLURM_DIR/merge.sbatch" parts out
	status_is 0
	cmp ref out/all.folded
	grep -q '<html' out/all.html
	[ ! -e out/diff.folded ]
}

@test "slurm: one task and one merge give the same bytes; the defaults are parts/ and merged/" {
	"$SLURM_DIR/fold.sbatch" list 2>/dev/null
	[ "$(ls parts)" = part-00000.folded ]
	cmp ref parts/part-00000.folded
	FG_HTML=0 run "$SLURM_DIR/merge.sbatch"
	status_is 0
	cmp ref merged/all.folded
	[ ! -e merged/all.html ]
}

@test "slurm: an array's task numbers come from Slurm's variables, steps and offsets too" {
	for id in 10 20 30 40; do
		SLURM_ARRAY_TASK_ID=$id SLURM_ARRAY_TASK_MIN=10 SLURM_ARRAY_TASK_STEP=10 \
			SLURM_ARRAY_TASK_COUNT=4 "$SLURM_DIR/fold.sbatch" list parts 2>/dev/null
	done
	[ "$(ls parts)" = "$(printf 'part-%05d.folded\n' 0 1 2 3)" ]
	# contiguous shares, in order: task 0 has the first 6 profiles
	head -6 kinds | "$FG_ROOT/tests/slurm/fold-ref" - ref0 2>/dev/null
	cmp ref0 parts/part-00000.folded
	FG_FANIN=3 "$SLURM_DIR/merge.sbatch" parts out
	cmp ref out/all.folded
}

@test "slurm: more tasks than profiles: the empty shares write nothing" {
	head -3 list >short
	head -3 kinds | "$FG_ROOT/tests/slurm/fold-ref" - ref3 2>/dev/null
	fold_all 8 short parts
	[ "$(ls parts | wc -l)" -eq 3 ]
	"$SLURM_DIR/merge.sbatch" parts out
	cmp ref3 out/all.folded
}

@test "slurm: FG_GROUP splits the parts; the merge writes both sums and their fg-diff" {
	group='/p00[01][05]'	# profiles 0, 5, 10, 15 against the rest
	FG_GROUP=$group fold_all 3 list parts
	[ "$(ls parts | grep -c match)" -eq 2 ]
	[ "$(ls parts | grep -c rest)" -eq 3 ]
	grep -E "$group" kinds | "$FG_ROOT/tests/slurm/fold-ref" - ref.match 2>/dev/null
	grep -Ev "$group" kinds | "$FG_ROOT/tests/slurm/fold-ref" - ref.rest 2>/dev/null
	FG_FANIN=2 "$SLURM_DIR/merge.sbatch" parts out
	cmp ref out/all.folded
	cmp ref.match out/match.folded
	cmp ref.rest out/rest.folded
	mkdir refdiff
	cp ref.rest refdiff/rest.folded
	cp ref.match refdiff/match.folded
	(cd refdiff && fg-diff -n rest.folded match.folded) | cmp - out/diff.folded
	grep -qx '# fg: baseline=rest.folded' out/diff.folded
	grep -q '<html' out/diff.html
	# FG_DIFF_OPTS empty: the counts as they are
	FG_DIFF_OPTS= FG_HTML=0 "$SLURM_DIR/merge.sbatch" parts out2
	(cd refdiff && fg-diff rest.folded match.folded) | cmp - out2/diff.folded
}

@test "slurm: FG_GROUP that no profile matches: no diff, said so" {
	FG_GROUP=nothing-matches fold_all 2 list parts
	run "$SLURM_DIR/merge.sbatch" parts out
	status_is 0
	[[ "$output" == *"no profile matched FG_GROUP"* ]]
	cmp ref out/all.folded
	[ ! -e out/diff.folded ]
}

@test "slurm: FG_MERGE_OPTS go to the last merge, FG_HTML_OPTS to fg-html; FG_BIN is put first on PATH" {
	mkdir fake
	printf '#!/bin/sh\necho "fake $*" >&2\nexit 3\n' >fake/fg-merge
	chmod +x fake/fg-merge
	FG_BIN=$PWD/fake run "$SLURM_DIR/fold.sbatch" list parts
	status_is 1
	[[ "$output" == *"fake "* ]]
	[ -z "$(ls parts)" ]
	"$SLURM_DIR/fold.sbatch" list parts 2>/dev/null
	FG_MERGE_OPTS='--min-share 1' FG_HTML_OPTS='--title Fleet42' "$SLURM_DIR/merge.sbatch" parts cut
	fg-merge --min-share 1 ref | cmp - cut/all.folded
	grep -q Fleet42 cut/all.html
	FG_MERGE_OPTS=--no-such-option run "$SLURM_DIR/merge.sbatch" parts out
	status_is 1
	[[ "$output" == *"no-such-option"* ]]
	[ ! -e out/all.folded ]
}

@test "slurm: a profile that cannot be read or folded fails its task, naming it, and writes no part" {
	sed -i '3s|$|.missing|' list
	run "$SLURM_DIR/fold.sbatch" list parts
	status_is 1
	[[ "$output" == *".missing: cannot read"* ]]
	[ ! -e parts/part-00000.folded ]
	cut -f2 kinds >list
	printf 'not gzip' | gzip -c | head -c 15 >in/cut.txt.gz
	echo in/cut.txt.gz >>list
	run "$SLURM_DIR/fold.sbatch" list parts
	status_is 1
	[[ "$output" == *"in/cut.txt.gz: could not fold"* ]]
	printf 'a;b 1\nno count\n' >in/bad.folded
	echo in/bad.folded >list
	run "$SLURM_DIR/fold.sbatch" list parts
	status_is 1
	[[ "$output" == *"fg-merge: in/bad.folded:2: "* ]]
	[ -z "$(ls parts)" ]
}

@test "slurm: usage and parameter errors" {
	run "$SLURM_DIR/fold.sbatch"
	status_is 1
	[[ "$output" == *"usage: sbatch fold.sbatch LIST [PARTS]"* ]]
	run "$SLURM_DIR/fold.sbatch" no-such-list
	status_is 1
	[[ "$output" == *"no-such-list: cannot read"* ]]
	FG_TASK=3 FG_NTASKS=3 run "$SLURM_DIR/fold.sbatch" list
	status_is 1
	[[ "$output" == *"task 3 is not one of 3"* ]]
	run "$SLURM_DIR/merge.sbatch" no-such-parts
	status_is 1
	[[ "$output" == *"no-such-parts: no such folder"* ]]
	mkdir empty
	run "$SLURM_DIR/merge.sbatch" empty
	status_is 1
	[[ "$output" == *"no parts in empty"* ]]
	FG_FANIN=1 run "$SLURM_DIR/merge.sbatch" empty
	status_is 1
	[[ "$output" == *"FG_FANIN=1"* ]]
	FG_JOBS=x run "$SLURM_DIR/merge.sbatch" empty
	status_is 1
	[[ "$output" == *"FG_JOBS=x"* ]]
}

@test "slurm: a part out of order stops the merge, at every level, and leaves no result" {
	fold_all 3 list parts
	printf 'z 1\na 1\n' >parts/part-00001.folded
	FG_FANIN=2 run "$SLURM_DIR/merge.sbatch" parts out
	status_is 1
	[[ "$output" == *"input not sorted"* ]]
	[ ! -e out/all.folded ]
	run "$SLURM_DIR/merge.sbatch" parts out
	status_is 1
	[ ! -e out/all.folded ]
}

@test "slurm: FG_PPROF_OPTS, FG_PERF_OPTS, FG_JLPROF_OPTS reach the folders" {
	# the first profile of each of three kinds, and each folded with its option
	awk -F '\t' '$1 ~ /^(pprof|gzperf|jlprof)$/ && !seen[$1]++' kinds >three
	[ "$(wc -l <three)" -eq 3 ]
	while IFS="$(printf '\t')" read -r kind f; do
		case $kind in
		pprof) pprof-fold -i samples "$f" ;;
		gzperf) gzip -dc "$f" | perf-fold --pid ;;
		jlprof) jlprof-fold -C "$f" ;;
		esac >"$kind.ref" 2>/dev/null
	done <three
	cut -f2 three >list3
	FG_PPROF_OPTS='-isamples' FG_PERF_OPTS='--pid' FG_JLPROF_OPTS='-C' \
		"$SLURM_DIR/fold.sbatch" list3 parts 2>/dev/null
	fg-merge gzperf.ref pprof.ref jlprof.ref 2>/dev/null | cmp - parts/part-00000.folded
	# and the options made a difference
	"$SLURM_DIR/fold.sbatch" list3 plain 2>/dev/null
	! cmp -s plain/part-00000.folded parts/part-00000.folded || false
}

@test "slurm: FG_<FOLDER>_OPTS is named after any folder: FG_CPUPROFILE_OPTS, FG_SPEEDSCOPE_OPTS" {
	awk -F '\t' '$1 ~ /^(cpuprofile|trace|speedscope)$/' kinds | head -3 >three
	cut -f2 three >list3
	FG_CPUPROFILE_OPTS='--time --by-thread' FG_SPEEDSCOPE_OPTS='--by-profile' \
		"$SLURM_DIR/fold.sbatch" list3 parts 2>/dev/null
	while IFS="$(printf '\t')" read -r kind f; do
		case $kind in
		speedscope) speedscope-fold --by-profile "$f" ;;
		*) cpuprofile-fold --time --by-thread "$f" ;;
		esac
	done <three >/dev/null
	fg-merge <(cpuprofile-fold --time --by-thread "$(sed -n 1p list3)") \
		<(cpuprofile-fold --time --by-thread "$(sed -n 2p list3)") \
		<(speedscope-fold --by-profile "$(sed -n 3p list3)") 2>/dev/null |
		cmp - parts/part-00000.folded
}

@test "slurm: 500 profiles of 311-byte paths in one chunk are one fg-merge, not two (--files-from)" {
	local d i pad
	# paths of 311 bytes (a folder of 297, "/", p00000.folded): 500 of
	# them are more than xargs puts on one command line
	pad=$((297 - ${#PWD} - 2))
	[ "$pad" -gt 0 ] || skip "the scratch folder's path is too long"
	d=$PWD/$(printf 'd%.0s' $(seq $((pad / 2))))/$(printf 'e%.0s' $(seq $((pad - pad / 2))))
	mkdir -p "$d"
	for ((i = 0; i < 500; i++)); do
		printf 'main;f%d %d\nmain;g %d\n' $((i % 13)) $((i + 1)) $((i % 3 + 1)) >"$d/p$(printf %05d "$i").folded"
	done
	ls "$d"/*.folded >long
	[ "$(head -1 long | tr -d '\n' | wc -c)" -eq 311 ]
	cat "$d"/*.folded | fg-merge >ref.long
	"$SLURM_DIR/fold.sbatch" long parts
	cmp ref.long parts/part-00000.folded
	# some of them gzip-compressed: folded into the task's own folder
	for ((i = 0; i < 500; i += 7)); do
		gzip "$d/p$(printf %05d "$i").folded"
	done
	ls "$d"/* >mixed
	"$SLURM_DIR/fold.sbatch" mixed parts2
	cmp ref.long parts2/part-00000.folded
}

@test "slurm: an empty profile is left out, said so; a profile fg-fold refuses names itself" {
	head -3 list >short
	: >in/empty.txt
	echo in/empty.txt >>short
	head -3 kinds | "$FG_ROOT/tests/slurm/fold-ref" - ref3 2>/dev/null
	run "$SLURM_DIR/fold.sbatch" short parts
	status_is 0
	[[ "$output" == *"fold.sbatch: in/empty.txt: empty: no samples"* ]]
	cmp ref3 parts/part-00000.folded
	printf 'all: fg\n\tcc fg.c\n' >in/Makefile
	echo in/Makefile >short
	run "$SLURM_DIR/fold.sbatch" short parts3
	status_is 1
	[ "$output" = "fg-fold: in/Makefile: not a profile fg knows (fg-fold --list shows those it does)
fold.sbatch: in/Makefile: could not fold" ]
	[ ! -e parts3/part-00000.folded ]
}
