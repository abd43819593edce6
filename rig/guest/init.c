// SPDX-License-Identifier: GPL-2.0
/*
 * Guest /init for the test rig: mount the pseudo file systems, run every
 * test named in /rig/tests.list under its own timeout, print one
 * machine-readable line per test, dump the cpu PMU's sysfs directories,
 * run /rig/perf-checks.sh (perf as a client of the PMU) and, for make
 * bench, /rig/bench.sh, for make test's sanitizer boot /rig/san.sh, and
 * power off.
 * With "rig.shell" on the kernel command line it runs no tests: it prints
 * a banner and gives the console an interactive busybox shell instead.
 * With "rig.fw=STAGE" (make test's short firmware boot, fw-broken) it
 * runs /rig/fw-stage.sh STAGE instead of the tests.
 * Built statically for ppc64le.
 *
 * tests.list: one test per line, "<timeout-seconds> <path relative to /rig>
 * [<attempts>]".  A test given attempts (rig/emulator-retry.txt says which
 * and why) runs again after a failure, at most that many times in all;
 * every attempt prints its own BEGIN and RESULT lines, the host keeps the
 * last as the verdict and reports the earlier ones.
 * Output lines the host parses (everything else is the tests' own output):
 *   RIG: BEGIN <test>
 *   RIG: RESULT <test> <pass|fail|skip|timeout> <exit status> <seconds>
 *   RIG: SYSFS <group>/<name> <content>
 *   RIG: DONE
 *
 * The verdict comes from the powerpc harness' "success:", "failure:" and
 * "skip:" lines, because the harness exits 0 on skip; a test that prints
 * none of them is judged by its exit status.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_ECHO_LINES	400
#define BUSYBOX		"/bin/busybox"

enum verdict { V_NONE, V_PASS, V_FAIL, V_SKIP };

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void do_mount(const char *src, const char *dst, const char *type)
{
	mkdir(dst, 0755);
	if (mount(src, dst, type, 0, NULL) && errno != EBUSY)
		printf("RIG: mount %s on %s failed: %s\n", type, dst,
		       strerror(errno));
}

/* Look at one line of test output; remember the harness' verdict. */
static void scan_line(const char *line, enum verdict *v)
{
	if (!strncmp(line, "failure:", 8))
		*v = V_FAIL;
	else if (!strncmp(line, "skip:", 5) && *v != V_FAIL)
		*v = V_SKIP;
	else if (!strncmp(line, "success:", 8) && *v == V_NONE)
		*v = V_PASS;
}

/* Run one test; true if it failed (not a timeout: that is never retried) */
static bool run_test(const char *path, int timeout)
{
	char buf[4096], line[1024];
	const char *res;
	enum verdict v = V_NONE;
	int pfd[2], status = 0, echoed = 0, timed_out = 0;
	size_t len = 0;
	double start = now();
	const char *name;
	char *dir;
	pid_t pid;

	printf("RIG: BEGIN %s\n", path);
	fflush(stdout);
	if (pipe(pfd)) {
		printf("RIG: RESULT %s fail -1 0\n", path);
		return true;
	}

	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		dup2(pfd[1], 1);
		dup2(pfd[1], 2);
		close(pfd[0]);
		close(pfd[1]);
		dir = strdup(path);
		name = strrchr(dir, '/');
		if (name) {
			*(char *)name = '\0';
			if (chdir(dir))
				_exit(126);
			name = strrchr(path, '/') + 1;
		} else {
			name = path;
		}
		execl(name, name, (char *)NULL);	/* relative: no PATH search */
		_exit(127);
	}
	close(pfd[1]);
	setpgid(pid, pid);

	for (;;) {
		struct pollfd p = { .fd = pfd[0], .events = POLLIN };
		int left = (int)((start + timeout - now()) * 1000);
		ssize_t n;

		if (left <= 0) {
			timed_out = 1;
			break;
		}
		if (poll(&p, 1, left) <= 0)
			continue;
		n = read(pfd[0], buf, sizeof(buf));
		if (n <= 0)
			break;
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] != '\n' && len < sizeof(line) - 1) {
				line[len++] = buf[i];
				continue;
			}
			if (buf[i] != '\n')
				continue;	/* overlong line: truncated */
			line[len] = '\0';
			scan_line(line, &v);
			/* past the limit, still the lines that say why it failed */
			if (echoed++ < MAX_ECHO_LINES ||
			    !strncmp(line, "[FAIL]", 6) || !strncmp(line, "!! ", 3))
				printf("  %s\n", line);
			len = 0;
		}
		fflush(stdout);
	}
	if (timed_out)
		kill(-pid, SIGKILL);
	close(pfd[0]);
	waitpid(pid, &status, 0);
	/* Reap whatever the test left behind in its process group. */
	kill(-pid, SIGKILL);
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;

	if (timed_out) {
		printf("RIG: RESULT %s timeout -1 %.1f\n", path, now() - start);
		fflush(stdout);
		return false;
	}
	res = v == V_FAIL ? "fail" : v == V_SKIP ? "skip" :
	      v == V_PASS ? (status == 0 ? "pass" : "fail") :
	      (WIFEXITED(status) && !WEXITSTATUS(status)) ? "pass" : "fail";
	printf("RIG: RESULT %s %s %d %.1f\n", path, res,
	       WIFEXITED(status) ? WEXITSTATUS(status) :
	       128 + WTERMSIG(status), now() - start);
	fflush(stdout);
	return !strcmp(res, "fail");
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static void dump_group(const char *base, const char *group)
{
	struct dirent **ents;
	char path[512], val[1024];
	int n;

	snprintf(path, sizeof(path), "%s/%s", base, group);
	n = scandir(path, &ents, NULL, by_name);
	if (n < 0) {
		printf("RIG: SYSFS %s/ <missing>\n", group);
		return;
	}
	for (int i = 0; i < n; i++) {
		ssize_t len;
		int fd;

		if (ents[i]->d_name[0] == '.')
			goto next;
		snprintf(path, sizeof(path), "%s/%s/%s", base, group,
			 ents[i]->d_name);
		fd = open(path, O_RDONLY);
		len = fd < 0 ? -1 : read(fd, val, sizeof(val) - 1);
		if (fd >= 0)
			close(fd);
		if (len < 0)
			len = 0;
		val[len] = '\0';
		while (len && val[len - 1] == '\n')
			val[--len] = '\0';
		printf("RIG: SYSFS %s/%s %s\n", group, ents[i]->d_name, val);
next:
		free(ents[i]);
	}
	free(ents);
}

