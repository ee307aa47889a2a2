/* output_stale.c: the temporaries an earlier run left when it was killed
 * (README "What the outputs guarantee"): found by gemmscope's own naming
 * pattern beside each output and removed before a run writes its own
 * (output_impl.h). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "render/output_impl.h"
#include "util/outfile.h"

/* "DIR/NAME.EXT" as a new string, or NULL when out of memory. */
char *
gs_output_join(const char *dir, const char *name, const char *ext)
{
	size_t n = strlen(dir) + strlen(name) + strlen(ext) + 3;
	char *p = malloc(n);

	if (p)
		snprintf(p, n, "%s/%s%s", dir, name, ext);
	return p;
}

/* Remove every entry of directory PATH (one level: the files of an assets
 * directory), then PATH itself.  Best effort. */
void
gs_output_remove_flat_dir(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;

	if (d) {
		while ((e = readdir(d)))
			if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, ".."))
				unlinkat(dirfd(d), e->d_name, 0);
		closedir(d);
	}
	rmdir(path);
}

/* Whether NAME is "BASE" GS_OUTFILE_TMP_TAG and six [A-Za-z0-9]. */
static int
assets_tmp_name(const char *name, const char *base)
{
	static const char alnum[] = "abcdefghijklmnopqrstuvwxyz"
	                            "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	size_t nb = strlen(base), nt = strlen(GS_OUTFILE_TMP_TAG);

	return strncmp(name, base, nb) == 0 && strncmp(name + nb, GS_OUTFILE_TMP_TAG, nt) == 0 &&
	       strlen(name + nb + nt) == 6 && strspn(name + nb + nt, alnum) == 6;
}

/* Remove the stale temporary assets directories of DIR (a killed run's
 * "DIR.gemmscope-XXXXXX", ours, older than GS_OUTFILE_STALE_S) in PARENT. */
static void
clean_stale_assets(const char *parent, const char *base)
{
	DIR *d = opendir(parent);
	struct dirent *e;
	struct stat st;
	time_t now = time(NULL);

	if (!d)
		return;
	while ((e = readdir(d))) {
		char *p;
		if (!assets_tmp_name(e->d_name, base) ||
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISDIR(st.st_mode) || st.st_uid != geteuid() ||
		    (double)now - (double)st.st_mtime < (double)GS_OUTFILE_STALE_S)
			continue;
		if ((p = gs_output_join(parent, e->d_name, "")))
			gs_output_remove_flat_dir(p);
		free(p);
	}
	closedir(d);
}

/* Remove the stale temporaries in the directory of output PATH (not for
 * "-" nor an existing non-regular file: those are written in place); for
 * the assets directory (ASSETS set) also its own temporaries inside. */
void
gs_output_clean_stale_for(const char *path, int is_assets)
{
	struct stat st;
	const char *slash = strrchr(path, '/');
	char *parent;

	if (strcmp(path, "-") == 0 ||
	    (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !(is_assets && S_ISDIR(st.st_mode))))
		return;
	parent = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
	if (!parent)
		return;
	gs_outfile_clean_stale(parent, GS_OUTFILE_STALE_S, NULL);
	if (is_assets) {
		clean_stale_assets(parent, slash ? slash + 1 : path);
		if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
			gs_outfile_clean_stale(path, GS_OUTFILE_STALE_S, NULL);
	}
	free(parent);
}
