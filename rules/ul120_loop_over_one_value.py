r"""`for NAME in VALUE`: the runtime quotes the value, so the loop runs once.

## What it does
Reports a `for` loop whose word list is one word holding a placeholder written
unquoted (`for host in UTCP_ARG_hosts_UTCP_END; do …`), with nothing in the word that
bash would still split or glob.

## Why is this dangerous
utcp-cli 1.1.5 replaces an unquoted placeholder with `"$VAR"`: one word, never split.
The loop therefore runs exactly once, with the whole value: `web1 web2 web3` is one
"host", `nginx redis` one unit name.  A loop is written to iterate over a list, and
the one input shape for which this loop behaves as written (one item) is the one that
needs no loop, so the tool cannot work as designed (measured through the real client:
`for u in VALUE; do echo "[$u]"; done` with `ann bob` prints `[ann bob]`).  Severity
error, confidence medium: the intent is read from the loop itself.

## Example
```json
{"command": "for h in UTCP_ARG_hosts_UTCP_END; do ping -c1 -- \"${h:-}\"; done"}
```

## Fix
Split the value explicitly, then quote each item:
`read -r -a hosts <<< UTCP_ARG_hosts_UTCP_END; for h in "${hosts[@]}"; do ping -c1 -- "${h:-}"; done`
(`IFS=, read -r -a …` for a comma-separated list), or take one item per call.
"""

from utcp_lint.rule import Rule

from ._bash import breakage_findings

RULE = Rule(
    id="UL120",
    name="bash-loop-over-one-value",
    severity="error",
    confidence="medium",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)


@RULE.check
def check(tpl):
    return breakage_findings(RULE, tpl, ("loop-over-one-value",))
