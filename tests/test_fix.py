"""--fix / --diff: minimal text edits, conflicts resolved by passes, nothing
else in the file touched, broken or ineffective fixes refused.

The rules here are synthetic (ids UL991..UL996, registered only inside these
tests) so the fix machinery is tested independently of which real rules offer
fixes; ``test_real_rule_fixes`` covers those."""

import json
import os
import shutil
import subprocess

import pytest
from click.testing import CliRunner
from conftest import FIXTURES

import utcp_lint.ruleset.rule as rule_mod
from utcp_lint.cli.app import main
from utcp_lint.core.findings import Fix, TextEdit
from utcp_lint.engine import Linter
from utcp_lint.ruleset.context import LintOptions
from utcp_lint.ruleset.rule import Rule, all_rules
from utcp_lint.run.fixes import apply_edits, compute_fixes, select_edits

DOC = "# What the synthetic rules fix.\n## What it does\nx\n## Why is this dangerous\nx\n## Example\nx\n## Fix\nx\n"

# -- UL991: insert `-- ` before a placeholder that follows `rm ` ------------
R_DASH = Rule(id="UL991", name="t-dashdash", severity="error", confidence="high", scope="template", doc=DOC)


@R_DASH.check
def _dash(tpl):
    for step in tpl.steps:
        for name, s, e in step.placeholders():
            if step.command[:s].endswith("rm "):
                src, _ = step.ref.span(s, s)
                yield R_DASH.at_template(
                    tpl,
                    step.index,
                    s,
                    e,
                    f"option injection via {name}",
                    fix=Fix("insert -- before the placeholder", [TextEdit(src, src, "-- ")]),
                )


# -- UL993: wrap an unquoted placeholder after rm in \"...\" (overlaps UL991) -
R_QUOTE = Rule(id="UL993", name="t-quote", severity="warning", confidence="high", scope="template", doc=DOC)


@R_QUOTE.check
def _quote(tpl):
    for step in tpl.steps:
        for name, s, e in step.placeholders():
            before = step.command[:s]
            if "rm " in before and not before.endswith('"'):
                a, b = step.ref.span(s, e)
                text = tpl.source.text
                yield R_QUOTE.at_template(
                    tpl,
                    step.index,
                    s,
                    e,
                    f"unquoted {name}",
                    fix=Fix("quote it", [TextEdit(a, a, '\\"'), TextEdit(b, b, '\\"')]),
                )
                # (two insertions: the first conflicts with UL991's insertion)
                assert text[a:b].startswith("UTCP_ARG_")


# -- UL992: rename the legacy key inherit_env_var -> inherit_env_vars --------
R_KEY = Rule(id="UL992", name="t-legacy-key", severity="warning", confidence="high", scope="document", doc=DOC)


@R_KEY.check
def _key(doc):
    for tpl in doc.templates:
        kn = tpl.node.key_node("inherit_env_var")
        if kn is not None:
            yield R_KEY.finding(
                doc.source,
                kn.start,
                kn.end,
                "legacy key",
                pointer=tpl.pointer,
                fix=Fix("rename", [TextEdit(kn.start + 1, kn.end - 1, "inherit_env_vars")]),
            )


# -- UL994: a fix that breaks the JSON --------------------------------------
R_BREAK = Rule(id="UL994", name="t-breaker", severity="note", confidence="low", scope="template", doc=DOC)


@R_BREAK.check
def _break(tpl):
    for step in tpl.steps:
        if "BREAK" in step.command:
            s, e = step.ref.span(0, len(step.command))
            yield R_BREAK.at_template(
                tpl,
                step.index,
                0,
                len(step.command),
                "break",
                fix=Fix("delete the closing quote", [TextEdit(e, e + 1, "")]),
            )


# -- UL995: a fix that does not cure its finding ------------------------------
R_LOOP = Rule(id="UL995", name="t-loop", severity="note", confidence="low", scope="template", doc=DOC)


@R_LOOP.check
def _loop(tpl):
    for step in tpl.steps:
        i = step.command.find("echo")
        if i >= 0:
            s, _ = step.ref.span(i, i)
            yield R_LOOP.at_template(tpl, step.index, i, i + 4, "echo", fix=Fix("add a space", [TextEdit(s, s, " ")]))


