r"""A placeholder's value is split into several arguments by xargs.

## What it does
Reports a placeholder whose text reaches `xargs` on standard input (`echo VALUE | xargs
rm`, `printf '%s\n' VALUE | xargs git add`, `xargs kill <<< VALUE`) when xargs splits its
input the default way, or into lines (`xargs -I{} CMD {}` runs CMD once per line of the
value), and the command it runs is not a printer.  Also reports a placeholder printed into a
program that reads names one per line from standard input (`zip -@`, `cpio -o`, `tar -T -`,
`rsync --files-from=-`, `git update-index --stdin`; the table `programs.NAME_LINES`): a value
holding a newline names several files there.
Also reports a placeholder that chooses the file names a program prints one per line
(`find DIR -name VALUE -print`, a starting point of find, `grep -l VALUE FILES`, `ls VALUE`,
`locate VALUE`; the table `programs.NAME_PRINTERS`) when they reach xargs splitting the
default way: a name holding a blank or a quote (`old report.txt`) becomes several arguments
(`old`, `report.txt`), which name other files.  Not reported with `-print0 | xargs -0`,
`grep -lZ | xargs -0`, `xargs -d`, `find … -exec CMD {} +`, or a value that picks names by
something other than their text (`find -mtime +VALUE`).

## Why is this dangerous
The runtime quotes the placeholder, so bash keeps the value as one word, but xargs
splits what it reads again: on blanks and newlines, and it removes quotes and
backslashes (GNU findutils xargs(1), "-0" and "-d" are the only ways to turn that off).
The value `a -rf /` becomes the three arguments `a`, `-rf` and `/` of `rm`: the caller
adds options and operands the template never meant to accept.  Proven under bash in
`tests/test_bash_reparse_catalogue.py`.

## Example
```json
{"command": "echo UTCP_ARG_path_UTCP_END | xargs rm"}
```

## Fix
Pass the value as one argument, with `--` before it: `rm -- UTCP_ARG_path_UTCP_END`.
If a list really must go through xargs, separate it with NUL bytes and mark the end of
options: `printf '%s\0' UTCP_ARG_path_UTCP_END | xargs -0 rm --`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.programs import NAME_PRINTERS

from ._bash import bash_analysis, confidence

RULE = Rule(
    id="UL118",
    name="value-split-by-xargs",
    severity="warning",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None:
        return
    for ref, cmd, how in a.program_splits():
        run = cmd.semantics.name or "the command"
        yield RULE.at_template(
            tpl,
            ref.step,
            ref.template_start,
            ref.template_end,
            f"placeholder '{ref.name}' reaches xargs, which splits it {how}: one value becomes several "
            f"arguments or runs of {run} (a piece starting with '-' is an option); pass it as one argument "
            f"({run} -- VALUE) or separate with NUL bytes: printf '%s\\0' VALUE | xargs -0 {run} --",
            confidence=confidence(ref, "high"),
        )
    seen = {id(ref) for ref, _cmd, _how in a.program_splits()}
    for ref, cmd, how, printer in a.name_list_splits():
        if id(ref) in seen:
            continue
        seen.add(id(ref))
        run = cmd.semantics.name or "the command"
        lister = printer.semantics.name
        nul = NAME_PRINTERS[lister].nul
        yield RULE.at_template(
            tpl,
            ref.step,
            ref.template_start,
            ref.template_end,
            f"placeholder '{ref.name}' chooses the file names {lister} prints, one per line, into xargs, which "
            f"splits them {how}: a name with a blank or quote (which the value can match) becomes several "
            f"arguments of {run}, naming other files; separate the names with NUL bytes "
            f"({nul} | xargs -0 {run}){' or let find run the command itself (find … -exec ' + run + ' {} +)' if lister == 'find' else ''}",
            confidence=confidence(ref, "medium"),
        )
    for ref, cmd, fact in a.line_reader_splits():
        if id(ref) in seen:
            continue
        run = cmd.semantics.name or "the command"
        yield RULE.at_template(
            tpl,
            ref.step,
            ref.template_start,
            ref.template_end,
            f"placeholder '{ref.name}' reaches the standard input of {run}, which reads it as a list of names, "
            f"one per line: a value holding a newline names several files ({fact.source}); validate the value "
            f"so it holds no newline, or pass it as an argument",
            confidence=confidence(ref, "high"),
        )
