"""UL403/UL404: programs started on a pseudo-terminal with ptyprocess and text typed into them (pyA30).

``PtyProcess.spawn(argv)``/``PtyProcessUnicode.spawn(argv)`` start an argv on a pty (no shell:
``sinks.EXEC_ARGV``, so ``["/bin/sh", "-c", script]`` is the shell fact); ``write(s)`` types into
the child, which is code when the child is a shell reading its terminal (a browser terminal's
websocket messages, an agent's shell tool; ``stdinscript.stdin_program``, a head named ``shell``
read as a shell by ``named.py``).  ``fixtures/pyscan/ptysession``: a kept login shell, a local
bash and ``sh -c`` (bad); pytest on a pty, a plain argv and a password typed at sudo's prompt
(good).  The canaries run the bad shapes with the real ptyprocess and ``/bin/bash``/``/bin/sh``.
"""

import time

from conftest import FIXTURES, lint_ul4, load_fixture_module, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "ptysession"


def test_bad_tree_reports_each_shape():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert sorted(f["rule"] for f in found) == ["UL403", "UL404", "UL404"]
    assert all(f["severity"] == "error" for f in found)


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == [], found


def _wait(path, proc):
    for _ in range(200):
        if path.exists():
            break
        time.sleep(0.05)
    proc.terminate(force=True)
    return path.exists()


def test_the_typed_text_runs_in_the_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    mod = load_fixture_module(TREE / "bad" / "webterm" / "term.py")
    canary = tmp_path / "typed"
    proc = mod.run_in_shell(f"true; touch {canary}")
    assert _wait(canary, proc)


def test_the_kept_login_shell_runs_a_message(tmp_path, monkeypatch):
    monkeypatch.setenv("SHELL", "/bin/sh")
    mod = load_fixture_module(TREE / "bad" / "webterm" / "term.py")
    canary = tmp_path / "message"
    term = mod.Terminal()
    term.on_message(f"ls >/dev/null; touch {canary}\n")
    assert _wait(canary, term.proc)
