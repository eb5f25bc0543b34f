/* jsonnum: each line of standard input, a JSON number, read by
 * lib/base/json and by strtod; a line "NUMBER JSON STRTOD" (each
 * double as %.17g) for each where they differ, and exit 1 if any did.
 * For tests/json.bats: the JSON reader's own fast paths must give the
 * double strtod gives (the nearest). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"

int
main(void)
{
	char line[256];
	struct json j;
	struct jnum n;
	size_t len;
	double d;
	int bad = 0;

	setprogname("jsonnum");
	memset(&j, 0, sizeof(j));
	while (fgets(line, sizeof(line), stdin)) {
		len = strcspn(line, "\n");
		line[len] = 0;
		json_init(&j, line, len, "<stdin>");
		json_num(&j, &n);
		json_end(&j);
		d = strtod(line, NULL);
		if (n.d != d) {
			printf("%s %.17g %.17g\n", line, n.d, d);
			bad = 1;
		}
		json_free(&j);
	}
	return bad;
}
