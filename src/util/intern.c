/* intern.c: gs_intern (intern.h), an open-addressing set of strings
 * (linear probing, at most half full) under one mutex. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "util/hash.h"
#include "util/intern.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char **slot; /* cap entries, NULL = empty */
static size_t cap, n;

/* The slot of S (hash H) in SET of CAPACITY: its copy's, or an empty one. */
static char **
find(char **set, size_t capacity, const char *s, uint64_t h)
{
	for (size_t i = h & (capacity - 1);; i = (i + 1) & (capacity - 1))
		if (!set[i] || strcmp(set[i], s) == 0)
			return &set[i];
}

static uint64_t
hash(const char *s)
{
	return gs_mix64(gs_hash_str(GS_FNV1A_BASIS, s));
}

/* Double the set; -1 on out of memory (the set unchanged). */
static int
grow(void)
{
	size_t c = cap ? cap * 2 : 64;
	char **set = calloc(c, sizeof *set);

	if (!set)
		return -1;
	for (size_t i = 0; i < cap; i++)
		if (slot[i])
			*find(set, c, slot[i], hash(slot[i])) = slot[i];
	free(slot);
	slot = set;
	cap = c;
	return 0;
}

const char *
gs_intern(const char *s)
{
	char **at, *copy = NULL;

	if (!s[0])
		return "";
	pthread_mutex_lock(&lock);
	if ((n + 1) * 2 > cap && grow() != 0)
		goto done;
	at = find(slot, cap, s, hash(s));
	if (!*at && (*at = strdup(s)) != NULL)
		n++;
	copy = *at;
done:
	pthread_mutex_unlock(&lock);
	return copy;
}

void
gs_intern_free(void)
{
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < cap; i++)
		free(slot[i]);
	free(slot);
	slot = NULL;
	cap = n = 0;
	pthread_mutex_unlock(&lock);
}
