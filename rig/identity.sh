#!/bin/bash
# identity.sh "Name <mail>": run by rig/patches.sh on each commit of the
# series (git rebase --exec).  Makes the commit's author that identity and
# its only Signed-off-by that identity's, keeping its dates, so that From:
# equals Signed-off-by on every patch.  A commit that already has both is
# left as it is (an unchanged series gives unchanged patches).
set -euo pipefail
who=$1
name=${who% <*}
mail=${who##*<}
mail=${mail%>}
msg=$(git log -1 --format=%B)
sob=$(printf '%s\n' "$msg" | grep '^Signed-off-by: ' || true)
if [ "$(git log -1 --format='%an <%ae>')" = "$who" ] && [ "$sob" = "Signed-off-by: $who" ]; then
	exit 0
fi
body=$(printf '%s\n' "$msg" | grep -v '^Signed-off-by: ')
GIT_AUTHOR_DATE=$(git log -1 --format=%aI) GIT_COMMITTER_DATE=$(git log -1 --format=%cI) \
	git -c "user.name=$name" -c "user.email=$mail" commit -q --amend --reset-author \
	-m "$(printf '%s\n\nSigned-off-by: %s' "$body" "$who" | cat -s)"
