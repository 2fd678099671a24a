"""tree-sitter-bash parses ``a && b > f`` and ``a && b < f | c`` with the redirect (and the
pipeline) around the whole ``&&`` list; bash binds the redirect to ``b`` and ``|`` tighter
than ``&&``, so ``b`` alone writes ``f`` and is the pipeline's first stage (issue 23).
Each shape is run through the real runtime (utcp-cli 1.1.5, tests/realcli.py) with a
canary, and the linter's finding is checked on the same template; the shape whose value
goes to the step's output (``printf V && cat < f | sh``) runs nothing and stays quiet."""

from __future__ import annotations

from pathlib import Path

import pytest
from realcli import call, lint_steps


def _lint(tmp_path: Path, commands: list[str]) -> list[dict]:
    return [f for f in lint_steps(tmp_path, commands, "UL1") if f["severity"] != "note"]


@pytest.mark.parametrize(
    ("commands", "rule"),
    [
        (["cd . && printf '%s\\n' UTCP_ARG_v_UTCP_END > job.sh", "bash job.sh"], "UL102"),
        (["cd . && printf '%s\\n' UTCP_ARG_v_UTCP_END < /dev/null | sh"], "UL106"),
        (["test -d . && echo UTCP_ARG_v_UTCP_END 2>/dev/null | bash"], "UL106"),
        (["cd . && bash <<EOF\necho start; UTCP_ARG_v_UTCP_END\nEOF\necho done"], "UL106"),
    ],
)
def test_redirected_list_tail_runs_the_value(tmp_path: Path, commands: list[str], rule: str) -> None:
    canary = tmp_path / "canary"
    # (in a heredoc body the runtime's quotes are text the child shell parses: close them)
    value = f'x"; touch {canary}; "' if "<<" in commands[0] else f"touch {canary}"
    call({"commands": commands}, {"v": value}, tmp_path)
    assert canary.exists()
    got = _lint(tmp_path, commands)
    assert [(f["rule"], f["severity"]) for f in got if f["rule"] != "UL116"] == [(rule, "error")]


def test_value_before_the_list_tail_is_output_only(tmp_path: Path) -> None:
    commands = ["printf '%s\\n' UTCP_ARG_v_UTCP_END && cat < /dev/null | sh"]
    canary = tmp_path / "canary"
    out = call({"commands": commands}, {"v": f"touch {canary}"}, tmp_path)
    assert not canary.exists() and "touch" in str(out)
    assert _lint(tmp_path, commands) == []


def test_split_read_back_after_redirected_list(tmp_path: Path) -> None:
    commands = ["mkdir -p w && printf '%s\\n' UTCP_ARG_v_UTCP_END > w/sel", "wc -l $(cat w/sel)"]
    got = _lint(tmp_path, commands)
    assert [f["rule"] for f in got] == ["UL117"]
