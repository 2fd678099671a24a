"""PROOF: utcp-lint's registration verdict agrees with the real runtime.

For every JSON file in ../shared/corpus (real-world documents and blocks
extracted from the UTCP docs; 0.x and 1.x; manuals, tools, client configs,
single templates and lists) the published serializers of utcp 1.2.0 and its
plugins (pinned in pyproject's ``test`` extras) are run for the file's
detected kind, and:

* a file the runtime REJECTS must get at least one error-severity finding;
* a file the runtime ACCEPTS must get no error from the registration rules
  (UL001-UL029).

Where the two cannot agree the file is named in ``ALLOWLIST`` with the
reason; an allowlisted file must still disagree (a stale entry fails).

Also: the CLI never prints a traceback or an "internal error" for any file
in the corpus, and one manual with five independent errors in three tools
yields five positioned error findings with distinct pointers.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import FIXTURES, SHARED, run_cli
from test_models_oracle import Oracle, mcp_installed, serializer_kind

from utcp_lint.ruleset.context import detect_kind

CORPUS = SHARED / "corpus"
FILES = sorted(CORPUS.glob("*/*.json"))

ALLOWLIST = {
    "universal-tool-calling-protocol_elixir-utcp__examples_provider.json": '0.x `{"providers": [...]}`: UtcpClientConfig ignores the unknown key `providers`, so the '
    "real serializer accepts an empty configuration that registers nothing; utcp-lint reports "
    "UL005 (error) because none of the listed providers is ever registered",
}
if not mcp_installed():
    ALLOWLIST["universal-tool-calling-protocol_utcp-examples__python_communication_protocols_mcp_mcp_manual.json"] = (
        "utcp-mcp is not installed in the test environment (its langchain dependency would downgrade "
        '`packaging`; docs/design/models.md), so the real runtime rejects call_template_type "mcp" as '
        "unregistered; utcp-lint models utcp-mcp 1.2.0, with which the runtime accepts this manual "
        "(measured, see docs/design/models.md)"
    )

REGISTRATION_RULES = {f"UL{n:03d}" for n in range(1, 30)}


@pytest.fixture(scope="module")
def oracle():
    o = Oracle(gql=True)
    yield o
    o.close()


@pytest.fixture(scope="module")
def lint_report():
    """One CLI run over the whole corpus (JSON output), findings by file name."""
    r = run_cli("--format", "json", "--no-config", *[str(p) for p in FILES])
    assert r.returncode in (0, 1), r.stderr
    assert "Traceback" not in r.stderr
    out = json.loads(r.stdout)
    assert out["errors"] == []
    by_file: dict = {p.name: [] for p in FILES}
    for f in out["findings"]:
        by_file[os.path.basename(f["path"])].append(f)
    return by_file


def real_verdict(oracle, path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    kind = detect_kind(data)
    assert kind is not None, f"{path.name}: not recognised as a UTCP document"
    return oracle.verdict(serializer_kind(kind, data), data)


def test_corpus_is_there():
    assert len(FILES) >= 60, "../shared/corpus is missing or incomplete"


@pytest.mark.parametrize("path", FILES, ids=[p.name[:90] for p in FILES])
def test_verdict_matches_runtime(path, oracle, lint_report):
    accepted, error = real_verdict(oracle, path)
    findings = lint_report[path.name]
    errors = [f for f in findings if f["severity"] == "error"]
    reg_errors = [f for f in errors if f["rule"] in REGISTRATION_RULES]
    if path.name in ALLOWLIST:
        # the documented disagreement must still be there
        assert accepted == bool(reg_errors), f"stale allowlist entry: {ALLOWLIST[path.name]}"
        return
    if accepted:
        assert not reg_errors, f"runtime accepts {path.name}, utcp-lint reports {reg_errors}"
    else:
        assert errors, f"runtime rejects {path.name} ({error}) but utcp-lint reports no error"
        # stronger than required: the rejection is explained by a registration rule
        assert reg_errors, f"runtime rejects {path.name} ({error}); only {errors}"
        for f in reg_errors:
            assert f["pointer"].startswith("/") or f["pointer"] == "", f
            assert f["line"] >= 1 and f["column"] >= 1


def test_no_traceback_or_internal_error_on_any_corpus_file():
    """Every file, including the non-JSON ones (MANIFEST.tsv, *.json.raw)."""
    every = sorted(p for p in CORPUS.rglob("*") if p.is_file())
    assert len(every) > len(FILES)
    r = run_cli("--format", "json", "--no-config", *[str(p) for p in every])
    assert r.returncode in (0, 1, 2)
    assert "Traceback" not in r.stderr, r.stderr
    out = json.loads(r.stdout)
    for e in out["errors"]:
        assert "internal error" not in e["message"], e
    # and as a directory walk, with every rule selected
    r = run_cli("--format", "json", "--no-config", "--select", "ALL", str(CORPUS))
    assert r.returncode in (0, 1, 2) and "Traceback" not in r.stderr, r.stderr
    out = json.loads(r.stdout)
    assert not [e for e in out["errors"] if "internal error" in e["message"]], out["errors"]


# ---------------------------------------------------------------------------
# five independent errors in three tools
# ---------------------------------------------------------------------------

FIVE = FIXTURES / "rules" / "UL001" / "bad_five_errors.json"

# (pointer, the source line's unique text, the token the finding must cover)
FIVE_EXPECTED = [
    ("/tools/0/tool_call_template/commands/0/command", '"commands": [{"command": 42}]', "42"),
    ("/tools/0/tool_call_template/env_vars/LC_ALL", '"env_vars": {"LC_ALL": 1}', "1"),
    ("/tools/1/tool_call_template", '"tool_call_template": {', '"tool_call_template"'),  # missing url
    ("/tools/1/tool_call_template/http_method", '"http_method": "FETCH"', '"FETCH"'),
    ("/tools/2/tool_call_template/timeout", '"timeout": "soon"', '"soon"'),
]


def _where(text: str, line_text: str, token: str, nth: int = 0) -> tuple[int, int, int]:
    lines = text.splitlines()
    hits = [i for i, ln in enumerate(lines) if line_text in ln]
    ln = hits[nth]
    col = lines[ln].index(token, lines[ln].index(line_text[:1])) + 1
    return ln + 1, col, col + len(token)


def test_five_independent_errors_five_positioned_findings():
    r = run_cli("--format", "json", "--no-config", str(FIVE))
    assert r.returncode == 1, r.stderr
    out = json.loads(r.stdout)
    errs = [f for f in out["findings"] if f["severity"] == "error"]
    assert len(errs) == 5, errs
    assert len({f["pointer"] for f in errs}) == 5
    assert {f["tool"] for f in errs} == {"list_dir", "weather", "ticker"}
    text = FIVE.read_text()
    got = {f["pointer"]: f for f in errs}
    for ptr, line_text, token in FIVE_EXPECTED:
        f = got[ptr]
        nth = 1 if token == '"tool_call_template"' else 0  # the second tool's key
        line, col, end = _where(text, line_text, token, nth)
        assert (f["line"], f["column"], f["end_line"], f["end_column"]) == (line, col, line, end), f
        assert f["rule"] == "UL001"


def test_each_of_the_five_errors_alone_is_rejected_by_the_runtime(oracle):
    """The five are independent: each one alone makes the runtime reject the manual."""
    bad = json.loads(FIVE.read_text())
    good = json.loads(FIVE.read_text())
    t0, t1, t2 = (t["tool_call_template"] for t in good["tools"])
    t0["commands"][0]["command"] = "ls"
    t0["env_vars"]["LC_ALL"] = "C"
    t1["url"] = "https://api.example.com/weather"
    t1["http_method"] = "GET"
    t2["timeout"] = 30
    assert oracle.verdict("manual", good) == (True, "")
    assert not oracle.verdict("manual", bad)[0]
    breakers = [
        lambda m: m["tools"][0]["tool_call_template"]["commands"][0].__setitem__("command", 42),
        lambda m: m["tools"][0]["tool_call_template"]["env_vars"].__setitem__("LC_ALL", 1),
        lambda m: m["tools"][1]["tool_call_template"].pop("url"),
        lambda m: m["tools"][1]["tool_call_template"].__setitem__("http_method", "FETCH"),
        lambda m: m["tools"][2]["tool_call_template"].__setitem__("timeout", "soon"),
    ]
    for br in breakers:
        m = json.loads(json.dumps(good))
        br(m)
        ok, err = oracle.verdict("manual", m)
        assert not ok, m