# -- UL996: an unsafe fix -------------------------------------------------------
R_UNSAFE = Rule(id="UL996", name="t-unsafe", severity="note", confidence="low", scope="template", doc=DOC)


@R_UNSAFE.check
def _unsafe(tpl):
    for step in tpl.steps:
        i = step.command.find("curl")
        if i >= 0:
            s, e = step.ref.span(i, i + 4)
            fx = Fix("use wget", [TextEdit(s, e, "wget")])
            fx.safe = False
            yield R_UNSAFE.at_template(tpl, step.index, i, i + 4, "curl", fix=fx)


SYNTH = [R_DASH, R_KEY, R_QUOTE, R_BREAK, R_LOOP, R_UNSAFE]


@pytest.fixture
def registry(monkeypatch):
    reg = dict(all_rules())
    for r in SYNTH:
        reg[r.id] = r
    monkeypatch.setattr(rule_mod, "_REGISTRY", dict(sorted(reg.items())))
    return reg


def invoke(monkeypatch, cwd, *args):
    monkeypatch.chdir(cwd)
    r = CliRunner().invoke(main, ["--no-config", *map(str, args)], catch_exceptions=False)
    return r


MANUAL = {
    "manual_version": "1.0.0",
    "utcp_version": "1.0.2",
    "tools": [
        {
            "name": "clean",
            "description": "Löscht 🎉",
            "inputs": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
            "tool_call_template": {
                "call_template_type": "cli",
                "inherit_env_var": ["PATH"],
                "commands": [{"command": "rm UTCP_ARG_path_UTCP_END"}, {"command": "echo done; curl x"}],
            },
        }
    ],
}


def lint_mem(text, rules, path="m.json"):
    from utcp_lint.engine import RunResult

    lin = Linter(rules, LintOptions())
    res = RunResult()
    lin.lint_json_text(text, path, True, res)
    res.findings = lin.postprocess(res.findings)
    return lin, res


# ----------------------------------------------------------------------------
# the edit machinery
# ----------------------------------------------------------------------------


def test_select_edits_keeps_first_of_overlapping_and_dedupes():
    class F:
        def __init__(self, rule, edits):
            self.rule, self.fix = rule, Fix("x", [TextEdit(*e) for e in edits])

    a = F("A", [(5, 5, "-- ")])
    b = F("B", [(5, 5, '"'), (9, 9, '"')])  # insertion at the same point: conflicts
    c = F("C", [(5, 5, "-- ")])  # identical to a: counts as fixed, not re-applied
    d = F("D", [(7, 8, "x")])  # inside b's range but b was skipped: fine
    e = F("E", [(20, 30, "")])  # out of range for a 12-char text: dropped
    g = F("G", [(1, 3, "a"), (2, 4, "b")])  # overlaps itself: dropped
    edits, fixed, skipped = select_edits([b, a, c, d, e, g], "0123456789ab")
    assert edits == [(5, 5, "-- "), (7, 8, "x")]
    assert [f.rule for f in fixed] == ["A", "C", "D"]
    assert skipped == 1
    assert apply_edits("0123456789ab", edits) == "01234-- 56x89ab"


def test_fix_passes_resolve_conflicts_and_touch_nothing_else():
    text = json.dumps(MANUAL, indent=2, ensure_ascii=False)
    lin, res = lint_mem(text, [R_DASH, R_QUOTE, R_KEY])
    assert sorted(f.rule for f in res.findings) == ["UL991", "UL992", "UL993"]
    report = compute_fixes(res, lin)
    (ff,) = report.files
    assert ff.passes == 2 and ff.problem is None
    expected = text.replace('"inherit_env_var"', '"inherit_env_vars"').replace(
        '"rm UTCP_ARG_path_UTCP_END"', '"rm -- \\"UTCP_ARG_path_UTCP_END\\""'
    )
    assert ff.text == expected
    assert ff.applied == 3
    # the result is clean for those rules and still the same document
    _, res2 = lint_mem(ff.text, [R_DASH, R_QUOTE, R_KEY])
    assert res2.findings == [] and res2.errors == []
    assert (
        json.loads(ff.text)["tools"][0]["tool_call_template"]["commands"][0]["command"]
        == 'rm -- "UTCP_ARG_path_UTCP_END"'
    )


