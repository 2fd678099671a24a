"""Issue 27, end to end through the CLI: suppressions per tool and per JSON pointer,
unused suppressions (UL904), standalone configuration files, .gitignore and the
exclude options, --show-settings / --show-files, the concise and full text formats,
paths relative to the project root in every format, stdin as Python, --fail-on-empty
on an empty input and paths named like a subcommand."""

import json
import shutil

from conftest import FIXTURES, run_cli

EXAMPLE = FIXTURES / "example" / "manual.json"


def _project(tmp_path, git=True):
    """A project with the (deliberately vulnerable) example manual in manuals/ops.json."""
    (tmp_path / "manuals").mkdir(parents=True)
    shutil.copy(EXAMPLE, tmp_path / "manuals" / "ops.json")
    if git:
        (tmp_path / ".git").mkdir()  # a work tree: the project root, where .gitignore applies
    return tmp_path


def _findings(tmp_path, *args):
    r = run_cli("--output-format", "json", "--no-cache", *args, cwd=tmp_path)
    assert r.returncode in (0, 1), r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    return json.loads(r.stdout)["findings"]


def _key(f):
    return (f["rule"], f["tool"], f["pointer"])


# ---- per-tool-ignores and UL904 ---------------------------------------------------


def test_per_tool_ignores_by_tool_name_and_by_pointer(tmp_path):
    p = _project(tmp_path)
    before = _findings(p, "manuals")
    assert any(f["rule"] == "UL101" and f["tool"] == "add_days" for f in before)
    assert any(f["rule"] == "UL102" and f["pointer"].startswith("/tools/2/") for f in before)
    (p / "pyproject.toml").write_text(
        "[tool.utcp-lint.per-tool-ignores]\n"
        '"manuals/ops.json::add_days" = ["UL101"]\n'
        '"manuals/ops.json#/tools/2" = ["UL102"]\n'
    )
    after = _findings(p, "manuals")
    gone = {_key(f) for f in before} - {_key(f) for f in after}
    # exactly the named rule on the named tool / below the named pointer is silenced
    assert gone == {
        _key(f)
        for f in before
        if (f["rule"] == "UL101" and f["tool"] == "add_days")
        or (f["rule"] == "UL102" and f["pointer"].startswith("/tools/2/"))
    }
    assert gone
    # the same rules elsewhere stay, and no UL904: both entries were used
    assert not any(f["rule"] == "UL904" for f in after)


def test_unused_suppression_is_reported_at_the_id_in_the_config(tmp_path):
    p = _project(tmp_path)
    (p / "utcp-lint.toml").write_text(
        "[per-tool-ignores]\n"
        '"manuals/ops.json::archiv" = ["UL150"]\n'  # no such tool
        '"*#/tools/0" = ["UL999"]\n'  # no such rule
        '"manuals/ops.json::add_days" = ["UL101"]\n'  # used
        "[per-file-ignores]\n"
        '"other/*.json" = ["UL300"]\n'  # its files are not in the run: not judged
    )
    r = run_cli("--no-cache", "manuals", cwd=p)
    assert r.returncode == 1, r.stderr
    lines = [ln for ln in r.stdout.splitlines() if " UL904 " in ln]
    assert lines == [
        "utcp-lint.toml:2:32: UL904 note 'UL150' in per-tool-ignores entry 'manuals/ops.json::archiv' "
        "silenced no finding here",
        "utcp-lint.toml:3:18: UL904 note 'UL999' in per-tool-ignores entry '*#/tools/0' is not a utcp-lint rule id",
    ], r.stdout
    fs = [f for f in _findings(p, "manuals") if f["rule"] == "UL904"]
    assert [f["pointer"] for f in fs] == [
        "/per-tool-ignores/manuals~1ops.json::archiv",
        "/per-tool-ignores/*#~1tools~10",
    ]
    assert all(f["severity"] == "note" and f["path"] == "utcp-lint.toml" for f in fs)
    # a run whose rule selection cannot use the entry does not judge it
    assert not [f for f in _findings(p, "--select", "UL0,UL9", "manuals") if "archiv" in f["message"]]
    # notes do not fail CI by default: with only UL904 left the exit code is 0
    assert run_cli("--no-cache", "--select", "UL904", "manuals", cwd=p).returncode == 0


def test_bad_per_tool_ignores_key_is_a_usage_error(tmp_path):
    p = _project(tmp_path)
    (p / "utcp-lint.toml").write_text('[per-tool-ignores]\n"manuals/ops.json" = ["UL150"]\n')
    r = run_cli("manuals", cwd=p)
    assert r.returncode == 2 and "FILE::TOOL-NAME or FILE#/JSON/POINTER" in r.stderr
    assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1


