# fg: flame graphs from folded stacks, as small Unix filters
PREFIX = /usr/local
MANPREFIX = $(PREFIX)/share/man
CC = cc
CFLAGS = -O2 -g
WFLAGS = -Wall -Wextra -Wshadow -Wmissing-prototypes -Wstrict-prototypes
CPPFLAGS = -D_GNU_SOURCE -Ilib
LDFLAGS =

# make check SANITIZE=1: the same suite under AddressSanitizer and UBSan,
# built apart from the ordinary build so the two never mix.
ifeq ($(SANITIZE),1)
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
OBJDIR = obj-san
BINDIR = bin-san
else
OBJDIR = obj
BINDIR = bin
endif

LIBSRC = $(wildcard lib/*/*.c lib/formats/*/*.c)
# scripts and style sheets (lib/FLOOR/NAME.js, .css) become C strings
# (viewer.js, what both viewers share, and regex.js, their matcher, are
# joined into fg-svg's and fg-html's)
ASSETS = $(filter-out lib/draw/viewer.js lib/draw/regex.js,$(wildcard lib/*/*.js lib/*/*.css))
# fg-svg's script: its own, then the viewers' shared part (svg_js)
SVGJS = lib/draw/svg.js lib/draw/regex.js lib/draw/viewer.js
# fg-html's script (html_js): modules of declarations only, one file a
# concern, in one function the build writes around them, that calls start()
HTMLJS = lib/draw/regex.js lib/draw/viewer.js $(addprefix lib/draw/html/,model.js lines.js colors.js tree.js merge.js \
	transform.js compare.js chart.js axis.js window.js heat.js state.js tabulate.js noise.js worker.js views.js save.js layout.js \
	url.js paint.js source.js toolbar.js canvas.js nav.js timeaxis.js hover.js search.js table.js sandwich.js txbar.js keys.js main.js)
LIBOBJ = $(LIBSRC:lib/%.c=$(OBJDIR)/lib/%.o) $(ASSETS:lib/%=$(OBJDIR)/gen/%.o) \
	$(OBJDIR)/gen/draw/html.js.o
