"""Bounded run of the adversarial fuzzer (scripts/fuzz_adversarial.py) in the
normal suite: structure mutations of every JSON fixture, grammar-generated
bash and PowerShell, placeholder text mutations, and Python sources with odd
encodings -- each case must lint with no internal error, an exit code in
{0, 1, 2}, and within a time bound proportional to its size.  The long run is
``python scripts/fuzz_adversarial.py`` (prints cases/s and failures).
Scale with UTCP_LINT_FUZZ_SCALE like the other fuzz tests.
"""

from __future__ import annotations

import importlib.util
import json
import random
import tempfile

from conftest import FIXTURES, ROOT, lint_json
from hypothesis import HealthCheck, given, settings, strategies as st
from test_fuzz_support import examples

_spec = importlib.util.spec_from_file_location("fuzz_adversarial", ROOT / "scripts" / "fuzz_adversarial.py")
FZ = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(FZ)

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _settings(n):
    return settings(
        max_examples=examples(n), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
    )


def _check(result, secs, size, what):
    bad = FZ.problems(result, secs, size)
    assert not bad, (what, bad)


@_settings(250)
@given(SEEDS)
def test_structure_mutations(seed):
    label, text = next(FZ.gen_structure(random.Random(seed)))
    result, secs = FZ.run_json(text)
    _check(result, secs, len(text), label)


@_settings(120)
@given(SEEDS)
def test_shell_grammar(seed):
    label, text, shell = next(FZ.gen_shell(random.Random(seed)))
    result, secs = FZ.run_json(text, shell)
    _check(result, secs, len(text), (label, text))


@_settings(50)
@given(SEEDS)
def test_placeholder_mutations(seed):
    label, text, shell = next(FZ.gen_placeholder(random.Random(seed)))
    result, secs = FZ.run_json(text, shell)
    _check(result, secs, len(text), (label, text))


_TMP = tempfile.mkdtemp()


@_settings(100)
@given(SEEDS)
def test_python_sources(seed):
    label, data = next(FZ.gen_python(random.Random(seed)))
    result, secs = FZ.run_python(data, _TMP)
    _check(result, secs, len(data), (label, data[:200]))


def test_hostile_files_do_not_hide_their_neighbours(tmp_path):
    """Through the CLI: 30 generated hostile files next to a vulnerable manual;
    every file is reported and the manual's findings are all still there."""
    rng = random.Random(18)
    files = []
    for i, gen in enumerate([FZ.gen_structure, FZ.gen_shell, FZ.gen_placeholder]):
        g = gen(rng)
        for j in range(8):
            p = tmp_path / f"case{i}_{j}.json"
            p.write_text(next(g)[1], encoding="utf-8", errors="surrogatepass")
            files.append(p)
    g = FZ.gen_python(rng)
    for j in range(6):
        p = tmp_path / f"case_py{j}.py"
        p.write_bytes(next(g)[1])
        files.append(p)
    neighbour = FIXTURES / "example" / "manual.json"
    _, alone = lint_json("--no-cache", neighbour)
    code, out = lint_json("--no-cache", neighbour, *files)
    assert code in (1, 2)
    assert not [e for e in out["errors"] if "internal error" in e["message"]], out["errors"]
    mine = {(f["rule"], f["line"], f["column"]) for f in out["findings"] if f["path"].endswith("manual.json")}
    assert mine == {(f["rule"], f["line"], f["column"]) for f in alone["findings"]}
    assert json.dumps(out)  # the report is always writable
