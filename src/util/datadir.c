#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "util/datadir.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/gemmscope"
#endif
#ifndef GS_SRCDIR
#define GS_SRCDIR "."
#endif

static int
has_template(const char *dir)
{
	char path[4096];

	snprintf(path, sizeof path, "%s/templates/report.html", dir);
	return access(path, R_OK) == 0;
}

const char *
gs_datadir(void)
{
	const char *env = getenv("GEMMSCOPE_DATADIR");

	if (env && *env)
		return env;
	if (has_template(PKGDATADIR))
		return PKGDATADIR;
	return GS_SRCDIR;
}
