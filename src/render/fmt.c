/* fmt.c: display formatting shared by the writers. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <stdarg.h>
#include <libxml/xmlstring.h>
#include <libxml/xmlversion.h>

#include "analysis/single.h"
#include "render/fmt.h"

static const char MINUS[] = "\xe2\x88\x92"; /* U+2212 */
static const char TIMES[] = "\xc3\x97"; /* U+00D7 */

/* Insert ',' every three digits of the integer part of DIGITS ("1234.5"). */
static void
group_thousands(char *dst, size_t size, const char *digits)
{
	const char *dot = strchr(digits, '.');
	size_t int_len = dot ? (size_t)(dot - digits) : strlen(digits);
	size_t o = 0;

	for (size_t i = 0; i < int_len && o + 2 < size; i++) {
		if (i > 0 && (int_len - i) % 3 == 0)
			dst[o++] = ',';
		dst[o++] = digits[i];
	}
	dst[o] = '\0';
	if (dot)
		snprintf(dst + o, size - o, "%s", dot);
}

char *
gs_fmt_grouped(char *buf, size_t size, double v, int decimals)
{
	char digits[GS_FMT_LEN], grouped[GS_FMT_LEN];

	if (!isfinite(v)) {
		snprintf(buf, size, "n/a");
		return buf;
	}
	if (fabs(v) >= GS_FMT_HUGE) { /* "%f" would not fit (or mean anything) */
		snprintf(buf, size, "%s%.3e", v < 0 ? MINUS : "", fabs(v));
		return buf;
	}
	snprintf(digits, sizeof digits, "%.*f", decimals, fabs(v));
	group_thousands(grouped, sizeof grouped, digits);
	/* -0.0 after rounding prints without a sign. */
	snprintf(buf, size, "%s%s", v < 0 && strspn(digits, "0.") != strlen(digits) ? MINUS : "",
	         grouped);
	return buf;
}

char *
gs_fmt_us(char *buf, size_t size, double us)
{
	double a = fabs(us);

	return gs_fmt_grouped(buf, size, us, a < 10 ? 3 : a < 100 ? 2 : 1);
}

char *
gs_fmt_ratio(char *buf, size_t size, double r, int decimals)
{
	if (isnan(r))
		snprintf(buf, size, "n/a");
	else if (isinf(r))
		snprintf(buf, size, "%s\xe2\x88\x9e", r < 0 ? MINUS : "");
	else if (fabs(r) >= GS_FMT_HUGE) /* fits GS_FMT_LEN whole, "×" included */
		snprintf(buf, size, "%.3e%s", r, TIMES);
	else
		snprintf(buf, size, "%.*f%s", decimals, r, TIMES);
	return buf;
}

char *
gs_fmt_change(char *buf, size_t size, double frac)
{
	char num[GS_FMT_LEN];
	double pct = frac * 100;

	if (!isfinite(pct)) {
		snprintf(buf, size, "n/a");
		return buf;
	}
	gs_fmt_grouped(num, sizeof num, pct, 1);
	snprintf(buf, size, "%s%s %%",
	         num[0] >= '0' && num[0] <= '9' && strcmp(num, "0.0") != 0 ? "+" : "", num);
	return buf;
}

char *
gs_fmt_share(char *buf, size_t size, size_t k, size_t n)
{
	snprintf(buf, size, "%.1f %%", n ? 100.0 * (double)k / (double)n : 0.0);
	return buf;
}

char *
gs_fmt_utc(char *buf, size_t size, long long t, int iso)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm)) {
		snprintf(buf, size, "%lld", t);
		return buf;
	}
	strftime(buf, size, iso ? "%Y-%m-%dT%H:%M:%SZ" : "%Y-%m-%d %H:%M:%S UTC", &tm);
	return buf;
}

