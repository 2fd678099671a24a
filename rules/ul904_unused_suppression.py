"""A suppression (configuration entry or `# utcp-lint: ignore` comment) silences nothing.

## What it does
Reports each rule id of a `per-file-ignores` or `per-tool-ignores` entry in the
configuration (`[tool.utcp-lint]`, `utcp-lint.toml`) that hid no finding in a run
that linted a file the entry names, and each id there that is not a rule at all;
and each id of a `# utcp-lint: ignore[...]` comment in Python source that hid no
finding on its statement (ruff's RUF100 for `noqa` comments). The finding points at
the id. An entry whose files were not part of the run (pre-commit passing only the
changed files), or an id whose rule did not run, is not judged; `# noqa` and
`# nosec` comments are left alone (they may be meant for ruff or bandit).

## Why is this dangerous
A suppression outlives the false positive it was written for: once the manual or
the rule changes, the entry silences nothing today but will silently hide the next
real finding of that rule on that tool. A misspelt tool name or JSON pointer never
worked at all, while its author believes the finding is handled.

## Example
```python
os.system(cmd)  # utcp-lint: ignore[UL401] reviewed   (os.system is UL400)
```

```toml
[tool.utcp-lint.per-tool-ignores]
"manuals/ops.json::archiv" = ["UL150"]   # the tool is called "archive"
```

## Fix
Delete the entry (or the id), or correct the tool name or pointer so that it names
the finding it was written for.
"""

from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL904",
    name="unused-suppression",
    severity="note",
    confidence="high",
    scope="document",
    tags=("hygiene", "suppression"),
)

# No check of its own: the run reports it once the suppressions were applied, for the
# configuration (utcp_lint.run.config.unused_suppression_findings, after every file; proven
# end to end in tests/test_cli_house.py, a fixture cannot carry a configuration) and
# for Python comments (utcp_lint.pyscan.apply_suppressions; fixtures/rules/UL904).
