"""Issue 12: the CLI conventions a ruff or zizmor user expects, each through
the real console script (subprocess), plus config paths, tomli and SARIF
paths from a subdirectory."""

import json
import os
import shutil
import subprocess
import sys

import jsonschema
import pytest
from conftest import FIXTURES, SHARED, lint_json, run_cli

NOTE_ONLY = FIXTURES / "rules" / "UL033" / "bad_unused.json"  # UL033 unused input: a note
BAD = FIXTURES / "rules" / "UL031" / "bad_missing.json"  # UL031 error
LEGACY = FIXTURES / "rules" / "UL005" / "bad_providers_list.json"  # safe migration fix
LEGACY_CLI = FIXTURES / "rules" / "UL005" / "bad_manual_0x.json"  # unsafe (command_name)
SARIF_SCHEMA = SHARED / "schemas" / "sarif-schema-2.1.0.json"


def test_help_shows_check_options_and_whole_command_sentences():
    r = run_cli("--help")
    assert r.returncode == 0
    for opt in (
        "--select",
        "--fail-on",
        "--min-severity",
        "--min-confidence",
        "--statistics",
        "--show-fixes",
        "--unsafe-fixes",
        "--stdin-filename",
        "--cache-dir",
        "--fail-on-empty",
        "--extend-select",
        "--project-root",
        "-V, --version",
    ):
        assert opt in r.stdout, opt
    commands = r.stdout.split("Commands:")[1]
    assert "..." not in commands  # click's 45-character cut
    assert "Print one rule's documentation (by id, e.g. UL031, or by name)." in " ".join(commands.split())


def test_dash_v_prints_version():
    from utcp_lint import __version__

    r = run_cli("-V")
    assert r.returncode == 0 and __version__ in r.stdout


def test_default_fail_on_lets_notes_pass_unless_asked():
    r = run_cli("--no-config", "--select", "UL033", NOTE_ONLY)
    assert r.returncode == 0 and "UL033 note" in r.stdout, r.stdout
    r = run_cli("--no-config", "--select", "UL033", "--fail-on", "note", NOTE_ONLY)
    assert r.returncode == 1


def test_min_severity_and_min_confidence_filter(tmp_path):
    src = FIXTURES / "rules" / "UL150"  # notes, warnings and errors at high and low confidence
    code, out = lint_json(src)
    sev = {f["severity"] for f in out["findings"]}
    conf = {f["confidence"] for f in out["findings"]}
    assert "error" in sev and len(sev) > 1 and len(conf) > 1, (sev, conf)
    _c, o2 = lint_json("--min-severity", "error", src)
    assert o2["findings"] and {f["severity"] for f in o2["findings"]} == {"error"}
    _c, o3 = lint_json("--min-confidence", "high", src)
    assert o3["findings"] and {f["confidence"] for f in o3["findings"]} == {"high"}
    assert len(o3["findings"]) < len(out["findings"])


def test_statistics_counts_per_rule():
    r = run_cli("--no-config", "--statistics", FIXTURES / "example" / "manual.json")
    code, out = lint_json(FIXTURES / "example" / "manual.json")
    from collections import Counter

    want = Counter(f["rule"] for f in out["findings"])
    rows = [ln.split("\t") for ln in r.stdout.splitlines() if "\t" in ln]
    got = {row[1].strip(): int(row[0]) for row in rows}
    assert got == dict(want)
    assert r.returncode == code


def test_fixable_line_and_show_fixes():
    r = run_cli("--no-config", LEGACY)
    assert "[*] 1 fixable with --fix." in r.stdout, r.stdout
    r = run_cli("--no-config", LEGACY_CLI)
    assert "fixable with --fix --unsafe-fixes" in r.stdout, r.stdout
    r = run_cli("--no-config", "--show-fixes", LEGACY_CLI)
    assert "UL005 fix [unsafe (--unsafe-fixes)]: migrate the UTCP 0.x document to 1.x" in r.stdout, r.stdout
    r = run_cli("--no-config", "--show-fixes", LEGACY)
    assert "UL005 fix [safe]" in r.stdout


def test_color_always_and_force_color():
    r = run_cli("--no-config", "--color", "always", BAD)
    assert "\x1b[" in r.stdout
    r = run_cli("--no-config", "--color", BAD)  # bare --color means always
    assert "\x1b[" in r.stdout
    r = run_cli("--no-config", BAD)  # not a TTY
    assert "\x1b[" not in r.stdout
    env = dict(os.environ, FORCE_COLOR="1")
    env.pop("NO_COLOR", None)
    r = run_cli("--no-config", BAD, env=env)
    assert "\x1b[" in r.stdout
    r = run_cli("--no-config", "--color", "never", BAD, env=env)
    assert "\x1b[" not in r.stdout


