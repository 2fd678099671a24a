"""The Python scan gives the same findings for the same input on every run (s45pyD1).

The evaluator's step budget (``Evaluator._tick``, 60,000 steps per file) turns any run-to-run
variation in the order of its questions into a different answer once it runs out: another
position and count in the UL011 note, other findings past the cut.  The order used to follow
memory addresses: a scope's ``id`` was ``id(self)`` (address-space randomisation changes it
per run, whatever ``PYTHONHASHSEED`` says), and the set of a Provenance's parameters
``(scope id, qualname, name, mode)`` iterated in hash order where it built the dictionary
whose order picks which caller argument the UL408 climb evaluates first (osxphotos 0.77.2's
``cli/export.py``: the note landed at 2068:31 or 2070:40, with 3, 4 or 5 later questions,
under one seed).

The budget-bound file here is generated in the shape of that one: a wrapper handing several
parameters to a shell, called from many export functions that pass keyword arguments each
built from a long sum; the climb from the wrapper to its callers spends the budget.
"""

from __future__ import annotations

import ast
import json
import os

from conftest import run_cli

from utcp_lint.pyscan.scopes import ModuleModel

PARAMS = ["photo", "post_command", "export_dir", "exiftool_path", "label", "tag", "album", "dry_run"]


def _budget_bound_module(callers: int = 100, terms: int = 30) -> str:
    out = [
        "import subprocess",
        "",
        "",
        f"def run_post_command({', '.join(PARAMS)}):",
        '    cmd = f"{post_command} {photo} {export_dir} {exiftool_path} {label} {tag} {album}"',
        "    if not dry_run:",
        "        subprocess.run(cmd, shell=True)",
        "",
    ]
    for i in range(callers):
        out += ["", f"def export_{i}(photo, options):"]
        for p in PARAMS[1:-1]:
            out.append(f"    {p} = " + " + ".join([f"options.{p}"] + [f"photo.s{k % 7}" for k in range(terms)]))
        kw = ", ".join(f"{p}={p}" for p in PARAMS[:-1])
        out += [f"    run_post_command({kw}, dry_run=options.dry_run)", ""]
    return "\n".join(out) + "\n"


def _scan(tree, *extra, seed="0"):
    env = dict(os.environ, PYTHONHASHSEED=seed)
    r = run_cli("--select", "UL4", "--no-config", "--format", "json", *extra, ".", cwd=tree, env=env)
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    return r.stdout


def test_budget_bound_scan_is_byte_identical_across_processes_and_seeds(tmp_path):
    (tmp_path / "export.py").write_text(_budget_bound_module())
    outs = [_scan(tmp_path, "--no-cache", seed=s) for s in ("0", "0", "0", "1", "2", "12345")]
    assert len(set(outs)) == 1, "the findings differ between runs of the same input"
    findings = json.loads(outs[0])["findings"]
    cut = [f for f in findings if f["rule"] == "UL011"]
    # the file does exhaust the step budget, and inside the climb to the callers
    assert len(cut) == 1 and "ran out of its budget of 60000 steps" in cut[0]["message"], cut
    assert cut[0]["line"] > 8 and cut[0]["column"] > 1
    # the wrapper's parameters reach the shell from the callers analysed before the cut
    assert any(f["rule"] == "UL408" for f in findings)


def test_budget_bound_scan_is_the_same_cold_warm_and_in_workers(tmp_path):
    tree = tmp_path / "t"
    tree.mkdir()
    text = _budget_bound_module()
    (tree / "export.py").write_text(text)
    (tree / "export_copy.py").write_text(text)  # two files: the workers of -j 2 share them
    cache = tmp_path / "cache"
    cold = _scan(tree, "--no-cache", "-j", "1")
    assert _scan(tree, "--no-cache", "-j", "2", seed="7") == cold
    assert _scan(tree, "--cache-dir", str(cache), seed="3") == cold  # writes the cache
    assert any(cache.rglob("*")), "the run wrote no cache"
    assert _scan(tree, "--cache-dir", str(cache), seed="4") == cold  # read from it
    fs = json.loads(cold)["findings"]
    assert sorted({f["path"] for f in fs if f["rule"] == "UL011"}) == ["export.py", "export_copy.py"]


def test_scope_ids_number_the_scopes_in_source_order():
    text = "def f(a):\n    g = lambda b: b\n    return [x for x in a]\n\nclass C:\n    def m(self):\n        pass\n"
    ids = [[(s.kind, s.qualname, s.id) for s in ModuleModel(ast.parse(text), text).scopes] for _ in range(2)]
    assert ids[0] == ids[1]  # a second model of the same text: the same numbers, not addresses
    assert [i for _k, _q, i in ids[0]] == list(range(1, len(ids[0]) + 1))  # never 0 (a program input)
    assert [(k, q) for k, q, _i in ids[0]][:2] == [("module", ""), ("function", "f")]
