r"""`for NAME in VALUE`: the runtime quotes the value, so the loop runs once.

## What it does
Reports a `for` loop whose word list is one word holding a placeholder written
unquoted (`for host in UTCP_ARG_hosts_UTCP_END; do …`), with nothing in the word that
bash would still split or glob; likewise the other constructs written to split a list:
`set -- VALUE` followed by a read of `$#`, `$@`, `$2`… or `shift`, and an array
`NAME=(VALUE)` / `declare -a NAME=(VALUE)` of that one word (one element).

## Why is this dangerous
utcp-cli 1.1.5 replaces an unquoted placeholder with `"$VAR"`: one word, never split.
The loop therefore runs exactly once, with the whole value: `web1 web2 web3` is one
"host", `nginx redis` one unit name.  A loop is written to iterate over a list, and
the one input shape for which this loop behaves as written (one item) is the one that
needs no loop (measured through the real client: `for u in VALUE; do echo "[$u]";
done` with `ann bob` prints `[ann bob]`).

Severity: **error** when the input says it holds a list (schema `type: array`, a
description speaking of a list, items "separated" by something, "one or more", or a
plural name such as `hosts`, `unit_ids`): the tool cannot work for the inputs it asks
for.  Otherwise a **note**: with one item per call the loop only runs once, which works
but is pointless, and a list would not be split.

## Example
```json
{"command": "for h in UTCP_ARG_hosts_UTCP_END; do ping -c1 -- \"${h:-}\"; done"}
```

## Fix
Split the value explicitly, then quote each item:
`read -r -a hosts <<< UTCP_ARG_hosts_UTCP_END; for h in "${hosts[@]}"; do ping -c1 -- "${h:-}"; done`
(`IFS=, read -r -a …` for a comma-separated list), or take one item per call.
"""

import re
from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.core.lazyre import lazy_compile
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

from ._bash import bash_analysis

RULE = Rule(
    id="UL120",
    name="bash-loop-over-one-value",
    severity="error",
    confidence="medium",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)


_PLACEHOLDER = lazy_compile(r"UTCP_ARG_(.+?)_UTCP_END")
_LIST_WORDS = lazy_compile(
    r"\b(?:list|lists|array|separated|delimited|comma|commas|multiple|several|one or more|each)\b", re.I
)


def _says_list(tpl, name: str) -> str | None:
    """Why the input ``name`` is meant to hold several items, or None."""
    schema = tpl.input_schema(name) or {}
    if schema.get("type") == "array" or "items" in schema:
        return "its schema is an array"
    for key in ("description", "title"):
        text = schema.get(key)
        if isinstance(text, str) and _LIST_WORDS.search(text):
            return "its description speaks of several items"
    last = re.split(r"[_\-]|(?<=[a-z])(?=[A-Z])", name)[-1].lower()
    if len(last) > 3 and last.endswith("s") and not last.endswith(("ss", "us", "is")):
        return f"its name '{name}' is plural"
    return None


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None:
        return
    for b in a.breakages:
        if b.kind != "loop-over-one-value":
            continue
        m = _PLACEHOLDER.search(tpl.steps[b.step].command, b.template_start, b.template_end)
        why = _says_list(tpl, m.group(1)) if m else None
        if why is not None:
            msg = f"{b.message}; the input holds a list ({why}), so the tool cannot work"
            yield RULE.at_template(tpl, b.step, b.template_start, b.template_end, msg)
        else:
            what = "the loop" if "`for " in b.message else "splitting it"
            msg = f"{b.message}; with one item per call {what} is pointless"
            yield RULE.at_template(tpl, b.step, b.template_start, b.template_end, msg, severity="note")
