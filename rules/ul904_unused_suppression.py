"""A `per-file-ignores` or `per-tool-ignores` entry silences nothing.

## What it does
Reports each rule id of a `per-file-ignores` or `per-tool-ignores` entry in the
configuration (`[tool.utcp-lint]`, `utcp-lint.toml`) that hid no finding in a run
that linted a file the entry names, and each id there that is not a rule at all
(ruff's RUF100 for `noqa` comments). The finding points at the id in the
configuration file. An entry whose files were not part of the run (pre-commit
passing only the changed files) or whose rule was not selected is not judged.

## Why is this dangerous
A suppression outlives the false positive it was written for: once the manual or
the rule changes, the entry silences nothing today but will silently hide the next
real finding of that rule on that tool. A misspelt tool name or JSON pointer never
worked at all, while its author believes the finding is handled.

## Example
```toml
[tool.utcp-lint.per-tool-ignores]
"manuals/ops.json::archiv" = ["UL150"]   # the tool is called "archive"
```

## Fix
Delete the entry (or the id), or correct the tool name or pointer so that it names
the finding it was written for.
"""

from utcp_lint.rule import Rule

RULE = Rule(
    id="UL904",
    name="unused-suppression",
    severity="note",
    confidence="high",
    scope="document",
    tags=("hygiene", "suppression"),
)

# No check of its own: the run (utcp_lint.config.unused_suppression_findings) reports
# it after every file was linted, from the configuration it read. The end-to-end
# proof is tests/test_cli_suppressions.py (a fixture cannot carry a configuration).
RULE.fixtures_exempt = True  # type: ignore[attr-defined]
