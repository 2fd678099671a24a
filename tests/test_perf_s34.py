"""Issue 23's speed work (s34perfC), behaviour-preserving: the option scan's walk key is
built once per command, and the bash engine's patterns that a clean lint never reaches are
compiled on first use only."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from utcp_lint.template.bash import analyze_commands
from utcp_lint.template.option_scan import option_hits, written_options

P = "UTCP_ARG_v_UTCP_END"
STEPS = [
    f"git -C /srv/repo log --format=%H -n 5 {P}",
    f'curl -sS -o "out-{P}.json" --header "X-Id: $ID" https://api.example.com/{P}',
    f"docker run --rm -e TOKEN={P} alpine:3 true",
    f"find . -name {P} -type f -print0",
    f"awk -v n={P} '{{print $1 n}}' data.txt",
    f"kubectl get pods -n {P} -o json | jq -r .items[0].metadata.name",
    f"python3 -m json.tool {P} --indent 2",
]


def test_argv_key_is_the_values_and_the_prefixes_of_the_dynamic_words():
    a = analyze_commands(STEPS)
    assert len(a.commands) >= len(STEPS)
    for cmd in a.commands:
        vals = cmd.values
        want = (tuple(vals), tuple("" if vals[j] is not None or j == 0 else cmd.prefix(j) for j in range(len(vals))))
        assert cmd.argv_key == want
        assert cmd.argv_key is cmd.argv_key  # built once per command
    curl = next(c for c in a.commands if c.name == "curl")
    values, prefixes = curl.argv_key
    assert values[3] is None and prefixes[3] == "out-"  # "out-V.json": its static start
    assert prefixes[1] == "" and values[1] == "-sS"


def test_option_answers_read_through_the_key_are_the_fresh_walks():
    # each question asked of the same command reads the key built by the first one
    a = analyze_commands(STEPS)
    curl = next(c for c in a.commands if c.name == "curl")
    assert "argv_key" not in curl.__dict__
    assert written_options(curl) == {3: ("-o", None, "curl")}
    assert "argv_key" in curl.__dict__
    hits = option_hits(a)
    assert "git" in {h.program for h in hits}  # git … -n 5 V: V in an option's place
    fresh = option_hits(analyze_commands(STEPS))
    assert [(h.program, h.word.index) for h in hits] == [(h.program, h.word.index) for h in fresh]


def test_a_clean_one_tool_lint_leaves_the_engines_unreached_patterns_uncompiled():
    manual = Path(__file__).resolve().parent.parent / "bench" / "one_tool_manual.json"
    names = {
        "utcp_lint.template.bash.traversal": ("_TEST_DENY", "_CASE_ITEM", "_EXIT"),
        "utcp_lint.template.bash.breakage": ("_COPROC_RE", "_RESERVED_RE"),
        "utcp_lint.template.bash.sinks": ("_OPEN_SUBSCRIPT", "_COMPOUND_RE"),
        "utcp_lint.template.bash.valueflow": ("_EVAL_WORDS_RE", "_QUOTED_ALL_RE"),
        "utcp_lint.template.bash.commands": ("_BS_ANY", "_BS_DQ"),
        "utcp_lint.template.bash.tree": ("_TS_SURROGATE", "_TS_ASTRAL"),
    }
    code = (
        "import importlib, sys\n"
        "from utcp_lint.cli.app import main\n"
        "sys.argv = ['utcp-lint', '--no-config', '--no-cache', sys.argv[1]]\n"
        "try:\n    main()\nexcept SystemExit as e:\n    assert e.code == 0, e.code\n"
        f"names = {names!r}\n"
        "print(sorted(f'{m}.{n}' for m, ns in names.items() for n in ns"
        " if 'compiled' in vars(vars(importlib.import_module(m))[n])))\n"
    )
    r = subprocess.run([sys.executable, "-c", code, str(manual)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "[]"
    # a use compiles it, with the answers re.compile's pattern gives
    import re

    from utcp_lint.template.bash import breakage

    lazy = vars(breakage)["_COPROC_RE"]
    real = re.compile(lazy.pattern, lazy.flags)
    for text in ("coproc worker { cat; }", "coproc { cat; }", "echo coproc", "x-coproc {"):
        assert bool(lazy.search(text)) == bool(real.search(text))
    assert "compiled" in vars(lazy)