char *
gs_fmt_shape(char *buf, size_t size, const gs_shape *s)
{
	char batch[32] = "";

	if (s->name) /* kernel-keyed: its kernel's short label */
		return gs_shape_format(s, buf, size);
	if (s->batch != 1)
		snprintf(batch, sizeof batch, " batch %ld", s->batch);
	snprintf(buf, size, "%ld%s%ld%s%ld %s %c%c%s%s%s%s%s", s->M, TIMES, s->N, TIMES, s->K,
	         s->dtype[0] ? s->dtype : "?", s->trans_a, s->trans_b, batch,
	         s->bias ? " bias" : "", s->op[0] ? " (" : "", s->op, s->op[0] ? ")" : "");
	return buf;
}

const char *
gs_fmt_plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

char *
gs_fmt_count(char *buf, size_t size, size_t n)
{
	return gs_fmt_grouped(buf, size, (double)n, 0);
}

/* V with D decimals, or in scientific notation from GS_FMT_HUGE on (a
 * fixed-point double can be 309 digits long). */
static char *
fixed(char *buf, size_t size, double v, int d)
{
	if (fabs(v) >= GS_FMT_HUGE)
		snprintf(buf, size, "%.3e", v);
	else
		snprintf(buf, size, "%.*f", d, v);
	return buf;
}

/* Decimals for the geomean and its interval: 3, or more (up to 6) until
 * the interval's ends differ as printed; at a million shapes the 95 %
 * interval is 0.9973-0.9975, which three decimals print as 0.997-0.997. */
static int
ci_decimals(double lo, double hi)
{
	int d = 3;

	for (; d < 6; d++) {
		char a[GS_FMT_LEN], b[GS_FMT_LEN];
		if (strcmp(fixed(a, sizeof a, lo, d), fixed(b, sizeof b, hi, d)) != 0)
			break;
	}
	return d;
}

char *
gs_fmt_ci(char *buf, size_t size, double lo, double hi, int decimals)
{
	char a[GS_FMT_LEN], b[GS_FMT_LEN];

	if (isnan(lo) || isnan(hi))
		snprintf(buf, size, "n/a");
	else
		snprintf(buf, size, "%s\xe2\x80\x93%s", gs_fmt_ratio(a, sizeof a, lo, decimals),
		         gs_fmt_ratio(b, sizeof b, hi, decimals));
	return buf;
}

char *
gs_fmt_verdict(char *buf, size_t size, const gs_compare *c)
{
	const gs_compare_summary *s = &c->s;
	char unsure[64] = "", reg[32], imp[32], n[32], un[32];
	char g[GS_FMT_LEN], lo[GS_FMT_LEN], hi[GS_FMT_LEN], ci[2 * GS_FMT_LEN + 4] = "n/a";
	int d = isnan(s->geomean_lo) ? 3 : ci_decimals(s->geomean_lo, s->geomean_hi);

	if (s->unsure)
		snprintf(unsure, sizeof unsure, "; %s unsure",
		         gs_fmt_count(un, sizeof un, s->unsure));
	if (!isnan(s->geomean_lo)) /* a single shape has no interval */
		snprintf(ci, sizeof ci, "%s\xe2\x80\x93%s", fixed(lo, sizeof lo, s->geomean_lo, d),
		         fixed(hi, sizeof hi, s->geomean_hi, d));
	snprintf(buf, size, "%s %s, %s %s; geomean %s%s [95 %% CI %s] over %s %s%s",
	         gs_fmt_count(reg, sizeof reg, s->regressed),
	         gs_fmt_plural(s->regressed, "regression", "regressions"),
	         gs_fmt_count(imp, sizeof imp, s->improved),
	         gs_fmt_plural(s->improved, "improvement", "improvements"),
	         fixed(g, sizeof g, s->geomean, d), TIMES, ci,
	         gs_fmt_count(n, sizeof n, s->matched),
	         gs_fmt_plural(s->matched, "shape", "shapes"), unsure);
	return buf;
}

