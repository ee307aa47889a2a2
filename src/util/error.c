#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "util/error.h"
#include "util/utf8.h"

/* Append "\xNN" for each of the N bytes at S to DST (room for CAP bytes
 * including the NUL, *LEN used); 0, or -1 when they do not fit. */
static int
put_hex(char *dst, size_t cap, size_t *len, const unsigned char *s, size_t n)
{
	if (*len + 4 * n >= cap)
		return -1;
	for (size_t i = 0; i < n; i++)
		*len += (size_t)snprintf(dst + *len, cap - *len, "\\x%02x", s[i]);
	return 0;
}

/* Copy S (LEN bytes) to DST (CAP bytes, NUL-terminated) with control
 * characters (C0, DEL, C1 as U+0080..U+009F) and ill-formed UTF-8 bytes
 * written as \xNN, so no input text can reach a terminal as an escape
 * sequence.  Stops at the last whole character that fits; a sequence cut
 * off by an earlier truncation (TRUNCATED) is dropped, not escaped. */
static void
escape_into(char *dst, size_t cap, const char *s, size_t len, int truncated)
{
	size_t i = 0, out = 0, n, bad;
	uint32_t cp;

	while (i < len) {
		n = gs_utf8_decode(s + i, len - i, &cp, &bad);
		if (n == 0 && truncated && i + bad == len && bad > 0 && (unsigned char)s[i] >= 0xc2)
			break;
		if (n == 0 || cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0)) {
			n = n ? n : bad;
			if (put_hex(dst, cap, &out, (const unsigned char *)s + i, n))
				break;
		} else {
			if (out + n >= cap)
				break;
			memcpy(dst + out, s + i, n);
			out += n;
		}
		i += n;
	}
	dst[out] = '\0';
}

/* vsnprintf into DST (CAP bytes) with escape_into's escaping. */
static void
format_escaped(char *dst, size_t cap, const char *fmt, va_list ap)
{
	char raw[GS_ERR_MSG_LEN];
	int n = vsnprintf(raw, sizeof raw, fmt, ap);
	size_t len;

	if (n < 0) {
		snprintf(dst, cap, "(unformattable message)");
		return;
	}
	len = (size_t)n < sizeof raw ? (size_t)n : sizeof raw - 1;
	escape_into(dst, cap, raw, len, (size_t)n >= sizeof raw);
}

static void
set_file(gs_error *err, const char *file)
{
	char raw[GS_ERR_FILE_LEN];
	int n = snprintf(raw, sizeof raw, "%s", file ? file : "");

	escape_into(err->file, sizeof err->file, raw, strlen(raw), n >= (int)sizeof raw);
}

int
gs_error_set(gs_error *err, const char *file, long line, long col, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return -1;
	set_file(err, file);
	err->line = line;
	err->col = col;
	err->offset = -1;
	va_start(ap, fmt);
	format_escaped(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

int
gs_error_set_offset(gs_error *err, const char *file, long long offset, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return -1;
	set_file(err, file);
	err->line = 0;
	err->col = 0;
	err->offset = offset;
	va_start(ap, fmt);
	format_escaped(err->msg, sizeof err->msg, fmt, ap);
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
