"""A locked tool (or manual) that is gone (`--locked`).

## What it does
With `--locked`, reports every tool listed in the lock file for a manual that no
longer defines it — on the manual's `tools` key — and every locked manual whose
file no longer exists, on its entry in the lock file.

## Why is this dangerous
Removal is usually harmless, but an unreviewed lock drifts: the next tool added
under the old name would be compared with nothing, and a reviewer reading the
lock believes a tool exists that does not. Keeping the lock exact keeps every
later change visible.

## Example
```console
$ utcp-lint --locked manuals/
manuals/git.json:4:3: UL652 warning tool 'git_push' is in the lock file but no longer in this manual
```

## Fix
Run `utcp-lint lock` to drop it from the lock, in the same pull request.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL652",
    name="tool-removed-since-lock",
    severity="warning",
    confidence="high",
    scope="document",
    needs="lock",
    tags=("security", "supply-chain"),
    security_severity=3.0,
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    lock = getattr(doc.options, "lock", None)
    if lock is None or doc.kind not in ("manual", "tool", "legacy") or doc.source.path == "<stdin>":
        return
    removed = doc.lock_comparison.removed
    if not removed:
        return
    target = doc.root.get("tools") if doc.root.kind == "object" else None
    target = target if target is not None else doc.root
    for name, _old in removed:
        yield RULE.at_node(
            doc,
            target,
            f"tool '{name}' is in the lock file but no longer in this manual: run 'utcp-lint lock' to update the lock",
            key=True,
            tool=name,
        )