# ---- configuration files ---------------------------------------------------------------


def test_standalone_config_is_found_before_pyproject(tmp_path):
    p = _project(tmp_path)
    (p / "pyproject.toml").write_text('[tool.utcp-lint]\nselect = ["UL101"]\n')
    assert {f["rule"] for f in _findings(p, "manuals")} == {"UL101"}
    (p / "utcp-lint.toml").write_text('select = ["UL102"]\n')
    assert {f["rule"] for f in _findings(p, "manuals")} == {"UL102"}
    (p / ".utcp-lint.toml").write_text('select = ["UL160"]\n')
    assert {f["rule"] for f in _findings(p, "manuals")} == {"UL160"}
    r = run_cli("--show-settings", "manuals", cwd=p)
    settings = dict(ln.split(" = ", 1) for ln in r.stdout.splitlines())
    assert r.returncode == 0 and settings["config".ljust(29)] == str(p / ".utcp-lint.toml"), r.stdout
    assert settings["rules".ljust(29)] == "UL160"
    # unknown keys are named with the file, not as [tool.utcp-lint]
    (p / ".utcp-lint.toml").write_text('selekt = ["UL160"]\n')
    r = run_cli("manuals", cwd=p)
    assert r.returncode == 2 and "unknown key(s) in .utcp-lint.toml: selekt" in r.stderr


# ---- discovery --------------------------------------------------------------------------


def _files(p, *args):
    r = run_cli("--no-config", "--show-files", *args, cwd=p)
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def test_gitignore_is_honoured_like_git(tmp_path):
    p = _project(tmp_path)
    for d in ("vendor", "src/keep", "src/gen", "local"):
        (p / d).mkdir(parents=True)
        shutil.copy(EXAMPLE, p / d / "m.json")
    (p / ".gitignore").write_text("vendor/\n*.json\n!manuals/*.json\n")
    (p / "src" / ".gitignore").write_text("!keep/m.json\n")  # a nested file decides last
    (p / ".git" / "info").mkdir()
    (p / ".git" / "info" / "exclude").write_text("local/\n")
    assert _files(p, ".") == ["manuals/ops.json", "src/keep/m.json"]
    assert _files(p, "--no-respect-gitignore", ".") == [
        "local/m.json",
        "manuals/ops.json",
        "src/gen/m.json",
        "src/keep/m.json",
        "vendor/m.json",
    ]
    # a file named on the command line is linted anyway, unless --force-exclude
    assert _files(p, "vendor/m.json") == ["vendor/m.json"]
    assert _files(p, "--force-exclude", "vendor/m.json") == []
    # the real run agrees with --show-files
    r = run_cli("--no-config", "--no-cache", ".", cwd=p)
    assert "vendor/" not in r.stdout and "src/keep/m.json" in r.stdout
    # outside a git work tree .gitignore means nothing (as for git)
    shutil.rmtree(p / ".git")
    assert "vendor/m.json" in _files(p, ".")


def test_exclude_options(tmp_path):
    p = _project(tmp_path, git=False)
    (p / "build").mkdir()
    shutil.copy(EXAMPLE, p / "build" / "m.json")
    (p / "utcp-lint.toml").write_text('exclude = ["build/*"]\n')
    assert run_cli("--show-files", ".", cwd=p).stdout.splitlines() == ["manuals/ops.json"]
    # --exclude replaces the configuration's patterns, --extend-exclude adds to them
    assert run_cli("--show-files", "--exclude", "manuals", ".", cwd=p).stdout.splitlines() == ["build/m.json"]
    r = run_cli("--show-files", "--extend-exclude", "ops.json", ".", cwd=p)
    assert r.stdout.splitlines() == ["# .: no UTCP JSON or Python files found in directory"]
    r = run_cli("--show-settings", "--extend-exclude", "x/*", ".", cwd=p)
    assert "exclude                       = build/*" in r.stdout and "= x/*" in r.stdout


# ---- output -------------------------------------------------------------------------------


def test_concise_is_the_default_and_full_is_todays_text():
    r = run_cli("--no-config", "--no-cache", EXAMPLE)
    full = run_cli("--no-config", "--no-cache", "--output-format", "full", EXAMPLE)
    text = run_cli("--no-config", "--no-cache", "--format", "text", EXAMPLE)
    assert r.returncode == full.returncode == text.returncode == 1
    assert full.stdout == text.stdout  # `text` is full's old name, byte for byte
    heads = [ln for ln in full.stdout.splitlines() if ": UL" in ln]
    lines = [ln for ln in r.stdout.splitlines() if ": UL" in ln]
    assert len(lines) == len(heads) and "^" not in r.stdout
    for short, long in zip(lines, heads):
        loc, _, msg = short.partition(" ")
        assert long.startswith(loc)
        body = msg.split(" ", 2)[2].rsplit(" [tool ", 1)[0]
        assert len(body) <= 120, short
        assert long.split(" ", 3)[3].startswith(body.removesuffix("...")), (short, long)
    assert max(len(x) for x in lines) < max(len(x) for x in heads)


