"""A constructor that keeps the object it builds runs no shell by being called (issue 25).

``fixtures/pyscan/ctorkept``: ``Kconfig.__init__`` builds ``Kaws(region=region)`` and keeps
it (``self.k = k``); ``Kaws.console()`` runs ``ssh ...{self.region}...`` in a shell.  Building
the configuration object runs nothing: its construction is reported only where the kept
provider's running method is called through it (``config.k.console(...)``, ``k = config.k;
k.console(...)``, ``Kconfig(...).k.console(...)``), as a construction of ``Kaws`` itself is
(ctor.py ``running_methods``).  good: the object built and read (``config.list_vms()``,
``config.k.region``) while another function of the tree calls ``console`` on a provider it is
given: no ``Kconfig(...)`` reported.
"""

from conftest import FIXTURES, marked_lines, project_findings

TREE = FIXTURES / "pyscan" / "ctorkept"


def test_constructions_whose_kept_object_runs_are_reported():
    code, fs = project_findings(TREE / "bad")
    assert code == 1
    got = {(f["path"], f["line"]) for f in fs if f["rule"] == "UL411"}
    assert got == marked_lines(TREE / "bad"), fs
    by_line = {(f["path"], f["line"]): f["message"] for f in fs}
    assert "kv/aws.py:13" in by_line[("kv/cli.py", 5)]


def test_constructions_of_a_configuration_object_are_not():
    code, fs = project_findings(TREE / "good")
    assert code == 1
    assert [(f["path"], f["line"], f["rule"]) for f in fs] == [("kv/aws.py", 13, "UL400")], fs
