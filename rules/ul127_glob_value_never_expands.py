r"""An input meant as a glob is a quoted operand: the wildcard never expands.

## What it does
Reports a placeholder whose input says it is a glob (its schema description or name
says `glob`/`wildcard`, or the step's own text does: `echo 'pattern must be a plain
glob'`) when the whole value is an operand of a program that opens its operands as
file names and never matches patterns itself (`sha256sum -- VALUE`, `wc -l -- VALUE`,
`gzip VALUE`; the program table's `FILE_OPERANDS_NO_GLOB` in
`linter/template/programs.py`).  The program's option grammar decides operand or option
argument (`gzip -k VALUE` is an operand; `du --exclude VALUE` is not).  Not reported:
programs that match patterns themselves (`find -name`, `git` pathspecs, `rsync
--include`, `tar --wildcards`, `grep`, `case`, `[[ == ]]`), a value in an option's argument, and inputs that do not say glob.

## Why is this dangerous
utcp-cli always passes a value as one quoted word (`"$VAR"`), and bash performs
pathname expansion only on unquoted words (bash(1) "Pathname Expansion"), so `*.tar.gz`
reaches the program literally: `sha256sum: '*.tar.gz': No such file or directory`
(measured through the real runtime).  The tool cannot do what it says for any glob.

## Example
```json
{"command": "cd dist && sha256sum -- UTCP_ARG_pattern_UTCP_END"}
```

## Fix
Let the shell expand the pattern from a variable it reads unquoted with `nullglob`
set, after checking it: `shopt -s nullglob; p=UTCP_ARG_pattern_UTCP_END; case $p in
*/*|-*) exit 1;; esac; files=( ${p:?} ); sha256sum -- "${files[@]}"`, or use `find .
-maxdepth 1 -name UTCP_ARG_pattern_UTCP_END -exec sha256sum -- {} +`.
"""

import re
from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.core.lazyre import compile_pattern
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.option_scan import AFTER, DYNAMIC, OPERAND, command_walk
from utcp_lint.template.programs import FILE_OPERANDS_NO_GLOB

from ._bash import bash_analysis

RULE = Rule(
    id="UL127",
    name="bash-glob-value-never-expands",
    severity="error",
    confidence="medium",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)

_GLOB = compile_pattern(r"\b(?:glob|wildcard)", re.I)
_PLACEHOLDER = compile_pattern(r"UTCP_ARG_\w+?_UTCP_END")


def _says_glob(tpl: CliTemplate, name: str, step_text: str) -> bool:
    props = (tpl.inputs or {}).get("properties") if isinstance(tpl.inputs, dict) else None
    spec = props.get(name) if isinstance(props, dict) else None
    desc = spec.get("description") if isinstance(spec, dict) else None
    if _GLOB.search(name) or (isinstance(desc, str) and _GLOB.search(desc)):
        return True
    return _GLOB.search(_PLACEHOLDER.sub("", step_text)) is not None


_OPERAND_ROLES = frozenset({OPERAND, AFTER, DYNAMIC})


def _operand(cmd, wi: int) -> bool:
    """Word ``wi`` is an operand by the program's option grammar (not an option's argument)."""
    walked = command_walk(cmd)
    return walked is not None and walked[1].roles.get(wi) in _OPERAND_ROLES


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None:
        return
    for p in a.placeholders:
        cmd = p.command
        if not p.expands or not p.whole_word or p.sinks or cmd is None or cmd.kind != "command":
            continue
        wi = p.word_index
        if wi is None or cmd.name_index is None or wi <= cmd.name_index:
            continue
        prog = cmd.semantics.name
        if prog not in FILE_OPERANDS_NO_GLOB or not _operand(cmd, wi):
            continue
        if not _says_glob(tpl, p.name, tpl.steps[p.step].command):
            continue
        yield RULE.at_template(
            tpl,
            p.step,
            p.template_start,
            p.template_end,
            f"placeholder '{p.name}' is meant as a glob, but the runtime passes it to `{prog}` as "
            f"one quoted word: bash never expands the wildcard, so `{prog}` looks for a file "
            f"literally named like the pattern ('*.tar.gz': No such file or directory) and the "
            f"tool cannot work for any glob",
        )
