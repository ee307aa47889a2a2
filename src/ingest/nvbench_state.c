/* nvbench_state.c: one nvbench state into the table (nvbench.h): its key
 * and tag from the axes, its time from the sidecar samples or the
 * summaries, and the table's GPU from the input's device. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ingest/nvbench_impl.h"
#include "util/grow.h"

/* The most samples one sidecar may hold. */
#define NVB_MAX_SAMPLES ((size_t)1 << 24)

/* The key and tag of the state just read; *GEMM = 0 when its axes lack
 * M, N or K.  Returns 0, or -1 after gs_jstream_fail (a bad axis). */
static int
state_key(nvb *c, gs_shape *key, char *tag, size_t size, int *gemm)
{
	const nvb_state *s = &c->st;

	gs_shape_init(key); /* M, N, K 0 until an axis names them */
	snprintf(tag, size, "%s", c->bench);
	for (int i = 0; i < s->naxes; i++) {
		int rc = gs_nvbench_axis(key, s->axis[i].name, s->axis[i].value);
		if (rc < 0)
			return gs_jstream_fail(&c->js,
			                       "state %ld: axis %s is not a positive whole "
			                       "number: '%.80s'",
			                       c->nstates, s->axis[i].name, s->axis[i].value),
			       -1;
		if (rc == 0)
			gs_nvbench_tag_add(tag, size, s->axis[i].name, s->axis[i].value);
	}
	*gemm = key->M > 0 && key->N > 0 && key->K > 0;
	return 0;
}

/* The sidecar's path: as given when absolute, else beside the JSON. */
static int
sidecar_path(const nvb *c, char *path, size_t size)
{
	const char *json = c->js.in->path, *slash = strrchr(json, '/');
	int n;

	if (c->st.sidecar[0] == '/' || !slash)
		n = snprintf(path, size, "%s", c->st.sidecar);
	else
		n = snprintf(path, size, "%.*s/%s", (int)(slash - json), json, c->st.sidecar);
	return n >= 0 && (size_t)n < size ? 0 : -1;
}

/* Sample I of F (little-endian float32 seconds) into c->samp[I], µs.
 * Returns 0, or -1 after gs_jstream_fail. */
static int
sidecar_sample(nvb *c, FILE *f, const char *path, size_t i)
{
	unsigned char b[4];
	uint32_t u;
	float s;
	double us;

	if (fread(b, 1, 4, f) != 4)
		return gs_jstream_fail(&c->js, "sidecar %s: cannot read sample %zu", path, i), -1;
	u = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	memcpy(&s, &u, sizeof s);
	us = (double)s * 1e6;
	if (!gs_time_in_range(us))
		return gs_jstream_fail(&c->js,
		                       "sidecar %s: sample %zu (%g s) is not a time between "
		                       "1e-6 and 1e12 us",
		                       path, i, (double)s),
		       -1;
	c->samp[i] = us;
	return 0;
}

/* The state's samples from its sidecar into c->samp: *N of them, 0 when
 * the file is not there (not a regular file).  Returns 0, or -1 after
 * gs_jstream_fail (a file of the wrong size, a bad sample). */