def test_paths_are_relative_to_the_project_root_in_every_format(tmp_path):
    p = _project(tmp_path)
    sub = p / "manuals"
    args = ("--no-config", "--no-cache", "ops.json")
    text = run_cli(*args, cwd=sub).stdout
    assert text.startswith("manuals/ops.json:"), text
    js = json.loads(run_cli("--format", "json", *args, cwd=sub).stdout)
    assert {f["path"] for f in js["findings"]} == {"manuals/ops.json"}
    gh = run_cli("--format", "github", *args, cwd=sub).stdout
    assert "file=manuals/ops.json," in gh and "file=ops.json," not in gh
    sarif = json.loads(run_cli("--format", "sarif", *args, cwd=sub).stdout)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in sarif["runs"][0]["results"]}
    assert uris == {"manuals/ops.json"}
    # --project-root moves them all
    js = json.loads(run_cli("--format", "json", "--project-root", sub, *args, cwd=sub).stdout)
    assert {f["path"] for f in js["findings"]} == {"ops.json"}


def test_stdin_is_python_with_a_py_stdin_filename(tmp_path):
    src = 'import os\nos.system("ls " + x)\n'
    r = run_cli("--no-config", "--no-cache", "--stdin-filename", "x.py", "-", input=src, cwd=tmp_path)
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stdout.startswith("x.py:2:1: UL400 error"), r.stdout


def test_fail_on_empty_does_not_say_all_checks_passed(tmp_path):
    (tmp_path / "empty").mkdir()
    r = run_cli("--no-config", "--fail-on-empty", "empty", cwd=tmp_path)
    assert r.returncode == 2
    assert "All checks passed" not in r.stdout + r.stderr
    assert "No files checked." in r.stdout and "--fail-on-empty" not in r.stderr.split("warning:", 1)[1]
    gh = run_cli("--no-config", "--format", "github", "--fail-on-empty", "empty", cwd=tmp_path)
    assert gh.returncode == 2 and "all checks passed" not in gh.stdout


def test_a_path_named_like_a_subcommand(tmp_path):
    (tmp_path / "rules").mkdir()
    shutil.copy(EXAMPLE, tmp_path / "rules" / "m.json")
    for args in (["rules/"], ["check", "rules"], ["check", "rules/"]):
        r = run_cli(*args[:-1], "--no-config", "--no-cache", args[-1], cwd=tmp_path)
        assert r.returncode == 1 and r.stdout.startswith("rules/m.json:"), (args, r.stdout, r.stderr)
    r = run_cli("rules", cwd=tmp_path)  # the command, with a hint how to lint the directory
    assert r.returncode == 0 and "UL031" in r.stdout
    assert "utcp-lint rules/" in r.stderr


# ---- docs/ci.md -------------------------------------------------------------------------------


def test_the_configuration_examples_of_docs_ci_run(tmp_path):
    """Every TOML example of docs/ci.md's configuration reference is a working
    configuration: no usage error, and each suppression it shows silences a finding."""
    import re

    doc = (FIXTURES.parent / "docs" / "ci.md").read_text(encoding="utf-8")
    section = doc.split("## Configuration reference", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```toml\n(.*?)```", section, re.S)
    assert len(blocks) == 2
    for i, block in enumerate(blocks):
        p = _project(tmp_path / str(i))
        name = "pyproject.toml" if block.startswith("[tool.utcp-lint]") else "utcp-lint.toml"
        (p / name).write_text(block, encoding="utf-8")
        r = run_cli("--no-cache", "--output-format", "json", "manuals", cwd=p)
        assert r.returncode == 1 and not r.stderr, (name, r.stderr)
        fs = json.loads(r.stdout)["findings"]
        assert not [f for f in fs if f["rule"] == "UL904"], fs  # every entry is used
        assert not [f for f in fs if f["rule"] == "UL160" and f["tool"] == "add_days"]
        s = run_cli("--show-settings", "manuals", cwd=p)
        assert s.returncode == 0 and str(p / name) in s.stdout


def test_docs_install_lines_name_no_release():
    """No release or tag exists: the docs install from a checkout, never a version."""
    import re

    for page in ("docs/ci.md", "README.md"):
        text = (FIXTURES.parent / page).read_text(encoding="utf-8")
        assert not re.search(r"pip install utcp-lint(==|\b(?!-))", text), page
        assert not re.search(r"utcp-lint/utcp-lint@v\d", text), page
