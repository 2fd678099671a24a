"""Values written into files that another program runs later as shell code (UL102,
``fixtures/rules/UL102/*_run_later.json``), proven against the real programs: each tool is
rendered exactly as utcp-cli renders it and run by ``/bin/bash -c`` with a private ``HOME``
and git repository, then what runs the file later runs too (an interactive bash reads
``~/.bashrc``, ``git commit`` runs ``.git/hooks/pre-commit``; make runs in the tool
itself).  A bad tool is proven when one payload makes ``CANARY`` appear; a good tool never
makes it appear with any payload.  Never run against the real home directory."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from conftest import FIXTURES, lint_json

from utcp_lint.executor.render import compose_env, render

BASH = "/bin/bash"
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
DIR = FIXTURES / "rules" / "UL102"
PAYLOADS = ["$(touch CANARY)", "x; touch CANARY #", "x\ntouch CANARY"]


def _tools(prefix: str) -> list:
    out = []
    for t in json.loads((DIR / f"{prefix}_run_later.json").read_text())["tools"]:
        out.append((t["name"], t["tool_call_template"]["commands"], list(t["inputs"]["properties"])))
    assert out
    return out


def _env(d: Path) -> dict:
    env = {**compose_env(None, None, os.environ)}
    env.update(PATH=SYSTEM_PATH, HOME=str(d), GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=str(d / ".gitconfig"))
    env.update(GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@t")
    return env


def _canary(commands, names, value: str, d: Path) -> bool:
    d.mkdir()
    env = _env(d)
    subprocess.run(["git", "init", "-q"], cwd=d, env=env, check=True)
    (d / "Makefile").write_text("all:\n\t@true\n")
    (d / ".bashrc").write_text("# rc\n")
    r = render(commands, {n: value for n in names})
    run = {**env, **r.env}
    subprocess.run([BASH, "-c", r.script], cwd=d, env=run, stdin=subprocess.DEVNULL, capture_output=True, timeout=20)
    # what runs the files later: a new interactive shell, a commit
    subprocess.run(
        [BASH, "-i", "-c", "true"], cwd=d, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=20
    )
    subprocess.run(
        ["git", "commit", "-q", "--allow-empty", "-m", "x"],
        cwd=d,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=20,
    )
    return (d / "CANARY").exists()


@pytest.mark.parametrize("name,commands,names", [pytest.param(*t, id=t[0]) for t in _tools("bad")])
def test_bad_tool_runs_the_payload_later(name, commands, names, tmp_path):
    assert any(_canary(commands, names, p, tmp_path / f"p{k}") for k, p in enumerate(PAYLOADS)), name


@pytest.mark.parametrize("name,commands,names", [pytest.param(*t, id=t[0]) for t in _tools("good")])
def test_good_tool_never_runs_the_payload(name, commands, names, tmp_path):
    hits = [p for k, p in enumerate(PAYLOADS) if _canary(commands, names, p, tmp_path / f"p{k}")]
    assert hits == []


def test_ul102_reports_exactly_the_bad_tools():
    for prefix in ("bad", "good"):
        _code, out = lint_json("--select", "UL102", DIR / f"{prefix}_run_later.json")
        tools = sorted(x["tool"] for x in out["findings"] if x["rule"] == "UL102")
        assert tools == (sorted(t[0] for t in _tools("bad")) if prefix == "bad" else [])


def test_run_later_paths_match_as_fnmatch_does():
    """sinks.glob_matches (the run-later paths read without a regular expression each) answers
    as fnmatch.fnmatchcase for every pattern of the table and for patterns with ``?``/``[``,
    on the paths that matter (each pattern's own shape, prefixes, suffixes, extra slashes,
    newlines) and on random strings over the patterns' characters."""
    import fnmatch
    import random

    from utcp_lint.template.bash.sinks import glob_matches
    from utcp_lint.template.programs import RUN_LATER_PATHS

    patterns = [p for p, _w, _s in RUN_LATER_PATHS] + ["a*b*c", "**", "*", "", "x?y", "[ab]*", "*.git/*/*", "a**b"]
    texts = [
        "",
        "/",
        "*",
        "~/.bashrc",
        "~/.bashrc2",
        "x~/.bashrc",
        "/etc/cron.d/job",
        "/etc/cron.d/",
        "/etc/cron.d",
        "repo/.git/hooks/pre-commit",
        "/.git/hooks/x",
        ".git/hooks/",
        "/etc/profile.d/a\nb",
        "abc",
        "aXbYc",
        "acb",
        "ab",
        "a\nb\nc",
        "/etc/systemd/system/x.service",
        "~/.config/autostart/a.desktop",
    ]
    rng = random.Random(7)
    alphabet = "".join(sorted(set("".join(patterns)) | {"x", "\n"}))
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12))) for _ in range(3000)]
    for pat in patterns:
        texts.append(pat.replace("*", "zz"))
        for t in texts:
            assert glob_matches(t, pat) == fnmatch.fnmatchcase(t, pat), (t, pat)
