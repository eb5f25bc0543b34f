#!/usr/bin/env bats
# perf-fold against inferno-collapse-perf on real --call-graph dwarf
# recordings of a Rust program (tests/data/perf/README.md says how they
# were made): byte for byte, option by option (issue 50)

load helper

setup() {
	P=$DATA/perf
	T=$BATS_TEST_TMPDIR
}

# inferno's stored output for recording NAME under option OPT (none:
# no option): --jit and --addrs change nothing there, --all is --kernel
stored() {
	local name=$1 opt=$2
	case "$opt" in
	'' | jit | addrs) gzip -dc "$P/$name-inferno.txt.gz" ;;
	all) gzip -dc "$P/$name-inferno-kernel.txt.gz" ;;
	*) gzip -dc "$P/$name-inferno-$opt.txt.gz" ;;
	esac
}

# perf-fold's stacks for recording NAME under the options that follow
ours() {
	gzip -dc "$P/$1.txt.gz" | perf-fold --no-header "${@:2}"
}

@test "perf-fold: a Rust dwarf recording folds as inferno-collapse-perf does, byte for byte, every option" {
	for name in dwarf-rust dwarf-rust-v0; do
		for opt in '' pid tid kernel jit all addrs; do
			ours "$name" ${opt:+--$opt} >"$T/ours" 2>"$T/err"
			stored "$name" "$opt" | cmp - "$T/ours" || {
				echo "perf-fold ${opt:+--$opt} on $name differs from inferno" >&2
				stored "$name" "$opt" | diff - "$T/ours" | head -4 | cut -c1-300 >&2
				return 1
			}
			[ ! -s "$T/err" ]
		done
	done
	# what issue 50 found cut: a ( inside a generic's angle brackets,
	# in a few hundred stacks of each recording
	[ "$(ours dwarf-rust | wc -l)" -gt 200 ]
	[ "$(ours dwarf-rust-v0 | wc -l)" -gt 200 ]
	ours dwarf-rust | grep -q ';std::panic::catch_unwind::<&dyn core::ops::function::Fn<(), Output = i32> + core::marker::Sync + core::panic::unwind_safe::RefUnwindSafe, i32>;'
	ours dwarf-rust-v0 | grep -q ';<alloc::boxed::Box<dyn core::ops::function::Fn<(u64,), Output = u64>> as core::ops::function::Fn<(u64,)>>::call;'
}

@test "perf-fold --skip-after: inferno's stacks, but for the process name perf-fold keeps as the root" {
	for name in dwarf-rust dwarf-rust-v0; do
		comm=${name/dwarf-rust/rustgen}
		# inferno drops the process name with main's callers, in a
		# stack through main only
		ours "$name" --skip-after main | sed "s/^$comm;main;/main;/" | LC_ALL=C sort >"$T/ours"
		stored "$name" skip-after-main | LC_ALL=C sort | cmp - "$T/ours"
		# both kinds are there: stacks through main and stacks without
		stored "$name" skip-after-main | grep -q '^main;'
		stored "$name" skip-after-main | grep -q "^$comm;"
		# perf-fold keeps it on every stack
		[ -z "$(ours "$name" --skip-after main | grep -v "^$comm;")" ]
		[ "$(ours "$name" --skip-after main | grep -c "^$comm;main;")" -gt 100 ]
	done
}

@test "perf-fold: the stored inferno outputs of the Rust recordings are inferno's (INFERNO_BIN)" {
	inf=${INFERNO_BIN:-}/inferno-collapse-perf
	[ -x "$inf" ] || skip "needs INFERNO_BIN, inferno's folder"
	for name in dwarf-rust dwarf-rust-v0; do
		gzip -dc "$P/$name.txt.gz" >"$T/in"
		for opt in '' pid tid kernel jit all addrs; do
			"$inf" ${opt:+--$opt} "$T/in" >"$T/theirs"
			stored "$name" "$opt" | cmp - "$T/theirs"
			perf-fold --no-header ${opt:+--$opt} "$T/in" | cmp - "$T/theirs"
		done
		"$inf" --skip-after main "$T/in" >"$T/theirs"
		stored "$name" skip-after-main | cmp - "$T/theirs"
	done
}

@test "perf-fold: a Rust dwarf recording over 1 MiB, read in two threads, is inferno's stacks summed" {
	for name in dwarf-rust dwarf-rust-v0; do
		gzip -dc "$P/$name.txt.gz" >"$T/one"
		cat "$T/one" "$T/one" "$T/one" >"$T/$name"
		[ "$(wc -c <"$T/$name")" -ge 1048576 ]
		# each stack three times its count
		stored "$name" kernel | awk '{ n = $NF; sub(/[0-9]+$/, ""); print $0 (3 * n) }' >"$T/$name.want"
		perf-fold --no-header --kernel "$T/$name" | cmp - "$T/$name.want"
	done
	# a helper thread was asked for (and, refused, the same)
	nothreads
	for name in dwarf-rust dwarf-rust-v0; do
		rm -f "$NOTHREADS.called"
		LD_PRELOAD=$NOTHREADS perf-fold --no-header --kernel "$T/$name" | cmp - "$T/$name.want"
		[ -e "$NOTHREADS.called" ]
	done
}
