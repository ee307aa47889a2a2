/* main.c: gemmscope-bench's entry point; everything else is in libgs.a
 * (runner/bench.c). */
#include "config.h"

#include <stdlib.h>

#include "runner/bench.h"

int
main(int argc, char **argv)
{
	/* Device backends: $GEMMSCOPE_BENCH_LIBDIR, the build tree (so an
	 * uninstalled build runs), then the installed $(pkglibdir). */
	const char *env = getenv("GEMMSCOPE_BENCH_LIBDIR");
	const char *const dirs[] = {env ? env : "", GS_BUILD_LIBDIR, GS_PKGLIBDIR, NULL};

	return gs_bench_main(argc, argv, dirs);
}
