/* main.c: options and dispatch only. */
#include "config.h"

#include <stdio.h>
#include <string.h>

int
main(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0) {
		fprintf(stderr, "usage: gemmscope compare BASELINE CANDIDATE [options]\n");
		return 2;
	}
	return 2;
}
