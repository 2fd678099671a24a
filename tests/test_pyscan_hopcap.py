"""How far from the shell a chain is reported (issue 25, pyA27: project.MAX_REPORT_HOPS).

``fixtures/pyscan/hopcap/tree``: a command line handed down seven dispatch layers, one
module each, to the function that runs it through ``/bin/sh``.  (A *document* handed down
so, whose field the sink runs, is reported at the sink only: ``crossmod_docs``, pyA33.)  Every
hop whose parameter a caller feeds is reported up to five calls from the sink (``# FLAG``);
the layers further out are dispatchers and are not: the risk is named at the nearer hops.
The sink keeps its own finding (UL401).
"""

from conftest import FIXTURES, lint_ul4, marked_lines, where_found

from utcp_lint.pyscan.project import MAX_REPORT_HOPS

TREE = FIXTURES / "pyscan" / "hopcap" / "tree"


def test_hops_up_to_the_cap_are_reported_further_ones_are_not():
    code, found = lint_ul4(TREE)
    assert code == 1
    chain = [f for f in found if f["rule"] == "UL411"]
    assert where_found(TREE, chain) == marked_lines(TREE)
    assert len(chain) == MAX_REPORT_HOPS == 5
    for f in chain:
        assert f["severity"] == "error" and f["line"] == 7 and f["column"] >= 1 and f["confidence"], f
    sink = [(f["rule"], f["path"].rsplit("/", 1)[-1], f["line"]) for f in found if f["rule"] != "UL411"]
    assert sink == [("UL401", "provider.py", 8)]


def test_the_furthest_reported_hop_names_the_whole_chain():
    _code, found = lint_ul4(TREE)
    far = next(f for f in found if f["path"].endswith("layer5.py"))
    assert "dispatch5() -> dispatch4() -> dispatch3() -> dispatch2() -> dispatch1() -> run_process()" in far["message"]
