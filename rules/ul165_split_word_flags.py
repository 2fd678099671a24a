"""A placeholder meant to expand to several flags arrives as ONE argument.

## What it does
Reports a placeholder written as a whole, unquoted argument word whose input is an
array or object, or whose name (`flags`, `options`, `extra_args` …), description or
examples show several flags (`"Extra flags, e.g. -l -a"`).

## Why is this dangerous
Up to utcp-cli 1.1.2 a placeholder was pasted into the command text, so
`ls UTCP_ARG_flags_UTCP_END` with `"-l -a"` became two arguments.  Since 1.1.3 the
runtime passes every value through an environment variable as `"$VAR"`: it is
always exactly ONE argument.  `"-l -a"` now reaches the program as the single word
`-l -a` — most programs reject it or read it as the option cluster `-l`, `- `, `-a`,
and a `--long value` pair never arrives as two words.  An array or object is worse:
the runtime passes `str(value)`, the Python representation `['-l', '-a']`.  The tool
breaks, or silently does something else, for every caller.

## Example
```json
{"inputs": {"properties": {"flags": {"type": "string", "description": "ls flags, e.g. -l -a"}}},
 "tool_call_template": {"call_template_type": "cli",
   "commands": [{"command": "ls UTCP_ARG_flags_UTCP_END ."}]}}
```

## Fix
Use one placeholder per flag, each its own input, and keep operands behind `--`:
`ls UTCP_ARG_long_UTCP_END UTCP_ARG_all_UTCP_END -- .` with `long` and `all` as enums
(`["-l", "--no-group"]` …), or fixed flags in the template selected by separate
tools.  An empty value still arrives as an (empty) argument, so prefer enums without
`""`.
"""

import re
from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.core.lazyre import compile_pattern
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL165",
    name="split-word-flags",
    severity="warning",
    confidence="medium",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)

# plural names only: an input named `flag` (or `sort_flag`) holds one flag, which the
# runtime passes intact as one argument
_FLAG_NAMES = compile_pattern(
    r"(?:^|_)(?:flags|opts|options|switches|extra_args|extra_flags|extra_options|additional_args|"
    r"additional_flags|cli_args|cli_flags|cmd_args|command_args|arguments|argv|args)$",
    re.I,
)
_FLAG_TOKEN = compile_pattern(r"(?<![\w/.-])--?[A-Za-z][\w-]*")
_FLAG_WORDS = compile_pattern(r"\b(?:flags|options|switches|arguments|args)\b", re.I)


def _texts(sch: dict) -> list:
    out = []
    for k in ("description", "title", "default"):
        v = sch.get(k)
        if isinstance(v, str):
            out.append(v)
    ex = sch.get("examples")
    if isinstance(ex, list):
        out.extend(x for x in ex if isinstance(x, str))
    elif isinstance(ex, str):
        out.append(ex)
    ex = sch.get("example")
    if isinstance(ex, str):
        out.append(ex)
    return out


def evidence(name: str, sch) -> tuple:
    """(reason, confidence) when the input looks like several flags, else (None, None)."""
    sch = sch if isinstance(sch, dict) else {}
    t = sch.get("type")
    types = t if isinstance(t, list) else [t]
    if "array" in types:
        return "its input type is array (the runtime passes the Python repr, e.g. ['-l', '-a'])", "high"
    if "object" in types:
        return "its input type is object (the runtime passes the Python repr of the dict)", "high"
    for text in _texts(sch):
        toks = _FLAG_TOKEN.findall(text)
        if len(toks) >= 2:
            return f"its description/examples show several flags ({' '.join(toks[:3])})", "medium"
    if _FLAG_NAMES.search(name):
        return f"its name '{name}' says it holds flags", "medium"
    desc = sch.get("description")
    if isinstance(desc, str) and _FLAG_WORDS.search(desc) and _FLAG_TOKEN.search(desc):
        return "its description speaks of flags/options", "medium"
    return None, None


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if (
        "bash" not in tpl.shells
        or not tpl.steps
        or not (tpl.origin == "tool" or (tpl.origin == "python" and tpl.inputs is not None))
    ):
        return
    for r in tpl.bash.placeholders:
        if r.state != "normal" or not r.whole_word or r.context != "argv" or r.command is None:
            continue
        cmd = r.command
        wi = r.word_index  # r.word's index in cmd.words (read without building the Words)
        if cmd.kind != "command" or cmd.name_index is None or wi is None:
            continue
        if (wi if wi >= 0 else r.word.index) <= cmd.name_index:
            continue
        reason, conf = evidence(r.name, tpl.input_schema(r.name))
        if reason is None:
            continue
        prog = cmd.name or "the command"
        yield RULE.at_template(
            tpl,
            r.step,
            r.template_start,
            r.template_end,
            f"'{r.name}' looks like several flags ({reason}), but since utcp-cli 1.1.3 a placeholder "
            f"is passed as ONE argument: \"-l -a\" reaches {prog} as the single word '-l -a', never "
            f"as two; use one placeholder per flag",
            confidence=conf,
        )