static int
sidecar(nvb *c, size_t *n)
{
	size_t want = (size_t)c->st.sidecar_n;
	char path[4096 + 512];
	struct stat st;
	FILE *f;
	int rc = 0;

	*n = 0;
	if (sidecar_path(c, path, sizeof path) != 0 || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return 0;
	if (want > NVB_MAX_SAMPLES || (long long)st.st_size != (long long)want * 4)
		return gs_jstream_fail(&c->js,
		                       "sidecar %s has %lld bytes; the state names %lld samples "
		                       "(4 bytes each, at most 2^24)",
		                       path, (long long)st.st_size, c->st.sidecar_n),
		       -1;
	if (GS_GROW(c->samp, c->samp_cap, want, NVB_MAX_SAMPLES) != 0 || !(f = fopen(path, "rb")))
		return gs_jstream_fail(&c->js, "sidecar %s: cannot read it", path), -1;
	for (size_t i = 0; i < want && rc == 0; i++)
		rc = sidecar_sample(c, f, path, i);
	fclose(f);
	*n = rc == 0 ? want : 0;
	return rc;
}

/* The state's times into c->samp (*N, 0: none).  Returns 0 or -1. */
static int
state_times(nvb *c, size_t *n)
{
	double us = !isnan(c->st.median) ? c->st.median : c->st.mean;

	if (c->st.sidecar[0] && (sidecar(c, n) != 0 || *n > 0))
		return *n > 0 ? 0 : -1;
	*n = 0;
	if (isnan(us))
		return 0;
	if (!gs_time_in_range(us))
		return gs_jstream_fail(&c->js,
		                       "state %ld: GPU time %g us is outside the accepted range "
		                       "1e-6 .. 1e12 us",
		                       c->nstates, us),
		       -1;
	if (GS_GROW(c->samp, c->samp_cap, 1, NVB_MAX_SAMPLES) != 0)
		return gs_jstream_fail(&c->js, "out of memory"), -1;
	c->samp[0] = us;
	*n = 1;
	return 0;
}

/* Exclude the state (described by KEY when GEMM, else by TAG). */
static int
exclude(nvb *c, const gs_shape *key, int gemm, const char *tag, const char *why)
{
	char what[1024];

	snprintf(what, sizeof what, "%.1000s", tag);
	if (gemm)
		gs_shape_format(key, what, sizeof what);
	if (gs_table_exclude(c->t, c->nstates, what, why) != 0)
		return gs_jstream_fail(&c->js, "out of memory");
	return 1;
}

/* N samples of c->samp on KEY's record, with TAG. */
static int
add(nvb *c, const gs_shape *key, const char *tag, size_t n)
{
	gs_error e;
	gs_record *r = gs_table_get(c->t, key, c->nstates, &e);
	int rc = r ? gs_table_set_tag(c->t, r, tag) : -1;

	for (size_t i = 0; i < n && rc == 0; i++)
		rc = gs_record_add_sample(r, c->samp[i]);
	if (rc != 0)
		return gs_jstream_fail(&c->js, "out of memory");
	r->t.count += c->st.samples;
	return 1;
}

int
gs_nvbench_state_done(nvb *c)
{
	char tag[1024], why[NVB_NAME + 32];
	const char *clash;
	gs_shape key;
	size_t n;
	int gemm;

	if (c->device < 0)
		c->device = c->st.device;
	if (c->st.device != c->device)
		return c->t->skipped++, 1;
	if (state_key(c, &key, tag, sizeof tag, &gemm) != 0)
		return 0;
	if (!gemm)
		return exclude(c, &key, 0, tag, "no M, N and K axes: not a GEMM state");
	if (c->st.skipped) {
		snprintf(why, sizeof why, "skipped by nvbench: %s", c->st.skip_reason);
		return exclude(c, &key, 1, tag, why);
	}
	if (state_times(c, &n) != 0)
		return 0;
	if (n == 0)
		return exclude(c, &key, 1, tag, "no GPU time (nv/cold/time/gpu)");
	if ((clash = gs_nvbench_clash(c->t, &key, tag)))
		return exclude(c, &key, 1, tag, clash);
	return add(c, &key, tag, n);
}

/* The table's GPU and environment from device D. */
static int
set_gpu(gs_table *t, const nvb_device *d)
{
	int sms = d->sms > 0 && d->sms < 1000000 ? (int)d->sms : 0, rc = 0;
	char buf[64];

	if (!d->name[0])
		return 0;
	rc |= gs_table_set_gpu(t, d->name, sms);
	rc |= gs_table_set_env(t, GS_ENV_DEVICE, d->name, NAN);
	if (sms) {
		snprintf(buf, sizeof buf, "%d", sms);
		rc |= gs_table_set_env(t, GS_ENV_CUS, buf, sms);
	}
	if (d->sm_version > 0 && d->sm_version < 10000) {
		snprintf(buf, sizeof buf, "%lld.%lld", d->sm_version / 100,
		         d->sm_version / 10 % 10);
		rc |= gs_table_set_env(t, GS_ENV_CC, buf, NAN);
	}
	if (d->mem_bytes > 0) {
		snprintf(buf, sizeof buf, "%.1f GB", d->mem_bytes / 1e9);
		rc |= gs_table_set_env(t, GS_ENV_MEMORY, buf, d->mem_bytes / 1e9);
	}
	if (d->clock_hz > 0 && d->clock_hz < 1e13) {
		snprintf(buf, sizeof buf, "%.0f MHz", d->clock_hz / 1e6);
		rc |= gs_table_set_env(t, GS_ENV_SCLK, buf, d->clock_hz / 1e6);
	}
	return rc ? -1 : 0;
}

int
gs_nvbench_finish(nvb *c, gs_error *err)
{
	gs_table *t = c->t;

	for (int i = 0; i < c->ndev; i++)
		if (c->dev[i].id == c->device && set_gpu(t, &c->dev[i]) != 0)
			return gs_error_set(err, t->path, 0, 0, "out of memory");
	if (t->n > 0)
		return 0;
	return gs_error_set(err, t->path, 0, 0,
	                    "no nvbench state is a GEMM with a GPU time (%ld states read%s%s)",
	                    c->nstates, t->nexcl ? "; the first excluded: " : "",
	                    t->nexcl ? t->excl[0].reason : "");
}
