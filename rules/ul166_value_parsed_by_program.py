r"""A placeholder is in an option argument that the program splits into items, or reads a file from.

## What it does
Reports a placeholder inside the argument of a program option whose argument the program
parses itself, after the shell has passed it as one word:

* split into several items: `helm --set KEY=VALUE` (and `--set-string`, `--set-file`,
  `--set-json`: `,` separates assignments), `ansible`/`ansible-playbook -e KEY=VALUE` (blanks separate
  variables), the AWS CLI shorthand `Name=x,Values=VALUE` (`,`), `gcloud
  --set-env-vars/--labels KEY=VALUE` (`,`), `docker`/`podman`/`buildah -v SRC:VALUE`
  (`:`) and `--mount …,source=VALUE` (`,`), `openssl req`/`x509`/`ca -subj /CN=VALUE` (`/`
  starts another attribute, `+` another value of the same RDN) and `-addext
  subjectAltName=DNS:VALUE` (`,`).  Reported where the template fixes the
  beginning of the argument (`image.tag=`): it meant ONE item, and a value holding the
  separator adds others (`1.0,image.repository=evil/app`).
* a file the program reads: `curl -w/--write-out`, `-d/--data`, `-H/--header`, `--json`,
  `--data-urlencode` with the value at the start of the argument, and `curl -F name=VALUE`:
  a value `@/etc/passwd` makes curl read that file and print or send its content;
  `ansible -e VALUE` reads variables from `@FILE`; operand items with a fixed key, `vault kv
  put PATH key=VALUE` and HTTPie `http POST URL field=VALUE`, read the file `@FILE` names;
  any word of a program that expands response files (binutils `nm`, `readelf`, `objdump`
  through libiberty's expandargv; `javac`) that a value starts: `@FILE` is replaced by the
  file's words before option parsing.  After `--` those words are operands, not options,
  but the program still reads the file and names each word in its errors (`nm -- @secrets`
  prints `nm: 'token=abc': No such file`, measured with GNU binutils 2.40), so `--` does
  not make the finding go away: the value discloses any file the tool can read.

An item the value can add, or the whole operand item it forms, that makes the program run
a command is an error: a socat address (`TCP-LISTEN:VALUE,fork`: after `!!` a second
address `SYSTEM:CMD` runs CMD, measured with socat 1.7.4.4; `socat - VALUE`: the value is
the address), `qemu-system-* -netdev user,…VALUE` (`,guestfwd=…-cmd:CMD` runs CMD for each
guest connection, QEMU invocation docs), `sshfs -o …,VALUE` (`,ssh_command=CMD` runs CMD
instead of ssh, sshfs(1)).  Other such lists are warnings: `mount -o`, `qemu -drive`,
`qemu-img -o`, `nmap --script-args`, the filtergraphs of `ffmpeg -vf/-af/-filter_complex` (`,` adds a filter,
`;` a chain).

Not reported: label and field selectors (`kubectl -l app=VALUE`, `helmfile -l`): their
comma-separated requirements are ANDed (Kubernetes, "Label selectors"), so a comma in the
value only narrows what is selected.

The facts (which options, which separators, which prefixes) and their public sources are
in `linter/data/option_grammar_docs.json` (`values`), read through the program table's
one lookup; the option grammar decides which word is the option's argument (`--set X`,
`--set=X`, `-lX`).  A value checked first by a pattern allowing only inert bytes is not
reported.

## Why is this dangerous
utcp-cli passes each value as one shell word, so the shell never splits it, but the
program does: `helm upgrade api ./chart --set image.tag=UTCP_ARG_tag_UTCP_END` with
`1.2,securityContext.privileged=true` sets a second value the tool never meant to expose;
`aws ec2 describe-instances --filters Name=tag:team,Values=UTCP_ARG_team_UTCP_END` with
`web,db` widens the filter to a second team; `curl -w UTCP_ARG_format_UTCP_END URL` with `@/home/u/.netrc` prints a local
file.  The runtime never validates arguments against `inputs`.

## Example
```json
{"command": "helm upgrade api ./chart --reuse-values --set image.tag=UTCP_ARG_tag_UTCP_END"}
```

## Fix
Validate the value first so it cannot hold the separator or start with `@`
(`[[ $v =~ ^[A-Za-z0-9._-]+$ ]] || exit 2`), or use the program's form that takes the
value literally: `helm --set-literal`, `curl --data-raw`, `ansible -e` with JSON
(`-e '{"app_version": …}'` built by `jq --arg`).
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.core.lazyre import lazy_compile
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL166",
    name="value-parsed-by-program",
    severity="warning",
    confidence="medium",
    scope="template",
    needs="bash",
    tags=("security", "bash"),
    security_severity=6.5,
)


_URL = lazy_compile(r"https?://\S+")


def _cite(source: str) -> str:
    m = _URL.search(source)
    return f"; see {m.group(0)}" if m else ""


def _seps(chars: str) -> str:
    return " or ".join("a blank" if c == " " else f"'{c}'" for c in chars)


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    if "bash" not in tpl.shells or not tpl.steps or tpl.origin == "discovery":
        return
    for hit in tpl.value_fact_hits:
        r = hit.ref
        f = hit.fact
        where = (
            f"an operand of {hit.program}"
            if hit.option == "#"
            else f"a word of {hit.program}'s arguments"
            if hit.option == "@"
            else f"the argument of {hit.program} {hit.option}"
        )
        if hit.kind == "runs":
            if hit.before:
                adds = f"holding {_seps(f.splits)} adds {f.what or 'another item'}, and '{f.runs}' there"
                at = f"follows '{hit.before}' in"
            else:
                adds = f"chooses the item itself: '{f.runs.lstrip(',!')}'"
                at = "starts"
            msg = (
                f"'{r.name}' {at} {where}, which {hit.program} itself parses: a value {adds} runs a command; "
                f"validate the value so it holds only the bytes the item needs{_cite(f.source)}"
            )
            yield RULE.at_template(tpl, r.step, r.template_start, r.template_end, msg, severity="error")
            continue
        if hit.kind == "split":
            msg = (
                f"'{r.name}' is placed after '{hit.before}' in {where}, which {hit.program} itself splits on "
                f"{_seps(f.splits)}: a value holding {_seps(f.splits)} adds {f.what or 'another item'}"
                f"; validate the value so it cannot hold the separator{_cite(f.source)}"
            )
        else:
            first = " or ".join(f"'{p}'" for p in f.reads.split())
            at = "starts" if not hit.before else f"follows '{hit.before}' in"
            use = (
                "as more file operands (a response file, expanded before option parsing: after '--' its "
                "words are names of files, which the program's error messages print)"
                if hit.after_end
                else "as more options (a response file)"
                if hit.option == "@"
                else "and use its content"
            )
            msg = (
                f"'{r.name}' {at} {where}: a value starting with {first} makes {hit.program} read the file it "
                f"names {use}; validate the value so it cannot start with {first}{_cite(f.source)}"
            )
        yield RULE.at_template(tpl, r.step, r.template_start, r.template_end, msg)
