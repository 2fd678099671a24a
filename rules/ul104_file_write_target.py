"""Placeholder value names a file the command writes (redirection, `tee`, `dd of=`, `curl -o`).

## What it does
Reports a placeholder in the target of an output redirection (`>`, `>>`, `>|`,
`&>`, `&>>`, `<>`, `>&`), in a file operand of `tee`, in `dd of=…`, and in the
output-file options of `curl` (`-o`, `--output`, `-c`, `-D` …) and `wget`
(`-O`, `-o`, `-P` …). When the value is only part of the path it is reported
(medium confidence) because `../` in the value still walks out of the intended
directory; when a literal directory comes before it (`> "out/VALUE"`) UL170 reports it
instead, and nothing is reported when a check before it keeps `/` or `..` out of the value
(`case $v in */*|*..*) exit 1;; esac`): the file is then one inside that directory.

It also reports, as a warning, a value that is (or starts) the argument of an option
naming a file the program writes, by the program's option grammar and the program
table's `Options.writes` (`msgfmt -o "VALUE.mo"`, `sort -o VALUE`, `git archive
--output=VALUE.tar`, `gpg -o VALUE`, `pandoc -o VALUE`, `terraform plan -out=VALUE`,
`csplit -f VALUE`); for a program the table lacks, only the unambiguous spellings
`--output-file`, `--outfile`, `--log-file`, `--output-dir` … count (not `-o`/`--output`,
a format in `kubectl -o json`).  A guard keeping `/` out of the value silences it.

## Why is this dangerous
The caller picks which file is created or overwritten with the tool's output:
`~/.bashrc`, `~/.ssh/authorized_keys`, a cron file or the tool's own
configuration -- an arbitrary file write with the runtime user's rights.

## Example
```json
{"command": "curl -s https://example.com/report > UTCP_ARG_out_UTCP_END"}
{"command": "echo UTCP_ARG_line_UTCP_END | tee -a UTCP_ARG_log_UTCP_END"}
```

## Fix
Write to a fixed directory and reduce the value to a safe base name first:
`f=$(basename -- UTCP_ARG_out_UTCP_END); case $f in ''|.*|*[!A-Za-z0-9._-]*) exit 2;; esac;
curl -s … > "/srv/reports/$f"`, or do not let the caller choose the file at all.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.core.lazyre import compile_pattern
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash.traversal import confined_use, confined_uses, output_options, path_escapes
from utcp_lint.template.bash_commands import BashSinkKind

from ._bash import also, bash_analysis, confidence, sink_findings

_VAR = compile_pattern(r"^(?:\w+ )?([A-Za-z_]\w*)=")

RULE = Rule(
    id="UL104",
    name="bash-value-as-output-file",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "bash", "file-write"),
    security_severity=8.0,
)


def _msg(ref, sink, others):
    part = "names" if ref.whole_word else "is part of the path of"
    return (
        f"placeholder '{ref.name}' {part} a file the command writes ({sink.detail}){also(others)}: "
        f"the caller can create or overwrite any file the tool's user can write"
    )


def _chain_names(chain) -> list:
    """The shell variables a value passed through (``$n`` in ``through $n``)."""
    return [m.group(1) for _l, *_ in chain for m in [_VAR.search(_l)] if m is not None]


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None:
        return
    # a value after a literal DIR/ is UL170's finding (one fact, one finding)
    climbs = {(id(e.placeholder), id(e.use.command)) for e in path_escapes(a)}
    # a value after DIR/ that a guard keeps inside DIR (no '/' or '..' gets through)
    climbs |= confined_uses(a)

    def skip(ref, sink) -> bool:
        if sink.chain:
            _label, s0, s1 = sink.chain[-1]
            if "##*/" in a.script[s0:s1] and a.script[s0 - 1 : s0] == "/":
                return True  # "DIR/${v##*/}": only the base name, inside DIR
            names = frozenset({ref.env_var or ref.name, *_chain_names(sink.chain)})
            if confined_use(a, names, s0, s1):
                return True  # `n=${n##*/}; > "DIR/${n:-x}"`: a sanitised name inside DIR
        return (id(ref), id(sink.command)) in climbs

    yield from sink_findings(RULE, tpl, BashSinkKind.FILE_WRITE, _msg, skip)

    # output-file options of the program table (programs.Options.writes: msgfmt -o, csplit
    # -f, git archive -o, sort -o, gpg --output, pandoc -o, terraform -out …): a warning,
    # the template hands the caller the output file of a program rather than a shell write
    for o in output_options(a):
        p = o.placeholder
        via = f" (through ${o.variable})" if o.variable else ""
        part = "is" if o.whole else "starts"
        yield RULE.at_template(
            tpl,
            p.step,
            p.template_start,
            p.template_end,
            f"placeholder '{p.name}'{via} {part} the argument of `{o.program} {o.option}` ({o.program} "
            f"{o.action} <{p.name}>): the caller chooses which file is created or overwritten (any path "
            f"the tool's user can write, '../' or '/' included); reject '/' and '..' first or write "
            f"to a fixed name",
            severity="warning",
            confidence=confidence(p, "high" if o.whole else "medium"),
        )
