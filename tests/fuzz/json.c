/*
 * Fuzzing harness for the JSON reader (lib/base/json.c): the input's
 * first byte chooses how deep nesting may go (its low four bits, 0
 * meaning the default) and whether the document is walked with the
 * object and array calls, decoding every key, string and number (bit
 * 4), or passed with json_skip; the rest is the document.
 */
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>

#include "base/json.h"
#include "base/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static jmp_buf jb;
static struct json j;
static volatile size_t seen;

/* Walk one value with the explicit calls; containers through a stack
 * of their kinds kept by the reader itself. */
static void
walk(void)
{
	unsigned base = j.depth;
	struct jstr s;
	struct jnum n;
	int k;

	for (;;) {
		k = json_peek(&j);
		if (k == JSON_OBJ) {
			json_obj(&j);
			if (json_key(&j, &s)) {
				seen += s.len;
				continue;
			}
		} else if (k == JSON_ARR) {
			json_arr(&j);
			if (json_more(&j))
				continue;
		} else if (k == JSON_STR) {
			s = json_str(&j);
			seen += s.len ? (unsigned char)s.s[s.len - 1] : 0;
		} else if (k == JSON_NUM) {
			json_num(&j, &n);
			seen += n.isint ? (size_t)n.i : (size_t)(n.d != n.d);
		} else {
			json_skip(&j);
		}
		for (;;) {
			if (j.depth == base)
				return;
			if (j.kind[j.depth - 1] == JSON_OBJ ? json_key(&j, &s) : json_more(&j))
				break;
		}
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	setprogname("json");
	json_init(&j, (const char *)data + 1, size - 1, "fuzz");
	if (data[0] & 15)
		j.maxdepth = data[0] & 15;
	error_jmp = &jb;
	if (!setjmp(jb)) {
		if (data[0] & 16)
			walk();
		else
			json_skip(&j);
		json_end(&j);
	}
	error_jmp = NULL;
	json_free(&j);
	return 0;
}
