#!/usr/bin/env bats
# The recipes for many profiles on one machine: scripts/profiles.mk under
# make -j2, and the README's "Many profiles, many machines" commands
# (all but the two sbatch lines, which make check-slurm runs under a
# real Slurm), each checked against one machine's fg-merge.

load helper

# runs/: one profile of each kind profiles.mk knows, and what one
# fg-merge of them all folded is.  The tests' make is not make check's
# sub-make: its flags (-s, -n, a jobserver, SANITIZE=1) stay out.
setup() {
	unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
	cd "$BATS_TEST_TMPDIR"
	mkdir runs
	cp "$DATA/pprof/go-cpu.pb.gz" runs/a.pb.gz
	gzip -dc "$DATA/pprof/julia-cpu.pb.gz" >runs/b.pb
	fg-jlprof "$DATA/folded/julia.folded" >runs/c.jlprof
	gzip -dc "$DATA/perf/perf-dd-stacks-01.txt.gz" >runs/d.perf
	gzip -dc "$DATA/perf/perf-java-faults-01.txt.gz" >runs/e.txt
	cp "$DATA/perf/perf-js-stacks-01.txt.gz" runs/f.txt.gz
	shuf --random-source="$DATA/folded/many.folded" "$DATA/folded/many.folded" >runs/g.collapsed
	{
		pprof-fold runs/a.pb.gz >1
		pprof-fold runs/b.pb >2
		jlprof-fold runs/c.jlprof >3
		perf-fold runs/d.perf >4
		perf-fold runs/e.txt >5
		gzip -dc runs/f.txt.gz | perf-fold >6
		fg-merge "$DATA/folded/many.folded" >7
		fg-merge 1 2 3 4 5 6 7 >ref
	} 2>/dev/null
}

