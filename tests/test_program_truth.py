"""The committed sample of ``bench/bench_program_truth.py`` (``fixtures/truth/``): one UTCP
manual per program, a tool per template shape, and ``labels.json`` with what the real program
did with canary payloads (run as nobody in real bash when the sample was measured).  The
labels are read, never re-measured here (the bench re-proves them):

* every shape a payload proved must carry a static finding (UL150 error/warning, UL151,
  UL102, UL103, UL105): a miss is a table fact missing or wrong;
* every shape no payload proved and that was quiet when measured must stay quiet: a new
  finding there is a false positive.

A shape no payload proved that had a finding when measured may keep it or lose it (the
payload list is finite: an option that only reads files leaves no canary)."""

from __future__ import annotations

import json

from conftest import FIXTURES, lint_json

TRUTH = FIXTURES / "truth"
LABELS = json.loads((TRUTH / "labels.json").read_text())["manuals"]
REPORTED = {"UL151", "UL102", "UL103", "UL105"}


def _says() -> dict:
    """(manual file name, tool name) -> whether utcp-lint reports the shape today."""
    _code, out = lint_json("--no-cache", *sorted(str(TRUTH / f) for f in LABELS))
    says: dict = {}
    for x in out["findings"]:
        if x["rule"] in REPORTED or (x["rule"] == "UL150" and x["severity"] in ("error", "warning")):
            says[(x["path"].rsplit("/", 1)[-1], x["tool"])] = True
    return says


def test_the_sample_is_broad():
    programs = set(LABELS)
    shapes = [lab for tools in LABELS.values() for lab in tools.values()]
    assert len(programs) >= 15
    assert len(shapes) >= 35
    assert sum(1 for s in shapes if s["proof"]) >= 12  # proven bad
    assert sum(1 for s in shapes if not s["proof"] and not s["static_says"]) >= 12  # proven clean
    for f, tools in LABELS.items():  # every labelled tool is in its manual, with the same command
        doc = json.loads((TRUTH / f).read_text())
        commands = {t["name"]: t["tool_call_template"]["commands"][0]["command"] for t in doc["tools"]}
        assert {n: lab["command"] for n, lab in tools.items()} == commands


def test_static_verdicts_agree_with_the_recorded_dynamic_labels():
    says = _says()
    missed, false_alarms = [], []
    for f, tools in LABELS.items():
        for name, lab in tools.items():
            got = says.get((f, name), False)
            if lab["proof"] and not got:
                missed.append(lab["command"])
            if not lab["proof"] and not lab["static_says"] and got:
                false_alarms.append(lab["command"])
    assert missed == []
    assert false_alarms == []


def test_measured_corrections_of_the_manual_grammars_are_used():
    """linter/data/option_grammar_overrides.json: cmake reads options after -- (measured:
    ``cmake -- --trace-redirect=CANARY`` writes CANARY) and runs the file of -P as CMake
    code (measured: ``cmake -P ./evil.cmake`` ran execute_process)."""
    from utcp_lint.template.grammar_table import grammar_facts
    from utcp_lint.template.option_table import lookup

    over = json.loads((FIXTURES.parent / "linter" / "data" / "option_grammar_overrides.json").read_text())
    for name, o in over["programs"].items():
        assert o["why"], name  # every correction names its source
        assert grammar_facts(name) is not None
    cmake = lookup("cmake")
    assert cmake.end_of_options is None and "--" in cmake.switches
    assert "-P" in cmake.code_values and "-P" not in cmake.writes


# facts fixed from the bench's measurements, end to end through the CLI: (command, findings
# other than the UL300 declaration note)
MEASURED = [
    ("cmake -- UTCP_ARG_v_UTCP_END .", {("UL150", "warning")}),  # cmake reads options after --
    ("cmake -P UTCP_ARG_v_UTCP_END", {("UL151", "error")}),  # -P runs a CMake script
    ("cmake -S . -B build -DNAME=UTCP_ARG_v_UTCP_END", set()),
    ("fakeroot UTCP_ARG_v_UTCP_END", {("UL103", "error")}),  # fakeroot runs its first operand
    ("fakeroot -- UTCP_ARG_v_UTCP_END", {("UL103", "error")}),
    ("fakeroot -s UTCP_ARG_v_UTCP_END make", {("UL103", "error")}),  # eval $FAKED $FAKEDOPTS
    ("fakeroot -- make -C build UTCP_ARG_v_UTCP_END", {("UL150", "error")}),  # make's argument
    ("fakeroot -- dpkg-deb --build pkg out.deb", set()),
    ("valgrind -- UTCP_ARG_v_UTCP_END", {("UL103", "error")}),  # valgrind runs its first operand
    ("valgrind --tool=memcheck ./app UTCP_ARG_v_UTCP_END", {("UL150", "warning")}),  # app's argument
    ("sotruss -- UTCP_ARG_v_UTCP_END", {("UL103", "error")}),
    ("sotruss -F UTCP_ARG_v_UTCP_END ./app", set()),  # a list of library names
]


def test_measured_facts_end_to_end(tmp_path):
    tools = [
        {
            "name": f"t{k}",
            "description": "d",
            "inputs": {"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]},
            "outputs": {"type": "string"},
            "tool_call_template": {"name": f"t{k}", "call_template_type": "cli", "commands": [{"command": c}]},
        }
        for k, (c, _want) in enumerate(MEASURED)
    ]
    f = tmp_path / "m.json"
    f.write_text(json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}))
    _code, out = lint_json("--no-cache", f)
    got: dict = {}
    for x in out["findings"]:
        if x["rule"] not in ("UL300", "UL033"):
            got.setdefault(x["tool"], set()).add((x["rule"], x["severity"]))
    assert {c: got.get(f"t{k}", set()) for k, (c, _w) in enumerate(MEASURED)} == dict(MEASURED)
