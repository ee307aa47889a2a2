/* hash.h: the 64-bit hashing the key indexes share.
 *
 * gs_fnv1a continues an FNV-1a hash (Fowler, Noll, Vo; offset basis
 * 14695981039346656037, prime 1099511628211) over N bytes, gs_hash_str
 * over a string, gs_hash_word over a 64-bit word; gs_mix64 is
 * MurmurHash3's fmix64 finalizer, which spreads every input bit over the
 * low bits an index masks (FNV-1a's low bits depend only on the inputs'
 * low bits).  Pure, no state.
 */
#ifndef GS_HASH_H
#define GS_HASH_H

#include <stddef.h>
#include <stdint.h>

#define GS_FNV1A_BASIS 14695981039346656037ULL
#define GS_FNV1A_PRIME 1099511628211ULL

static inline uint64_t
gs_fnv1a(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * GS_FNV1A_PRIME;
	return h;
}

/* gs_hash_word: H continued over the 64-bit word W in one step (FNV-1a's
 * xor-then-multiply with a 64-bit odd multiplier, 2^64 / golden ratio),
 * for a key's integer fields: one step instead of eight gs_fnv1a bytes.
 * Its high bits do not reach the low ones: end with gs_mix64. */
static inline uint64_t
gs_hash_word(uint64_t h, uint64_t w)
{
	return (h ^ w) * 0x9e3779b97f4a7c15ULL;
}

/* gs_hash_str: gs_fnv1a over the bytes of the string S, its NUL excluded,
 * without measuring it first. */
static inline uint64_t
gs_hash_str(uint64_t h, const char *s)
{
	for (const unsigned char *b = (const unsigned char *)s; *b; b++)
		h = (h ^ *b) * GS_FNV1A_PRIME;
	return h;
}

static inline uint64_t
gs_mix64(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	return h ^ (h >> 33);
}

#endif
