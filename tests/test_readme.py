"""README: exactly two set-up commands at the top, .ci/run runs the test one,
the first one really works on the bundled example, and the rule table is
generated from the rules (stale -> fail)."""

import re
import subprocess
import sys

from conftest import ROOT, run_cli

README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks():
    return re.findall(r"<!-- setup:(\w+) -->\n```sh\n(.*?)\n```", README, re.S)


def test_exactly_two_setup_commands_before_any_section():
    head = README.split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)\n```", head, re.S)
    assert len(blocks) == 2, blocks
    assert [name for name, _ in _blocks()] == ["run", "test"]
    for _name, cmd in _blocks():
        assert "\n" not in cmd.strip(), "each set-up command is one line"


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    assert "setup:test" in ci and "README.md" in ci
    # the extraction in .ci/run yields exactly the README's command
    out = subprocess.run(
        ["awk", "/<!-- setup:test -->/{f=1;next} f&&/^```sh/{g=1;next} g&&/^```/{exit} g{print}", "README.md"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.stdout.strip() == dict(_blocks())["test"].strip()


def test_test_command_runs_the_suite_on_every_core():
    """The suite runs under pytest-xdist (a test extra): the README's pytest part
    names ``-n``, and .ci/run's split at the last ``&&`` keeps it in the test part."""
    cmd = dict(_blocks())["test"].strip()
    tests = cmd.rsplit(" && ", 1)[1]
    assert "pytest" in tests and " -n " in f" {tests} ", tests
    try:
        import tomllib
    except ImportError:  # Python 3.10: the tomli backport (a dependency there)
        import tomli as tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    assert any(x.startswith("pytest-xdist") for x in extras), extras


def test_first_command_lints_the_bundled_example():
    cmd = dict(_blocks())["run"]
    target = cmd.split("utcp-lint ")[-1].strip()
    assert (ROOT / target).is_file()
    r = run_cli(target)
    assert r.returncode == 1 and "UL101" in r.stdout  # deliberately vulnerable


def test_rule_table_is_generated_and_current():
    r = subprocess.run(
        [sys.executable, "scripts/gen_rule_docs.py", "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert r.returncode == 0, r.stdout + r.stderr + "\nrun: python scripts/gen_rule_docs.py"
    from utcp_lint.ruleset.rule import all_rules

    table = README.split("<!-- rules:start -->", 1)[1].split("<!-- rules:end -->", 1)[0]
    for rid in all_rules():
        assert f"[{rid}](docs/rules/{rid}.md)" in table