def test_quiet_hides_summary_and_silent_shows_only_findings(tmp_path):
    (tmp_path / "package.json").write_text('{"name": "x"}')
    shutil.copy(BAD, tmp_path / "m.json")
    r = run_cli("--no-config", tmp_path)
    assert "Found " in r.stdout and "note: " in r.stderr
    r = run_cli("--no-config", "-q", tmp_path)
    assert "Found " not in r.stdout and "UL031 error" in r.stdout and "note: " not in r.stderr
    assert r.returncode == 1
    empty = tmp_path / "empty"
    empty.mkdir()
    r = run_cli("--no-config", "-s", tmp_path, empty)
    assert "Found " not in r.stdout and "UL031 error" in r.stdout and r.stderr == "", r.stderr
    r = run_cli("--no-config", "-q", empty)
    assert "warning:" in r.stderr  # -q keeps warnings, -s silences them


def test_stdin_filename_names_the_input_and_matches_per_file_ignores(tmp_path):
    text = BAD.read_text()
    r = run_cli("--no-config", "--format", "json", "--stdin-filename", "tools/m.json", "-", input=text)
    out = json.loads(r.stdout)
    assert out["findings"] and {f["path"] for f in out["findings"]} == {"tools/m.json"}
    (tmp_path / "pyproject.toml").write_text('[tool.utcp-lint.per-file-ignores]\n"tools/*.json" = ["UL031"]\n')
    r = run_cli("--format", "json", "--stdin-filename", "tools/m.json", "-", input=text, cwd=tmp_path)
    assert [f for f in json.loads(r.stdout)["findings"] if f["rule"] == "UL031"] == []
    r = run_cli("--no-config", "--stdin-filename", "x.json", "m.json")
    assert r.returncode == 2 and "--stdin-filename" in r.stderr
    r = run_cli("--no-config", "--fix", "--stdin-filename", "x.json", "-", input=text)
    assert r.returncode == 2