char *
gs_fmt_gpu_unknown(char *buf, size_t size, const gs_single *s)
{
	const char *named = s && s->table ? s->table->gpu : NULL;
	static const char fix[] = "pass --gpu with a name from `gemmscope gpus` or a GPU spec "
	                          "file (`gemmscope-bench --ceilings` measures one)";

	if (!named || !*named)
		snprintf(
		        buf, size,
		        "no GPU is known (the input names none and no --gpu was given), so the "
		        "roofline, wave quantisation (wq_eff, dim_eff), the tile model and occupancy "
		        "are not computed; %s",
		        fix);
	else if (s->cus_from_input && s->cus > 0)
		snprintf(
		        buf, size,
		        "the input names %s, which the built-in GPU table lacks: wave quantisation "
		        "uses the input's %d CUs/SMs; the roofline, the tile model and occupancy "
		        "need the GPU's peak TFLOP/s and bandwidth: %s",
		        named, s->cus, fix);
	else
		snprintf(
		        buf, size,
		        "the input names %s, which the built-in GPU table lacks, and gives no "
		        "CU/SM count: the roofline, wave quantisation, the tile model and occupancy "
		        "need the GPU's figures: %s",
		        named, fix);
	return buf;
}

double
gs_fmt_slowdown(const gs_pair *p)
{
	return p->cand->t.median / p->base->t.median;
}

/* 1 if code point C may appear in an XML 1.0 document and is printable
 * (tab allowed, other controls not). */
static int
printable(int c)
{
	if (c < 0x20)
		return c == '\t';
	if (c == 0x7f || (c >= 0x80 && c < 0xa0))
		return 0;
	if (c >= 0xd800 && c <= 0xdfff)
		return 0;
	return c != 0xfffe && c != 0xffff && c <= 0x10ffff;
}

char *
gs_fmt_clean(const char *s)
{
	const unsigned char *start = (const unsigned char *)(s ? s : "");
	const unsigned char *p = start;
	size_t n = strlen((const char *)start), o = 0;
	char *out = malloc(n * 3 + 1); /* each bad byte may become 3 bytes */

	if (!out)
		return NULL;
	while (*p) {
		size_t left = n - (size_t)(p - start);
		int len = left > 4 ? 4 : (int)left;
		int c = xmlGetUTF8Char(p, &len);
		if (c < 0 || !printable(c)) {
			memcpy(out + o, "\xef\xbf\xbd", 3); /* U+FFFD */
			o += 3;
			p += c < 0 ? 1 : len;
			continue;
		}
		memcpy(out + o, p, (size_t)len);
		o += (size_t)len;
		p += len;
	}
	out[o] = '\0';
	return out;
}

const char *
gs_fmt_correction(gs_correction c)
{
	switch (c) {
	case GS_CORR_HOLM: return "Holm";
	case GS_CORR_BH: return "Benjamini-Hochberg";
	case GS_CORR_NONE: break;
	}
	return "none";
}

void
gs_fmt_md_text(FILE *out, const char *s)
{
	char *clean = gs_fmt_clean(s);
	const char *p = clean ? clean : "?";

	for (; *p; p++) {
		if (*p == '<')
			fputs("&lt;", out);
		else if (*p == '>')
			fputs("&gt;", out);
		else if (*p == '&')
			fputs("&amp;", out);
		else if (*p == '\t')
			fputc(' ', out);
		else {
			if (strchr("\\`|*_[]#!~", *p))
				fputc('\\', out);
			fputc(*p, out);
		}
	}
	free(clean);
}

/* A CSV text field's first bytes that a spreadsheet takes for a formula,
 * and the bytes that make a field quoted (gs_fmt_csv_field). */
static const char csv_formula[] = "=+-@\t\r", csv_quoted[] = ",\"\r\n";

int
gs_fmt_csv_plain(const char *s)
{
	return !s || ((!s[0] || !strchr(csv_formula, s[0])) && !strpbrk(s, csv_quoted));
}

void
gs_fmt_csv_field(FILE *out, const char *s)
{
	int neutralise;

	if (!s)
		return;
	neutralise = s[0] && strchr(csv_formula, s[0]) != NULL;
	if (!strpbrk(s, csv_quoted)) {
		if (neutralise)
			fputc('\'', out);
		fputs(s, out);
		return;
	}
	fputc('"', out);
	if (neutralise)
		fputc('\'', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}
