"""Set S mechanisms (session 38, engS1), proven through the real runtime (utcp-cli 1.1.5).

* GNU make's -j/--jobs and -l/--load-average take an OPTIONAL argument: make reads the next
  word as it only when it is a number, so a value there is an option (``--eval`` runs code).
* ``cmd=$(printf 'wc -l -- %q' V); eval "${cmd:?}"`` reads the value as literal bytes.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.realcli import call

ROOT = Path(__file__).resolve().parent.parent
UL150 = ROOT / "fixtures" / "rules" / "UL150"
UL102 = ROOT / "fixtures" / "rules" / "UL102"


def _tools(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["tools"]


def _make_dir(tmp_path: Path) -> Path:
    work = tmp_path / "work"
    work.mkdir()
    (work / "Makefile").write_text("all release:\n\t@echo built\n", encoding="utf-8")
    return work


needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="GNU make is not installed here")


@needs_make
@pytest.mark.parametrize("tool", _tools(UL150 / "bad_make_optional_argument.json"), ids=lambda t: t["name"])
def test_make_optional_argument_next_word_is_an_option(tool, tmp_path):
    work = _make_dir(tmp_path)
    canary = tmp_path / "CANARY"
    call(tool["tool_call_template"], {"jobs": f"--eval=$(shell touch {canary})"}, work)
    assert canary.exists(), "the value after -j/-l was not read as a make option"


@needs_make
@pytest.mark.parametrize("tool", _tools(UL150 / "good_make_optional_argument.json"), ids=lambda t: t["name"])
def test_make_optional_argument_attached_is_safe(tool, tmp_path):
    work = _make_dir(tmp_path)
    canary = tmp_path / "CANARY"
    call(tool["tool_call_template"], {"jobs": f"--eval=$(shell touch {canary})"}, work)
    assert not canary.exists()
    out = call(tool["tool_call_template"], {"jobs": "2"}, work)
    assert "built" in str(out)


_EVAL_Q = [t for t in _tools(UL102 / "good_printf_q_substituted.json") if t["name"].endswith(("_checked", "_default"))]


@pytest.mark.parametrize("tool", _EVAL_Q, ids=lambda t: t["name"])
def test_printf_q_command_line_eval_reads_literal_bytes(tool, tmp_path):
    assert len(_EVAL_Q) == 2
    canary = tmp_path / "CANARY"
    name = "a.txt'\"; touch CANARY; $(touch CANARY) `touch CANARY`\ntouch CANARY"
    (tmp_path / name).write_text("TODO one\nTODO two\n", encoding="utf-8")
    out = call(tool["tool_call_template"], {"value": name}, tmp_path)
    assert not canary.exists()
    assert "2" in str(out)


UL125 = ROOT / "fixtures" / "rules" / "UL125"
# benign input of each tool of the BSD-form fixtures (bad and good alike)
_BENIGN = {
    "bump": "2.0.0",
    "set_name": "app.conf",
    "size": "a.txt",
    "free": "a.txt",
    "days": "1",
    "epoch": "2024-01-31",
}
_GNU_REFUSALS = ("invalid option", "can't read", "unknown command", "cannot read file system information")


def _benign(tool: dict) -> str:
    if tool["name"] == "bump_version_gnu_sed":
        return "package.json"
    if tool["name"].startswith("decode"):
        return "aGVsbG8="
    if tool["name"] == "find_sizes":
        return "a.txt"
    return next(v for k, v in _BENIGN.items() if k in tool["name"])


def _bsd_dir(tmp_path: Path) -> Path:
    (tmp_path / "package.json").write_text('{"version": "1.0.0"}\n', encoding="utf-8")
    (tmp_path / "app.conf").write_text("name=old\n", encoding="utf-8")
    (tmp_path / "a.txt").write_text("hello\n", encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("tool", _tools(UL125 / "bad_bsd_only_forms.json"), ids=lambda t: t["name"])
def test_bsd_only_form_fails_on_gnu(tool, tmp_path):
    out = str(call(tool["tool_call_template"], {"version": _benign(tool)}, _bsd_dir(tmp_path)))
    assert any(r in out for r in _GNU_REFUSALS), out


@pytest.mark.parametrize("tool", _tools(UL125 / "good_bsd_only_forms.json"), ids=lambda t: t["name"])
def test_gnu_form_works(tool, tmp_path):
    out = str(call(tool["tool_call_template"], {"version": _benign(tool)}, _bsd_dir(tmp_path)))
    assert not any(r in out for r in _GNU_REFUSALS), out
    assert out.strip() and "Try '" not in out, out


UL116 = ROOT / "fixtures" / "rules" / "UL116"
_KV = [
    t
    for t in _tools(UL116 / "bad_heredoc_copied_as_text.json")
    if t["name"] in ("write_app_conf", "write_app_properties")
]


@pytest.mark.parametrize("tool", _KV, ids=lambda t: t["name"])
def test_heredoc_key_value_file_keeps_quotes(tool, tmp_path):
    assert len(_KV) == 2
    out = str(call(tool["tool_call_template"], {"name": "demo"}, tmp_path))
    assert 'name="demo"' in out, out  # every value arrives quoted in the key=value file


def test_printf_key_value_file_is_as_written(tmp_path):
    (tool,) = _tools(UL116 / "good_key_value_file_printf.json")
    out = str(call(tool["tool_call_template"], {"name": "demo"}, tmp_path))
    assert "name=demo\n" in out + "\n" and '"' not in out, out
