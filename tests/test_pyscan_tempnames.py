"""Names of temporary files and directories the program makes (issue 25, evaluate.TEMP_NAME_FUNCS).

``fixtures/pyscan/tempnames``: ``NamedTemporaryFile().name``, ``mkstemp()``'s path,
``mkdtemp()``, ``with TemporaryDirectory() as d`` and ``gettempdir()`` are made by the
tempfile module from the temporary directory, constant parts and random letters, digits and
``_``: no outside value (good: nothing reported).  A prefix, suffix or directory a caller
gives is part of the name (bad: each ``# FLAG`` line, the caller's parameter named), and a
value beside a temporary name is still reported.
"""

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

from utcp_lint.pyscan.evaluate import TEMP_NAME_FUNCS, TEMP_OBJECTS

TREE = FIXTURES / "pyscan" / "tempnames"


def test_names_with_a_callers_part_and_values_beside_them_are_reported():
    code, found = lint_ul4(TREE / "bad")
    assert code == 1
    assert where_found(TREE / "bad", found) == marked_lines(TREE / "bad")
    by_line = {f["line"]: f["message"] for f in found}
    assert "parameter 'prefix'" in by_line[10]
    assert "parameter 'workdir'" in by_line[17]
    assert "parameter 'suffix'" in by_line[22]
    # the directory beside the caller's name adds no "value not known statically"
    assert "parameter 'name'" in by_line[27] and "not known statically" not in by_line[27]


def test_names_the_program_makes_are_no_outside_values():
    code, found = lint_ul4(TREE / "good")
    assert (code, found) == (0, [])


def test_the_tables_name_tempfile_functions_only():
    assert all(n.startswith("tempfile.") for n in TEMP_NAME_FUNCS | TEMP_OBJECTS)
    assert "tempfile.NamedTemporaryFile" in TEMP_OBJECTS and "tempfile.mkdtemp" in TEMP_NAME_FUNCS
