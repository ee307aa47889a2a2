#define _GNU_SOURCE /* RTLD_NODELETE */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runner/devload.h"

/* Append "; " and a formatted note to WHY. */
static void
note(char *why, size_t size, const char *platform, const char *msg)
{
	size_t used = strlen(why);

	if (used + 1 < size)
		snprintf(why + used, size - used, "%s%s: %s", used ? "; " : "", platform, msg);
}

static int
try_library(gs_devload *l, const char *platform, int device, gs_dev_info *info, char *why,
            size_t whysize)
{
	gs_dev_entry_fn entry;
	const char *msg;
	char buf[1200];

	/* RTLD_NODELETE: GPU runtimes keep state past dlclose (atexit
	 * handlers, libstdc++'s exception pool); unloading them is unsafe. */
	l->handle = dlopen(l->path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
	if (!l->handle) {
		snprintf(buf, sizeof buf, "cannot load %s: %s", l->path, dlerror());
		note(why, whysize, platform, buf);
		return -1;
	}
	entry = (gs_dev_entry_fn)dlsym(l->handle, GS_DEV_ENTRY);
	l->api = entry ? entry() : NULL;
	if (!l->api || l->api->abi != GS_DEV_ABI) {
		snprintf(buf, sizeof buf, "%s is not a gemmscope-bench backend of ABI %d", l->path,
		         GS_DEV_ABI);
		note(why, whysize, platform, buf);
	} else if ((msg = l->api->init(device, info))) {
		note(why, whysize, platform, msg);
	} else {
		return 0;
	}
	dlclose(l->handle);
	l->handle = NULL;
	l->api = NULL;
	return -1;
}

/* Find PLATFORM's library in DIRS.  Returns 1 with l->path set, or 0. */
static int
find_library(gs_devload *l, const char *platform, const char *const *dirs)
{
	for (const char *const *d = dirs; *d; d++) {
		if (!**d)
			continue;
		snprintf(l->path, sizeof l->path, "%s/gemmscope-bench-%s.so", *d, platform);
		if (access(l->path, R_OK) == 0)
			return 1;
	}
	return 0;
}

int
gs_devload_open(gs_devload *l, const char *platform, const char *const *dirs, int device,
                gs_dev_info *info, char *why, size_t whysize)
{
	static const char *const all[] = {"hip", "cuda", NULL};
	const char *one[] = {platform, NULL};
	const char *const *list = strcmp(platform, "auto") == 0 ? all : one;
	int found = 0;

	memset(l, 0, sizeof *l);
	why[0] = 0;
	for (const char *const *p = list; *p; p++) {
		if (!find_library(l, *p, dirs))
			continue;
		found = 1;
		if (try_library(l, *p, device, info, why, whysize) == 0)
			return 0;
	}
	if (!found)
		snprintf(why, whysize,
		         "no device backend: this gemmscope-bench was built "
		         "without hipcc and nvcc, or gemmscope-bench-%s.so is not installed",
		         list == all ? "{hip,cuda}" : platform);
	l->path[0] = 0;
	return -1;
}

void
gs_devload_close(gs_devload *l)
{
	if (l->api)
		l->api->fini();
	if (l->handle)
		dlclose(l->handle);
	memset(l, 0, sizeof *l);
}
