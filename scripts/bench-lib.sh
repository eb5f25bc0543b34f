# Shared by the scripts/bench-* modules: where data goes, and how a
# command is measured.  Source it; do not run it.
#
#   measure LABEL CMD...   run CMD (a shell command line) once, print
#                          "LABEL  SECONDS s  RSS MiB" and set SECS, RSS_KB
#   ratio A B              A / B with two decimals
#   mbps BYTES SECS        throughput in MB/s

BENCH_DIR=${BENCH_DIR:-${TMPDIR:-/tmp}/fg-bench}
FG_BIN=${FG_BIN:-$(cd "$(dirname "$0")/.." && pwd)/bin}
PATH=$FG_BIN:$PATH
export LC_ALL=C
mkdir -p "$BENCH_DIR"

if [ -x /usr/bin/time ] && /usr/bin/time -f %M true 2>/dev/null; then
	HAVE_GNU_TIME=1
else
	HAVE_GNU_TIME=0
fi

measure() {
	label=$1
	shift
	tf=$BENCH_DIR/.time.$$
	if [ "$HAVE_GNU_TIME" = 1 ]; then
		/usr/bin/time -q -o "$tf" -f '%e %M' sh -c "$*" >/dev/null
		read -r SECS RSS_KB <"$tf"
	else
		start=$(date +%s.%N)
		sh -c "$*" >/dev/null
		SECS=$(echo "$(date +%s.%N) - $start" | bc)
		RSS_KB=0
	fi
	rm -f "$tf"
	printf '%-44s %8.2f s %8.1f MiB\n' "$label" "$SECS" "$(echo "$RSS_KB / 1024" | bc -l)"
}

ratio() {
	echo "scale=2; $1 / $2" | bc -l
}

mbps() {
	echo "scale=0; $1 / 1000000 / $2" | bc -l
}
