"""Issue 12, item 1: one fact, one finding (UL005/UL002/UL001 grouped per
document) and the 0.x -> 1.x migration fix, loaded by the real utcp 1.2.0."""

import json
import os
import shutil
import subprocess
import sys

import pytest
from conftest import FIXTURES, SHARED, lint_json, run_cli

UL005 = FIXTURES / "rules" / "UL005"
STATIC_PROVIDERS = (
    SHARED / "corpus" / "real-world" / "universal-tool-calling-protocol_utcp-specification__static_providers.json"
)

LOADER = r"""
import json, sys
from utcp.plugins.plugin_loader import ensure_plugins_initialized
ensure_plugins_initialized()
from utcp.data.call_template import CallTemplateSerializer
from utcp.data.utcp_client_config import UtcpClientConfigSerializer
from utcp.data.utcp_manual import UtcpManualSerializer
kind, path = sys.argv[1], sys.argv[2]
data = json.load(open(path))
if kind == "manual":
    m = UtcpManualSerializer().validate_dict(data)
    print(json.dumps([[t.name, t.tool_call_template.call_template_type] for t in m.tools]))
elif kind == "config":
    c = UtcpClientConfigSerializer().validate_dict(data)
    print(json.dumps([t.call_template_type for t in c.manual_call_templates]))
else:
    print(json.dumps([CallTemplateSerializer().validate_dict(d).call_template_type for d in data]))
"""


