#!/bin/sh
# Behaviour-preserving changes to the Python scan: UL4 findings of this checkout on every cached
# bench tree of the development splits (dev, held-out, fresh ... fresh8; never the blind split)
# plus fixtures/ and the corpus, byte-identical before and after.
#   scripts/pyident.sh before   # records $OUT/<tree>.before.json
#   scripts/pyident.sh after    # records .after.json and compares (exit 1 on a difference)
# Derived from /work/tools/pyident.sh (which compares a git revision against /work/main).
set -u
stage=${1:?before or after}
py=${PYTHON:-$(pwd)/.venv/bin/python}
cache=${CACHE:-$HOME/.cache/utcp-lint-bench/pyscan-real}
out=${OUT:-/tmp/pyident_$(basename "$(pwd)")}
mkdir -p "$out"
trees=$($py - <<'PY'
import re
src = open("bench/bench_pyscan_real.py").read()
for d, v, split in re.findall(r'\("([^"]+)", "([^"]+)", "([^"]+)"\)', src):
    if split in ("dev", "held-out") or re.fullmatch(r"fresh[1-8]?", split):
        print(f"{d}-{v}")
PY
)
n=0; diffs=0
for t in $trees; do
  [ -d "$cache/$t" ] || continue
  (cd "$cache/$t" && $py -m utcp_lint --select UL4 --no-config --no-cache --format json . > "$out/$t.$stage.json" 2>&1)
  n=$((n+1))
  if [ "$stage" = after ] && ! cmp -s "$out/$t.before.json" "$out/$t.after.json"; then diffs=$((diffs+1)); echo "DIFF $t"; fi
done
lint="$py -m utcp_lint --format json --no-config --no-cache"
$lint fixtures > "$out/_fixtures.$stage.json" 2>&1
$lint ../shared/corpus > "$out/_corpus.$stage.json" 2>&1
(cd fixtures/pyscan && $py -m utcp_lint --select UL4 --no-config --no-cache --format json . > "$out/_pyscan.$stage.json" 2>&1)
if [ "$stage" = after ]; then
  for f in _fixtures _corpus _pyscan; do
    n=$((n+1)); cmp -s "$out/$f.before.json" "$out/$f.after.json" || { diffs=$((diffs+1)); echo "DIFF $f"; }
  done
  echo "$n trees, $diffs differ"; [ $diffs -eq 0 ]
else
  echo "$n trees recorded in $out"
fi
