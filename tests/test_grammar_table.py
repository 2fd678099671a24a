"""The option grammars extracted from the installed manuals (issue 23): the program table's
fallback (``grammar_table``), the extraction itself (``scripts/gen_option_grammar.py``) on
roff snippets, and the fixtures of programs known only by their manual, proven in real bash
(the tool rendered as utcp-cli renders it, a canary file written by the payload)."""

from __future__ import annotations

import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, lint_json

from utcp_lint.executor.render import compose_env, render
from utcp_lint.template import grammar_table, option_scan as osc, programs
from utcp_lint.template.option_table import lookup, option_writes

DATA = json.loads((ROOT / "linter" / "data" / "option_grammar.json").read_text())


def _gen():
    spec = importlib.util.spec_from_file_location("gen_option_grammar", ROOT / "scripts" / "gen_option_grammar.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


GEN = _gen()


# --- the data -------------------------------------------------------------------------


def test_data_covers_hundreds_of_programs_each_with_its_source():
    progs = DATA["programs"]
    assert len(progs) >= 400
    for name, g in progs.items():
        assert g["src"].startswith(name.split("/")[-1]) or ".1" in g["src"], name
        assert any(k in g for k in ("s", "l", "l1", "f", "fl")), name
        assert set(g.get("exec_verified", ())) <= set(g.get("exec", ())), name


def test_extraction_measured_against_the_hand_table():
    m = GEN.measure(DATA["programs"])
    assert m["programs_compared"] >= 30
    assert m["value_options"]["precision"] >= 0.9 and m["value_options"]["recall"] >= 0.85
    assert m["writes"]["precision"] >= 0.9
    assert DATA["measure"]["value_options"]["precision"] >= 0.9  # what the generator wrote


# --- the fallback -----------------------------------------------------------------------


def test_hand_entries_always_win():
    for name in ("curl", "tar", "sort", "git", "split"):
        spec = lookup(name)
        assert spec is not None and spec.source == "table", name
    for name, p in programs.BY_NAME.items():
        if name in DATA["programs"]:
            spec = lookup(name)
            if p.family == "tool" and p.options is None:
                # an entry holding only PowerShell facts (gcloud, mvn as .cmd shims) has no
                # bash grammar of its own: the manual's is read
                assert spec is not None and spec.source == "grammar", name
            else:
                assert spec is None or spec.source == "table", name


def test_program_without_hand_entry_gets_its_manual_grammar():
    assert "msgfmt" not in programs.BY_NAME
    spec = lookup("msgfmt")
    assert spec is not None and spec.source == "grammar"
    assert "o" in spec.short_values and "--output-file" in spec.long_values
    assert spec.end_of_options == "--"
    assert lookup("no-such-program-anywhere") is None


def test_only_canary_verified_exec_options_run_code():
    for name, g in DATA["programs"].items():
        if name in programs.BY_NAME:
            continue
        spec = grammar_table.grammar_spec(name)
        assert spec is not None
        g = grammar_table.grammar_facts(name)  # with the measured corrections (option_grammar_overrides.json)
        assert set(spec.code_values) == set(g.get("exec_verified", ())), name
    assert "--diff-program" in lookup("sdiff").code_values
    # stored, not verified: a skill/snice process name is no command (never run: NEVER_RUN)
    assert not lookup("skill").code_values


@pytest.mark.parametrize(
    "prog,option,expected",
    [
        ("msgfmt", "-o", True),
        ("msgfmt", "--output-file=x.mo", True),
        ("msgfmt", "-ox.mo", True),
        ("msgfmt", "-D", False),  # a directory searched for input
        ("shuf", "--output", True),
        ("iconv", "-o", True),
        ("iconv", "-f", False),
        ("ssh", "-E", True),  # hand entry silent on writes: the manual's (ssh(1) -E log_file)
        ("ssh", "-i", False),
        ("tar", "--index-file=x", True),
    ],
)
def test_option_writes_from_the_manual(prog, option, expected):
    assert option_writes(lookup(prog), option) is expected


CODE = {osc.OPTION: "o", osc.VALUE: "v", osc.OPERAND: "p", osc.END: "e", osc.AFTER: "a"}


@pytest.mark.parametrize(
    "argv,expected",
    [
        ("shuf -n 1 -e a b", "o v o p p"),  # -e is a switch: its next word is an operand
        ("shuf -e -n1 a", "o o p"),
        ("iconv -f utf-8 -t ascii -c in.txt", "o v o v o p"),
        ("iconv -c -f utf-8 in.txt", "o o v p"),
        ("csplit -f part_ -n 3 notes.txt /x/", "o v o v p p"),
        ("msgfmt --check -o out.mo in.po", "o o v p"),
        ("msgfmt -cvo out.mo in.po", "o v p"),
        ("xz -d -k -T 2 -- -x.xz", "o o o v e a"),
        ("sdiff --diff-program diff -s a b", "o v o p p"),
    ],
)
def test_walk_reads_the_manual_grammar(argv, expected):
    words = shlex.split(argv)
    wk = osc.walk(lookup(words[0]), words, 1)
    got = " ".join(CODE[wk.roles[i]] for i in range(1, len(words)))
    assert got == expected


# --- the extraction on roff --------------------------------------------------------------


@pytest.mark.parametrize(
    "roff,value,cls",
    [
        # help2man (GNU): -o, --output=FILE
        (
            ".TP\n\\fB\\-o\\fR, \\fB\\-\\-output\\fR=\\fI\\,FILE\\/\\fR\nwrite result to FILE\n",
            {"-o", "--output"},
            "writes",
        ),
        # optional value: never the next word
        (".TP\n\\fB\\-\\-color\\fR[=\\fI\\,WHEN\\/\\fR]\ncolorize the output\n", set(), None),
        # a switch
        (".TP\n\\fB\\-c\\fR, \\fB\\-\\-check\\fR\ncheck the file\n", set(), None),
        # .BI with an italic metavar after a space (xargs)
        ('.TP\n.BI \\-E " eof-str"\nSet the end of file string\n', {"-E"}, None),
        # mdoc: .It Fl f Ar file
        (".Dd x\n.Sh OPTIONS\n.Bl -tag\n.It Fl f Ar file\nRead the names from file.\n", {"-f"}, "reads"),
        # asciidoctor: text line then .RS
        (
            ".sp\n\\fB\\-o, \\-\\-output\\fP \\fIfile\\fP\n.RS 4\nWrite the output to file.\n.RE\n",
            {"-o", "--output"},
            "writes",
        ),
        # a command metavar
        (".TP\n\\fB\\-\\-filter\\fR=\\fI\\,COMMAND\\/\\fR\nwrite to shell COMMAND\n", {"--filter"}, "exec"),
    ],
)
def test_extraction(roff, value, cls):
    g = GEN.program_grammar(roff)
    got = {"-" + c for c in g.get("s", "")} | {"--" + w for w in g.get("l", ())}
    assert got == value
    classes = {k for k in ("writes", "exec", "reads") if k in g}
    assert classes == ({cls} if cls else set())


# --- fixtures proven in real bash --------------------------------------------------------

SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
PAYLOADS = ["--output=CANARY", "-oCANARY", "--diff-program=./evil.sh", "-o", "touch CANARY"]


def _tools(path: Path):
    for t in json.loads(path.read_text())["tools"]:
        yield t["name"], t["tool_call_template"]["commands"], list(t["inputs"]["properties"])


def _canary(commands, names, value: str, tmp: Path) -> bool:
    d = tmp / f"run{len(list(tmp.iterdir()))}"
    (d / "src").mkdir(parents=True)
    (d / "src" / "a.txt").write_text("hello\n")
    (d / "notes.txt").write_text("note\n")
    (d / "evil.sh").write_text("#!/bin/sh\ntouch CANARY\n")
    (d / "evil.sh").chmod(0o755)
    r = render(commands, {n: value for n in names})
    env = {**compose_env(None, None, os.environ), **r.env, "PATH": SYSTEM_PATH, "HOME": str(d)}
    try:
        subprocess.run(
            # a line on stdin: a value read as an option leaves the program reading standard input
            ["/bin/bash", "-c", r.script],
            cwd=d,
            env=env,
            input=b"line\n",
            capture_output=True,
            timeout=20,
        )
    except subprocess.TimeoutExpired:
        pass
    hit = (d / "CANARY").exists()
    shutil.rmtree(d, ignore_errors=True)
    return hit


BAD = FIXTURES / "rules" / "UL150" / "bad_manual_grammar.json"
GOOD = FIXTURES / "rules" / "UL150" / "good_manual_grammar.json"


@pytest.mark.parametrize("name,commands,names", list(_tools(BAD)))
def test_bad_tool_takes_the_value_as_an_option(name, commands, names, tmp_path):
    assert _canary(commands, names, "--output=CANARY", tmp_path), name


@pytest.mark.parametrize("name,commands,names", list(_tools(GOOD)))
def test_good_tool_never_does(name, commands, names, tmp_path):
    assert [p for p in PAYLOADS if _canary(commands, names, p, tmp_path)] == [], name


def test_cli_reports_the_bad_tools_only():
    code, out = lint_json("--select", "UL150", BAD)
    assert code == 1
    got = sorted((f["tool"], f["severity"], f["confidence"]) for f in out["findings"])
    assert got == [
        ("iconv_to_ascii", "warning", "medium"),
        ("shuf_pick_one", "warning", "medium"),
        ("shuf_pick_one", "warning", "medium"),
    ]
    assert all("manual lists options that write files" in f["message"] for f in out["findings"])
    code, out = lint_json("--select", "UL150", GOOD)
    assert code == 0 and out["findings"] == []


def test_manual_grammars_load_lazily():
    """Importing the engine and the option table does not read option_grammar.json (cold start)."""
    code = (
        "import sys; import utcp_lint.template.option_table as t, utcp_lint.template.option_scan; "
        "t.lookup('tar'); print('utcp_lint.template.grammar_table' in sys.modules)"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "False"


def test_word_after_an_option_the_manual_does_not_document_is_guessed_a_value():
    """A grammar lists switches too (``ProgramSpec.switches``): a dynamic word after a documented
    switch is in option position; after an option the page does not document it may be that
    option's value (VALUE_GUESS, no finding), as for a program the table does not know."""
    spec = lookup("shuf")
    assert spec is not None and "-e" in spec.switches and "--echo" in spec.switches
    for before, role in (("-e", osc.DYNAMIC), ("--echo", osc.DYNAMIC), ("--undocumented", osc.VALUE_GUESS)):
        wk = osc.walk(spec, ["shuf", before, None], 1)
        assert wk.roles[2] == role, before
    assert osc.documented_switch(spec, "-n5") and osc.documented_switch(spec, "-ze")
    assert not osc.documented_switch(spec, "-zX")


def _answers() -> dict:
    """Every answer the grammar table gives (fresh caches): per program of the sources its
    facts, value facts, spec and written options, and the figures over all of them."""
    g = grammar_table
    for f in (g._compiled, g._entry, g.common_switches, g.value_facts, g.grammar_spec):
        f.cache_clear()
    names = sorted(g._table().keys() | g.docs_programs().keys() | g._docs().get("values", {}).keys())
    per = {n: (g.grammar_facts(n), g.value_facts(n), g.grammar_spec(n), g.grammar_writes(n)) for n in names}
    per["no-such-program"] = (g.grammar_facts("no-such-program"), g.value_facts("no-such-program"), None, None)
    return {
        "per": per,
        "switches": g.common_switches(),
        "count": g.program_count(),
        "compiled": g._compiled() is not None,
    }


def test_compiled_grammars_are_current_and_answer_as_the_json_sources(monkeypatch, tmp_path):
    """linter/data/option_grammar_compiled.marshal is what scripts/gen_option_grammar_compiled.py
    makes of the three JSON sources today, and a run reading it answers every question as a
    run reading the JSON files; a compiled form whose key does not match its sources (a JSON
    file edited, the script not rerun) is never read."""
    assert grammar_table.COMPILED_PATH.read_bytes() == grammar_table.build_compiled(), (
        "stale: run python scripts/gen_option_grammar_compiled.py"
    )
    compiled = _answers()
    assert compiled["compiled"] and compiled["count"] > 700 and len(compiled["switches"]) > 100
    monkeypatch.setattr(grammar_table, "COMPILED_PATH", tmp_path / "absent.marshal")
    from_json = _answers()
    assert not from_json["compiled"]
    assert compiled["per"] == from_json["per"] and compiled["switches"] == from_json["switches"]
    assert compiled["count"] == from_json["count"]
    # a compiled form made from other sources (its key differs) is ignored
    stale = tmp_path / "stale.marshal"
    data = grammar_table.build_compiled()
    import marshal

    c = marshal.loads(data)
    c["key"] = [k + 1 for k in c["key"]]
    c["programs"] = {}
    stale.write_bytes(marshal.dumps(c, 2))
    monkeypatch.setattr(grammar_table, "COMPILED_PATH", stale)
    assert _answers() == from_json
    monkeypatch.undo()
    for f in (grammar_table._compiled, grammar_table._entry, grammar_table.common_switches):
        f.cache_clear()
