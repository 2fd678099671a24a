r"""Runtime fooled: the placeholder's reference lands inside single quotes, `$'…'` or a quoted heredoc and is never substituted.

## What it does
Reports a placeholder whose emitted variable reference bash reads as literal
text: inside a single-quoted string the tracker did not see (after a `'` in a
comment or an escaped `\'` in `$'…'`), inside an ANSI-C `$'…'` string, inside the
body of a heredoc with a quoted delimiter (`<<'EOF'`), or after a backslash.
Not reported: a quoted heredoc that a child shell runs (`bash <<'EOF'`, or
`cat > job.sh <<'EOF'` then `bash job.sh`) where the reference sits inside double
quotes as an argument: the runtime exports the value as an environment variable,
so the child expands it as data and the tool works.

## Why is this dangerous
The command receives the text `"$__UTCP_ARG_<nonce>_name"` instead of the
caller's value, on every call. The tool silently ignores its input (it may
operate on a wrong file, search for the wrong thing, or report success), and
the per-call variable name leaks into output.

## Example
```json
{"command": "cat <<'EOF'\nHello UTCP_ARG_name_UTCP_END\nEOF\n"}
{"command": "echo $'it\\'s UTCP_ARG_x_UTCP_END'"}
```

## Fix
Use an unquoted heredoc delimiter only when the body is plain text, or better
pass the value as an argument (`printf 'Hello %s\n' UTCP_ARG_name_UTCP_END`).
Do not put placeholders inside `$'…'`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template import bash as B
from utcp_lint.template.bash.child_shell import child_shell_data

from ._bash import bash_analysis, confidence, tracker

RULE = Rule(
    id="UL111",
    name="bash-placeholder-never-substituted",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("correctness", "bash", "quoting"),
)

_WHERE_TEXT = {
    "SINGLE": "inside a single-quoted string",
    "ANSI_C": "inside a $'…' (ANSI-C) string",
    "HEREDOC_QUOTED": "inside a heredoc whose delimiter is quoted",
    "ESCAPED": "after a backslash that escapes its $",
}


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None:
        return
    where_by_quoting = {getattr(B, k): v for k, v in _WHERE_TEXT.items()}
    for ref in a.placeholders:
        where = where_by_quoting.get(ref.quoting)
        if where is None:
            continue
        if ref.quoting == B.HEREDOC_QUOTED and id(ref) in child_shell_data(a):
            continue  # a child shell runs the body and expands the exported variable as data
        yield RULE.at_template(
            tpl,
            ref.step,
            ref.template_start,
            ref.template_end,
            f"placeholder '{ref.name}' is never substituted: its reference lands {where}, so the "
            f"command receives the literal text of the variable reference instead of the value "
            f"(the runtime believed it was {tracker(ref)})",
            confidence=confidence(ref),
        )
