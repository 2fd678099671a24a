r"""Bidirectional control characters in text the model reads.

## What it does
Reports bidirectional formatting characters — embeddings and overrides
(U+202A–U+202E), isolates (U+2066–U+2069) and the direction marks U+200E,
U+200F, U+061C — in every string the model reads. A RIGHT-TO-LEFT OVERRIDE that
makes visible text display in a different order than it is read is an **error**
(the finding shows both orders); other controls are warnings.

Not reported: marks, embeddings and isolates in text that contains right-to-left
letters (Hebrew, Arabic, ...), where they are how mixed-direction text is
written. Overrides are always reported.

## Why is this dangerous
The "Trojan Source" technique (CVE-2021-42574): what a reviewer sees is not the
character order the model (or a program) reads. A description can display as
one instruction and read as another, a tool name can display as a different
name.

## Example
```json
{"description": "Returns the file \u202etxt.exe"}
```

## Fix
Delete the control characters; write the text in the order it should be read.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.modeltext.hidden import bidi_runs
from utcp_lint.modeltext.strings import hidden_findings
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL602",
    name="bidi-control",
    severity="warning",
    confidence="high",
    scope="document",
    tool_local=True,  # per tool: what it reports on a tool reads that tool only (run/memo.DocumentMemo)
    tags=("security", "tool-poisoning"),
    security_severity=6.0,
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    yield from hidden_findings(RULE, doc, bidi_runs, "the bidirectional control")