def test_cache_dir(tmp_path):
    src = tmp_path / "plugin.py"
    src.write_text("import os\n\ndef run(cmd):\n    os.system(cmd)\n")
    cache = tmp_path / "cachehere"
    r = run_cli("--no-config", "--cache-dir", cache, src, cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    assert cache.is_dir() and any(p.name.startswith("pyscan-") for p in cache.iterdir())
    assert not (tmp_path / ".utcp-lint-cache").exists()


def test_file_errors_go_to_stderr_in_text_mode(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text("{")
    r = run_cli("--no-config", bad, BAD)
    assert r.returncode == 2
    assert "broken.json" in r.stderr and "broken.json" not in r.stdout
    assert "UL031" in r.stdout


def test_output_in_missing_directory_is_a_usage_error(tmp_path):
    r = run_cli("--no-config", "-o", tmp_path / "nope" / "out.sarif", "--format", "sarif", BAD)
    assert r.returncode == 2
    assert "does not exist" in r.stderr and "internal error" not in r.stderr


def test_directory_without_utcp_documents_warns_and_fail_on_empty_fails(tmp_path):
    (tmp_path / "tsconfig.json").write_text('{"compilerOptions": {"strict": true}}')
    r = run_cli("--no-config", tmp_path)
    assert r.returncode == 0 and "warning: no UTCP documents" in r.stderr, r.stderr
    r = run_cli("--no-config", "--fail-on-empty", tmp_path)
    assert r.returncode == 2


def test_extend_select_is_validated_and_enables_rules(tmp_path):
    r = run_cli("--no-config", "--extend-select", "UL9999", BAD)
    assert r.returncode == 2 and "unknown rule id or prefix: UL9999" in r.stderr
    (tmp_path / "pyproject.toml").write_text('[tool.utcp-lint]\nextend-select = ["XX1"]\n')
    shutil.copy(BAD, tmp_path / "m.json")
    r = run_cli("m.json", cwd=tmp_path)
    assert r.returncode == 2 and "XX1" in r.stderr
    code, out = lint_json("--select", "UL033", "--extend-select", "UL031", BAD)
    assert {f["rule"] for f in out["findings"]} >= {"UL031"}


def test_config_paths_are_relative_to_the_config_file(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.utcp-lint]\nexclude = ["sub/skipped/*"]\n'
        '[tool.utcp-lint.per-file-ignores]\n"sub/quiet.json" = ["UL031"]\n'
    )
    sub = tmp_path / "sub"
    (sub / "skipped").mkdir(parents=True)
    shutil.copy(BAD, sub / "loud.json")
    shutil.copy(BAD, sub / "quiet.json")
    shutil.copy(BAD, sub / "skipped" / "x.json")
    for cwd, arg in ((tmp_path, "sub"), (sub, ".")):
        r = run_cli("--format", "json", "--select", "UL031", arg, cwd=cwd)
        paths = {os.path.basename(f["path"]) for f in json.loads(r.stdout)["findings"]}
        assert paths == {"loud.json"}, (cwd, paths)


def test_config_loads_with_tomli_when_tomllib_is_unavailable(tmp_path):
    """Python 3.10 has no tomllib: the loader falls back to tomli (a dependency there)."""
    (tmp_path / "pyproject.toml").write_text('[tool.utcp-lint]\nfail-on = "error"\nignore = ["UL033"]\n')
    code = (
        "import sys; sys.modules['tomllib'] = None\n"
        "from utcp_lint.run import config\n"
        "assert config._tomllib().__name__ == 'tomli', config._tomllib()\n"
        f"c = config.load_config(start={str(tmp_path)!r})\n"
        "print(c.fail_on, c.ignore)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "error ['UL033']"


PY310 = shutil.which("python3.10") and None
for _cand in ("/root/.pyenv/versions/3.10.13/bin/python3.10", "/usr/bin/python3.10"):
    if os.path.exists(_cand):
        PY310 = _cand


@pytest.mark.skipif(PY310 is None, reason="no Python 3.10 interpreter on this machine")
def test_cli_under_python_310_honours_config(tmp_path):
    """Once under a real 3.10 interpreter: the installed package (tomli path) reads the
    configuration.  Installs this checkout into a throwaway 3.10 venv."""
    venv = tmp_path / "venv310"
    subprocess.run([PY310, "-m", "venv", str(venv)], check=True, timeout=120)
    pip = subprocess.run(
        [str(venv / "bin" / "pip"), "install", "-q", str(FIXTURES.parent)], capture_output=True, text=True, timeout=600
    )
    if pip.returncode != 0:
        pytest.skip(f"cannot install the dependencies for 3.10: {pip.stderr[-300:]}")
    (tmp_path / "pyproject.toml").write_text('[tool.utcp-lint]\nfail-on = "error"\nignore = ["UL031"]\n')
    shutil.copy(BAD, tmp_path / "m.json")
    exe = venv / "bin" / "utcp-lint"
    ver = subprocess.run([str(venv / "bin" / "python"), "--version"], capture_output=True, text=True)
    assert ver.stdout.startswith("Python 3.10")
    r = subprocess.run([str(exe), "--format", "json", "m.json"], capture_output=True, text=True, cwd=tmp_path)
    assert [f for f in json.loads(r.stdout)["findings"] if f["rule"] == "UL031"] == []  # ignore honoured
    r = subprocess.run(
        [str(exe), "--no-config", "--format", "json", "m.json"], capture_output=True, text=True, cwd=tmp_path
    )
    assert any(f["rule"] == "UL031" for f in json.loads(r.stdout)["findings"])


def test_sarif_from_a_subdirectory_points_at_the_repository_files(tmp_path):
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)  # a fake repository root
    sub = repo / "tools" / "cli"
    sub.mkdir(parents=True)
    shutil.copy(BAD, sub / "m.json")
    out = tmp_path / "out.sarif"
    r = run_cli("--no-config", "--format", "sarif", "-o", out, "m.json", cwd=sub)
    assert r.returncode == 1, r.stderr
    log = json.loads(out.read_text())
    jsonschema.Draft7Validator(json.loads(SARIF_SCHEMA.read_text())).validate(log)
    run = log["runs"][0]
    loc = run["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert loc["uri"] == "tools/cli/m.json" and loc["uriBaseId"] == "%SRCROOT%"
    base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert base == repo.as_uri() + "/"
    # the URI resolved against the base is the real file
    from urllib.parse import unquote, urljoin, urlparse

    assert os.path.samefile(unquote(urlparse(urljoin(base, loc["uri"])).path), sub / "m.json")
    # --project-root overrides the git top level
    r = run_cli("--no-config", "--format", "sarif", "-o", out, "--project-root", repo / "tools", "m.json", cwd=sub)
    loc = json.loads(out.read_text())["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"] == "cli/m.json"


def test_only_security_findings_carry_security_severity(tmp_path):
    out = tmp_path / "o.sarif"
    run_cli("--no-config", "--format", "sarif", "-o", out, FIXTURES / "example" / "manual.json", LEGACY)
    log = json.loads(out.read_text())
    rules = {r["id"]: r for r in log["runs"][0]["tool"]["driver"]["rules"]}
    seen = set()
    for res in log["runs"][0]["results"]:
        cat = rules[res["ruleId"]]["properties"]["tags"][0]
        seen.add(cat)
        has = "security-severity" in res["properties"]
        assert has == (cat == "security"), res["ruleId"]
        if has:
            assert float(res["properties"]["security-severity"]) <= float(
                rules[res["ruleId"]]["properties"]["security-severity"]
            )
    assert {"security", "correctness"} <= seen
