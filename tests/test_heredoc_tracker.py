"""UL116: a quote character in an unquoted heredoc body misleads the runtime's quote tracker.

Proven through the real client (utcp 1.2.0 ``UtcpClient`` + utcp-cli 1.1.5): after an
apostrophe (``We're``) or around ``'VALUE'`` the tracker believes it is inside single
quotes and emits ``'"$VAR"'``, which the heredoc body keeps as text: every value arrives
as ``'"value"'``, so the tool cannot work (error); the printf spellings of the good
fixture print the text as written (issue 23).
"""

import json
from pathlib import Path

from conftest import lint_json
from test_variables import call_via_client

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "UL116"


def _copy(tmp_path: Path, fixture: str) -> Path:
    d = tmp_path / fixture.split(".")[0]
    d.mkdir()
    p = d / fixture
    p.write_text((FIX / fixture).read_text())
    return p


def test_tracker_in_single_quotes_breaks_every_value_and_printf_works(tmp_path):
    bad = _copy(tmp_path, "bad_tracker_in_single_quotes.json")
    good = _copy(tmp_path, "good_apostrophe_outside_heredoc.json")
    for value in ("ann", "Platform Team"):
        out = call_via_client(bad, "sorry_note", args={"user": value})
        assert out.strip() == f"We're sorry, '\"{value}\"': the build failed."
        out = call_via_client(bad, "motd", args={"team": value})
        assert out.strip() == f"Welcome to the ''\"{value}\"'' servers"
        out = call_via_client(good, "sorry_note", args={"user": value})
        assert out.strip() == f"We're sorry, {value}: the build failed."
        out = call_via_client(good, "motd", args={"team": value})
        assert out.strip() == f"Welcome to the '{value}' servers"
    _code, out = lint_json("--select", "UL116", bad)
    assert [(f["tool"], f["severity"]) for f in out["findings"]] == [("sorry_note", "error"), ("motd", "error")]
    _code, out = lint_json("--select", "UL116", good)
    assert out["findings"] == []


def test_plain_double_quotes_stay_a_warning(tmp_path):
    """Without a quote character before it, the value arrives as "value": many formats
    (YAML, ini, shell) still accept that, so the finding stays a warning."""
    p = tmp_path / "m.json"
    doc = json.loads((FIX / "good_apostrophe_outside_heredoc.json").read_text())
    tpl = doc["tools"][2]["tool_call_template"]
    tpl["commands"] = [{"command": "cat <<EOF\nteam: UTCP_ARG_team_UTCP_END\nEOF\n"}]
    p.write_text(json.dumps(doc))
    assert call_via_client(p, "team_yaml", args={"team": "ops"}).strip() == 'team: "ops"'
    _code, out = lint_json("--select", "UL116", p)
    assert [(f["tool"], f["severity"]) for f in out["findings"]] == [("team_yaml", "warning")]


def test_read_from_heredoc_keeps_the_quotes_in_the_variable(tmp_path):
    """issue 23 B5: ``read -r v <<EOF`` / ``mapfile`` store the runtime's literal quotes in the
    variable, so every later use carries them: an error.  A here-string hands the value as is."""
    bad = _copy(tmp_path, "bad_heredoc_read_keeps_quotes.json")
    good = _copy(tmp_path, "good_heredoc_read_double_quoted.json")
    for value in ("bob", "Ann Lee"):
        assert call_via_client(bad, "greet_heredoc", args={"name": value}).strip() == f'Hello "{value}"'
        assert call_via_client(good, "greet_heredoc_dq", args={"name": value}).strip() == f'Hello "{value}"'
    _code, out = lint_json("--select", "UL116", bad)
    assert sorted((f["tool"], f["severity"]) for f in out["findings"]) == [
        ("git_branches_mapfile", "error"),
        ("greet_heredoc", "error"),
    ]
    _code, out = lint_json("--select", "UL116", good)
    assert out["findings"] == []


def test_copied_heredoc_keeps_the_quotes_for_every_value(tmp_path, monkeypatch):
    """`cat > FILE <<EOF` / `cat <<EOF | tee -a FILE` copy the body as it is: in a text file,
    an INI file or the tool's output the value always arrives as "value" (measured through
    the real client), so the tool cannot work: an error.  printf writes the value as is."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)  # the tools write banner.txt, conf/, CHANGES.md where they run
    bad = _copy(tmp_path, "bad_heredoc_copied_as_text.json")
    good = _copy(tmp_path, "good_heredoc_value_in_double_quotes.json")
    for value in ("web-1", "Ann Lee"):
        out = call_via_client(bad, "write_banner", args={"host": value})
        assert out.strip() == f'Welcome to "{value}"'
        out = call_via_client(bad, "render_ini", args={"owner": value})
        assert out.strip() == f'[app]\nowner = "{value}"'
        out = call_via_client(bad, "append_changelog", args={"version": value})
        assert out.strip() == f'* released "{value}" today'
        assert (work / "CHANGES.md").read_text().splitlines()[-1] == f'* released "{value}" today'
        assert call_via_client(good, "write_banner_printf", args={"host": value}).strip() == f"Welcome to {value}"
        out = call_via_client(good, "render_ini_printf", args={"owner": value})
        assert out.strip() == f"[app]\nowner = {value}"
        out = call_via_client(good, "greeting_quoted_in_body", args={"name": value})
        assert out.strip() == f'Hello "{value}", welcome.'
    _code, out = lint_json("--select", "UL116", bad)
    assert [(f["tool"], f["severity"]) for f in out["findings"]] == [
        ("write_banner", "error"),
        ("render_ini", "error"),
        ("append_changelog", "error"),
        ("write_app_conf", "error"),  # key= line of a .conf file: readers keep the quotes (s38engS1)
        ("write_app_properties", "error"),
    ]
    _code, out = lint_json("--select", "UL116", good)
    assert out["findings"] == []
