#!/usr/bin/env bash
# The mechanical part of bringing the tree to the ruff rule set of pyproject.toml
# (E, F, W, B, UP, I) and to ruff format, in one go, then a summary of what is left:
#
#   scripts/selfcheck_fix.sh          # from the repository root, with .venv installed
#
# 1. `ruff check --fix`: the safe fixes (pyupgrade's Optional[X] -> X | None, List -> list,
#    typing -> collections.abc imports, quoted annotations; import sorting; whitespace);
# 2. `ruff check --fix --unsafe-fixes --select F401`: imports that step 1 left unused
#    (`Optional` in an __init__.py, whose unused imports ruff only removes as "unsafe";
#    the tree has no unused import before step 1, so this removes only those);
# 3. `ruff format`;
# then ruff check, ruff format --check and mypy (scripts/run_mypy.py) as .ci/run runs them.
# What remains after this is for hand edits: B007/B904/B023 and the like, and mypy errors.
# Idempotent: a second run changes nothing.
set -uo pipefail
cd "$(dirname "$0")/.."
ruff=${RUFF:-.venv/bin/ruff}
python=${PYTHON:-.venv/bin/python}
paths=(linter rules tests bench scripts)

before=$(git diff --shortstat 2>/dev/null)
"$ruff" check -q --fix --exit-zero "${paths[@]}" >/dev/null
"$ruff" check -q --fix --exit-zero --unsafe-fixes --select F401 "${paths[@]}" >/dev/null
"$ruff" format -q "${paths[@]}"
echo "== selfcheck_fix: changed by the fixes and the formatter"
echo "   before: ${before:-clean tree}"
echo "   after:  $(git diff --shortstat)"

status=0
echo "== ruff check (left for hand edits)"
if "$ruff" check -q --output-format concise "${paths[@]}" | sed 's/^/   /'; then echo "   clean"; else status=1; fi
echo "== ruff format --check"
if "$ruff" format -q --check "${paths[@]}"; then echo "   clean"; else status=1; fi
echo "== mypy (scripts/run_mypy.py)"
out=$("$python" scripts/run_mypy.py)
rc=$?
if [ $rc -ne 0 ]; then
    status=1
    echo "$out" | grep ': error:' | sed 's/:.*//' | sort | uniq -c | sort -rn | sed 's/^/   /'
    echo "$out" | grep -oE '\[[a-z-]+\]$' | sort | uniq -c | sort -rn | sed 's/^/   /'
fi
echo "$out" | tail -1 | sed 's/^/   /'
exit $status
