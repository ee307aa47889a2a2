/* utf8.h: one strict UTF-8 validator for every text that enters gemmscope.
 *
 * Well-formed means Unicode 15 §3.9 Table 3-7 (RFC 3629): no overlong
 * forms (C0, C1, E0 80..9F, F0 80..8F), no surrogates (ED A0..BF, i.e.
 * U+D800..U+DFFF), nothing above U+10FFFF (F4 90.., F5..FF), no 5- or
 * 6-byte forms (F8..FD).  U+0000 is well-formed here: a NUL in an input is
 * ingest's error to report, not an encoding error.
 *
 * Ill-formed input is repaired by replacing each maximal subpart of an
 * ill-formed sequence with U+FFFD (Unicode §3.9 "U+FFFD Substitution of
 * Maximal Subparts", the practice of the WHATWG Encoding Standard and of
 * Python's errors="replace"): a lead byte followed by valid continuation
 * bytes that then breaks off counts as one, every other bad byte as one.
 * So C0 AF gives two U+FFFD, F8 88 80 80 80 five, and a truncated E2 82 at
 * the end one.
 */
#ifndef GS_UTF8_H
#define GS_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* The replacement character U+FFFD in UTF-8. */
#define GS_UTF8_REPLACEMENT "\xef\xbf\xbd"

/* gs_utf8_decode: the well-formed sequence at S (LEN >= 1 bytes readable).
 * Returns its length (1..4) and stores the code point in *CP (may be
 * NULL); returns 0 when S does not begin a well-formed sequence, with
 * *BAD (may be NULL) set to the length of the maximal subpart to replace
 * (1..3, never more than LEN).  LEN 0 returns 0 with *BAD 0. */
size_t gs_utf8_decode(const char *s, size_t len, uint32_t *cp, size_t *bad);

/* gs_utf8_scan: the number of maximal ill-formed subparts in S[0..LEN)
 * (0: the text is well-formed UTF-8), with the byte offset of the first in
 * *FIRST_BAD (may be NULL; LEN when there is none), for an error or a note
 * that names the position. */
size_t gs_utf8_scan(const char *s, size_t len, size_t *first_bad);

/* gs_utf8_clean: repair S[0..LEN).  When S is well-formed, *OUT = NULL and
 * *NREPLACED = 0: the caller keeps S (no copy is made).  Otherwise *OUT is
 * a new NUL-terminated string (owned by the caller: free()) in which each
 * maximal ill-formed subpart is U+FFFD, *OUT_LEN (may be NULL) its length
 * (at most 3·LEN: one bad byte grows to three), and *NREPLACED the number
 * of U+FFFD inserted.  Returns 0, or -1 when memory runs out or the size
 * overflows (then *OUT = NULL, *NREPLACED = 0). */
int gs_utf8_clean(const char *s, size_t len, char **out, size_t *out_len, size_t *nreplaced);

/* gs_utf8_clean_str: gs_utf8_clean for the NUL-terminated, malloc'd string
 * *S (a NULL *S is left alone): when it is ill-formed, *S is replaced by
 * the repaired copy and the old string freed.  *NREPLACED (may be NULL)
 * gets the count.  Returns 0, or -1 on out of memory (*S unchanged). */
int gs_utf8_clean_str(char **s, size_t *nreplaced);

#endif
