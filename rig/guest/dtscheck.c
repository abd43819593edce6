// SPDX-License-Identifier: GPL-2.0
/*
 * The guest side of make test's sanitizer boot (rig/guest/san.sh), through
 * the kernel's /sys/kernel/debug/powerpc/dts_pmu_check.
 *
 * dtscheck LIST DIR
 *   each case of LIST (rig/schema-corpus.py's list.tsv: name in the first
 *   column) is DIR/<name>.dtb, written to the check file in one write():
 *     RIG: SCHEMA <name> <accepted|rejected> <the kernel's verdict line>
 * dtscheck --fail-nth BLOB...
 *   systematic slab fault injection: for n = 1, 2, ... the n-th allocation
 *   of the write is made to fail (/proc/thread-self/fail-nth) until a write
 *   runs with no injection.  An injected write must be refused with -ENOMEM
 *   or end as the write without an injection does (the failure absorbed,
 *   as kmemleak does a failure to allocate its own metadata):
 *     RIG: FAILSLAB <blob> <injections> <refused> <absorbed> <wrong> <baseline>
 *   "wrong" counts injected writes that ended any other way.
 * Built statically for ppc64le.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHECK "/sys/kernel/debug/powerpc/dts_pmu_check"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc(n ? n : 1);
	if (buf && fread(buf, 1, n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

/* Write @blob to the check file: 0 if accepted, else the errno */
static int check(const char *blob, size_t len, char *verdict, size_t vlen)
{
	int fd = open(CHECK, O_RDWR), err = 0;
	ssize_t n;

	if (fd < 0)
		return -1;
	if (write(fd, blob, len) != (ssize_t)len)
		err = errno;
	if (verdict) {
		n = pread(fd, verdict, vlen - 1, 0);
		verdict[n > 0 ? n : 0] = 0;
		verdict[strcspn(verdict, "\n")] = 0;
	}
	close(fd);
	return err;
}

static int schema(const char *list, const char *dir)
{
	char line[1024], path[1200], verdict[512];
	FILE *f = fopen(list, "r");
	size_t len;
	char *blob;
	int err;

	if (!f)
		return 1;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\t\n")] = 0;
		snprintf(path, sizeof(path), "%s/%s.dtb", dir, line);
		blob = slurp(path, &len);
		if (!blob) {
			printf("RIG: SCHEMA %s missing -\n", line);
			continue;
		}
		err = check(blob, len, verdict, sizeof(verdict));
		printf("RIG: SCHEMA %s %s %s\n", line, err ? "rejected" : "accepted", verdict);
		free(blob);
	}
	fclose(f);
	return 0;
}

/*
 * Both files stay open through the sweep: opening one allocates, and an
 * allocation outside the write must not take the injection.  The write
 * without an injection gives the baseline (0 or its errno).
 */
static int fail_nth(const char *path)
{
	unsigned int n, inj = 0, refused = 0, absorbed = 0, wrong = 0;
	int fn = open("/proc/thread-self/fail-nth", O_RDWR);
	int fd = open(CHECK, O_RDWR);
	int base, err;
	char s[16];
	size_t len;
	char *blob = slurp(path, &len);

	if (!blob || fn < 0 || fd < 0)
		return 1;
	base = pwrite(fd, blob, len, 0) == (ssize_t)len ? 0 : errno;
	for (n = 1; n < 100000; n++) {
		int k = snprintf(s, sizeof(s), "%u", n);

		if (pwrite(fn, s, k, 0) != k)
			return 1;
		err = pwrite(fd, blob, len, 0) == (ssize_t)len ? 0 : errno;
		memset(s, 0, sizeof(s));
		if (pread(fn, s, sizeof(s) - 1, 0) <= 0 || atoi(s)) {
			pwrite(fn, "0", 1, 0);
			break;	/* the write ran without an injection */
		}
		inj++;
		if (err == ENOMEM)
			refused++;
		else if (err == base)
			absorbed++;	/* e.g. by kmemleak's own metadata pool */
		else
			wrong++;
	}
	printf("RIG: FAILSLAB %s %u %u %u %u %d\n", path, inj, refused, absorbed, wrong, base);
	close(fd);
	close(fn);
	free(blob);
	return 0;
}

int main(int argc, char **argv)
{
	int i, rc = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc >= 3 && !strcmp(argv[1], "--fail-nth")) {
		for (i = 2; i < argc; i++)
			rc |= fail_nth(argv[i]);
		return rc;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: dtscheck LIST DIR | dtscheck --fail-nth BLOB...\n");
		return 2;
	}
	return schema(argv[1], argv[2]);
}
