/* datadir.h: where templates/ and fonts/ are found.
 *
 * Order: $GEMMSCOPE_DATADIR; the installed $(pkgdatadir) when it holds
 * templates/report.html; the source tree the binary was built from (so the
 * build tree works without installing).
 */
#ifndef GS_DATADIR_H
#define GS_DATADIR_H

/* gs_datadir: the data directory (static storage, never NULL). */
const char *gs_datadir(void);

#endif
