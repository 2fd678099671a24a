r"""A placeholder's value can arrive as an option of the program (option injection).

## What it does
Reports a placeholder that forms a whole argument word (or the start of one) of a
program, with no `--` before it, where the program's option parser still reads
options, and that is not the value of an option taking one (`-e VALUE`,
`--file VALUE`, `--name=VALUE`).  Commands are looked at through wrappers (`sudo`,
`env`, `timeout`, `xargs` …); a value in a wrapper's own operand before the command
(`timeout VALUE cmd`, `chroot VALUE cmd`) is a note: an option there shifts the command
word into the operand, so the call fails.  Known programs (git, curl, wget, grep, tar, rm, cp,
mv, ln, ssh, scp, rsync, find, sed, jq, docker, kubectl, npm, pip, sort, zip, kill,
coreutils, echo/printf/cd) are checked against a table of their value-taking options
and sub-commands; the severity follows what an injected option can do (runs a
command or writes files: error; reads files or changes behaviour: warning; echo/cd:
note); interpreters (node, perl, ruby, python, bash, awk) are read up to their
script operand, so the words after `python3 -c CODE`, `python3 script.py` or
`bash -c 'script' NAME` are not reported, while `node -e CODE VALUE` and `perl -e
CODE VALUE` are (those keep parsing options).  Arguments of shell functions are
never options.  A value checked first by an anchored pattern that cannot start with
`-` (`[[ $v =~ ^[a-z]+$ ]] || exit`, a `case` allow-list) is not reported; an
unclear check lowers the confidence.  Other programs are reported as a warning at low confidence (a guess:
most programs parse options anywhere), at medium confidence when a public source
(GTFOBins, SonarSource's argument-injection-vectors; `linter/data/program_facts.json`)
lists the program as able to run commands, and as a note for programs known to take
no dangerous option (`basename`, `seq`, `id` …); not when an option word directly
precedes the placeholder (it probably takes the value).

## Why is this dangerous
utcp-cli passes each value as ONE shell word, so no shell syntax gets in — but the
program still parses that word.  A value starting with `-` is an option:
`git clone UTCP_ARG_url_UTCP_END` with the value `--upload-pack=touch /tmp/pwned`
runs a command, `tar -xf a.tar UTCP_ARG_member_UTCP_END` with
`--to-command=sh -c id`, `rm UTCP_ARG_path_UTCP_END` with `-rf`,
`ssh UTCP_ARG_host_UTCP_END` with `-oProxyCommand=…`.  The runtime never validates
arguments against `inputs`, so a schema type, enum or pattern does not prevent it.

## Example
```json
{"command": "git clone UTCP_ARG_url_UTCP_END /tmp/checkout"}
```

## Fix
End the options before the first operand: `git clone --end-of-options
UTCP_ARG_url_UTCP_END /tmp/checkout` (git; `--` separates paths there),
`rm -- UTCP_ARG_path_UTCP_END` (most programs).  `utcp-lint --fix` inserts it when
no option follows the insertion point.  No fix is offered for programs that do not
accept `--`: `echo` (use `printf '%s\n' …`), `find` (starting points cannot be
protected: validate the value or write `./UTCP_ARG_path_UTCP_END`).  `jq` 1.6 reads `--`
only after its filter (`jq -r '.x' -- UTCP_ARG_file_UTCP_END`; `jq -- FILTER` is a usage
error): the fix puts it there.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding, Fix, TextEdit
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.option_scan import BEFORE_END, WRAPPER_OPERAND, schema_note

RULE = Rule(
    id="UL150",
    name="option-injection",
    severity="warning",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "bash"),
    # GitHub reads security-severity per rule, not per result: rate the worst case
    # (an injected option can run commands (git --upload-pack, tar --to-command): findings escalate to error)
    security_severity=7.8,
)


def _fix(tpl, hit):
    if hit.insert_word is None or hit.marker is None:
        return None
    a = tpl.bash
    step = hit.ref.step
    t = a.to_template(step, hit.insert_word.start)
    s, _e = tpl.steps[step].ref.span(t, t)
    return Fix(f"insert '{hit.marker}' before the first operand of {hit.program}", [TextEdit(s, s, hit.marker + " ")])


def _message(tpl, hit) -> str:
    msg = _base_message(tpl, hit)
    if hit.unsure:
        # the grammar does not know the option before the value: where it lands is a guess
        msg += f" (a guess: the option before it may take the value; {hit.unsure})"
    return msg


def _base_message(tpl, hit) -> str:
    name = hit.ref.name
    how = "a whole argument" if hit.whole else "the start of an argument"
    if hit.via:
        how += f" (through ${hit.via})"
    prog = hit.program or "the command"
    if hit.subcommand:
        prog = f"{prog} {hit.subcommand}"
    note = schema_note(tpl, name)
    if hit.spec is None:
        known = f"; {hit.evidence}" if hit.evidence else ""
        dd = hit.command.dashdash
        # never claim "no --" where one is written (the option before it took it as its argument)
        no_end = (
            "with no -- before it" if dd is None or dd > hit.word.index else "after a -- read as an option's argument"
        )
        return (
            f"'{name}' is {how} of {prog} {no_end}: a value starting with '-' is "
            f"read as an option if {prog} parses options there (program not in the option table, "
            f"so this is a guess{known}); put -- before the first operand if {prog} accepts it{note}"
        )
    ex = hit.spec.example
    if hit.program == "find":
        return (
            f"'{name}' is {how} of find as a {hit.position}: a value starting with '-' is "
            f"read as an expression ({ex}); find has no -- for this, so validate the value or "
            f"write ./ before the placeholder{note}"
        )
    if hit.position == WRAPPER_OPERAND:
        return (
            f"'{name}' is {how} of {prog} before the command it runs: a value starting with '-' is "
            f"read as {prog}'s own option and the words after it shift (the command word takes the "
            f"operand's place), so the call fails instead of running the command; put -- before it{note}"
        )
    if hit.position == "sub-command":
        return (
            f"'{name}' is the sub-command word of {hit.program}: a value starting with '-' is "
            f"read as an option of {hit.program} itself ({ex}); name the sub-command literally{note}"
        )
    if hit.spec.end_of_options is None or hit.position == BEFORE_END:
        alt = {
            "echo": "use printf '%s\\n' instead",
            "jq": "pass it with --arg NAME VALUE and use $NAME in the filter",
        }.get(hit.program, "")
        return (
            f"'{name}' is {how} of {prog}, which reads options there and does not accept --"
            f"{' before it' if hit.position == BEFORE_END else ''}: "
            f"a value starting with '-' becomes an option{' (' + ex + ')' if ex else ''}"
            f"{'; ' + alt if alt else ''}{note}"
        )
    marker = hit.spec.end_of_options
    first = "the first operand"
    if hit.spec.end_after_operands:  # jq 1.6: `--` is read only after its filter
        first = f"the first operand after operand {hit.spec.end_after_operands} (earlier, {prog} rejects it)"
    where = "" if hit.insert_word is None else f"; put {marker} before {first}"
    if hit.insert_word is None:
        where = f"; put {marker} before {first} (not offered automatically: an option follows it)"
    if hit.via and hit.via.startswith("("):
        # a piece of the value split by an unquoted `$(printf … V …)`
        where = f"; each blank-separated piece of the value is an argument: quote the substitution, or put {marker} before it"
    if hit.unsure:
        where = f"; if the option before it takes no value, put {marker} before {first} (not offered automatically)"
    if hit.disarmed:
        # sqlite3 -safe DB V: the one word can be one option without its argument
        ex = f"{hit.disarmed} turns its code features off and, as the last word, it is one option without an argument: it can change what is printed"
    ex = f" ({ex})" if ex else ""
    return (
        f"'{name}' is {how} of {prog} with no {marker} before it: a value starting with '-' "
        f"arrives as an option{ex}{where}{note}"
    )


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if "bash" not in tpl.shells or not tpl.steps or tpl.origin == "discovery":
        return  # discovery templates get no tool arguments (placeholders become MISSING_ARG_x)
    for hit in tpl.option_hits:
        r = hit.ref
        yield RULE.at_template(
            tpl,
            r.step,
            r.template_start,
            r.template_end,
            _message(tpl, hit),
            severity=hit.severity,
            confidence=hit.confidence,
            fix=_fix(tpl, hit),
        )
