// SPDX-License-Identifier: GPL-2.0
/*
 * fdtmerge BASE.dtb OVERLAY.dtbo OUT.dtb
 *
 * The rig's firmware boot (rig/guest/init.c): the running kernel's boot
 * device tree (/sys/firmware/fdt, skiboot's tree) with an overlay applied,
 * written as the flattened tree the next kernel is kexec'd with -- the way
 * a petitboot-style first stage hands firmware's tree on.  Built statically
 * against the kernel tree's libfdt (scripts/dtc/libfdt).
 */
#include <stdio.h>
#include <stdlib.h>
#include <libfdt.h>

static void *slurp(const char *path, size_t extra, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t n = 0, cap = 1 << 16;
	char *buf = malloc(cap + extra);

	if (!f || !buf) {
		perror(path);
		exit(1);
	}
	for (;;) {
		size_t got = fread(buf + n, 1, cap - n, f);

		n += got;
		if (n < cap)
			break;
		cap *= 2;
		buf = realloc(buf, cap + extra);
		if (!buf) {
			perror("realloc");
			exit(1);
		}
	}
	fclose(f);
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	size_t blen, olen, size;
	void *base, *ovl, *out;
	FILE *f;
	int rc;

	if (argc != 4) {
		fprintf(stderr, "usage: fdtmerge BASE.dtb OVERLAY.dtbo OUT.dtb\n");
		return 2;
	}
	base = slurp(argv[1], 0, &blen);
	ovl = slurp(argv[2], 0, &olen);
	size = blen + 2 * olen + 4096;
	out = malloc(size);
	if (!out)
		return 1;
	rc = fdt_open_into(base, out, size);
	if (!rc)
		rc = fdt_overlay_apply(out, ovl);
	if (!rc)
		rc = fdt_pack(out);
	if (rc) {
		fprintf(stderr, "fdtmerge: %s\n", fdt_strerror(rc));
		return 1;
	}
	f = fopen(argv[3], "wb");
	if (!f || fwrite(out, 1, fdt_totalsize(out), f) != fdt_totalsize(out) || fclose(f)) {
		perror(argv[3]);
		return 1;
	}
	printf("fdtmerge: %s + %s -> %s (%u bytes)\n", argv[1], argv[2], argv[3],
	       fdt_totalsize(out));
	return 0;
}
