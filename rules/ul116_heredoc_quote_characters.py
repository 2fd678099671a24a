r"""Runtime fooled: in a heredoc body the runtime's quotes become literal characters around the value.

## What it does
Reports a placeholder in the body of an unquoted heredoc where the tracker
emitted `"$VAR"` or `'"$VAR"'`. In a heredoc body quotes are plain text, so
the value arrives wrapped in `"` (or `'"` … `"'`) characters.

Severity: **error** where the tracker believes it is inside single quotes (an
apostrophe earlier in the body, as in `Don't`, or `'…'` around the placeholder): it
then emits `'"$VAR"'`, and every value arrives as `'"value"'` — no input gives the
text the author wrote, so the tool cannot work (measured through the real client:
`cat <<EOF\nDon't forget: VALUE\nEOF` prints `Don't forget: '"milk"'`).  A
**warning** where the value arrives in plain double quotes (`name="value"`), which
many formats still accept; an **error** again when the body goes to `read`, `mapfile`
or `readarray` (`read -r greeting <<EOF`): the quotes are stored in the variable and
every use of it carries them (measured through the real client: `Hello "bob"`).

## Why is this dangerous
The generated document, config file or program is not what the author wrote:
JSON gets doubled quotes, a key file gets quotes around the key, SQL gets
a quoted identifier, and when the body is code (UL106) the extra quotes
change how it parses.

## Example
```json
{"command": "cat > cfg.ini <<EOF\nname=UTCP_ARG_name_UTCP_END\nEOF\n"}
```
writes `name="value"`.

## Fix
Write the line with printf instead (`printf 'name=%s\n' UTCP_ARG_name_UTCP_END > cfg.ini`),
or put the placeholder inside double quotes in the heredoc body if the
quotes are wanted anyway (the runtime then emits `${VAR}`).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash import HEREDOC_UNQUOTED

from ._bash import bash_analysis

RULE = Rule(
    id="UL116",
    name="bash-heredoc-quote-characters",
    severity="warning",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("correctness", "bash", "quoting"),
)

_CHARS = {"normal": 'double quotes (")', "sq": "the characters '\" and \"'"}
# the tracker thinks it is inside single quotes: every value arrives as '"value"' (error)
_SEVERITY = {"normal": "warning", "sq": "error"}
_WHY = {
    "normal": "",
    "sq": (
        ' (a quote character earlier in the body, such as the apostrophe of "don\'t", made the '
        "runtime's quote tracker believe it is inside single quotes), so no input gives the text "
        "as written and the tool cannot work"
    ),
}

# builtins that store the body in shell variables: the quotes stay in the variable, so every
# later use (an argument, a path, a comparison, the output) carries them (error)
_READERS = frozenset({"read", "mapfile", "readarray"})
_READ_WHY = (
    " and `{}` stores them in the variable, so every use of it carries the quotes: no input "
    "gives the value as written and the tool cannot work"
)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None:
        return
    for ref in a.placeholders:
        if ref.quoting == HEREDOC_UNQUOTED and ref.state in _CHARS:
            why, severity = _WHY[ref.state], _SEVERITY[ref.state]
            cmd = ref.command
            if severity != "error" and cmd is not None and cmd.name in _READERS:
                why, severity = _READ_WHY.format(cmd.name), "error"
            yield RULE.at_template(
                tpl,
                ref.step,
                ref.template_start,
                ref.template_end,
                f"placeholder '{ref.name}' is in a heredoc body, where the runtime's quoting is "
                f"literal text: the value arrives wrapped in {_CHARS[ref.state]}{why}",
                severity=severity,
            )
