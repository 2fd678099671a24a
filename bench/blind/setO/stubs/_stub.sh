#!/bin/bash
# generic stub: logs program name and argv (one per line) to /tmp/blindO/argv.log
{ echo "=== $(basename "$0")"; for a in "$@"; do printf '%s\n' "$a"; done; } >> /tmp/blindO/argv.log
echo "stub $(basename "$0") ok"