/* Run @argv (argv[0] a path), output to the console, killed after @timeout s */
static int run_cmd(char *const argv[], int timeout)
{
	double start = now();
	int status = -1;
	pid_t pid;

	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		execv(argv[0], argv);
		_exit(127);
	}
	if (pid < 0)
		return -1;
	setpgid(pid, pid);
	while (waitpid(pid, &status, WNOHANG) == 0) {
		if (now() - start > timeout) {
			printf("RIG: %s killed after %d s\n", argv[0], timeout);
			kill(-pid, SIGKILL);
			waitpid(pid, &status, 0);
			break;
		}
		usleep(50000);
	}
	kill(-pid, SIGKILL);
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	fflush(stdout);
	return status;
}

static bool cmdline_has(const char *word)
{
	char buf[1024], *tok, *save;
	FILE *f = fopen("/proc/cmdline", "r");
	bool found = false;

	if (!f)
		return false;
	if (fgets(buf, sizeof(buf), f))
		for (tok = strtok_r(buf, " \n", &save); tok && !found;
		     tok = strtok_r(NULL, " \n", &save))
			found = !strcmp(tok, word);
	fclose(f);
	return found;
}

/* The value of "@key=value" on the kernel command line, or NULL */
static const char *cmdline_value(const char *key)
{
	static char buf[1024], val[64];
	char *tok, *save;
	size_t n = strlen(key);
	FILE *f = fopen("/proc/cmdline", "r");
	const char *found = NULL;

	if (!f)
		return NULL;
	if (fgets(buf, sizeof(buf), f))
		for (tok = strtok_r(buf, " \n", &save); tok && !found;
		     tok = strtok_r(NULL, " \n", &save))
			if (!strncmp(tok, key, n) && tok[n] == '=') {
				snprintf(val, sizeof(val), "%s", tok + n + 1);
				found = val;
			}
	fclose(f);
	return found;
}

/* The kernel's "powerpc_pmu=...: <model> PMU from the <source>" line */
static void pmu_line(char *out, size_t len)
{
	static char log[1 << 17];
	int n = klogctl(3, log, sizeof(log) - 1);	/* SYSLOG_ACTION_READ_ALL */
	char *p, *e;

	snprintf(out, len, "hand-coded backend (a kernel without the series)");
	if (n <= 0)
		return;
	log[n] = '\0';
	/* "powerpc_pmu=<mode>: ...", not the command line's "powerpc_pmu=<mode> " */
	for (p = strstr(log, "powerpc_pmu="); p; p = strstr(p + 1, "powerpc_pmu=")) {
		e = p + strlen("powerpc_pmu=");
		while (*e >= 'a' && *e <= 'z')
			e++;
		if (*e == ':')
			break;
	}
	if (!p)
		return;
	e = strchr(p, '\n');
	if (e)
		*e = '\0';
	snprintf(out, len, "%s", p);
}

