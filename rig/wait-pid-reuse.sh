#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# wait-pid-reuse.sh: why rig/test.sh takes a background step's status
# from a file, not from wait (pid_max 32768 here; about 10 s).  In small:
# a finished background job's status, then a command substitution of the
# same shell that is given its pid; wait then says 0 (want 3)
( exit 3 ) &
p=$!
sleep 0.2
n=0
while :; do
	q=$(echo $BASHPID)
	n=$((n + 1))
	[ "$q" = $p ] && break
	[ $n -gt 70000 ] && { echo "no reuse"; exit 1; }
done
wait $p
echo "wait $p after $n forks (pid reused by a command substitution): rc $? (want 3)"
