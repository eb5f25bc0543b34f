/* pdfnum: print pdf_num's text for each number given (tests) */
#include <stdio.h>
#include <stdlib.h>

#include "draw/pdf.h"
#include "base/util.h"

int
main(int argc, char **argv)
{
	struct bytes b = { 0 };
	int i;

	setprogname(argv[0]);
	for (i = 1; i < argc; i++)
		pdf_num(&b, strtod(argv[i], NULL));
	fwrite(b.p, 1, b.n, stdout);
	putchar('\n');
	bytes_free(&b);
	return 0;
}
