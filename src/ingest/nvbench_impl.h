/* nvbench_impl.h: one nvbench JSON document being streamed (nvbench.h):
 * the devices, the benchmark and the state being read.  Private to
 * nvbench_json.c (the yajl callbacks) and nvbench_state.c (a state into
 * the table). */
#ifndef GS_NVBENCH_IMPL_H
#define GS_NVBENCH_IMPL_H

#include <stddef.h>

#include "ingest/nvbench.h"
#include "ingest/trace_json.h"

enum {
	NVB_DEPTH = 10, /* containers tracked: root .. data entry (9 deep) */
	NVB_MAX_DEVICES = 64,
	NVB_MAX_AXES = 32,
	NVB_NAME = 128, /* names kept (cut beyond) */
	NVB_VALUE = 4096 /* values kept: a sidecar path fits */
};

/* Where the parser is: the containers nvbench's layout has. */
typedef enum {
	NV_NONE,
	NV_ROOT,
	NV_DEVICES,
	NV_DEVICE,
	NV_BENCHES,
	NV_BENCH,
	NV_STATES,
	NV_STATE,
	NV_AXVALS,
	NV_AXVAL,
	NV_SUMMS,
	NV_SUMM,
	NV_DATA,
	NV_DATUM
} nvwhere;

typedef struct nvb_device {
	long long id, sms, sm_version, clock_hz, mem_bytes;
	char name[NVB_NAME];
} nvb_device;

typedef struct nvb_axis {
	char name[NVB_NAME], value[NVB_NAME];
} nvb_axis;

/* The state being read. */
typedef struct nvb_state {
	long long device; /* -1 if not given */
	nvb_axis axis[NVB_MAX_AXES];
	int naxes;
	nvb_axis cur; /* the axis_values entry being read */
	int skipped;
	char skip_reason[NVB_NAME];
	double median, mean; /* µs (the file's seconds scaled), NAN if not given */
	long long samples; /* nv/cold/sample_size, 0 if not given */
	char sidecar[NVB_VALUE]; /* the sample-times file, "" if none */
	long long sidecar_n;
	/* the summary and data entry being read */
	char tag[NVB_NAME], dname[NVB_NAME], dvalue[NVB_VALUE];
	char value[NVB_NAME], filename[NVB_VALUE], size[NVB_NAME];
} nvb_state;

typedef struct nvb {
	gs_jstream js;
	gs_table *t;
	int depth, skip;
	nvwhere wh[NVB_DEPTH];
	char key[NVB_DEPTH][NVB_NAME]; /* the current key of each map */
	nvb_device dev[NVB_MAX_DEVICES], cur_dev;
	int ndev;
	int saw_benchmarks;
	char bench[NVB_NAME];
	nvb_state st;
	long nstates; /* states read, for their "line" */
	long long device; /* the input's device, -1 before the first state */
	double *samp; /* sidecar samples, µs */
	size_t samp_cap;
} nvb;

/* gs_nvbench_state_done: the state just closed into the table (a record, a
 * sample of one, or an exclusion; another device's state is skipped).
 * Returns 1 to go on, or 0 after gs_jstream_fail (yajl's cancel). */
int gs_nvbench_state_done(nvb *c);

/* gs_nvbench_finish: after the document: the table's GPU from the input's
 * device, or ERR when no state became a record.  Returns 0 or -1. */
int gs_nvbench_finish(nvb *c, gs_error *err);

#endif
