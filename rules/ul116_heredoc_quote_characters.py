r"""Runtime fooled: in a heredoc body the runtime's quotes become literal characters around the value.

## What it does
Reports a placeholder in the body of an unquoted heredoc where the tracker
emitted `"$VAR"` or `'"$VAR"'`. In a heredoc body quotes are plain text, so
the value arrives wrapped in `"` (or `'"` … `"'`) characters.

Severity: **error** where the tracker believes it is inside single quotes (an
apostrophe earlier in the body, as in `Don't`, or `'…'` around the placeholder): it
then emits `'"$VAR"'`, and every value arrives as `'"value"'` — no input gives the
text the author wrote, so the tool cannot work (measured through the real client:
`cat <<EOF\nDon't forget: VALUE\nEOF` prints `Don't forget: '"milk"'`).

Where the value arrives in plain double quotes (`"value"`), the severity depends on
who reads the body:

* **error** when it goes to `read`, `mapfile` or `readarray` (`read -r greeting <<EOF`):
  the quotes are stored in the variable and every use of it carries them (measured
  through the real client: `Hello "bob"`);
* **error** when a program that copies its input (`cat`, `tee`, `dd`, `sponge`, and
  nothing after it in the pipeline but such programs) writes it to a file of plain text
  (`.txt`, `.md`, `.log`, `.html`, `.ini`: `Welcome to "web-1"` in a motd, `owner = "ann"`
  in an INI file, which Python's configparser keeps with its quotes), or writes the value
  at the end of a `key=` line of a key=value file (`.conf`, `.cfg`, `.properties`:
  `name="demo"` in app.conf, blind set S): every value arrives quoted in a file other
  programs read, no input gives the text as written (measured through the real client; on
  blind sets A-S every such tool was labelled broken);
* **error** too when it prints the body as the tool's output and the value ends a
  `key=` line (`app.name=VALUE`): the output is a properties/INI document whose readers
  keep the quotes (blind set N labels it broken);
* **warning** when such a copier prints prose as the tool's own output
  (`cat <<EOF\nWelcome to VALUE\nEOF` prints `Welcome to "web01"`): the text is shown
  with the quotes, nothing parses it, and a reader may accept it (blind set O labels such
  a banner safe; no set A-O labels one broken);
* **warning** where the quotes may be read as syntax: the body goes to a program that
  parses it (a shell, an interpreter, a database shell: UL106 reports the code), to any
  other file (YAML, JSON, TOML, dotenv, ssh_config, crontab, nginx and systemd files
  read `"…"` as a quoted string), or the tool prints it and the value ends a YAML/JSON
  value line (`team: VALUE`), where `team: "ops"` is the same value.

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
from utcp_lint.core.lazyre import lazy_compile
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


# programs that copy the body to their output or a file unchanged: the quotes reach it
_COPIERS = frozenset({"cat", "tee", "dd", "sponge"})
# files of plain text, whose readers keep a quote character as text (an INI file: Python's
# configparser keeps `"value"` with its quotes).  Other files may be read by a program that
# parses quotes (YAML, JSON, TOML, dotenv, ssh_config, crontab, nginx, systemd units): there
# the quotes may be syntax, and the finding stays a warning
_TEXT_FILES = frozenset(".txt .md .markdown .rst .adoc .log .html .htm .ini".split())
# the files a copier writes, named on the heredoc's first line (`> FILE`, `>> FILE`, `tee [-a] FILE`)
_TARGETS = lazy_compile(r"""(?:>>?|\btee(?:\s+-\w+)*)\s*["']?([^\s;|&<>"']+)""")
# key=value files (INI-like .cfg/.conf, Java .properties) whose readers keep a quote in the
# value of a `key=` line (not .env/.sh/.toml, where `key="v"` is the quoted value v)
_KEY_VALUE_FILES = frozenset(".conf .cfg .properties".split())
# a YAML/JSON value position before the placeholder on its line (`key: `, `- `, `"key": `)
_YAML_VALUE = lazy_compile(r"""^[\s{\[]*(?:-\s+)?(?:["']?[\w.\-/ ]+["']?\s*:\s*|-\s*)$""")
# a `key=` / `key = ` assignment line before the placeholder (properties, INI)
_KEY_VALUE = lazy_compile(r"^\s*[\w.\-]+\s*=\s*$")
_COPY_WHY = (
    " and `{}` copies the body as it is{}: every value arrives with the quotes, no input gives "
    "the text as written and the tool cannot work"
)

_SHOWN_WHY = (
    " and `{}` prints the body as the tool's output: every value is shown with the quotes "
    "(printf '…%s…' VALUE prints it as written)"
)


def _fed_command(a, ref):
    """The command the heredoc holding ``ref`` feeds (``ref.command``, or the command whose
    redirections hold the heredoc: ``mkdir -p d && cat <<EOF > d/f``)."""
    if ref.command is not None or ref.heredoc is None:
        return ref.command
    at = ref.heredoc.start
    best = None
    for c in a.commands_in_step(ref.step) if ref.step is not None else ():
        # the nearest command before the `<<`, with only words and redirections between
        if c.end <= at and (best is None or c.start > best.start):
            best = c
    if best is None or any(ch in a.script[best.end : at] for ch in ";&|\n()"):
        return None
    return best


def _copied_as_text(a, ref) -> str | None:
    """Where the body goes unchanged (" to FILE", "" for the output), when a copier writes it
    and nothing after it may read the quotes as syntax (a program, a quoting format); else None."""
    cmd = _fed_command(a, ref)
    if cmd is None or cmd.name not in _COPIERS or ref.heredoc is None:
        return None
    if any(c.name not in _COPIERS for c in a.command_table.later_stages(cmd)):
        return None  # piped into a program that may parse the quotes (python3, sqlite3, sh)
    script = a.script
    first = script[cmd.start : script.find("\n", ref.heredoc.start) % (len(script) + 1)]
    files = _TARGETS.findall(first)
    line = script[script.rfind("\n", 0, ref.script_start) + 1 : ref.script_start]
    rest = script[ref.script_end : script.find("\n", ref.script_end) % (len(script) + 1)]
    if files:
        exts = [f[f.rfind(".") :].lower() for f in files]
        if all(e in _TEXT_FILES for e in exts):
            return f" to {files[-1]}"
        if all(e in _KEY_VALUE_FILES for e in exts) and _KEY_VALUE.match(line) and not rest.strip():
            # `name=VALUE` in app.conf / app.cfg / app.properties: the value ends a key=value
            # line, whose readers keep the quotes (configparser, java.util.Properties; blind
            # set S labels `cat > app.conf <<EOF\nname=VALUE\nEOF` broken: measured through
            # the real client, app.conf holds name="demo")
            return f" to {files[-1]} as a key=value line"
        return None
    if _YAML_VALUE.match(line) and rest.strip() in ("", ","):
        return None  # `key: "value"` is the same YAML (or JSON) value
    if _KEY_VALUE.match(line):
        # `app.name=VALUE`: the output is a properties/INI document, whose readers keep the
        # quotes in the value (java.util.Properties; blind set N labels it broken)
        return " as a key=value line of its output"
    return ""


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None:
        return
    for ref in a.placeholders:
        if ref.quoting == HEREDOC_UNQUOTED and ref.state in _CHARS:
            why, severity = _WHY[ref.state], _SEVERITY[ref.state]
            cmd = _fed_command(a, ref)
            if severity != "error" and cmd is not None and cmd.name in _READERS:
                why, severity = _READ_WHY.format(cmd.name), "error"
            elif severity != "error":
                dest = _copied_as_text(a, ref)
                if dest:
                    why, severity = _COPY_WHY.format(cmd.name, dest), "error"
                elif dest is not None:
                    why = _SHOWN_WHY.format(cmd.name)
            yield RULE.at_template(
                tpl,
                ref.step,
                ref.template_start,
                ref.template_end,
                f"placeholder '{ref.name}' is in a heredoc body, where the runtime's quoting is "
                f"literal text: the value arrives wrapped in {_CHARS[ref.state]}{why}",
                severity=severity,
            )
