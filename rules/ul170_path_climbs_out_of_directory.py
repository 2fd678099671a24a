r"""A value after a literal `DIR/` names a path the program writes: `../` climbs out of DIR.

## What it does
Reports a placeholder (or a shell variable holding exactly its value) that follows a
literal directory in a path the command writes, creates, deletes or moves: an output
redirection (`> "exports/VALUE.csv"`), `tee`, `dd of=`, `curl -o`, `wget -O`, the
destination of `cp`/`mv`/`install`/`ln`, the operands of `rm`/`rmdir`/`unlink`/`shred`/
`mkdir`/`touch`/`truncate`, `tar -x -C DIR`, `unzip -d DIR`, the archive of `zip`,
`git clone URL DIR`, `git archive -o`, `openssl -out`/`-keyout`, `gpg -o`,
`ssh-keygen -f`, the prefix of `split`, the database of `sqlite3`, `python3 -m venv DIR`,
`sed -i FILE`, `sort -o`, the destination of `aws s3 cp/mv/sync`, `rsync`, `gsutil cp`,
`rclone copy`, `hugo -d`, `sphinx-build`, `pdftotext`, `tesseract`, the file `patch`
rewrites, and the output of `convert`/`magick`/`ffmpeg` (one entry per
program in `linter/template/programs.py`, `PATH_WRITES`, with its manual page), and the
argument of any option the program table lists as naming a file written (`Options.writes`:
`msgfmt -o`, `csplit --prefix`, `terraform -out`, `pandoc -o`, `aria2c -d` …), read through
the program's option grammar; `exiftool -overwrite_original` rewrites its operands.  It also
follows `realpath -m`/`readlink -f` of `DIR/VALUE` whose result (`$CMD_<i>_OUTPUT` in a
later step, or `p=$(realpath …)`) is written to with no `case`/`[[ ]]` comparing it with
`…/DIR/` first: resolving a path does not confine it.  One finding per value and
directory, at its first use; the other uses are counted in the message.

Not reported: a value after a URL scheme (`s3://bucket/VALUE`: an object key, where
`../` is part of the name), a value that is the whole path (the author gave the caller the path on
purpose; redirections and `tee` are UL104's) unless a `case`/`[[ ]]` guard requires it to
start with a literal directory (`case V in srv/share/*)`: a prefix alone lets
`srv/share/../../x` by, so the guard does not confine it unless it also rejects `..`), `./VALUE`, a value already reported as
code or as a command name, reading (`cat "dir/VALUE"`: it discloses rather than changes
a file), and a value that a guard in force keeps free of `/` or rejects when it holds
`/` or `..` (see Fix).  Confidence is high for redirections, `tee`, `cp`, `mv` and `rm`,
medium for the other programs' positions.

## Why is this dangerous
The template means a file inside `DIR/`, but the path is resolved by the kernel:
`backups/../../home/u/.bashrc` is `~/.bashrc`.  A caller (or a model steered by a
prompt injection) who sends `../../…` overwrites, deletes or creates any file the
tool's user can write: shell start-up files, `~/.ssh/authorized_keys`, the tool's own
configuration, or another user's upload.

## Example
```json
{"command": "cp report.pdf \"archive/UTCP_ARG_name_UTCP_END\""}
{"command": "tar -xzf bundle.tgz -C \"releases/UTCP_ARG_version_UTCP_END\""}
```

## Fix
Reject a value holding a `/` (or `..`) before using it:
`case UTCP_ARG_name_UTCP_END in ''|*/*|*..*) echo 'bad name' >&2; exit 1;; esac`, or
`[[ UTCP_ARG_name_UTCP_END =~ ^[A-Za-z0-9._-]+$ ]] || exit 1`; or keep only the base
name: `n=$(basename -- "UTCP_ARG_name_UTCP_END")` / `${n##*/}`; or resolve the path
and compare it with the directory: `p=$(realpath -m -- "archive/UTCP_ARG_name_UTCP_END");
case $p in "$PWD/archive/"*) ;; *) exit 1;; esac`.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.ruleset.context import CliTemplate
from utcp_lint.ruleset.rule import Rule
from utcp_lint.template.bash.traversal import path_escapes

from ._bash import bash_analysis, confidence

RULE = Rule(
    id="UL170",
    name="bash-path-climbs-out-of-directory",
    severity="warning",
    confidence="high",
    scope="template",
    needs="bash",
    tags=("security", "bash", "file-write"),
    security_severity=6.5,
)


def _who(program: str) -> str:
    if program.startswith("output redirection"):
        return f"the {program}"
    return f"`{program}`"


@RULE.check
def check(tpl: CliTemplate) -> Iterator[Finding]:
    a = bash_analysis(tpl)
    if a is None:
        return
    # one fact per value and directory: `mkdir -p "out/V" && tar -x -C "out/V"` is one
    # finding (at the first use, the strongest confidence), the other uses are counted
    groups: dict = {}
    for e in path_escapes(a):
        groups.setdefault((e.placeholder.name, e.directory), []).append(e)
    order = {"high": 0, "medium": 1, "low": 2}
    for (name, d), es in groups.items():
        e = min(es, key=lambda x: (x.placeholder.step, x.placeholder.template_start))
        best = min((x.confidence for x in es), key=order.__getitem__)
        p = e.placeholder
        via = f" (through ${e.variable})" if e.variable else ""
        more = len({(x.placeholder.step, x.use.script_start) for x in es}) - 1
        also = f" (and {more} more use{'s' if more > 1 else ''} of '{d}<{name}>')" if more else ""
        if e.prefix_guard:
            yield RULE.at_template(
                tpl,
                p.step,
                p.template_start,
                p.template_end,
                f"placeholder '{name}'{via} is checked only to start with '{d}': {_who(e.program)} {e.action} "
                f"<{name}>{also}, and '../' after it ('{d}../../x') passes the check and climbs out of '{d}' to any path the "
                f"tool's user can write (reject '..' too, or resolve the path with realpath -m and compare)",
                confidence=confidence(p, best),
            )
            continue
        yield RULE.at_template(
            tpl,
            p.step,
            p.template_start,
            p.template_end,
            f"placeholder '{name}'{via} follows the directory '{d}': {_who(e.program)} {e.action} "
            f"{d}<{name}>{also}, and "
            + (
                f"the value '..' (its check or substitution keeps only '/' out) names the parent of '{d}', "
                f"so the files land outside it (reject '.' and '..' too)"
                if e.only_dotdot
                else f"'../' in the value climbs out of '{d}' to any path the tool's user can write "
                f"(reject '/' and '..' first, or keep only the base name)"
            ),
            confidence=confidence(p, best),
        )
