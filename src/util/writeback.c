#define _GNU_SOURCE /* sync_file_range */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "util/writeback.h"

void
gs_writeback_start(FILE *fp)
{
	if (fflush(fp) != 0)
		return;
#if defined(__linux__) && defined(SYNC_FILE_RANGE_WRITE)
	{
		int fd = fileno(fp);
		off_t end = fd >= 0 ? lseek(fd, 0, SEEK_CUR) : -1;

		if (end > 0)
			(void)sync_file_range(fd, 0, end, SYNC_FILE_RANGE_WRITE);
	}
#endif
}
