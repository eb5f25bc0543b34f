# Shared by the scripts/bench-* modules: where data goes, and how a
# command is measured.  Source it; do not run it.
#
#   measure LABEL CMD...   run CMD (a shell command line) once, print
#                          "LABEL  SECONDS s  RSS MiB" and set SECS, RSS_KB
#   versus LABEL CMD PEER_LABEL PEER_CMD
#                          run CMD and PEER_CMD BENCH_RUNS times in turn
#                          (default 3), print each one's median time and
#                          peak RSS and how many times faster CMD is, in
#                          time and in CPU seconds (user + system: what a
#                          loaded machine changes least); a line
#                          "ratio: ..." is kept in $BENCH_DIR/ratios
#   ownmem LABEL CMD       CMD's own (anonymous) peak memory and the
#                          file pages it mapped (scripts/anon-peak),
#                          where /proc can tell them apart
#   ratio A B              A / B with two decimals
#   mbps BYTES SECS        throughput in MB/s
#   inferno NAME           the path of inferno's NAME binary when
#                          INFERNO_BIN names a folder holding it, else
#                          nothing
#   rust_folded SEED OUT   a folded file in the shape of a real Rust
#                          profile (see below), made once
#   built TARGET           the path of TARGET, made by the Makefile's rule:
#                          obj/bench/gen-NAME (the generator
#                          scripts/gen-NAME.c) or bin/tools/NAME

BENCH_DIR=${BENCH_DIR:-${TMPDIR:-/tmp}/fg-bench}
BENCH_RUNS=${BENCH_RUNS:-3}
FG_BIN=${FG_BIN:-$(cd "$(dirname "$0")/.." && pwd)/bin}
SCRIPTS=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$SCRIPTS/.." && pwd)
PATH=$FG_BIN:$PATH
export LC_ALL=C
mkdir -p "$BENCH_DIR"

if [ -x /usr/bin/time ] && /usr/bin/time -f %M true 2>/dev/null; then
	HAVE_GNU_TIME=1
else
	HAVE_GNU_TIME=0
fi

# run CMD once: SECS, RSS_KB and CPU (user + system seconds; the
# elapsed SECS where GNU time is missing)
run_once() {
	tf=$BENCH_DIR/.time.$$
	if [ "$HAVE_GNU_TIME" = 1 ]; then
		/usr/bin/time -q -o "$tf" -f '%e %M %U %S' sh -c "$1" >/dev/null
		read -r SECS RSS_KB u s <"$tf"
		CPU=$(echo "$u + $s" | bc)
	else
		start=$(date +%s.%N)
		sh -c "$1" >/dev/null
		SECS=$(echo "$(date +%s.%N) - $start" | bc)
		RSS_KB=0
		CPU=$SECS
	fi
	rm -f "$tf"
}

measure() {
	label=$1
	shift
	run_once "$*"
	printf '%-44s %8.2f s %8.1f MiB\n' "$label" "$SECS" "$(echo "$RSS_KB / 1024" | bc -l)"
}

median() {
	printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

versus() {
	ours=$1 ocmd=$2 peer=$3 pcmd=$4
	ot= pt= oc= pc= orss=0 prss=0
	i=0
	while [ "$i" -lt "$BENCH_RUNS" ]; do
		run_once "$ocmd"; ot="$ot $SECS"; oc="$oc $CPU"; [ "$RSS_KB" -gt "$orss" ] && orss=$RSS_KB
		run_once "$pcmd"; pt="$pt $SECS"; pc="$pc $CPU"; [ "$RSS_KB" -gt "$prss" ] && prss=$RSS_KB
		i=$((i + 1))
	done
	# shellcheck disable=SC2086
	om=$(median $ot) pm=$(median $pt)
	printf '%-44s %8.2f s %8.1f MiB (median of%s)\n' "$ours" "$om" "$(echo "$orss / 1024" | bc -l)" "$ot"
	printf '%-44s %8.2f s %8.1f MiB (median of%s)\n' "peer: $peer" "$pm" "$(echo "$prss / 1024" | bc -l)" "$pt"
	# shellcheck disable=SC2086
	ocm=$(median $oc) pcm=$(median $pc)
	RATIO=$(ratio "$pm" "$om")
	CPURATIO=$(ratio "$pcm" "$ocm")
	echo "  $ours: ${RATIO}x faster than $peer"
	printf '  CPU: %s s against %s s (medians of%s and%s): %sx\n' "$ocm" "$pcm" "$oc" "$pc" \
	    "$CPURATIO"
	printf 'ratio: %s | %s | %sx | %s s, %s MiB | %s s, %s MiB | CPU %sx\n' "$ours" "$peer" \
	    "$RATIO" "$om" "$((orss / 1024))" "$pm" "$((prss / 1024))" "$CPURATIO" >>"$BENCH_DIR/ratios"
}

ownmem() {
	[ -r /proc/self/status ] || return 0
	printf '  %s: %s\n' "$1" "$("$SCRIPTS/anon-peak" sh -c "exec $2")"
}

ratio() {
	echo "scale=2; $1 / $2" | bc -l
}

mbps() {
	echo "scale=0; $1 / 1000000 / $2" | bc -l
}

built() {
	MAKEFLAGS='' make -s -C "$ROOT" "$1" >&2 || exit 1
	echo "$ROOT/$1"
}

inferno() {
	[ -n "${INFERNO_BIN:-}" ] && [ -x "$INFERNO_BIN/$1" ] && echo "$INFERNO_BIN/$1"
}

# A folded profile in the shape of a real one: the stacks of an async
# Rust server (scripts/gen-perf.c rust: generics, "<A as B>::f", shared
# prefixes, depths 10-60) folded by perf-fold, each stack's count split
# over 1-6 lines, about 10% of the stacks left out (by SEED), shuffled.
rust_folded() {
	[ -s "$2" ] && return
	gp=$(built obj/bench/gen-perf) || exit 1
	src=$BENCH_DIR/rust-perf.folded
	[ -s "$src" ] || "$gp" 200000000 50000 3 rust | perf-fold >"$src" || exit 1
	awk -v seed="$1" 'BEGIN { srand(seed) }
	{
		i = match($0, / [0-9]+$/); s = substr($0, 1, i - 1); c = substr($0, i + 1) + 0
		if (rand() < 0.1) next
		k = 1 + int(rand() * 6); if (k > c) k = c
		for (j = 1; j <= k; j++) {
			n = j < k ? int(c / k) : c - (k - 1) * int(c / k)
			printf "%.8f\t%s %d\n", rand(), s, n
		}
	}' "$src" | sort -n | cut -f2- >"$2"
}
