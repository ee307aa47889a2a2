/* output_impl.h: what output.c shares with output_stale.c. */
#ifndef GS_OUTPUT_IMPL_H
#define GS_OUTPUT_IMPL_H

/* gs_output_join: "DIR/NAME.EXT" as a new string (the caller frees it), or
 * NULL when out of memory. */
char *gs_output_join(const char *dir, const char *name, const char *ext);

/* gs_output_remove_flat_dir: remove every entry of directory PATH (one
 * level: the files of an assets directory), then PATH.  Best effort. */
void gs_output_remove_flat_dir(const char *path);

/* gs_output_clean_stale_for: remove the stale temporaries of output PATH
 * (IS_ASSETS: PATH is an assets directory) that an earlier, killed run
 * left beside it: gemmscope's own naming pattern only, older than
 * GS_OUTFILE_STALE_S (util/outfile.h).  Best effort, no error. */
void gs_output_clean_stale_for(const char *path, int is_assets);

#endif
