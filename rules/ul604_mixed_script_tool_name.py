r"""A tool name mixing scripts or written with look-alike compatibility characters.

## What it does
Reports a tool `name` whose letters come from more than one script (Latin with
Cyrillic, Greek, Armenian, ...), or that uses fullwidth or mathematical letters
that normalise (NFKC) to different characters. The message shows the scripts
and what the name looks like.

A name written entirely in one non-Latin script (`поиск`) is not reported.

## Why is this dangerous
`s\u0435arch` (Cyrillic `\u0435`) with a Cyrillic `\u0435` looks exactly like `search`. A model choosing tools
by name, or a reviewer allow-listing names, is fooled; combined with a second
tool of the look-alike name (UL605) calls go to the impostor.

## Example
```json
{"name": "s\u0435nd_email"}
```

## Fix
Write tool names in ASCII (`[A-Za-z0-9_.-]`), which every client expects.
"""

import unicodedata
from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.modeltext.hidden import scripts_in, show
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL604",
    name="mixed-script-tool-name",
    severity="warning",
    confidence="high",
    scope="document",
    tool_local=True,  # per tool: what it reports on a tool reads that tool only (run/memo.DocumentMemo)
    tags=("security", "tool-poisoning"),
    security_severity=6.0,
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    for t in doc.tools:
        if not t.name or t.name.isascii() or t.node.kind != "object":
            continue
        nn = t.node.get("name")
        if nn is None:  # a tool has a name only where its "name" member is a string
            continue
        scripts = scripts_in(t.name)
        nfkc = unicodedata.normalize("NFKC", t.name)
        if len(scripts) > 1:
            odd = [i for i, ch in enumerate(t.name) if not ch.isascii() and ch.isalpha()]
            others = ", ".join(s.lower() for s in scripts)
            detail = f"letters from {len(scripts)} scripts ({others})"
        elif nfkc != t.name and nfkc.isascii():
            odd = [i for i, ch in enumerate(t.name) if unicodedata.normalize("NFKC", ch) != ch]
            detail = f"compatibility characters that normalise to '{show(nfkc)}'"
        else:
            continue
        if not odd:
            continue
        s, _ = nn.source_span(odd[0], odd[0] + 1)
        _, e = nn.source_span(odd[-1], odd[-1] + 1)
        chars = ", ".join(f"U+{ord(t.name[i]):04X} {unicodedata.name(t.name[i], '?')}" for i in odd[:3])
        yield RULE.finding(
            doc.source,
            s,
            e,
            f"tool name '{show(t.name)}' has {detail}: {chars}; it can pass for a different name",
            pointer=nn.pointer,
            tool=t.name,
        )
