"""UL170: a value after a literal ``DIR/`` in a path a program writes climbs out of DIR.

The bad fixtures are run through the REAL runtime (utcp 1.2.0 / utcp-cli 1.1.5, see
tests/realcli.py) with a ``../../escaped_<tool>`` payload: each one writes (or, for
``rm``, deletes) a file OUTSIDE its working directory.  The good fixtures get the same
payload and write nothing outside.  Then the CLI reports exactly the bad ones.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from realcli import call

ROOT = Path(__file__).resolve().parent.parent
D = ROOT / "fixtures" / "rules" / "UL170"
BAD = D / "bad_path_climbs.json"
GOOD = D / "good_path_contained.json"  # run through the client (good_reads_only.json: CLI only)

# bad tools not run here, and why (each is still a static fixture with its .expect)
NOT_RUN = {
    "ffmpeg_clip": "ffmpeg is not installed here",
    "git_clone_depth": "needs the network (clone of an https URL)",
    "wget_dir": "needs the network",
    "kubectl_snapshot": "needs a kubernetes cluster (the redirection is the same as jq_cache's >, with >>)",
}
REMOVES = {"rm_cache", "mv_from_inbox"}  # the payload names a file outside that they remove
COMPRESSES = {"xz_keep"}  # the payload names a file outside; its compressed copy lands next to it
GIT_REPO = {"worktree_add", "bundle_create"}  # run inside a repository with one commit
DIRS = (
    "conf.d vendor releases cache snapshots workspaces links lists keys flags out archive db clips "
    "downloads src locks sorted data templates reports build uploads exports inbox dist mirrors stamps "
    "builds dumps archives trees backups"
).split()


def _tools(path: Path) -> list:
    return [(t["name"], t["tool_call_template"]) for t in json.loads(path.read_text())["tools"]]


def _work(tmp_path: Path, name: str) -> tuple[Path, Path]:
    outside = tmp_path / name
    work = outside / "work"
    for d in DIRS:
        (work / d).mkdir(parents=True)
    (work / "build" / "app.conf").write_text("a=1\n")
    (work / "app.conf").write_text("a=1\n")
    for f in ("names.txt", "data.txt", "access.log", "out.log"):
        (work / f).write_text("b x\na y\n")
    (work / "data.json").write_text('{"items": [1], "total": 1}\n')
    (work / "payload.txt").write_text("p\n")
    with tarfile.open(work / "bundle.tgz", "w:gz") as t:
        t.add(work / "payload.txt", arcname="payload.txt")
    with zipfile.ZipFile(work / "pkg.zip", "w") as z:
        z.write(work / "payload.txt", "payload.txt")
    with tarfile.open(work / "release.tar", "w") as t:
        t.add(work / "payload.txt", arcname="payload.txt")
    (work / "hello.c").write_text("int main(void) { return 0; }\n")
    (work / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.10)\nproject(probe NONE)\n")
    (work / "src" / "a.txt").write_text("a\n")
    if name in GIT_REPO:
        env = {
            "GIT_AUTHOR_NAME": "t",
            "GIT_AUTHOR_EMAIL": "t@t",
            "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@t",
        }
        subprocess.run(["git", "init", "-q", str(work)], check=True)
        subprocess.run(["git", "-C", str(work), "add", "hello.c"], check=True)
        subprocess.run(["git", "-C", str(work), "commit", "-qm", "c"], check=True, env={**env, "PATH": "/usr/bin:/bin"})
    (outside / "keep").write_text("keep me\n")  # what rm must not reach
    (outside / "target").mkdir()  # where the payload writes (an existing directory: tar -C)
    return outside, work


def _escaped(outside: Path) -> list:
    return sorted(p.name for p in (outside / "target").iterdir())


def _args(tpl: dict) -> dict:
    """``../../target/escaped`` (a file outside), ``../../target`` for ``-C DIR``,
    ``../../keep`` for ``rm``."""
    import re

    text = " ".join(c["command"] for c in tpl["commands"])
    names = set(re.findall(r"UTCP_ARG_(\w+?)_UTCP_END", text))
    payload = "../../target/escaped"
    if " -C " in text:
        payload = "../../target"
    elif text.startswith(("rm ", "xz ")) or " mv " in text:
        payload = "../../keep"
    return {n: payload for n in names}


@pytest.mark.parametrize(("name", "tpl"), [t for t in _tools(BAD) if t[0] not in NOT_RUN], ids=lambda x: str(x)[:20])
def test_bad_payload_leaves_the_directory(tmp_path, name, tpl):
    outside, work = _work(tmp_path, name)
    call(tpl, _args(tpl), work)
    if name in REMOVES:
        assert not (outside / "keep").exists()  # deleted (or moved away) outside the directory
    elif name in COMPRESSES:
        assert (outside / "keep.xz").exists()  # written next to the file outside the directory
    else:
        assert _escaped(outside), "nothing written outside the directory"


@pytest.mark.parametrize(("name", "tpl"), _tools(GOOD), ids=lambda x: str(x)[:20])
def test_good_payload_stays_inside(tmp_path, name, tpl):
    outside, work = _work(tmp_path, name)
    call(tpl, _args(tpl), work)
    assert _escaped(outside) == []
    assert (outside / "keep").read_text() == "keep me\n"


def test_not_run_is_only_what_cannot_run_here():
    names = {n for n, _t in _tools(BAD)}
    assert set(NOT_RUN) <= names
    assert len(names - set(NOT_RUN)) >= 12


def test_cli_reports_exactly_the_bad_tools():
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "utcp_lint",
            "--format",
            "json",
            "--no-config",
            "--no-cache",
            "--select",
            "UL170",
            str(D),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert r.returncode == 1, r.stderr
    found = json.loads(r.stdout)
    tools = sorted(f["tool"] for f in (found["findings"] if isinstance(found, dict) else found))
    assert tools == sorted(n for bad in D.glob("bad_*.json") for n, _t in _tools(bad))
    for f in found["findings"] if isinstance(found, dict) else found:
        assert f["severity"] == "warning" and ("'../'" in f["message"] or "the value '..'" in f["message"])
        assert f["line"] >= 1 and f["column"] >= 1 and f["pointer"].endswith("/command")
    # one fact: the two uses of uploads/<d> (mkdir, then unzip -d) are one finding
    (grouped,) = [f for f in found["findings"] if f["tool"] == "mkdir_then_unzip"]
    assert "1 more use of 'uploads/<d>'" in grouped["message"]