@test "recipes: profiles.mk under make -j2 folds each kind and merges all.folded as one fg-merge" {
	run make -s -f "$FG_ROOT/scripts/profiles.mk" -j2 PROFILE_DIR=runs
	status_is 0
	for n in a b c d e f g; do [ -s "runs/$n.folded" ]; done
	cmp ref runs/all.folded
	[ -z "$(ls runs | grep '\.tmp$')" ]
	# what is up to date is left alone; a changed profile is folded again.
	# The files' times are set, in the past, not left to the clock: the
	# profiles oldest, then their .folded, then all.folded, then the
	# changed c.jlprof (nothing depends on how long a step took, nor on
	# a time in the future)
	touch -d @1500000000 runs/*
	touch -d @1500000100 runs/*.folded
	touch -d @1500000200 runs/all.folded
	make -q -f "$FG_ROOT/scripts/profiles.mk" PROFILE_DIR=runs
	touch -d @1500000300 runs/c.jlprof
	run make -f "$FG_ROOT/scripts/profiles.mk" -j2 PROFILE_DIR=runs FG_BIN="$FG_BIN"
	status_is 0
	[[ "$output" == *"$FG_BIN/jlprof-fold"*"runs/c.jlprof"* ]]
	[[ "$output" != *pprof-fold* ]]
	[[ "$output" == *"$FG_BIN/fg-merge --sorted"* ]]
	cmp ref runs/all.folded
}

@test "recipes: profiles.mk: PROFILES and ALL name the inputs and the sum; options reach the folders" {
	run make -s -f "$FG_ROOT/scripts/profiles.mk" -j2 PROFILES='runs/a.pb.gz runs/d.perf' \
		ALL=two.folded PPROF_OPTS='-i samples'
	status_is 0
	pprof-fold -i samples runs/a.pb.gz >1s
	fg-merge 1s 4 | cmp - two.folded
	[ ! -e runs/b.folded ]
}

@test "recipes: profiles.mk: a profile that does not fold fails make and leaves no .folded" {
	printf 'not a profile' >runs/h.jlprof
	run make -s -f "$FG_ROOT/scripts/profiles.mk" -j2 -k PROFILE_DIR=runs
	[ "$status" -ne 0 ]
	[[ "$output" == *"runs/h.jlprof"* ]]
	[ ! -e runs/h.folded ]
	[ ! -e runs/all.folded ]
	[ -s runs/a.folded ]
}

@test "recipes: the README's commands for many profiles run as written, but sbatch" {
	ln -s "$FG_ROOT/scripts" scripts
	sed -n '/^## Many profiles, many machines/,/^## /p' "$FG_ROOT/README.md" |
		sed -n 's/^    //p' >examples
	grep -q '^jid=$(sbatch --parsable scripts/slurm/fold.sbatch list.txt parts)$' examples
	grep -q '^sbatch --dependency=afterok:$jid scripts/slurm/merge.sbatch parts merged$' examples
	grep -v '^sbatch \|^jid=' examples >run.sh
	grep -q xargs run.sh
	grep -q profiles.mk run.sh
	grep -q -- '--min-share' run.sh
	export FG_BIN
	bash -e run.sh 2>/dev/null
	[ "$(wc -l <list.txt)" -eq 7 ]
	[ "$(ls parts | wc -l)" -eq 7 ]
	cmp ref merged/all.folded
	cmp ref runs/all.folded
	# the cut keeps every count
	[ "$(awk '{ s += $NF } END { print s }' fleet.folded)" = "$(awk '{ s += $NF } END { print s }' ref)" ]
	[ "$(wc -l <fleet.folded)" -lt "$(wc -l <ref)" ]
}

# the EX block of man/fg-merge.1 that holds $1, as the page shows it
man_example() {
	sed -e 's/\\(aq/'"'"'/g' -e 's/\\-/-/g' -e 's/\\e/\\/g' "$FG_ROOT/man/fg-merge.1" |
		awk -v want="$1" '/^\.EX$/ { ex = 1; b = ""; next }
		    /^\.EE$/ { if (index(b, want)) printf "%s", b; ex = 0; next }
		    ex { b = b $0 "\n" }'
}

@test "recipes: fg-merge(1)'s xargs -P recipe runs as written (perf script from a stand-in)" {
	man_example 'xargs -P' >run.sh
	grep -q 'fg-merge --sorted \*.data.folded > all.folded' run.sh
	# perf script -i FILE: the fixture's text, as perf would print it
	mkdir stand-in
	printf '#!/bin/sh\n[ "$1 $2" = "script -i" ] || exit 2\ngzip -dc "$3"\n' >stand-in/perf
	chmod +x stand-in/perf
	for n in dd-stacks java-faults js-stacks numa-stacks; do
		cp "$DATA/perf/perf-$n-01.txt.gz" "$n.data"
		gzip -dc "$DATA/perf/perf-$n-01.txt.gz" | perf-fold >"$n.ref" 2>/dev/null
	done
	PATH=$PWD/stand-in:$PATH bash -e run.sh 2>/dev/null
	fg-merge ./*.ref | cmp - all.folded
}

@test "recipes: the Hadoop Streaming mapper's lines, shuffled by stack to two reducers, merge right" {
	man_example '# fold-map:' >fold-map
	grep -q "^cut -f2- | while read -r f; do" fold-map
	# hdfs dfs -cat PATH: the file itself
	mkdir stand-in
	printf '#!/bin/sh\n[ "$1 $2" = "dfs -cat" ] || exit 2\ngzip -dc "$3"\n' >stand-in/hdfs
	chmod +x stand-in/hdfs
	printf '0\t%s\n' "$DATA/perf/perf-dd-stacks-01.txt.gz" >in.0
	printf '%s\n' "$DATA/perf/perf-java-stacks-01.txt.gz" >in.1
	for m in 0 1; do PATH=$PWD/stand-in:$PATH sh fold-map <in.$m >map.$m 2>/dev/null; done
	grep -q "$(printf '\t')[0-9]*\$" map.0
	# the shuffle: by the key (the stack) to one of two reducers, each
	# sorted by key; the reducer's lines come out with a tab after them
	cat map.0 map.1 | awk -F '\t' '{ print > ("r." length($1) % 2) }'
	for r in r.0 r.1; do
		LC_ALL=C sort -s -t "$(printf '\t')" -k1,1 "$r" | fg-merge --sorted | sed 's/$/\t/' >"part-$r"
	done
	fg-merge --sorted part-r.0 part-r.1 >all.folded
	{
		gzip -dc "$DATA/perf/perf-dd-stacks-01.txt.gz" | perf-fold --no-header
		gzip -dc "$DATA/perf/perf-java-stacks-01.txt.gz" | perf-fold --no-header
	} 2>/dev/null | fg-merge | cmp - all.folded
}
