r"""Runtime fooled: the placeholder's reference lands unquoted (word splitting and globbing).

## What it does
utcp-cli chooses how to write each placeholder with a three-state quote tracker
(outside quotes: `"$VAR"`, inside `"…"`: `${VAR}`, inside `'…'`: `'"$VAR"'`).
The tracker knows nothing about comments, `$( )`/backticks nested in double
quotes or `$'…'` strings, so in those places the reference it writes ends up
*unquoted* in the script bash really parses. This rule reports every placeholder
whose reference bash sees unquoted in an argument, a `for … in` list, an array
literal or a redirection target.

## Why is this dangerous
An unquoted expansion is split on whitespace and each piece is globbed: the
value `-rf /` becomes two arguments, `*` becomes the file list of the working
directory, and a value with spaces can add options the tool never meant to
accept. The template looks safe and the runtime promises quoting, but the
shell does not quote it.

## Example
```json
{"command": "echo \"Size: $(du -sh \"UTCP_ARG_path_UTCP_END\")\""}
```
The tracker leaves the outer `"` when it meets the inner `"`, emits `"$VAR"` in
"normal" state and the script reads `"$(du -sh ""$VAR"")"`: the variable is
unquoted inside the command substitution.

## Severity
An error where the split words reach a position that runs code (the command name, a
shell or interpreter code argument) or where the substitution's own result is split
again; a warning where the split happens inside a `$( )` whose result is quoted
(`"$(du -sh VALUE)"`: the inner command gets several arguments or a file list, no code
runs); no finding where a guard before the use proves the value holds no blank and no
glob character (`[ VALUE -gt 0 ] || exit`, `[[ VALUE =~ ^[a-z0-9-]+$ ]] || exit`).

## Fix
Do not nest double quotes inside `$( )` within double quotes in a template;
assign first: `p=UTCP_ARG_path_UTCP_END; echo "Size: $(du -sh -- "$p")"`. Avoid
quote characters in comments and `$'…'` strings before a placeholder.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash.valueflow import guard_no_split
from utcp_lint.template.bash_commands import BashSinkKind

from ._bash import bash_analysis, confidence, tracker

RULE = Rule(
    id="UL110",
    name="bash-runtime-quoting-fooled-unquoted",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "bash", "quoting"),
    security_severity=7.5,
)


def _why(ref) -> str:
    if ref.nested:
        return "it sits inside a $( ) or backquote substitution, where quoting starts afresh"
    if ref.state == "dq":
        return (
            "a double quote the tracker counted is not a quote for bash (it is in a comment, a $'…' string or similar)"
        )
    if ref.state == "normal":
        return "a quote character the tracker counted does not open or close a quote for bash"
    return "the tracker's quote state does not match bash's"


# sinks where the split words are code or name the program
_CODE_SINKS = frozenset(
    {BashSinkKind.SHELL_CODE, BashSinkKind.INTERP_CODE, BashSinkKind.STDIN_CODE, BashSinkKind.COMMAND_NAME}
)


def _severity(ref) -> str | None:
    """None (the rule's error) where the split reaches code or is split again; a
    warning where it stays inside a substitution whose result is quoted."""
    if not ref.nested or ref.outer_split or ref.word_index == 0:
        return None
    if any(s.kind in _CODE_SINKS for s in ref.sinks):
        return None
    return "warning"


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None:
        return
    for ref in a.placeholders:
        if not ref.splits:
            continue
        if guard_no_split(a.guards, frozenset({ref.env_var or ref.name}), ref.ref_start):
            continue  # one word, itself: nothing to split or glob
        sev = _severity(ref)
        yield RULE.at_template(
            tpl,
            ref.step,
            ref.template_start,
            ref.template_end,
            f"placeholder '{ref.name}' expands unquoted in the script bash runs (word splitting "
            f"and globbing apply): the runtime believed it was {tracker(ref)}, but {_why(ref)}",
            confidence=confidence(ref),
            **({"severity": sev} if sev else {}),
        )
