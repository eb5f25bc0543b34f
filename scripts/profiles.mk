# profiles.mk: fold many profiles in parallel with make -j, and merge
# them into one.  Include it in a Makefile, or run it as it is:
#
#   make -f scripts/profiles.mk -j8 PROFILE_DIR=runs
#
# Every profile in PROFILE_DIR (default: the current folder) is folded
# into NAME.folded next to it, by the folder its name calls for, each
# by a job of its own; all.folded (ALL) is then their sum, merged by
# fg-merge --sorted in constant memory (every folder prints its stacks
# sorted).  A profile changed since its .folded is folded again, the
# others are not.
#
#   NAME.pb.gz NAME.pb NAME.pprof      pprof-fold $(PPROF_OPTS)
#   NAME.jlprof                        jlprof-fold $(JLPROF_OPTS)
#   NAME.perf NAME.txt                 perf script text: perf-fold $(PERF_OPTS)
#   NAME.perf.gz NAME.txt.gz           the same, gzip-compressed
#   NAME.collapsed                     folded stacks: sorted by fg-merge
#
# Included in a Makefile, its first rule is $(ALL): include it after
# your own first rule, or name the goal.
# PROFILES names the profiles when the folder's are not the ones wanted;
# FG_BIN, a folder, is where fg's programs are when they are not on
# PATH.  Two profiles NAME.pb.gz and NAME.jlprof would both make
# NAME.folded: keep one kind per name.  fg-merge --sorted opens all its
# inputs at once: beyond about a thousand profiles (the open-file
# limit), see scripts/slurm/merge.sbatch's tree of merges.

PROFILE_DIR ?= .
FG_KINDS = pb.gz pb pprof jlprof perf txt perf.gz txt.gz collapsed
PROFILES ?= $(foreach k,$(FG_KINDS),$(wildcard $(PROFILE_DIR)/*.$(k)))
ALL ?= $(PROFILE_DIR)/all.folded
FG = $(if $(FG_BIN),$(FG_BIN)/)

# NAME.folded for each profile, whatever its kind
FOLDED = $(filter-out $(ALL),$(sort $(foreach k,$(FG_KINDS),\
	$(patsubst %.$(k),%.folded,$(filter %.$(k),$(PROFILES))))))

$(ALL): $(FOLDED)
	$(FG)fg-merge --sorted $(FOLDED) >$@.tmp && mv $@.tmp $@

# each output is written whole or not at all
%.folded: %.pb.gz
	$(FG)pprof-fold $(PPROF_OPTS) $< >$@.tmp && mv $@.tmp $@
%.folded: %.pb
	$(FG)pprof-fold $(PPROF_OPTS) $< >$@.tmp && mv $@.tmp $@
%.folded: %.pprof
	$(FG)pprof-fold $(PPROF_OPTS) $< >$@.tmp && mv $@.tmp $@
%.folded: %.jlprof
	$(FG)jlprof-fold $(JLPROF_OPTS) $< >$@.tmp && mv $@.tmp $@
%.folded: %.perf
	$(FG)perf-fold $(PERF_OPTS) $< >$@.tmp && mv $@.tmp $@
%.folded: %.txt
	$(FG)perf-fold $(PERF_OPTS) $< >$@.tmp && mv $@.tmp $@
%.folded: %.perf.gz
	gzip -dc $< >$@.txt && $(FG)perf-fold $(PERF_OPTS) $@.txt >$@.tmp && rm $@.txt && mv $@.tmp $@
%.folded: %.txt.gz
	gzip -dc $< >$@.txt && $(FG)perf-fold $(PERF_OPTS) $@.txt >$@.tmp && rm $@.txt && mv $@.tmp $@
%.folded: %.collapsed
	$(FG)fg-merge $< >$@.tmp && mv $@.tmp $@
