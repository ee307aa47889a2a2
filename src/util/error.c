#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/error.h"

static void
set_file(gs_error *err, const char *file)
{
	snprintf(err->file, sizeof err->file, "%s", file ? file : "");
}

int
gs_error_set(gs_error *err, const char *file, long line, long col,
             const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return -1;
	set_file(err, file);
	err->line = line;
	err->col = col;
	err->offset = -1;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

int
gs_error_set_offset(gs_error *err, const char *file, long long offset,
                    const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return -1;
	set_file(err, file);
	err->line = 0;
	err->col = 0;
	err->offset = offset;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

void
gs_error_print(const gs_error *err, FILE *stream)
{
	if (!err->file[0])
		fprintf(stream, "gemmscope: %s\n", err->msg);
	else if (err->offset >= 0)
		fprintf(stream, "%s: byte %lld: %s\n", err->file, err->offset, err->msg);
	else if (err->line > 0 && err->col > 0)
		fprintf(stream, "%s:%ld:%ld: %s\n", err->file, err->line, err->col, err->msg);
	else if (err->line > 0)
		fprintf(stream, "%s:%ld: %s\n", err->file, err->line, err->msg);
	else
		fprintf(stream, "%s: %s\n", err->file, err->msg);
}

void
gs_error_clear(gs_error *err)
{
	memset(err, 0, sizeof *err);
	err->offset = -1;
}
