r"""A placeholder's value is written into option lines a program reads (`curl -K -`, `pip install -r FILE`).

## What it does
Reports a placeholder that reaches the standard input of a program told to read a file
of option lines from it: `printf 'url = "%s"\n' VALUE | curl -K -`, `echo VALUE | pip
install -r /dev/stdin`, a heredoc or here-string read by `curl --config -`,
`wget --config=/dev/stdin`, `aria2c -i -` or `ssh -F /dev/stdin`, and a value written
into a file that such an option then names (`printf 'url = %s\n' VALUE > req.cfg && curl
-K req.cfg`, `echo VALUE > reqs.txt; pip install -r reqs.txt`).  A value that names the
file itself (`curl -K UTCP_ARG_cfg_UTCP_END`, `kubectl --kubeconfig=VALUE`, `ssh -F VALUE`,
`openssl req -config VALUE`) is a warning at medium confidence: the caller chooses which
file's lines become options (an upload, a file another tool wrote).  Which options name such
a file, and what an injected line can do, is one fact per program in
`linter/template/programs.py` (`Options.option_files`, with its manual page).  The
severity follows that fact; a program that reads its standard input as such a document when
given no file (`groff`, `troff`, `nroff`: every line starting with `.` is a request) is read
the same way, so `printf '.TH X 1\n%s\n' VALUE | groff -man` with `.so /etc/passwd` prints
any file (a warning), and under `groff -U` `.sy CMD` runs CMD (an error).  The
severity: an error when an injected line runs code (`pip -r`: a
`--index-url` line installs and builds a package of the caller's choice; `ssh -F`:
`ProxyCommand`; `aria2c -i`: `on-download-complete=`), a warning when it writes or
sends files (`curl -K`: `output = /path`, `upload-file = ~/.netrc`).  Not reported: a
value a guard in force keeps free of newlines (`[[ $v =~ ^[A-Za-z0-9._/:-]+$ ]] || exit
1`).

## Why is this dangerous
utcp-cli passes the value as one shell word, but here the program parses it again: the
config file format is one option per line, so a value holding a newline adds a whole
option of the caller's choice — `https://x\noutput = /home/u/.bashrc` makes curl
overwrite the start-up file with the download.

## Example
```json
{"command": "printf 'url = \"%s\"\\n' \"UTCP_ARG_url_UTCP_END\" | curl -sS -K -"}
```

## Fix
Pass the value as an argument instead (`curl -sS -- "UTCP_ARG_url_UTCP_END"`), or reject
newlines (and anything else the format treats specially) first:
`[[ UTCP_ARG_url_UTCP_END =~ ^https://[A-Za-z0-9./?=_-]+$ ]] || exit 2`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash_commands import BashSinkKind, option_files_read
from utcp_lint.template.option_scan import names_option_files, option_file_argument

from ._bash import bash_analysis, confidence

RULE = Rule(
    id="UL152",
    name="bash-option-lines-on-stdin",
    severity="warning",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "injection", "bash"),
    # rated for the worst case (an injected line runs code: pip -r, ssh -F)
    security_severity=7.8,
)


def _newline_free(a, ref) -> bool:
    """A guard in force at the reference keeps newlines out of the value."""
    names = frozenset({ref.env_var or ref.name})
    for g in getattr(a, "guards", None) or ():
        if g.lo <= ref.ref_start < g.hi and g.names & names and g.chars is not None and "\n" not in g.chars:
            return True
    return False


def _slash_free(a, ref) -> bool:
    """A guard in force keeps '/' out of the value (a file in the working directory)."""
    names = frozenset({ref.env_var or ref.name})
    for g in getattr(a, "guards", None) or ():
        if g.lo <= ref.ref_start < g.hi and g.names & names and g.chars is not None and "/" not in g.chars:
            return True
    return False


def _names_the_file(tpl, a) -> Iterator[Finding]:
    """The value is (or starts) the argument of the option naming the file of option lines."""
    for ref in a.placeholders:
        c = ref.command
        if c is None or ref.word_index is None or ref.context == "redirect" or not ref.expands:
            continue
        if any(s.kind != BashSinkKind.STDIN_OPTIONS for s in ref.sinks):
            continue
        if not names_option_files(c):
            continue  # (the program alone decides: no word of the command is read)
        w0 = a.source.char(c.word_nodes[ref.word_index].start_byte)
        if ref.script_start - w0 > 200:
            continue  # far into its word: not the start of the option's argument
        got = option_file_argument(c, ref.word_index)
        if got is None or _slash_free(a, ref):
            continue
        of, off = got
        lit = a.script[w0 : ref.script_start].replace('"', "").replace("'", "")
        if (lit[off:] if off is not None else lit) != "":
            continue  # "conf.d/V": another finding's, or a fixed directory
        yield RULE.at_template(
            tpl,
            ref.step,
            ref.template_start,
            ref.template_end,
            f"placeholder '{ref.name}' names the file `{c.name} {of.option}` reads option lines from: "
            f"the caller chooses which file's lines become options ({of.example}); name a fixed "
            f"file, or pass the value as an argument",
            severity="warning",
            confidence=confidence(ref, "medium"),
        )


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None:
        return
    yield from _names_the_file(tpl, a)
    for ref in a.placeholders:
        if not ref.sinks:
            continue
        sinks = [s for s in ref.sinks if s.kind == BashSinkKind.STDIN_OPTIONS]
        if not sinks or _newline_free(a, ref):
            continue
        s = sinks[0]
        c = s.command
        facts = option_files_read(c.values, c.semantics.name_index) if c is not None else []
        fact = facts[0][0] if facts else None
        runs = fact is not None and (
            fact.impact == "exec" or any(w in fact.exec_switches.split() for w in c.values if w)
        )
        sev = "error" if runs else "warning"
        ex = f" ({fact.example})" if fact is not None else ""
        lines = fact.lines if fact is not None else "option lines"
        line = lines[:-1] if lines.endswith("s") else lines
        yield RULE.at_template(
            tpl,
            ref.step,
            ref.template_start,
            ref.template_end,
            f"placeholder '{ref.name}' is written into {lines} a program reads ({s.detail}): "
            f"a newline in the value adds a whole {line}{ex}; pass the value as an argument, "
            f"or reject newlines first",
            severity=sev,
            confidence=confidence(ref, s.confidence),
        )
