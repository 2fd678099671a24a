#!/bin/sh
# Behaviour-preserving refactors: findings on fixtures/ and the corpus must be byte-identical.
#   scripts/compare_findings.sh before   # on the old commit: records $OUT.{fixtures,corpus}.before.json
#   scripts/compare_findings.sh after    # on the new commit: records .after.json and compares
# OUT defaults to /tmp/utcp_lint_<name of this checkout>, so checkouts side by side do not collide.
set -eu
stage=${1:?before or after}
lint=${UTCP_LINT:-.venv/bin/utcp-lint}
corpus=${CORPUS:-../shared/corpus}
out=${OUT:-/tmp/utcp_lint_$(basename "$(pwd)")}
$lint --format json --no-config --no-cache fixtures > $out.fixtures.$stage.json || true
$lint --format json --no-config --no-cache "$corpus" > $out.corpus.$stage.json || true
if [ "$stage" = after ]; then
    cmp $out.fixtures.before.json $out.fixtures.after.json
    cmp $out.corpus.before.json $out.corpus.after.json
    echo "findings identical"
fi
