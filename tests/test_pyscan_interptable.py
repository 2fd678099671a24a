"""Issue 25 (pyA18): interpreters given program text, read from the shell engine's program
table (linter/template/programs.py, family "interpreter": ``code_short``/``code_long``,
``value_short``/``value_long``) instead of a second list in the Python scan: ``julia -e``,
``emacs --batch -l FILE --eval``, ``expect -c``, ``luajit -e``, ``R -e`` are known to both
scans, and an interpreter registered in the table is known to the Python scan at once.
Code options written as a constant beginning plus a value (``"core.sshCommand=" + cmd``,
``"ProxyCommand=" + jump``) are read by the table's forms too (operandcode.static_beginning
of a ``+`` starting with a constant; ssh's own grammar reads constant words only).

``fixtures/pyscan/interptable``: bad and good trees (a notebook's language kernels)."""

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

from linter.pyscan.evaluate import RAW, Provenance, const
from linter.pyscan.sinks import interpreter_code_flags, shell_in_argv
from linter.template import programs

TREE = FIXTURES / "pyscan" / "interptable"


def _value(name):
    return Provenance(False, None, frozenset({(1, "f", name, RAW)}))


def test_bad_tree_reports_every_marked_line():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    by_line = {f["line"]: f for f in found if f["path"].endswith("kernels.py")}
    assert "julia -e" in by_line[7]["message"] and "emacs --eval" in by_line[17]["message"]
    assert "expect -c" in by_line[22]["message"]
    assert all(f["rule"] == "UL403" and f["severity"] == "error" for f in found)
    # a code option written as a constant beginning and a value (``"ProxyCommand=" + jump``)
    moved = {f["line"]: f["message"] for f in found if f["path"].endswith("transport.py")}
    assert "git -c" in moved[8] and "ssh -o" in moved[13]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []


def test_value_options_are_not_program_text():
    c = const
    # emacs -l FILE: the file is loaded, the --eval after it is the code
    assert shell_in_argv([c("emacs"), c("-l"), _value("f"), c("--eval"), _value("x")])[0] == "emacs --eval"
    assert shell_in_argv([c("emacs"), c("--batch"), c("-l"), _value("f")]) is None
    # node -r MODULE -e CODE: the module word no longer stops the reading
    assert shell_in_argv([c("node"), c("-r"), c("ts-node/register"), c("-e"), _value("x")])[0] == "node -e"
    assert shell_in_argv([c("julia"), _value("script"), c("-e"), _value("x")]) is None  # after the script: ARGS


def test_registered_interpreter_is_known(monkeypatch):
    assert "mylang" not in interpreter_code_flags()
    saved = dict(programs.BY_NAME)
    try:
        programs.register(programs.Program("mylang", "interpreter", code_short="x"))
        assert shell_in_argv([const("mylang"), const("-x"), _value("code")])[0] == "mylang -x"
    finally:
        programs.BY_NAME.clear()
        programs.BY_NAME.update(saved)
        programs.changed()
    assert "mylang" not in interpreter_code_flags()