/* make run: a banner, then a shell on the console; power off when it exits */
static void shell(void)
{
	static const char bar[] =
		"=====================================================================";
	char *sh[] = { "/bin/sh", NULL };
	char line[256];
	int status, fd;
	pid_t pid;

	pmu_line(line, sizeof(line));
	printf("\n%s\n", bar);
	printf(" POWER core PMU rig shell (QEMU powernv)\n");
	printf(" core PMU: %s\n", line);
	printf(" try:\n");
	printf("   perf list pmu\n");
	printf("   perf stat -e cycles,instructions,PM_RUN_INST_CMPL,cpu/PM_CYC/ -- ls -R /sys/bus\n");
	printf("   /rig/pmu/event_code_tests/generic_events_valid_test\n");
	printf(" selftests are under /rig/pmu; /sys/kernel/debug/powerpc/dts_pmu shows\n");
	printf(" what the kernel understood of a description.\n");
	printf(" leave: exit (or poweroff -f) powers the guest off; Ctrl-a x kills QEMU\n");
	printf("%s\n\n", bar);
	fflush(stdout);

	pid = fork();
	if (pid == 0) {
		setsid();
		fd = open("/dev/console", O_RDWR);
		if (fd >= 0) {
			ioctl(fd, TIOCSCTTY, 1);
			dup2(fd, 0);
			dup2(fd, 1);
			dup2(fd, 2);
			if (fd > 2)
				close(fd);
		}
		setenv("PATH", "/bin:/usr/bin", 1);
		setenv("HOME", "/", 1);
		setenv("PS1", "pmu-rig# ", 1);
		execv(sh[0], sh);
		printf("RIG: cannot run %s: %s\n", sh[0], strerror(errno));
		_exit(127);
	}
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	printf("RIG: shell exited (status 0x%x)\n", status);
}

int main(void)
{
	static const char * const groups[] = { "events", "format", "caps" };
	char line[512], path[400];
	const char *fw;
	int timeout, attempts;
	FILE *list;

	do_mount("proc", "/proc", "proc");
	do_mount("sysfs", "/sys", "sysfs");
	do_mount("devtmpfs", "/dev", "devtmpfs");
	do_mount("debugfs", "/sys/kernel/debug", "debugfs");
	do_mount("tmpfs", "/tmp", "tmpfs");
	setvbuf(stdout, NULL, _IOLBF, 0);

	if (!access(BUSYBOX, X_OK)) {
		char *install[] = { BUSYBOX, "--install", "-s", "/bin", NULL };
		int st = run_cmd(install, 30);

		if (st)
			printf("RIG: busybox --install failed (status %d)\n", st);
	}
	if (cmdline_has("rig.shell")) {
		shell();
		sync();
		reboot(RB_POWER_OFF);
		return 0;
	}

	/*
	 * The short firmware boots (rig/guest/fw-stage.sh): the script says
	 * what the kernel made of the firmware's description, and that is all.
	 */
	fw = cmdline_value("rig.fw");
	if (fw) {
		char *stage[] = { BUSYBOX, "sh", "/rig/fw-stage.sh", (char *)fw, NULL };

		run_cmd(stage, 600);
		printf("RIG: DONE\n");
		fflush(stdout);
		sync();
		reboot(RB_POWER_OFF);
		return 0;
	}

	if (chdir("/rig"))
		printf("RIG: no /rig directory\n");
	list = fopen("tests.list", "r");
	while (list && fgets(line, sizeof(line), list)) {
		attempts = 1;
		if (line[0] == '#' ||
		    sscanf(line, "%d %399s %d", &timeout, path, &attempts) < 2)
			continue;
		while (run_test(path, timeout) && --attempts > 0)
			;
	}
	if (list)
		fclose(list);

	for (size_t i = 0; i < sizeof(groups) / sizeof(groups[0]); i++)
		dump_group("/sys/bus/event_source/devices/cpu", groups[i]);

	if (!access("/usr/bin/perf", X_OK) && !access("/rig/perf-checks.sh", R_OK)) {
		char *perf[] = { BUSYBOX, "sh", "/rig/perf-checks.sh", NULL };

		printf("RIG: PERF-BEGIN\n");
		fflush(stdout);
		run_cmd(perf, 1200);
		printf("RIG: PERF-END\n");
	}
	if (!access("/rig/bench.sh", R_OK)) {
		char *bench[] = { BUSYBOX, "sh", "/rig/bench.sh", NULL };

		run_cmd(bench, 300);
	}
	if (!access("/rig/san.sh", R_OK)) {
		char *san[] = { BUSYBOX, "sh", "/rig/san.sh", NULL };

		run_cmd(san, 1200);
	}

	printf("RIG: DONE\n");
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
