/* replay.h: what every fuzz target (tests/fuzz/fuzz_*.c) shares.
 *
 * A target is one function that checks one input, FEED.  It is built two
 * ways:
 *  - with libFuzzer (`make fuzz`, clang, -DGS_LIBFUZZER): the target's
 *    LLVMFuzzerTestOneInput calls FEED and abort()s on a violation, so
 *    the fuzzer keeps the input as a crash;
 *  - as a check program (always): its main() calls gs_fuzz_main(), which
 *    replays every file under the seed directories named on the command
 *    line (relative to $top_srcdir) and, for each small seed, a
 *    fixed-seed series of mutations (bit flips, truncations, inserted
 *    metacharacters, duplicated spans).  `make check` runs it, and the
 *    sanitizer build runs it under ASan+UBSan.
 * FEED always gets a buffer of exactly SIZE bytes (no NUL after it), so
 * a read past the end is an ASan report in both builds.
 *
 * The temporary-file helpers below are for targets whose reader takes a
 * path: each input gets a fresh private directory, removed before FEED
 * returns.
 */
#ifndef GS_FUZZ_REPLAY_H
#define GS_FUZZ_REPLAY_H

#include <stddef.h>
#include <stdint.h>

enum { GS_FUZZ_PATH = 4096 };

/* FEED: check one input of SIZE bytes.  Returns 0 when every property
 * held (a reader may accept or reject the input), nonzero on a violation
 * after printing what was violated on stderr. */
typedef int (*gs_fuzz_feed)(const uint8_t *data, size_t size);

typedef struct gs_fuzz_target {
	const char *name; /* the target, for messages */
	gs_fuzz_feed feed;
	const char *meta; /* bytes the mutator inserts; NULL: CSV/JSON
	                           metacharacters and a UTF-8 BOM */
	int mutations; /* mutated copies replayed per small seed */
} gs_fuzz_target;

/* gs_fuzz_main: the replay driver (see above).  ARGV[1..ARGC) are seed
 * directories under $top_srcdir (default "."), walked recursively; files
 * whose name starts with '.' or contains ".md" are not seeds.  Prints one
 * summary line.  Returns 0 when every input passed, 1 otherwise (also for
 * an unreadable seed directory or no seed at all). */
int gs_fuzz_main(const gs_fuzz_target *t, int argc, char **argv);

/* gs_fuzz_tmpdir: create a fresh private directory (mkdtemp under $TMPDIR
 * or /tmp) and store its path in DIR.  Returns 0, or -1 with errno. */
int gs_fuzz_tmpdir(char dir[GS_FUZZ_PATH]);

/* gs_fuzz_put: write DATA[0..SIZE) to the file DIR/NAME (NAME has no
 * '/') and store its path in PATH (may be NULL).  Returns 0 or -1. */
int gs_fuzz_put(const char *dir, const char *name, const uint8_t *data, size_t size,
                char path[GS_FUZZ_PATH]);

/* gs_fuzz_rmdir: remove the files directly in DIR (what gs_fuzz_put
 * wrote, hidden names included) and DIR itself.  Returns 0 or -1. */
int gs_fuzz_rmdir(const char *dir);

#endif
