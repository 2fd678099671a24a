"""A tool that is not in the lock file (`--locked`).

## What it does
With `--locked` (or `locked = true` in the configuration), reports every tool of
a linted manual that the lock file (`utcp-lint.lock`) does not list — a new tool,
or a tool of a manual that was never locked — on the tool's `name`.

Without `--locked` this rule does nothing.

## Why is this dangerous
A pinned manual is one whose tools a reviewer has read. A new tool has not been
reviewed: its command runs on the user's machine and its description goes into
the model's context. Tool pinning is the defence against "rug pulls", where a
manual that was harmless when it was approved changes later.

## Example
```console
$ utcp-lint --locked manuals/
manuals/git.json:40:15: UL650 warning tool 'git_push' is not in the lock file utcp-lint.lock: review it, then run 'utcp-lint lock'
```

## Fix
Review the tool, then update the lock in the same pull request:
`utcp-lint lock manuals/` (see docs/lock.md).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL650",
    name="tool-not-in-lock",
    severity="warning",
    confidence="high",
    scope="document",
    needs="lock",
    tags=("security", "supply-chain"),
    security_severity=6.0,
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    lock = getattr(doc.options, "lock", None)
    if lock is None or doc.kind not in ("manual", "tool", "legacy") or doc.source.path == "<stdin>":
        return
    comparison = doc.lock_comparison
    where = "" if comparison.manual_was_locked else f" (manual {lock.key_for(doc.source.path)} is not in the lock)"
    names = set(comparison.new)
    done = set()
    for t in doc.tools:
        nn = t.node.get("name")  # None: no string name, no tool name to look up
        if t.name in names and t.name not in done and t.node.kind == "object" and nn is not None:
            done.add(t.name)
            yield RULE.at_node(
                doc,
                nn,
                f"tool '{t.name}' is not in the lock file {_rel(lock.path)}{where}: review it, "
                f"then run 'utcp-lint lock'",
                tool=t.name,
            )


def _rel(p: str) -> str:
    import os

    r = os.path.relpath(p)
    return p if r.startswith("..") else r
