/*
 * A main for the fuzzing harnesses where libFuzzer is not linked in:
 * runs the harness once on each file named (or on standard input).
 * make check uses it to replay every stored corpus and crash input;
 * AFL++ uses it with afl-clang-fast (@@ for the file).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
one(FILE *f, const char *name)
{
	unsigned char *buf = NULL;
	size_t len = 0, cap = 0, n;

	do {
		if (len == cap) {
			cap = cap ? cap * 2 : 65536;
			if (!(buf = realloc(buf, cap))) {
				perror("driver");
				exit(1);
			}
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n);
	if (ferror(f)) {
		fprintf(stderr, "driver: %s: read error\n", name);
		exit(1);
	}
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
}

int
main(int argc, char **argv)
{
	FILE *f;
	int i;

	if (argc < 2)
		one(stdin, "<stdin>");
	for (i = 1; i < argc; i++) {
		if (!(f = fopen(argv[i], "rb"))) {
			perror(argv[i]);
			return 1;
		}
		one(f, argv[i]);
		fclose(f);
	}
	return 0;
}
