"""Regenerate the rule fixtures' ``.expect`` snapshots (issue 26).

    python scripts/gen_expect.py                 # rewrite every fixtures/rules/*/bad_*.expect
    python scripts/gen_expect.py UL150 UL031     # only these rules' fixtures
    python scripts/gen_expect.py --check         # exit 1 and list the stale ones, write nothing

A snapshot holds one line per finding of the fixture's rule (``--select RULE``, the
fixture directory's ``args.txt`` words added), sorted by position then text:

    LINE:COL-END_LINE:END_COL SEVERITY/CONFIDENCE [TOOL] MESSAGE

positions 1-based in code points, end exclusive (as the JSON report gives them);
``[TOOL]`` is left out where a finding has no tool (Python fixtures); characters that
are not printable (newline, tab, invisible and bidi characters) are written as Python
escapes (``\\n``, ``\\u200b``). A line starting with ``#`` is a comment: the comments
before the first finding line stay at the head of the file, a comment block right above
a finding line stays above the finding with the same position. (The old position-only
format's trailing ``# note`` moves onto its own line above the finding, unless every
word of it is on the finding line already, as the tool name and severity are.)

``tests/test_rule_fixtures.py`` renders each fixture's findings with :func:`render` and
compares them with the snapshot's finding lines, so a change of position, wording,
severity or confidence fails there and shows up in the diff of the ``.expect`` file.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RULE_DIR = ROOT / "fixtures" / "rules"
_OLD_LINE = re.compile(r"^(\d+:\d+-\d+:\d+)\s*(?:#\s?(.*))?$")
_POSITION = re.compile(r"^\d+:\d+-\d+:\d+")


def _escape(text: str) -> str:
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def render(findings: Iterable[Mapping[str, Any]], rule_id: str) -> list[str]:
    """The snapshot lines of ``rule_id``'s findings (JSON report records), sorted."""
    keyed = []
    for f in findings:
        if f["rule"] != rule_id:
            continue
        position = f"{f['line']}:{f['column']}-{f['end_line']}:{f['end_column']}"
        tool = f" [{_escape(f['tool'])}]" if f.get("tool") else ""
        text = f"{position} {f['severity']}/{f['confidence']}{tool} {_escape(f['message'])}"
        keyed.append(((f["line"], f["column"], f["end_line"], f["end_column"]), text))
    return [text for _, text in sorted(keyed)]


def finding_lines(snapshot: str) -> list[str]:
    """The finding lines of a snapshot file (comments and blank lines left out)."""
    return [line for line in snapshot.splitlines() if line.strip() and not line.startswith("#")]


def lint_args(fixture: Path) -> list[str]:
    """The command-line words the fixture is linted with (as tests/test_rule_fixtures.py)."""
    rule_id = fixture.parent.name
    extra_file = fixture.parent / "args.txt"
    extra = extra_file.read_text().split() if extra_file.exists() else []
    return ["--format", "json", "--no-config", "--select", rule_id, "--fail-on", "note", *extra, str(fixture)]


def lint(fixture: Path) -> dict[str, Any]:
    exe = Path(sys.executable).parent / "utcp-lint"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "utcp_lint.cli.app"]
    proc = subprocess.run(cmd + lint_args(fixture), capture_output=True, text=True, cwd=ROOT, timeout=300)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{fixture}: utcp-lint exited {proc.returncode}: {proc.stderr.strip()}")
    out: dict[str, Any] = json.loads(proc.stdout)
    if out["errors"]:
        raise SystemExit(f"{fixture}: {out['errors']}")
    return out


def _comments(old: str) -> tuple[list[str], dict[str, list[str]]]:
    """The head comments of an existing snapshot and the comments above (or, in the old
    format, after) each finding, keyed by the finding's position."""
    head: list[str] = []
    attached: dict[str, list[str]] = {}
    pending: list[str] = []
    seen_finding = False
    for line in old.splitlines():
        if not line.strip():
            continue
        if line.startswith("#"):
            (pending if seen_finding else head).append(line)
            continue
        seen_finding = True
        m = _OLD_LINE.match(line)
        position = m.group(1) if m else _POSITION.match(line).group(0) if _POSITION.match(line) else line
        notes = attached.setdefault(position, [])
        notes += pending
        pending = []
        if m and m.group(2):
            notes.append("# " + m.group(2).strip())
    if pending:  # comments after the last finding: keep them at the end of the head
        head += pending
    return head, attached


def _repeats(note: str, line: str) -> bool:
    """Does a comment only repeat what the finding line says (the old format's
    ``# tool_name`` or ``# tool_name error``)?  Then the line replaces it."""
    words = [w.strip(".'\"") for w in note.lstrip("#").split()]
    return all(w in line for w in words if w)


def snapshot(findings: Iterable[Mapping[str, Any]], rule_id: str, old: str = "") -> str:
    """The new text of a snapshot, keeping ``old``'s comments."""
    head, attached = _comments(old)
    out = list(head)
    for line in render(findings, rule_id):
        position = line.split(" ", 1)[0]
        for note in attached.pop(position, []):
            if not _repeats(note, line):
                out.append(note)
        out.append(line)
    return "\n".join(out) + "\n" if out else ""


def fixtures(rule_ids: list[str]) -> list[Path]:
    out = []
    for d in sorted(RULE_DIR.iterdir()):
        if not d.is_dir() or (rule_ids and d.name not in rule_ids):
            continue
        out += [f for f in sorted(d.iterdir()) if f.name.startswith("bad_") and f.suffix in (".json", ".py")]
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    ap.add_argument("rules", nargs="*", help="rule ids (default: every rule with fixtures)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if a snapshot is stale")
    args = ap.parse_args(argv)
    stale = []
    for fixture in fixtures(args.rules):
        expect = fixture.with_suffix(".expect")
        old = expect.read_text(encoding="utf-8") if expect.exists() else ""
        new = snapshot(lint(fixture)["findings"], fixture.parent.name, old)
        if new == old:
            continue
        stale.append(expect)
        if not args.check:
            expect.write_text(new, encoding="utf-8")
    for path in stale:
        print(f"{'stale' if args.check else 'wrote'} {path.relative_to(ROOT)}")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