PROGS = $(patsubst cmd/%.c,%,$(wildcard cmd/*.c))
BINS = $(PROGS:%=$(BINDIR)/%)
# test-only programs (fixture writers), built for make check
TOOLS = $(patsubst tests/tools/%.c,$(BINDIR)/tools/%,$(wildcard tests/tools/*.c))
# fuzzing harnesses: tests/fuzz/NAME.c, seeds and kept crashes in tests/fuzz/NAME/
FUZZERS = $(filter-out driver,$(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/*.c)))
REPLAYS = $(FUZZERS:%=$(BINDIR)/tools/fuzz-%)
FUZZ_SECONDS = 60
MAN1 = $(wildcard man/*.1)
MAN5 = $(wildcard man/*.5)
MAN7 = $(wildcard man/*.7)

ALLFLAGS = $(CPPFLAGS) $(CFLAGS) $(WFLAGS) $(SANFLAGS) -pthread
# each object's headers, as the compiler found them: OBJ.d beside OBJ.o
DEPFLAGS = -MMD -MP

all: $(BINS)

$(OBJDIR)/lib/%.o: lib/%.c
	@mkdir -p $(@D)
	$(CC) $(ALLFLAGS) $(DEPFLAGS) -c -o $@ $<

$(OBJDIR)/embed: scripts/embed.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WFLAGS) -o $@ scripts/embed.c

$(OBJDIR)/gen/%.c: lib/% $(OBJDIR)/embed
	@mkdir -p $(@D)
	$(OBJDIR)/embed $$(basename $< | tr . _) < $< > $@.tmp && mv $@.tmp $@

$(OBJDIR)/gen/draw/html.css.c: lib/draw/html.css $(OBJDIR)/embed
	@mkdir -p $(@D)
	$(OBJDIR)/embed -c html_css < lib/draw/html.css > $@.tmp && mv $@.tmp $@

$(OBJDIR)/gen/draw/html.js.c: $(HTMLJS) $(OBJDIR)/embed
	@mkdir -p $(@D)
	$(OBJDIR)/embed -s start html_js $(HTMLJS) > $@.tmp && mv $@.tmp $@

$(OBJDIR)/gen/draw/svg.js.c: $(SVGJS) $(OBJDIR)/embed
	@mkdir -p $(@D)
	$(OBJDIR)/embed svg_js $(SVGJS) > $@.tmp && mv $@.tmp $@

$(OBJDIR)/gen/%.o: $(OBJDIR)/gen/%.c
	$(CC) $(ALLFLAGS) -c -o $@ $<

$(OBJDIR)/cmd/%.o: cmd/%.c
	@mkdir -p $(@D)
	$(CC) $(ALLFLAGS) $(DEPFLAGS) -c -o $@ $<

$(OBJDIR)/libfg.a: $(LIBOBJ)
	rm -f $@
	ar rcs $@ $(LIBOBJ)

$(BINDIR)/%: $(OBJDIR)/cmd/%.o $(OBJDIR)/libfg.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SANFLAGS) -pthread $(LDFLAGS) -o $@ $< $(OBJDIR)/libfg.a -lm

$(OBJDIR)/tools/%.o: tests/tools/%.c
	@mkdir -p $(@D)
	$(CC) $(ALLFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BINDIR)/tools/%: $(OBJDIR)/tools/%.o $(OBJDIR)/libfg.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SANFLAGS) -pthread $(LDFLAGS) -o $@ $< $(OBJDIR)/libfg.a -lm

# the harnesses with a plain main, to replay their corpora in make check
# (a harness that includes a program's source depends on it through its .d)
$(OBJDIR)/fuzz/%.o: tests/fuzz/%.c
	@mkdir -p $(@D)
	$(CC) $(ALLFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BINDIR)/tools/fuzz-%: $(OBJDIR)/fuzz/%.o $(OBJDIR)/fuzz/driver.o $(OBJDIR)/libfg.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SANFLAGS) -pthread $(LDFLAGS) -o $@ $< $(OBJDIR)/fuzz/driver.o $(OBJDIR)/libfg.a -lm

# the benchmarks' input generators, scripts/gen-NAME.c: obj/bench/gen-NAME,
# made by scripts/bench-lib.sh when a benchmark needs one
$(OBJDIR)/bench/gen-%: scripts/gen-%.c scripts/gen.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(WFLAGS) -o $@ $<

# Each object depends on the headers it included when it was built (its
# .d, written by DEPFLAGS); an object that has no .d is built again.
DEPS = $(LIBSRC:lib/%.c=$(OBJDIR)/lib/%.d) $(PROGS:%=$(OBJDIR)/cmd/%.d) \
	$(TOOLS:$(BINDIR)/tools/%=$(OBJDIR)/tools/%.d) $(FUZZERS:%=$(OBJDIR)/fuzz/%.d) \
	$(OBJDIR)/fuzz/driver.d
-include $(wildcard $(DEPS))
$(filter-out $(patsubst %.d,%.o,$(wildcard $(DEPS))),$(wildcard $(DEPS:.d=.o))): FORCE
.PHONY: FORCE
FORCE:

# make fuzz FUZZ_SECONDS=N: every harness under libFuzzer for N seconds
# each (clang and its libFuzzer runtime needed); new inputs go to
# obj-fuzz/corpus-NAME, crashes to obj-fuzz/ (keep them in tests/fuzz/NAME/)
fuzz:
	$(MAKE) CC=clang OBJDIR=obj-fuzz BINDIR=bin-fuzz \
		SANFLAGS='-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all' \
		obj-fuzz/libfg.a
	@mkdir -p bin-fuzz
	@set -e; for f in $(FUZZERS); do \
		clang $(CPPFLAGS) -O1 -g -pthread -fsanitize=fuzzer,address,undefined \
			-o bin-fuzz/fuzz-$$f tests/fuzz/$$f.c obj-fuzz/libfg.a -lm; \
		mkdir -p obj-fuzz/corpus-$$f; \
		echo "== fuzz $$f ($(FUZZ_SECONDS) s)"; \
		bin-fuzz/fuzz-$$f -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
			-artifact_prefix=obj-fuzz/ -close_fd_mask=2 \
			obj-fuzz/corpus-$$f tests/fuzz/$$f; \
	done

.SECONDARY:

# The README's first command: render the bundled example profile.
demo: all
	scripts/demo

# make check: every program, option and error path, in about two minutes;
# it ends with one line "N passed, N failed".  The npm packages the tests
# check with are fetched into a cache once (scripts/fetch-checkers).
# make check-limits: the resource bounds again at full size (100k-deep
# stacks), as CI runs them.
check: all $(TOOLS) $(REPLAYS)
	@scripts/need-bats
	eval "$$(scripts/fetch-checkers)" && FG_BIN=$(abspath $(BINDIR)) scripts/run-tests tests

check-limits: all $(TOOLS)
	@scripts/need-bats
	FG_BIN=$(abspath $(BINDIR)) FG_DEPTH=100000 scripts/run-tests tests/limits.bats

# make check-slurm: the Slurm job scripts (scripts/slurm/) under a real
# Slurm started on this machine (root, slurm-wlm and munge; else it skips)
check-slurm: all
	FG_BIN=$(abspath $(BINDIR)) scripts/check-slurm

bench: all
	scripts/bench

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man1 \
		$(DESTDIR)$(MANPREFIX)/man5 $(DESTDIR)$(MANPREFIX)/man7
	cp -f $(BINS) $(DESTDIR)$(PREFIX)/bin/
	cp -f $(MAN1) $(DESTDIR)$(MANPREFIX)/man1/
	cp -f $(MAN5) $(DESTDIR)$(MANPREFIX)/man5/
	cp -f $(MAN7) $(DESTDIR)$(MANPREFIX)/man7/

uninstall:
	for p in $(PROGS); do rm -f $(DESTDIR)$(PREFIX)/bin/$$p; done
	for m in $(MAN1) $(MAN5) $(MAN7); do \
		s=$${m##*.}; rm -f $(DESTDIR)$(MANPREFIX)/man$$s/$${m#man/}; done

# what the README's examples write (tests/readme.bats checks the list)
README_OUT = allocs.svg chrome.svg perf.jlprof ttfp.svg diff.svg ttfp.html ttfp-chart.html two-views.html diff.html \
	julia.vl.json julia.html julia.png julia.pdf pixels.png \
	prof.html prof.svg allocs.html fgpl-negate.svg vega-negate.svg python.svg \
	julia.pb.gz julia.speedscope.json julia.gecko.json lines.html

clean:
	rm -rf obj obj-san obj-fuzz bin bin-san bin-fuzz demo.svg
	rm -f $(README_OUT)

.PHONY: all demo check check-limits check-slurm bench fuzz install uninstall clean
