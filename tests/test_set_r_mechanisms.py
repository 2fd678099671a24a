"""Set R (issue 23, session 38): engine false alarms and misses, each proven through the
real runtime (``UtcpClient.call_tool`` via utcp-cli 1.1.5) and checked end to end.

* ``case V in -*) … ;; *@*) prog V ;;`` -- bash(1) "case": the first matching pattern's
  list runs, so a value reaching a later arm matched none of the earlier patterns: the
  ``-*`` arm before it keeps a leading ``-`` out (no UL150); a ``/*`` arm does not.
* ``dpkg-deb -c -- V`` -- the manual's ``-c archive`` reads like an option argument, but
  the written ``--`` ends options (dpkg-deb reads ``-X`` there as an archive name).
* ``keytool -list -keystore V`` -- the command word decides whether -keystore is written
  (keytool(1) "Commands"): -list reads it, -importcert writes it (UL104 only there).
* ``sqlite3 -safe -readonly app.db V`` -- one word, the last, under -safe: no option it can
  form runs code or writes a file (measured with every value-taking option); a note.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import lint_json
from test_variables import call_via_client


def _manual(tmp_path: Path, command: str, env: dict | None = None) -> Path:
    tpl: dict = {"call_template_type": "cli", "commands": [{"command": command}], "working_dir": str(tmp_path)}
    if env:
        tpl["env_vars"] = env
    tool = {
        "name": "t",
        "description": "t",
        "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
        "tool_call_template": tpl,
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": [tool]}))
    return p


def _findings(p: Path, rule: str) -> list:
    _code, out = lint_json("--no-cache", "--select", rule, p)
    assert not out["errors"], out["errors"]
    return [(f["severity"], f["message"]) for f in out["findings"]]


SORT_PAYLOADS = ("-oCANARY", "-oCANARY.txt", "--output=CANARY", "a@b")


def test_earlier_dash_arm_keeps_options_out_of_later_arms(tmp_path):
    p = _manual(
        tmp_path, "case UTCP_ARG_v_UTCP_END in -*) echo invalid ;; *@*) sort UTCP_ARG_v_UTCP_END ;; *) echo no ;; esac"
    )
    for v in SORT_PAYLOADS:
        call_via_client(p, "t", args={"v": v})
        assert not (tmp_path / "CANARY").exists(), v
    assert _findings(p, "UL150") == []


def test_earlier_slash_arm_does_not_keep_options_out(tmp_path):
    p = _manual(tmp_path, "case UTCP_ARG_v_UTCP_END in /*) echo invalid ;; *) sort UTCP_ARG_v_UTCP_END ;; esac")
    call_via_client(p, "t", args={"v": "-oCANARY"})
    assert (tmp_path / "CANARY").exists()
    assert [s for s, _m in _findings(p, "UL150")] == ["error"]  # sort -o writes


@pytest.mark.skipif(shutil.which("dpkg-deb") is None, reason="dpkg-deb is not installed")
def test_dashdash_after_guessed_arity_ends_options(tmp_path):
    p = _manual(tmp_path, "dpkg-deb -c -- UTCP_ARG_v_UTCP_END")
    out = call_via_client(p, "t", args={"v": "--version"})
    assert "Debian" not in str(out)  # --version was read as an archive name, not as the option
    assert _findings(p, "UL150") == []


@pytest.mark.skipif(shutil.which("keytool") is None, reason="keytool is not installed")
def test_keytool_command_decides_the_keystore_write(tmp_path):
    env = {"STOREPASS": "changeit", "HOME": str(tmp_path)}
    p = _manual(tmp_path, "keytool -list -keystore UTCP_ARG_v_UTCP_END -storepass:env STOREPASS", env)
    call_via_client(p, "t", args={"v": "new.jks"})
    assert not (tmp_path / "new.jks").exists()  # -list reads the keystore, never creates it
    assert _findings(p, "UL104") == []
    w = _manual(
        tmp_path,
        "keytool -genseckey -alias k -keyalg AES -keysize 128 -keystore UTCP_ARG_v_UTCP_END -storetype pkcs12 "
        "-storepass:env STOREPASS",
        env,
    )
    call_via_client(w, "t", args={"v": "made.p12"})
    assert (tmp_path / "made.p12").exists()  # -genseckey writes it
    assert [s for s, _m in _findings(w, "UL104")] == ["warning"]


SQLITE_WORDS = ("-cmd", "-init", "-Ac", "-Ax", "-A", "-cmd=.shell touch CANARY", "--init=evil.sql", "-echo", "-bail")


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="sqlite3 is not installed")
def test_sqlite_safe_one_word_is_a_note(tmp_path):
    (tmp_path / "evil.sql").write_text(".shell touch CANARY\n")
    p = _manual(tmp_path, "sqlite3 app.db 'create table users(id int)'")
    call_via_client(p, "t", args={"v": "x"})
    before = (tmp_path / "app.db").read_bytes()
    p = _manual(tmp_path, "sqlite3 -safe -readonly app.db UTCP_ARG_v_UTCP_END", {"SQLITE_HISTORY": "/dev/null"})
    for v in SQLITE_WORDS:
        call_via_client(p, "t", args={"v": v})
        assert not (tmp_path / "CANARY").exists(), v
    assert (tmp_path / "app.db").read_bytes() == before
    assert sorted(set(tmp_path.iterdir())) == sorted({tmp_path / "app.db", tmp_path / "evil.sql", tmp_path / "m.json"})
    assert [s for s, _m in _findings(p, "UL150")] == ["note"]
    # not the last word: the next word can be an injected option's argument (still a warning)
    q = _manual(tmp_path, "sqlite3 -safe app.db UTCP_ARG_v_UTCP_END '.tables'")
    assert [s for s, _m in _findings(q, "UL150")] == ["warning"]
    # without -safe, -cmd runs dot-commands: an error
    r = _manual(tmp_path, "sqlite3 -readonly app.db UTCP_ARG_v_UTCP_END '.shell touch CANARY2'")
    assert "error" in [s for s, _m in _findings(r, "UL150")]
