#!/bin/bash
# usage: run_manual.sh MANUAL  -> confirm only the tools of one manual
cd /work/blind/setO && timeout 1200 /work/main/.venv/bin/python harness.py run $(/work/main/.venv/bin/python -c "
import sys; sys.path.insert(0,'.'); import spec; print(' '.join(t['name'] for t in spec.TOOLS if t['manual']=='$1'))") </dev/null 2>&1 | grep -v '^\s*$'
