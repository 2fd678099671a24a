r"""A value after a literal `DIR/` names a path the program writes: `../` climbs out of DIR.

## What it does
Reports a placeholder (or a shell variable holding exactly its value) that follows a
literal directory in a path the command writes, creates, deletes or moves: an output
redirection (`> "exports/VALUE.csv"`), `tee`, `dd of=`, `curl -o`, `wget -O`, the
destination of `cp`/`mv`/`install`/`ln`, the operands of `rm`/`rmdir`/`unlink`/`shred`/
`mkdir`/`touch`/`truncate`, `tar -x -C DIR`, `unzip -d DIR`, the archive of `zip`,
`git clone URL DIR`, `git archive -o`, `openssl -out`/`-keyout`, `gpg -o`,
`ssh-keygen -f`, the prefix of `split`, the database of `sqlite3`, `python3 -m venv DIR`,
`sed -i FILE`, `sort -o`, and the output of `convert`/`magick`/`ffmpeg` (one entry per
program in `linter/template/programs.py`, `PATH_WRITES`, with its manual page).

Not reported: a value that is the whole path (the author gave the caller the path on
purpose; redirections and `tee` are UL104's), `./VALUE`, a value already reported as
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

from utcp_lint.rule import Rule
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
def check(tpl):
    a = bash_analysis(tpl)
    if a is None:
        return
    seen: set = set()
    for e in path_escapes(a):
        p = e.placeholder
        key = (id(p), p.step, p.template_start, e.use.script_start)
        if key in seen:
            continue
        seen.add(key)
        via = f" (through ${e.variable})" if e.variable else ""
        yield RULE.at_template(
            tpl,
            p.step,
            p.template_start,
            p.template_end,
            f"placeholder '{p.name}'{via} follows the literal directory '{e.directory}': "
            f"{_who(e.program)} {e.action} {e.directory}<{p.name}>, and '../' in the value climbs out of "
            f"'{e.directory}' to any path the tool's user can write (reject '/' and '..' first, or keep "
            f"only the base name)",
            confidence=confidence(p, e.confidence),
        )
