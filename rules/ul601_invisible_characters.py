r"""Zero-width or other invisible characters in text the model reads.

## What it does
Reports zero-width and invisible characters — U+200B–U+200D, U+2060–U+2064,
U+FEFF inside text, soft hyphens between non-letters, Hangul fillers, the
deprecated format characters U+206A–U+206F, runs of variation selectors — in
every string the model reads (tool name, description, tags, schema
descriptions, titles, enums, defaults, examples, property names, manual-level
text).

A run of exactly two distinct zero-width characters is decoded as bits
(zero-width steganography), and a run of variation selectors as bytes
(variation-selector smuggling): when either decodes to text the finding shows it
and is an **error**; otherwise it is a warning.

Not reported: a zero-width joiner inside an emoji sequence, ZWJ/ZWNJ between
letters of scripts that use them (Arabic, Devanagari, ...), a zero-width space
between letters of scripts written without spaces (Thai, Chinese, Japanese, ...),
one variation selector after its base character (`⚠️`), and a soft hyphen inside
a word.

## Why is this dangerous
The characters are invisible in review but reach the model's tokenizer: they can
carry a hidden message, split a word so a keyword filter misses it, or make two
tool names that look identical differ.

## Example
```json
{"name": "search\u200b", "description": "Search the web"}
```

## Fix
Delete the characters.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.modeltext.hidden import invisible_runs
from utcp_lint.modeltext.strings import hidden_findings
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL601",
    name="invisible-characters",
    severity="warning",
    confidence="high",
    scope="document",
    tool_local=True,  # per tool: what it reports on a tool reads that tool only (run/memo.DocumentMemo)
    tags=("security", "tool-poisoning"),
    security_severity=6.0,
)


@RULE.check
def check(doc: DocumentContext) -> Iterator[Finding]:
    yield from hidden_findings(RULE, doc, invisible_runs, "the invisible characters")