def test_breaking_fix_is_not_applied():
    m = json.loads(json.dumps(MANUAL))
    m["tools"][0]["tool_call_template"]["commands"][1]["command"] = "BREAK"
    lin, res = lint_mem(json.dumps(m, indent=2), [R_BREAK])
    (ff,) = compute_fixes(res, lin).files
    assert not ff.changed and "would break the file" in ff.problem


def test_ineffective_fix_stops():
    lin, res = lint_mem(json.dumps(MANUAL, indent=2), [R_LOOP])
    (ff,) = compute_fixes(res, lin).files
    assert not ff.changed and "does not remove its finding" in ff.problem


def test_unsafe_fix_is_never_applied():
    lin, res = lint_mem(json.dumps(MANUAL, indent=2), [R_UNSAFE])
    assert len(res.findings) == 1
    assert compute_fixes(res, lin).files == []


# ----------------------------------------------------------------------------
# end to end through the CLI
# ----------------------------------------------------------------------------


def test_fix_preserves_every_other_byte(tmp_path, monkeypatch, registry):
    body = json.dumps(MANUAL, indent="\t", ensure_ascii=False).replace("\n", "\r\n")
    raw = b"\xef\xbb\xbf" + body.encode("utf-8")  # BOM + CRLF + tabs + non-ASCII
    p = tmp_path / "m.json"
    p.write_bytes(raw)
    os.chmod(p, 0o640)
    r = invoke(monkeypatch, tmp_path, "--select", "UL991,UL992", "--fix", "m.json")
    assert r.exit_code == 0, r.output
    want = raw.replace(b'"rm UTCP_ARG', b'"rm -- UTCP_ARG').replace(b'"inherit_env_var"', b'"inherit_env_vars"')
    assert p.read_bytes() == want
    assert oct(os.stat(p).st_mode & 0o777) == oct(0o640)
    assert "Fixed 2 findings in 1 file." in r.stderr
    assert not [x for x in os.listdir(tmp_path) if x.startswith(".utcp-lint-fix-")]


def test_fix_relints_and_reports_what_remains(tmp_path, monkeypatch, registry):
    (tmp_path / "m.json").write_text(json.dumps(MANUAL, indent=2), encoding="utf-8")
    r = invoke(
        monkeypatch, tmp_path, "--select", "UL991,UL996", "--format", "json", "--fix", "--fail-on", "note", "m.json"
    )  # UL996 is a note (default --fail-on: warning)
    assert r.exit_code == 1
    out = json.loads(r.stdout)
    assert [f["rule"] for f in out["findings"]] == ["UL996"]  # the unsafe one remains
    assert "Fixed 1 finding in 1 file." in r.stderr
    # nothing left to fix: exit 0 and a note
    r = invoke(monkeypatch, tmp_path, "--select", "UL991", "--fix", "m.json")
    assert r.exit_code == 0 and "No fixes available." in r.stderr


def test_diff_previews_without_writing_and_applies_cleanly(tmp_path, monkeypatch, registry):
    text = json.dumps(MANUAL, indent=2, ensure_ascii=False)  # no trailing newline on purpose
    (tmp_path / "a").mkdir()
    p = tmp_path / "a" / "m.json"
    p.write_text(text, encoding="utf-8")
    r = invoke(monkeypatch, tmp_path, "--select", "UL991,UL992,UL993", "--diff", "a/m.json")
    assert r.exit_code == 1, r.output
    assert p.read_text(encoding="utf-8") == text  # unchanged
    diff = r.stdout
    assert diff.startswith("--- a/a/m.json\n+++ b/a/m.json\n")
    minus = [x[1:].strip() for x in diff.splitlines() if x.startswith("-") and not x.startswith("---")]
    plus = [x[1:].strip() for x in diff.splitlines() if x.startswith("+") and not x.startswith("+++")]
    assert minus == ['"inherit_env_var": [', '"command": "rm UTCP_ARG_path_UTCP_END"']
    assert plus == ['"inherit_env_vars": [', '"command": "rm -- \\"UTCP_ARG_path_UTCP_END\\""']
    assert "Would fix 3 findings in 1 file." in r.stderr
    # the diff is a real patch: applying it gives exactly what --fix writes
    shutil.copytree(tmp_path / "a", tmp_path / "copy" / "a")
    (tmp_path / "fix.diff").write_text(diff, encoding="utf-8")
    ap = subprocess.run(
        ["git", "apply", "--unsafe-paths", "-p1", str(tmp_path / "fix.diff")],
        cwd=tmp_path / "copy",
        capture_output=True,
        text=True,
    )
    assert ap.returncode == 0, ap.stderr
    r = invoke(monkeypatch, tmp_path, "--select", "UL991,UL992,UL993", "--fix", "a/m.json")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "copy" / "a" / "m.json").read_bytes() == p.read_bytes()
    # and a second --diff has nothing to show
    r = invoke(monkeypatch, tmp_path, "--select", "UL991,UL992,UL993", "--diff", "a/m.json")
    assert r.exit_code == 0 and r.stdout == ""


