"""``printf '%q'`` text split by bash and joined again by a remote shell the program table
knows (issue 23, session 36 item 4): ``gcloud compute ssh VM -- CMD…`` and ``pdsh -w HOSTS
CMD…`` join their command words with blanks for the remote login shell, like ssh(1), so the
``%q`` quoting re-parses to the value as one word.  UL117 reads that from the table's code
facts (``option_scan.shell_code_word``), not from a list of names.  Proven with stubs that do
what the references say (gcloud: the words after ``--`` follow the host on ssh's command
line; pdsh(1): the words after the options are the command) and then run the joined line
with ``sh -c`` (a POSIX login shell, dash here) and with ``bash -c``."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, lint_json
from realcli import call

GOOD = FIXTURES / "rules" / "UL117" / "good_q_rejoined.json"
BAD = FIXTURES / "rules" / "UL117" / "bad_q_not_rejoined.json"

_STUBS = {
    "gcloud": "line = ' '.join(a[a.index('--') + 1:]) if '--' in a else ''\n",
    "pdsh": (
        "i = 0\n"
        "while i < len(a) and a[i].startswith('-'):\n"
        "    i += 2 if a[i][1:2] in 'wxRltufgXMF' and len(a[i]) == 2 else 1\n"
        "line = ' '.join(a[i:])\n"
    ),
}


def _stubs(bindir: Path, shell: str) -> None:
    bindir.mkdir(parents=True)
    for name, body in _STUBS.items():
        p = bindir / name
        p.write_text(
            f"#!{sys.executable}\nimport subprocess, sys\na = sys.argv[1:]\n{body}"
            f"sys.exit(subprocess.run([{shell!r}, '-c', line]).returncode)\n"
        )
        p.chmod(p.stat().st_mode | stat.S_IXUSR)


def _template(path: Path, name: str) -> dict:
    return next(t for t in json.loads(path.read_text())["tools"] if t["name"] == name)["tool_call_template"]


@pytest.mark.parametrize("shell", ["/bin/sh", "/bin/bash"])
@pytest.mark.parametrize("tool", ["gcloud_print_args", "pdsh_print_args"])
def test_printf_q_words_are_rejoined_by_the_remote_shell(tmp_path, tool, shell):
    _stubs(tmp_path / "bin", shell)
    env = {"PATH": f"{tmp_path / 'bin'}:/usr/bin:/bin"}
    canary = tmp_path / "canary"
    tpl = _template(GOOD, tool)
    for value in ("a b", "x  y", f"$(touch {canary}); touch {canary} 'q\"", "-rf *", "`touch " + str(canary) + "`"):
        assert call(tpl, {"text": value}, tmp_path, env=env) == f"[{value}]", value
    # a control character: %q writes $'…', which bash reads back; a POSIX sh without $'…'
    # reads it as literal text: still ONE word and nothing runs
    out = call(tpl, {"text": f"two\nlines; touch {canary}"}, tmp_path, env=env)
    assert out.startswith("[") and out.endswith("]") and out.count("[") == 1
    assert not canary.exists()


def test_ul117_reads_remote_shells_from_the_table():
    _rc, good = lint_json("--no-cache", "--select", "UL117,UL151,UL110,UL102", str(GOOD))
    assert good["findings"] == []
    _rc, bad = lint_json("--no-cache", "--select", "UL117", str(BAD))
    # gcloud itself is no remote shell: only `compute ssh`'s command words are joined
    assert "instance_describe_quoted" in {f["tool"] for f in bad["findings"]}
