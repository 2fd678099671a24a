"""A placeholder is inside the argument of an option that runs that argument.

## What it does
Reports a placeholder inside the argument of a program option whose argument the
program runs as a command, as shell text or as its own command language:
`tar --to-command=CMD`, `tar --checkpoint-action=exec=CMD`, `tar -I PROG`,
`rsync -e CMD`, `scp -S PROG`, `ssh -o ProxyCommand=CMD`, `git -c
core.sshCommand=CMD` (and `alias.x=!CMD`, `core.pager`), `git clone
--upload-pack=CMD`, `sort --compress-program=PROG`, `zip --unzip-command=CMD`,
`vim -c CMD`, `make --eval=TEXT`, `sqlite3 -cmd .shell …`, `psql -c '\\! CMD'`,
`gdb -ex CMD`, `tcpdump -z CMD`, `ansible -a ARGS`, `mysql -e 'system CMD'`, and
operands that are code after a static beginning (`make SHELL=CMD`, `vim +CMD`), operands
that are code as a whole (the SQL arguments of `sqlite3 DB SQL`: its `edit(TEXT, CMD)`
function runs CMD, `ATTACH` creates files, `.shell` runs commands; a dot-command such as
`.backup FILE` takes a file name instead, which UL170 judges), and
environment variables set for the program that it runs (`GIT_SSH_COMMAND=CMD git
fetch`, `RSYNC_RSH`, `TAR_OPTIONS`, `LESSOPEN` for less, `EDITOR`/`VISUAL` for git
and crontab), set as a prefix or exported earlier in the script, the shell-command
operands of tmux sub-commands (`tmux new-session -d CMD`, `run-shell`, `send-keys`), and
command lines a remote or guest shell runs: `gcloud compute ssh VM --command=CMD` (and
the words after `gcloud compute ssh VM --`, which reach ssh after the host),
`vagrant ssh -c CMD`, `az vm run-command invoke --scripts CMD`, `aws ssm send-command --parameters
commands=[CMD]`, `ssh -o RemoteCommand=CMD`.  A value there, quoted for the local shell or
not, is text the remote shell parses; passed through `$(printf '%q' VALUE)` it is one
literal word there and is not reported.
A value after a static beginning of an argument the program splits into a command line
itself (`rsync -e "ssh -p VALUE"`) is a warning: it adds arguments and options to that
command (`-oProxyCommand=CMD`).  A value anywhere in an environment variable the
program reads as its own options (`MAKEFLAGS` for make: `--eval=TEXT` runs code, an
error; `XZ_OPT`/`XZ_DEFAULTS` and `BZIP2`/`BZIP` for tar, whose `-J`/`-j` filter reads
them: added options or file names make it write other files, a warning) is reported too.
The option grammar of the
program table (`linter/template/programs.py`, `code_values`) decides which word is
the option's argument (`-I PROG`, `-IPROG`, `--name=ARG`, `--name ARG`, old-style
`tar cIf PROG FILE`).  For options whose argument is code only in some forms
(`ssh -o`, `git -c`, `tar --checkpoint-action`), a value after a harmless static
beginning (`-o User=VALUE`) is not reported; a value that starts the argument
chooses the form and is.  A switch written before the value that turns the program's
code features off is read too (`sqlite3 -safe DB SQL`: `.shell`, `.system`, `edit()`,
`ATTACH` refused; the table's `disarms`), and nothing there is reported.  Each fact
names its public source (the program's manual, GTFOBins).

## Why is this dangerous
The program itself runs the text: `tar -cf a.tar --checkpoint=1
--checkpoint-action=exec=UTCP_ARG_cmd_UTCP_END src` runs `sh -c VALUE`, so a
value `touch /tmp/pwned` runs a command although utcp-cli quoted it as one shell
word.  The runtime never validates arguments against `inputs`.

## Example
```json
{"command": "rsync -a -e UTCP_ARG_transport_UTCP_END src/ backup:/srv"}
```

## Fix
Do not let a tool argument choose or write a command: fix the option's argument
(`rsync -a -e ssh src/ backup:/srv`) and pass the value as an operand after `--`,
or map it to a fixed set of commands in the template.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL151",
    name="option-argument-runs-code",
    severity="error",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "bash"),
    security_severity=9.0,
)


_IMPACT = {"write": " or file names, which make the program write other files", "read": " that read other files"}


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if "bash" not in tpl.shells or not tpl.steps or tpl.origin == "discovery":
        return
    for hit in tpl.code_option_hits:
        r = hit.ref
        prog = hit.program + (f" {hit.subcommand}" if hit.subcommand else "")
        if not hit.option:
            where = f"an operand of {prog}"
        elif hit.option.startswith("#"):
            where = f"the code operand of {prog} (operand {hit.option[1:]} and later)"
        elif hit.option.startswith("-"):
            where = f"the argument of {prog} {hit.option}"
        else:
            where = f"the variable {hit.option} set for {prog}"
        if hit.split:
            yield RULE.at_template(
                tpl,
                r.step,
                r.template_start,
                r.template_end,
                f"'{r.name}' is inside {where} after '{hit.form}', which {hit.program} {hit.code.splits} "
                f"({hit.code.source}): the caller can add arguments and options to that command; fix the "
                f"argument in the template, or check the value against a strict pattern first",
                severity="warning",
                confidence="medium",
            )
            continue
        if hit.code.mode == "options":
            code_runs = hit.code.impact == "exec"
            yield RULE.at_template(
                tpl,
                r.step,
                r.template_start,
                r.template_end,
                f"'{r.name}' is inside {where}, whose blank-separated words are read as options "
                f"({hit.code.source}): the caller adds options"
                + (", and one of them runs code" if code_runs else _IMPACT.get(hit.code.impact, ""))
                + "; fix the options in the template, or check the value against a strict pattern first",
                severity="error" if code_runs else "warning",
                confidence="high" if code_runs else "medium",
            )
            continue
        how = f"inside {where} after '{hit.form}'" if hit.form else f"the whole of {where}"
        runs = (
            "runs it as shell or command text"
            if hit.code.mode == "shell"
            else "runs it as a command line (its first word chooses the program)"
        )
        yield RULE.at_template(
            tpl,
            r.step,
            r.template_start,
            r.template_end,
            f"'{r.name}' is {how}, and {hit.program} {runs} ({hit.code.source}): the caller chooses "
            f"what runs; fix the argument in the template and pass the value as an operand",
        )
