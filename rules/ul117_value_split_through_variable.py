"""A variable holding a placeholder's value is expanded unquoted (split and globbed).

## What it does
Follows each placeholder through the shell variables it is stored in (`n=VALUE`,
`read -r n <<< VALUE`, `local n="${1:-}"` in a function called with the value,
`set -- VALUE` then `$@`/`$*`, `x=$(printf %s VALUE)` …) and reports a use of such a variable that bash expands
*unquoted* in an argument, an array literal or a redirection target: `ls ${dir:-}`,
`rm ${f:-}.bak`.  A use after a check that proves the value holds no blank or glob
character (`[[ ${n:-} =~ ^[0-9]+$ ]] || exit`) is not reported.

The same split without a variable of the template's own: the value printed into a
command substitution that is an unquoted argument (`kill $(printf '%s' VALUE)`), a word
of a `for` list (`for p in $(echo VALUE)`: one iteration per piece) or an element of an
array literal (`a=($(echo VALUE))`), split
by `read -a arr <<< VALUE` into elements that `"${arr[@]}"` passes as several
arguments, or handed to `sh -c 'CODE' NAME VALUE` whose CODE expands `${1:-}` unquoted,
or to `python3 -c 'CODE' VALUE` whose CODE splits `sys.argv[1].split()` (or
`shlex.split(sys.argv[1])`) into the argument list of `subprocess.run`/`os.execvp`.
Also the file names a value chooses when an unquoted substitution splits them: `rm
$(find DIR -name VALUE)`, `for f in $(grep -l VALUE *.conf)` (the name printers of
`programs.NAME_PRINTERS`): a name `old report.txt` the value matches becomes `old` and
`report.txt`.  And the value written to a file (`printf '%s\n' VALUE > sel.txt`) that a
later command reads back in an unquoted `$(cat sel.txt)` / `$(< sel.txt)`, in the same
step or a later one.

## Why is this dangerous
The runtime quotes the placeholder itself, but once the value sits in a variable the
template decides the quoting.  Unquoted, the value is split on blanks and every piece
is globbed: `a -rf /` becomes three arguments, `*` becomes the file list, and a
value with spaces adds options the program never meant to accept.

## Example
```json
{"command": "dir=UTCP_ARG_dir_UTCP_END; ls -l ${dir:-}"}
```

## Fix
Quote every use: `ls -l -- "${dir:-}"`.  (Write `${dir:-}`, not `$dir`: the UTCP client
substitutes `$dir` itself before the shell runs, see UL160.)
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash.valueflow import chain_text

from ._bash import bash_analysis, chain_related, confidence

RULE = Rule(
    id="UL117",
    name="value-split-through-variable",
    severity="warning",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "bash"),
)


def _pieces(place: str) -> str:
    """What one value becomes when bash splits it in ``place`` (a for list, an array
    literal, or an argument list when empty)."""
    return {
        "a for list": "several loop iterations, each a piece of it",
        "an array literal": "several array elements",
    }.get(place, "several arguments (a piece starting with '-' is an option)")


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None:
        return
    for ref in a.placeholders:
        seen = set()
        for name, use, chain in ref.split_uses:
            if name in seen:
                continue  # one finding per placeholder and variable
            seen.add(name)
            if name.startswith("read -a "):
                arr = name[len("read -a ") :]
                yield RULE.at_template(
                    tpl,
                    ref.step,
                    ref.template_start,
                    ref.template_end,
                    f"placeholder '{ref.name}' is split by read -a into the elements of array {arr}, which "
                    f"{chain[-1][0]} passes as several arguments ({chain_text(chain)}): one value becomes "
                    f"several arguments (a piece starting with '-' is an option); keep it one word: "
                    f"read -r {arr} <<< VALUE, or pass the value itself",
                    confidence=confidence(use, "high"),
                    related=chain_related(tpl, a, ref.step, chain),
                )
                continue
            if name.startswith(("mapfile ", "readarray ")):
                prog, arr = name.split()[:2]
                yield RULE.at_template(
                    tpl,
                    ref.step,
                    ref.template_start,
                    ref.template_end,
                    f"placeholder '{ref.name}' is split by {prog} into one element of array {arr} per line, "
                    f"which {chain[-1][0]} passes as several arguments ({chain_text(chain)}): a value with a "
                    f"newline becomes several arguments (a line starting with '-' is an option); keep it one "
                    f"word: read -r {arr} <<< VALUE, or pass the value itself",
                    confidence=confidence(use, "high"),
                    related=chain_related(tpl, a, ref.step, chain),
                )
                continue
            if name.endswith(" split") and " -c … sys.argv[" in name:
                prog, _c, rest = name.partition(" -c … ")
                arg = rest[: -len(" split")]
                yield RULE.at_template(
                    tpl,
                    ref.step,
                    ref.template_start,
                    ref.template_end,
                    f"placeholder '{ref.name}' is {arg} of the {prog} -c code, which splits it on blanks into "
                    f"several arguments of the program it runs: one value becomes several arguments (a piece "
                    f"starting with '-' is an option); pass {arg} as one element of the argument list",
                    confidence=confidence(use, "high"),
                )
                continue
            if " -c … " in name:
                sh, _c, pos = name.partition(" -c … ")
                yield RULE.at_template(
                    tpl,
                    ref.step,
                    ref.template_start,
                    ref.template_end,
                    f"placeholder '{ref.name}' is a positional parameter of the {sh} -c code, which expands "
                    f"it unquoted ({pos}): bash splits the value on blanks and globs each piece, so one value "
                    f"becomes several arguments (a piece starting with '-' is an option); quote it in the "
                    f'code: "{pos}"',
                    confidence=confidence(use, "high"),
                )
                continue
            if name.startswith("names $("):
                sub, _in, place = name[len("names ") :].partition(" in ")
                pieces = "loop iterations" if place == "a for list" else "array elements" if place else "arguments"
                yield RULE.at_template(
                    tpl,
                    ref.step,
                    ref.template_start,
                    ref.template_end,
                    f"placeholder '{ref.name}' chooses the file names {sub} prints, which bash splits on blanks "
                    f"and globs (the substitution is unquoted{' in ' + place if place else ''}): a name with a "
                    f"blank that the value matches ('old report.txt') becomes several {pieces}, naming other "
                    f"files; read the names NUL-separated (find … -print0 | xargs -0 CMD, grep -lZ) or let find "
                    f"run the command (find … -exec CMD {{}} +)",
                    confidence=confidence(use, "medium"),
                    related=chain_related(tpl, a, ref.step, chain),
                )
                continue
            if name.startswith("file "):
                path, _sp, rest = name[len("file ") :].partition(" ")
                sub, _in, place = rest.partition(" in ")
                pieces = _pieces(place)
                yield RULE.at_template(
                    tpl,
                    ref.step,
                    ref.template_start,
                    ref.template_end,
                    f"placeholder '{ref.name}' is written to {path}, which a later {sub} reads back "
                    f"unquoted{' in ' + place if place else ''}: bash splits the file's text on blanks and "
                    f"globs each piece, so one value becomes {pieces}; quote the substitution: "
                    f'"{sub}", or pass the value itself',
                    confidence=confidence(use, "high"),
                    related=chain_related(tpl, a, ref.step, chain),
                )
                continue
            if name.startswith("unquoted $("):
                sub, _in, place = name[len("unquoted ") :].partition(" in ")
                pieces = _pieces(place)
                yield RULE.at_template(
                    tpl,
                    ref.step,
                    ref.template_start,
                    ref.template_end,
                    f"placeholder '{ref.name}' is printed into {sub}, whose output is "
                    f"expanded unquoted{' in ' + place if place else ''}: bash splits the value on blanks and "
                    f"globs each piece, so one value becomes {pieces}; pass the value "
                    f"itself as one {'word' if place else 'argument'}, or quote the substitution: "
                    '"$(…)"',
                    confidence=confidence(use, "high"),
                    related=chain_related(tpl, a, ref.step, chain),
                )
                continue
            yield RULE.at_template(
                tpl,
                ref.step,
                ref.template_start,
                ref.template_end,
                f"placeholder '{ref.name}' is kept in ${name}, which is expanded unquoted later "
                f"({chain_text(chain)}): bash splits the value on blanks and globs each piece, so "
                f"one value becomes several arguments (options included); quote it: "
                + ('"$@"' if name in ("@", "*") else f'"${{{name}:-}}"'),
                confidence=confidence(use, "high"),
                related=chain_related(tpl, a, ref.step, chain),
            )