def load_in_utcp(kind, path):
    """Validate with the real utcp 1.2.0 serializers (exit 0 = accepted)."""
    r = subprocess.run([sys.executable, "-c", LOADER, kind, str(path)], capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout, r.stderr


def test_legacy_document_is_one_finding_listing_keys():
    code, out = lint_json("--select", "UL005", UL005 / "bad_manual_0x.json")
    fs = out["findings"]
    assert code == 1 and len(fs) == 1, fs
    m = fs[0]["message"]
    for key, want in [
        ("version", "utcp_version"),
        ("tool_provider", "tool_call_template"),
        ("provider_type", "call_template_type"),
        ("command_name", "commands"),
        ("param_style", "delete"),
        ("output_format", "delete"),
    ]:
        assert f"'{key}'" in m and want in m, (key, m)
    assert "--unsafe-fixes" in m  # command_name conversion changes argument passing


@pytest.mark.skipif(not STATIC_PROVIDERS.exists(), reason="needs ../shared/corpus")
def test_corpus_provider_list_is_two_findings_with_related_locations(tmp_path):
    code, out = lint_json(STATIC_PROVIDERS)
    by_rule = {}
    for f in out["findings"]:
        by_rule.setdefault(f["rule"], []).append(f)
    # one 0.x finding; 'metadata' dropped from HttpCallTemplate and from FileCallTemplate (the one
    # 0.x text provider becomes a file template): two facts, two findings -- not 240 + 240
    assert {r: len(v) for r, v in by_rule.items()} == {"UL005": 1, "UL002": 2}, by_rule
    assert "'provider_type' x" in by_rule["UL005"][0]["message"]
    assert any("occurrences" in f["message"] for f in by_rule["UL002"])
    # SARIF keeps every occurrence as a related location
    sarif = tmp_path / "out.sarif"
    r = run_cli("--no-config", "--format", "sarif", "-o", sarif, STATIC_PROVIDERS)
    assert r.returncode == 1, r.stderr
    log = json.loads(sarif.read_text())
    import jsonschema

    jsonschema.Draft7Validator(json.loads((SHARED / "schemas" / "sarif-schema-2.1.0.json").read_text())).validate(log)
    res = log["runs"][0]["results"]
    n_items = len(json.loads(STATIC_PROVIDERS.read_text()))
    ul005 = [x for x in res if x["ruleId"] == "UL005"][0]
    ul002 = max((x for x in res if x["ruleId"] == "UL002"), key=lambda x: len(x.get("relatedLocations", [])))
    assert len(ul005["relatedLocations"]) == n_items  # every provider_type key
    assert len(ul002["relatedLocations"]) == n_items - 2  # the other HttpCallTemplate 'metadata' keys
    assert len(ul005["message"]["text"]) < 3000  # links capped, not 240 of them


def test_unknown_keys_in_different_models_are_not_merged(tmp_path):
    doc = {
        "utcp_version": "1.0.1",
        "manual_version": "1",
        "tools": [
            {
                "name": f"t{i}",
                "inputs": {"type": "object", "properties": {}},
                "x_owner": "me",
                "tool_call_template": {
                    "call_template_type": "cli",
                    "commands": [{"command": "date"}],
                    "inherit_env_var": [],
                },
            }
            for i in range(5)
        ],
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps(doc, indent=2))
    code, out = lint_json("--select", "UL002", p)
    msgs = sorted(f["message"] for f in out["findings"])
    assert len(msgs) == 2, msgs
    assert all("5 occurrences in 5 tools" in m for m in msgs), msgs


def _fix(path, *extra):
    return run_cli("--no-config", "--select", "UL005", "--fix", *extra, path)


def test_migration_fix_manual_loads_in_utcp(tmp_path):
    p = tmp_path / "manual.json"
    shutil.copy(UL005 / "bad_manual_0x.json", p)
    before = p.read_text()
    assert load_in_utcp("manual", p)[0] != 0  # the 0.x document is rejected
    r = _fix(p)  # safe fixes only: command_name needs --unsafe-fixes
    assert p.read_text() == before, r.stderr
    r = _fix(p, "--unsafe-fixes")
    assert r.returncode == 0, r.stdout + r.stderr
    after = p.read_text()
    code, stdout, err = load_in_utcp("manual", p)
    assert code == 0, err
    assert json.loads(stdout) == [["convert", "cli"]]
    # formatting outside the edits is preserved: same line count, untouched lines identical
    b, a = before.splitlines(), after.splitlines()
    assert [x for x in a if x in b] == [x for x in b if x in a]
    assert '      "description": "Convert an image",' in a
    assert '"commands": [{"command": "convert"}]' in after
    assert "param_style" not in after and "output_format" not in after


def test_migration_fix_provider_list_and_config_load_in_utcp(tmp_path):
    lst = tmp_path / "providers.json"
    shutil.copy(UL005 / "bad_providers_list.json", lst)
    assert load_in_utcp("list", lst)[0] != 0
    r = _fix(lst)
    assert r.returncode == 0, r.stdout + r.stderr
    code, stdout, err = load_in_utcp("list", lst)
    assert code == 0, err
    assert json.loads(stdout) == ["http", "streamable_http"]  # http_stream renamed in 1.x

    cfg = tmp_path / "config.json"
    cfg.write_text(
        '{\n  "load_variables_from": [{"type": "dotenv", "env_file_path": ".env"}],\n'
        '  "providers": [{"name": "news", "provider_type": "text", "file_path": "./news.json"}]\n}\n'
    )
    r = _fix(cfg)
    assert r.returncode == 0, r.stdout + r.stderr
    code, stdout, err = load_in_utcp("config", cfg)
    assert code == 0, err
    assert json.loads(stdout) == ["file"]  # a 0.x text provider with file_path is a 1.x file template
    code, out = lint_json("--select", "UL005", cfg)
    assert out["findings"] == [] and code == 0


def test_diff_lists_unsafe_fix_only_with_flag(tmp_path):
    p = tmp_path / "manual.json"
    shutil.copy(UL005 / "bad_manual_0x.json", p)
    r = run_cli("--no-config", "--select", "UL005", "--diff", p)
    assert r.returncode == 0 and r.stdout == "", r.stdout
    r = run_cli("--no-config", "--select", "UL005", "--diff", "--unsafe-fixes", p)
    assert r.returncode == 1 and '+        "commands": [{"command": "convert"}]' in r.stdout, r.stdout


def test_missing_declarations_are_one_note_per_tool(tmp_path):
    """Issue 12, item 2: one UL300 per tool (other steps as related locations), a note
    by default, an error with --require-declarations; the message says where the
    declaration lives, that the runtime ignores it and --strict enforces it."""
    P = "UTCP_ARG_{}_UTCP_END".format
    doc = {
        "utcp_version": "1.0.1",
        "manual_version": "1.0.0",
        "tools": [
            {
                "name": "sync",
                "description": "Fetch and show a file",
                "inputs": {
                    "type": "object",
                    "properties": {"url": {"type": "string"}, "path": {"type": "string"}, "msg": {"type": "string"}},
                    "required": ["url", "path", "msg"],
                },
                "tool_call_template": {
                    "call_template_type": "cli",
                    "commands": [
                        {"command": f"echo {P('msg')}"},  # a builtin: needs no declaration
                        {"command": f"curl --fail --silent --url {P('url')}"},
                        {"command": f"cat -- {P('path')}"},
                    ],
                },
            }
        ],
    }
    p = tmp_path / "m.json"
    p.write_text(json.dumps(doc, indent=2))
    code, out = lint_json("--select", "UL300", p)
    (f,) = out["findings"]
    assert f["severity"] == "note" and code == 0
    m = f["message"]
    assert m.startswith("steps 1, 2 of this tool") and '"subprocess"' in m and "step object" in m
    assert "utcp-cli ignores the key" in m and "--strict" in m and m.rstrip().endswith("docs/rules/UL300.md")
    assert "echo" not in m
    sarif = tmp_path / "o.sarif"
    run_cli("--no-config", "--select", "UL300", "--format", "sarif", "-o", sarif, p)
    (res,) = json.loads(sarif.read_text())["runs"][0]["results"]
    (rel,) = res["relatedLocations"]
    assert rel["logicalLocations"][0]["fullyQualifiedName"].endswith("/commands/2/command")
    code, out = lint_json("--select", "UL300", "--require-declarations", p)
    assert code == 1 and [x["severity"] for x in out["findings"]] == ["error"]
    # the generated declarations never name the builtin
    r = run_cli("declare", "--write", p)
    assert r.returncode == 0, r.stderr
    steps = json.loads(p.read_text())["tools"][0]["tool_call_template"]["commands"]
    assert "subprocess" not in steps[0]
    assert steps[1]["subprocess"]["binary"] == "curl" and steps[2]["subprocess"]["binary"] == "cat"
    code, out = lint_json("--select", "UL300,UL301", "--fail-on", "note", p)
    assert out["findings"] == [] and code == 0


CORPUS_LOADER = r"""
import json, sys, glob, os
from utcp.plugins.plugin_loader import ensure_plugins_initialized
ensure_plugins_initialized()
from utcp.data.call_template import CallTemplateSerializer
from utcp.data.utcp_client_config import UtcpClientConfigSerializer
from utcp.data.utcp_manual import UtcpManualSerializer
from utcp.data.tool import ToolSerializer
out = {}
for p in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    d = json.load(open(p))
    try:
        if isinstance(d, list):
            [CallTemplateSerializer().validate_dict(x) for x in d]
        elif "tools" in d:
            UtcpManualSerializer().validate_dict(d)
        elif "tool_call_template" in d:
            ToolSerializer().validate_dict(d)
        elif {"manual_call_templates", "providers_file_path", "load_variables_from"} & set(d):
            UtcpClientConfigSerializer().validate_dict(d)
        else:
            CallTemplateSerializer().validate_dict(d)
        out[os.path.basename(p)] = True
    except Exception:
        out[os.path.basename(p)] = False
print(json.dumps(out))
"""


@pytest.mark.skipif(not (SHARED / "corpus").exists(), reason="needs ../shared/corpus")
def test_corpus_0x_documents_migrate_and_the_real_runtime_agrees(tmp_path):
    """Every 0.x document of the corpus is migrated by --fix --unsafe-fixes; afterwards
    no UL005 is left, and the real utcp 1.2.0 accepts exactly the migrated documents
    on which utcp-lint reports no error (the rest fail for non-0.x reasons: extra
    top-level keys, keys no Python utcp ever read)."""
    code, out = lint_json("--select", "UL005", SHARED / "corpus")
    legacy = sorted({f["path"] for f in out["findings"]})
    assert len(legacy) >= 20
    work = tmp_path / "mig"
    work.mkdir()
    for p in legacy:
        src = p if os.path.isabs(p) else os.path.join(str(FIXTURES.parent), p)
        shutil.copyfile(src, work / os.path.basename(p))  # writable copy: --fix refuses read-only files
    r = run_cli("--no-config", "--select", "UL005", "--fix", "--unsafe-fixes", "-q", work)
    assert r.returncode == 0, r.stdout + r.stderr
    code, after = lint_json(work)
    assert not after["errors"] and not [f for f in after["findings"] if f["rule"] == "UL005"]
    with_errors = {os.path.basename(f["path"]) for f in after["findings"] if f["severity"] == "error"}
    r = subprocess.run([sys.executable, "-c", CORPUS_LOADER, str(work)], capture_output=True, text=True, timeout=300)
    accepted = json.loads(r.stdout.strip().splitlines()[-1])
    assert len(accepted) == len(legacy)
    assert {n for n, ok in accepted.items() if not ok} == with_errors
    assert sum(accepted.values()) >= len(legacy) // 2