def test_file_changed_on_disk_is_not_overwritten(tmp_path):
    from utcp_lint.run.fixes import FileFix, write_file

    p = tmp_path / "m.json"
    p.write_text("new content", encoding="utf-8")
    ff = FileFix(str(p), "old content", "fixed content")
    assert "changed on disk" in write_file(ff)
    assert p.read_text(encoding="utf-8") == "new content"


# ----------------------------------------------------------------------------
# real rules that offer fixes
# ----------------------------------------------------------------------------


def _fixture_files():
    d = FIXTURES / "rules"
    return sorted(p for p in d.glob("*/bad_*") if p.suffix in (".json", ".py"))


def test_real_rule_fixes_cure_their_findings(tmp_path):
    """Every fix a registered rule offers on its fixtures yields a file that
    still lints without errors and has fewer findings of that rule -- in
    memory and through `utcp-lint --fix` on a copy."""
    from conftest import lint_json, run_cli

    checked = 0
    for p in _fixture_files():
        rid = p.parent.name
        rules = all_rules()
        if rid not in rules or p.suffix != ".json":
            continue
        argsf = p.parent / "args.txt"
        opts = LintOptions()
        if argsf.exists():
            words = argsf.read_text().split()
            if "--shell" in words:
                opts.shell = words[words.index("--shell") + 1]
            if "--kind" in words:
                opts.kind = words[words.index("--kind") + 1]
        lin = Linter([rules[rid]], opts)
        from utcp_lint.engine import RunResult

        res = RunResult()
        lin.lint_json_text(p.read_text(encoding="utf-8"), str(p), True, res)
        fixable = [f for f in res.findings if f.fix is not None and f.fix.safe]  # unsafe: --unsafe-fixes
        if not fixable:
            continue
        report = compute_fixes(res, lin)
        for ff in report.files:
            assert ff.problem is None, (p, ff.problem)
            assert ff.changed, p
            res2 = RunResult()
            lin.lint_json_text(ff.text, str(p), True, res2)
            assert not res2.errors, (p, res2.errors)
            assert len([f for f in res2.findings if f.fix is not None and f.fix.safe]) < len(fixable), p
            checked += 1
        # end to end: --diff shows it, --fix writes exactly the in-memory result
        extra = argsf.read_text().split() if argsf.exists() else []
        copy = tmp_path / f"{rid}_{p.name}"
        shutil.copy(p, copy)
        before = copy.read_bytes()
        rd = run_cli("--no-config", "--select", rid, *extra, "--diff", copy)
        assert rd.returncode == 1 and rd.stdout.startswith("--- a/"), (p, rd.stderr)
        assert copy.read_bytes() == before, p
        code, out = lint_json("--select", rid, *extra, "--fix", copy)
        assert not out["errors"], (p, out["errors"])
        assert copy.read_text(encoding="utf-8") == report.files[0].text, p
    # record how many fixtures exercised real fixes (visible with -s); a loop that
    # found no fixable fixture would have proved nothing (12 when this was written)
    print(f"real-rule fixes checked on {checked} fixture(s)")
    assert checked >= 10, f"only {checked} fixture(s) with a safe fix"
