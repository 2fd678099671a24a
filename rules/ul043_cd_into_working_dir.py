r"""A step `cd`s into its own `working_dir` by a relative name: it looks for the directory inside itself.

## What it does
Reports the first `cd D` (or `pushd D`) of a bash step when `D` is a relative
directory that names the end of the template's `working_dir` itself (`"working_dir":
"/srv/ws/repo"` and `cd repo && git …`).  A `cd` guarded by `|| …`, a `cd` into a
directory an earlier command of the step names (`git clone URL repo && cd repo`),
absolute targets, `..` and options are not reported.

## Why is this dangerous
utcp-cli 1.1.5 starts the process in `working_dir` (`create_subprocess_exec(…,
cwd=working_dir)`), so every step already runs there.  bash resolves a relative `cd`
target against the current directory (bash(1), `cd`): `cd repo` looks for
`/srv/ws/repo/repo`, which is not the directory the author meant.  The `cd` fails
(`cd: repo: No such file or directory`), and the command after `&&` never runs -- on
every call, measured through the real runtime (tests/test_working_dir_runtime.py).
Only a project that really nests a directory of the same name (`mysite/mysite`) would
work, hence medium confidence.

## Example
```json
{"call_template_type": "cli", "working_dir": "/srv/ws/repo",
 "commands": [{"command": "cd repo && git tag -a UTCP_ARG_tag_UTCP_END -m release"}]}
```

## Fix
Drop the `cd` (the step already runs in `working_dir`), or set `working_dir` to the
parent directory.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.working_dir import WorkdirKind, step_facts

from ._bash import bash_analysis

RULE = Rule(
    id="UL043",
    name="bash-cd-into-working-dir",
    severity="error",
    confidence="medium",
    scope="template",
    needs="bash",
    tags=("correctness", "bash"),
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    wd = tpl.working_dir
    a = bash_analysis(tpl)
    if a is None or not isinstance(wd, str):
        return
    for fact in step_facts(a, wd):
        if fact.kind is not WorkdirKind.CD_INTO_ITSELF or fact.step is None:
            continue
        s, e = a.to_template_span(fact.step, fact.start, fact.end)
        yield RULE.at_template(
            tpl,
            fact.step,
            s,
            e,
            f"step {tpl.steps[fact.step].index} changes into {fact.path!r}, but it already runs in "
            f"working_dir {wd!r}: bash looks for {fact.path!r} inside it, the cd fails and what "
            f"follows it never runs; drop the cd or set working_dir to the parent directory",
        )
