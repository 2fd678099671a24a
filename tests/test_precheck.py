"""The plain-Python registration pre-check (utcp_lint.models.precheck) never
says "valid" where the pydantic-backed validation reports anything, and it
does say "valid" for realistic clean manuals (so pydantic is not imported
on a clean cold start).  Differential: generated documents (hypothesis), every
fixture and corpus document, and the end-to-end cold path."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from utcp_lint.core.findings import SourceFile
from utcp_lint.document.jsonpos import JSONPosError, parse
from utcp_lint.models import validate_document
from utcp_lint.models.precheck import proves_valid
from utcp_lint.ruleset.context import DocumentContext, LintOptions

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def _doc(text: str, kind=None) -> DocumentContext:
    return DocumentContext(SourceFile("t.json", text), parse(text), LintOptions(kind=kind))


def _full_validation(doc) -> list:
    """The pydantic-backed validator alone (no pre-check)."""
    from utcp_lint.models import Issue
    from utcp_lint.models.validate import Validator

    v = Validator(doc, lambda **kw: Issue(**kw))
    v.run()
    return v.issues


def _check(text: str, kind=None) -> bool:
    doc = _doc(text, kind)
    if doc.kind is None:
        return False
    ok = proves_valid(doc.kind, doc.data, text)
    if ok:
        issues = _full_validation(doc)
        assert issues == [], (text, issues)
        assert validate_document(doc) == []
    return ok


# ---- generated documents ----------------------------------------------------

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.sampled_from([2**63, -(2**70), 1.5, 0.0, 1e308]),
    st.sampled_from(["", "x", "8080", "true", "cli", "http", "https://example.com", "\ud800", "é"]),
)
JSONV = st.recursive(
    SCALARS,
    lambda c: st.one_of(st.lists(c, max_size=3), st.dictionaries(st.sampled_from(["a", "type", "b"]), c, max_size=3)),
    max_leaves=6,
)


def maybe(key_strategy_pairs):
    """A dict drawing each listed key optionally from its strategy."""
    return st.fixed_dictionaries({}, optional=dict(key_strategy_pairs))


SCHEMA = st.recursive(
    maybe(
        [
            (
                "type",
                st.one_of(
                    st.sampled_from(["object", "string", "integer"]),
                    st.lists(st.sampled_from(["string", "null"]), max_size=2),
                    JSONV,
                ),
            ),
            ("description", st.one_of(st.text(max_size=5), JSONV)),
            ("required", st.one_of(st.lists(st.sampled_from(["a", "b"]), max_size=2), JSONV)),
            ("enum", JSONV),
            ("default", JSONV),
            ("minimum", JSONV),
            ("maxLength", JSONV),
            ("schema_", JSONV),
            ("$schema", JSONV),
            ("x-extra", JSONV),
            ("additionalProperties", JSONV),
        ]
    ),
    lambda c: st.one_of(
        st.fixed_dictionaries(
            {"type": st.just("object"), "properties": st.dictionaries(st.sampled_from(["a", "b", "c"]), c, max_size=3)}
        ),
        st.fixed_dictionaries({"type": st.just("array"), "items": st.one_of(c, st.lists(c, max_size=2))}),
        st.fixed_dictionaries({"additionalProperties": c}),
        JSONV,
    ),
    max_leaves=5,
)

STEP = st.one_of(
    maybe(
        [
            ("command", st.one_of(st.sampled_from(["ls -la UTCP_ARG_a_UTCP_END", "git status", "echo $HOME"]), JSONV)),
            ("append_to_final_output", JSONV),
            ("subprocess", JSONV),
            ("cmd", JSONV),
        ]
    ),
    st.fixed_dictionaries(
        {"command": st.sampled_from(["ls UTCP_ARG_a_UTCP_END", "jq . file.json"])},
        optional={"append_to_final_output": st.booleans()},
    ),
    JSONV,
)

CLI = st.fixed_dictionaries(
    {"call_template_type": st.one_of(st.just("cli"), st.just("cli"), st.sampled_from(["http", "CLI"]), JSONV)},
    optional={
        "commands": st.one_of(st.lists(STEP, max_size=3), JSONV),
        "name": JSONV,
        "auth": JSONV,
        "env_vars": st.one_of(st.dictionaries(st.sampled_from(["A", "B"]), st.sampled_from(["1", "x"])), JSONV),
        "inherit_env_vars": JSONV,
        "working_dir": JSONV,
        "allowed_communication_protocols": JSONV,
        "command_name": JSONV,
        "provider_type": JSONV,
        "url": JSONV,
    },
)

TOOL = st.fixed_dictionaries(
    {"name": st.one_of(st.sampled_from(["t", "list_files"]), JSONV), "tool_call_template": st.one_of(CLI, JSONV)},
    optional={
        "description": st.one_of(st.text(max_size=4), JSONV),
        "inputs": SCHEMA,
        "outputs": SCHEMA,
        "tags": st.one_of(st.lists(st.sampled_from(["a", "b"]), max_size=2), JSONV),
        "average_response_size": JSONV,
        "tool_provider": JSONV,
        "version": JSONV,
    },
)

MANUAL = st.fixed_dictionaries(
    {"tools": st.one_of(st.lists(TOOL, max_size=3), JSONV)},
    optional={
        "utcp_version": st.one_of(st.just("1.0.1"), JSONV),
        "manual_version": st.one_of(st.just("1.0.0"), JSONV),
        "version": JSONV,
        "name": JSONV,
    },
)

DOC = st.one_of(MANUAL, MANUAL, TOOL, CLI, st.lists(CLI, min_size=1, max_size=2))

GEN = settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))


@GEN
@given(DOC, st.sampled_from([None, None, None, "manual", "tool", "template"]))
def test_precheck_never_says_valid_where_pydantic_reports(data, kind):
    try:
        text = json.dumps(data, indent=1)
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, indent=1, ensure_ascii=True)
    try:
        parse(text)
    except JSONPosError:
        return
    _check(text, kind)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.fixed_dictionaries(
            {
                "name": st.sampled_from(["a", "b"]),
                "tool_call_template": st.fixed_dictionaries(
                    {
                        "call_template_type": st.just("cli"),
                        "commands": st.lists(
                            st.fixed_dictionaries({"command": st.text(max_size=8)}), min_size=1, max_size=2
                        ),
                    }
                ),
            },
            optional={"inputs": SCHEMA, "tags": st.lists(st.text(max_size=3), max_size=2)},
        ),
        max_size=3,
    )
)
def test_mostly_valid_manuals_agree(tools):
    """Close to valid: most are proven valid, and every proof is right."""
    text = json.dumps({"utcp_version": "1.0.1", "manual_version": "1.0.0", "tools": tools}, indent=1, ensure_ascii=True)
    _check(text)


def test_realistic_clean_manuals_are_proven_valid():
    tools = []
    for name, cmd in (
        ("git_log", "git log --oneline -n UTCP_ARG_n_UTCP_END"),
        ("fetch", "curl -fsSL -- UTCP_ARG_url_UTCP_END"),
        ("query", "jq -r UTCP_ARG_filter_UTCP_END data.json"),
        ("pods", "kubectl get pods -n UTCP_ARG_ns_UTCP_END -o json"),
    ):
        arg = cmd.split("UTCP_ARG_")[1].split("_UTCP_END")[0]
        tools.append(
            {
                "name": name,
                "description": f"Run {name}.",
                "tags": ["ops"],
                "inputs": {
                    "type": "object",
                    "properties": {arg: {"type": "string", "description": "x", "minLength": 1}},
                    "required": [arg],
                    "additionalProperties": False,
                },
                "outputs": {"type": "string"},
                "average_response_size": 200,
                "tool_call_template": {
                    "call_template_type": "cli",
                    "name": name,
                    "commands": [{"command": cmd, "append_to_final_output": True}],
                    "env_vars": {"LC_ALL": "C"},
                    "working_dir": None,
                },
            }
        )
    text = json.dumps({"utcp_version": "1.0.1", "manual_version": "1.0.0", "tools": tools}, indent=2)
    assert _check(text)
    # one step from valid in each direction the runtime cares about: not proven
    for mutate in (
        lambda m: m["tools"][0].__setitem__("average_response_size", "200"),  # lax: pydantic decides
        lambda m: m["tools"][0]["tool_call_template"].__setitem__("auth", {"auth_type": "basic"}),
        lambda m: m["tools"][0]["tool_call_template"].__setitem__("commands", []),
        lambda m: m["tools"][0].__setitem__("tool_provider", {}),
        lambda m: m.__setitem__("name", "x"),
    ):
        m = json.loads(text)
        mutate(m)
        assert not proves_valid("manual", m, json.dumps(m))


def _documents():
    for base in (ROOT / "fixtures", SHARED / "corpus"):
        if base.exists():
            yield from sorted(base.rglob("*.json"))


def test_fixtures_and_corpus_agree_with_pydantic():
    proven = 0
    total = 0
    for p in _documents():
        try:
            text = p.read_text(encoding="utf-8")
            if text.startswith("\ufeff"):
                text = text[1:]
            doc = _doc(text)
        except (UnicodeDecodeError, JSONPosError, RecursionError):
            continue
        if doc.kind is None:
            continue
        total += 1
        if proves_valid(doc.kind, doc.data, text):
            proven += 1
            assert _full_validation(doc) == [], p
    assert total > 50
    assert proven >= 20, (proven, total)  # the fast path is exercised, not vacuous


def test_clean_cold_run_does_not_import_pydantic(tmp_path):
    m = tmp_path / "m.json"
    m.write_text(
        json.dumps(
            {
                "utcp_version": "1.0.1",
                "manual_version": "1.0.0",
                "tools": [
                    {
                        "name": "status",
                        "description": "git status",
                        "inputs": {"type": "object", "properties": {}},
                        "tool_call_template": {
                            "call_template_type": "cli",
                            "commands": [{"command": "git status --short"}],
                        },
                    }
                ],
            }
        )
    )
    code = (
        "import sys; from utcp_lint.cli.app import main\n"
        "try:\n    main([%r, '--no-config', '--no-cache', '--format', 'json'])\n"
        "except SystemExit as e:\n    code = e.code\n"
        "print('PYDANTIC', 'pydantic' in sys.modules, code, file=sys.stderr)"
    ) % str(m)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "PYDANTIC False 0" in r.stderr, r.stderr
    # an invalid manual still gets pydantic's verdict
    m.write_text(
        json.dumps(
            {
                "tools": [
                    {"name": 1, "tool_call_template": {"call_template_type": "cli", "commands": [{"command": "ls"}]}}
                ]
            }
        )
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "PYDANTIC True 1" in r.stderr, r.stderr
    assert "UL001" in r.stdout


def test_kinds_outside_the_subset_are_not_proven():
    assert proves_valid("manual", {"tools": []})
    for kind in ("config", "legacy", None):
        assert not proves_valid(kind, {"tools": []})
    assert not proves_valid("manual", {"tools": [], "utcp_version": "\ud800"})  # lone surrogate


def test_seeded_mutations_of_a_realistic_manual():
    """Deterministic companion of the hypothesis tests: 400 seeded one- or
    two-step mutations of a clean manual; every proof is right, and both
    answers occur often (neither side of the contract is vacuous)."""
    import copy
    import random

    base = {
        "utcp_version": "1.0.1",
        "manual_version": "1.0.0",
        "tools": [
            {
                "name": "fetch",
                "description": "curl a URL",
                "tags": ["net"],
                "inputs": {
                    "type": "object",
                    "properties": {"url": {"type": "string", "format": "uri"}},
                    "required": ["url"],
                },
                "tool_call_template": {
                    "call_template_type": "cli",
                    "commands": [{"command": "curl -fsSL -- UTCP_ARG_url_UTCP_END"}],
                },
            }
        ],
    }
    values = [
        None,
        True,
        0,
        -1,
        1.5,
        "",
        "x",
        "8080",
        [],
        ["a"],
        [1],
        {},
        {"type": "string"},
        {"auth_type": "api_key"},
        "http",
        2**64,
    ]
    paths = [
        ("tools", 0, "name"),
        ("tools", 0, "description"),
        ("tools", 0, "tags"),
        ("tools", 0, "average_response_size"),
        ("tools", 0, "inputs", "properties", "url", "minLength"),
        ("tools", 0, "inputs", "required"),
        ("tools", 0, "inputs", "type"),
        ("tools", 0, "outputs"),
        ("tools", 0, "tool_call_template", "auth"),
        ("tools", 0, "tool_call_template", "env_vars"),
        ("tools", 0, "tool_call_template", "working_dir"),
        ("tools", 0, "tool_call_template", "name"),
        ("tools", 0, "tool_call_template", "commands", 0, "append_to_final_output"),
        ("tools", 0, "tool_call_template", "commands", 0, "subprocess"),
        ("tools", 0, "tool_call_template", "inherit_env_vars"),
        ("tools", 0, "extra_key"),
        ("utcp_version",),
        ("tools", 0, "tool_call_template", "commands"),
    ]
    rnd = random.Random(15)
    proven = refused = 0
    for _ in range(400):
        m = copy.deepcopy(base)
        for _k in range(rnd.choice((1, 1, 2))):
            path = rnd.choice(paths)
            cur = m
            for p in path[:-1]:
                try:
                    cur = cur[p]
                except (KeyError, IndexError, TypeError):
                    cur = None
                    break
            if isinstance(cur, dict) or (isinstance(cur, list) and isinstance(path[-1], int) and cur):
                cur[path[-1]] = copy.deepcopy(rnd.choice(values))
        if _check(json.dumps(m, ensure_ascii=True)):
            proven += 1
        else:
            refused += 1
    assert proven >= 60 and refused >= 60, (proven, refused)
