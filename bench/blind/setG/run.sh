#!/bin/bash
# Re-confirm labels through the real runtime, as an unprivileged user.
#   ./run.sh            all tools          ./run.sh g001 g002   some tools
set -e
cd "$(dirname "$0")"
mkdir -p /tmp/blindG_run && chmod 777 /tmp/blindG_run
[ "${KEEP:-}" = 1 ] || rm -f /tmp/blindG_run/results.json
cd /tmp
timeout 3000 setpriv --reuid=nobody --regid=nogroup --clear-groups \
  env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/tmp/blindG_home LANG=C.UTF-8 \
  PYTHONPATH=/work/main/.venv/lib/python3.11/site-packages \
  /usr/bin/python3 /work/blind/setG/harness.py confirm "$@" </dev/null
cp /tmp/blindG_run/results.json /work/blind/setG/results.json
