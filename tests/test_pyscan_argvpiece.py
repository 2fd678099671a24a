"""Issue 25 (pyA37): a shell with its code at the tail of an argv built piecewise
(linter/pyscan/argvpiece.py): ``argv.extend(("--", "/bin/sh", "-c", command))`` after a
sandbox launcher's options, ``cmd += ["bash", "-lc", script]``, a run of ``append`` calls,
``prefix + [...]``, ``[*prefix, "sh", "-c", code]``, a shell after the argv's start.

``fixtures/pyscan/argvpiece``: bad and good trees end to end through the CLI, each list
reported once (a list a sink of the module reads is reported at that sink).  The bad
tree's fragments are run with real sh (the part a launcher runs after its own options) to
prove the payload runs; the good tree's fragments keep it data."""

import os
import shutil
import subprocess

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines

TREE = FIXTURES / "pyscan" / "argvpiece"


def test_bad_tree_reports_each_fragment_once():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    got = [(os.path.relpath(FIXTURES.parent / f["path"], bad), f["line"]) for f in found]
    assert sorted(set(got)) == sorted(marked_lines(bad))
    assert len(got) == len(set(got)), "one finding per list"
    assert all(f["severity"] == "error" and f["column"] >= 1 and f["confidence"] for f in found)
    piece = [f for f in found if "built piecewise" in f["message"]]
    assert len(piece) == 7
    assert all(f["rule"] == "UL404" for f in piece)


def test_good_tree_is_quiet():
    assert lint_ul4(TREE / "good") == (0, [])


def _tail(argv: list) -> list:
    """The part of a launcher's argv it runs after its own words: from the shell on."""
    i = next(k for k, w in enumerate(argv) if os.path.basename(w) in ("sh", "bash"))
    return argv[i:]


def _load(side: str):
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"jailkit_{side}", TREE / side / "jailkit" / "launch.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.skipif(shutil.which("sh") is None or shutil.which("bash") is None, reason="needs sh and bash")
def test_canary_bad_fragments_run_the_payload(tmp_path):
    mod = _load("bad")
    canary = tmp_path / "CANARY"
    payload = f"true; touch {canary}"
    with mod.Bubblewrap().launch(payload, "/tmp") as argv:
        lists = [argv]
    lists += [
        mod.login_argv(["timeout", "5"], payload),
        mod.appended(payload),
        mod.starred(["nsjail", "--"], payload),
        mod.concatenated(["firejail", "--"], payload),
        mod.jailed(payload),
    ]
    for argv in lists:
        canary.unlink(missing_ok=True)
        subprocess.run(_tail(argv), check=True, cwd=tmp_path)
        assert canary.exists(), argv


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs sh")
def test_canary_good_fragments_keep_values_data(tmp_path):
    mod = _load("good")
    canary = tmp_path / "CANARY"
    payload = f"true; touch {canary}"
    for argv in (mod.positional(["nsjail", "--"], payload), mod.positional_appended(payload)):
        tail = _tail(argv)
        tail[tail.index('exec "$@"') if 'exec "$@"' in tail else tail.index('exec "$0" "$@"')] = 'printf "%s" "$@"'
        r = subprocess.run(tail, cwd=tmp_path, capture_output=True, text=True)
        assert r.returncode == 0
        assert not canary.exists(), argv
