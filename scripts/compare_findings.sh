#!/bin/sh
# Behaviour-preserving refactors: findings on fixtures/ and the corpus must be byte-identical.
#   scripts/compare_findings.sh before   # on the old commit: records /tmp/utcp_lint_{fixtures,corpus}.before.json
#   scripts/compare_findings.sh after    # on the new commit: records .after.json and compares
set -eu
stage=${1:?before or after}
lint=${UTCP_LINT:-.venv/bin/utcp-lint}
corpus=${CORPUS:-../shared/corpus}
$lint --format json --no-config --no-cache fixtures > /tmp/utcp_lint_fixtures.$stage.json || true
$lint --format json --no-config --no-cache "$corpus" > /tmp/utcp_lint_corpus.$stage.json || true
if [ "$stage" = after ]; then
    cmp /tmp/utcp_lint_fixtures.before.json /tmp/utcp_lint_fixtures.after.json
    cmp /tmp/utcp_lint_corpus.before.json /tmp/utcp_lint_corpus.after.json
    echo "findings identical"
fi
