"""Issue 25: commands run through library clients on another host (runnerlibs.py,
evaluate.py ``_kept_instances``/``_annotated_class``).  ``fixtures/pyscan/remoteclients``: bad:
an asyncssh connection made in an ``async`` method and kept on ``self`` (``self.connection =
None`` first, then ``self.connection = await asyncssh.connect(host)``: dask's ``SSHCluster``
shape), apache-libcloud's ``SSHClient.run``/``ScriptDeployment(script)`` (also through a
parameter annotated ``client: BaseSSHClient``), junos-eznc's ``StartShell.run``/``send`` (the
device's csh) and jubilant's ``Juju.exec``/``Juju.ssh`` (a unit's shell; a test's ``juju:
jubilant.Juju`` fixture); good: constant commands, ``shlex.quote``-d values, a password typed
at a prompt, a DB connection annotated with its class."""

from conftest import FIXTURES, flagged_tree, lint_ul4

from utcp_lint.pyscan.runnerlibs import table_class

TREE = FIXTURES / "pyscan" / "remoteclients"


def test_bad_tree_reports_every_remote_command_and_nothing_else():
    bad = TREE / "bad"
    found, by = flagged_tree(bad)
    for f in found:
        assert f["rule"] == "UL404" and f["severity"] == "error", f
        assert "remote shell" in f["message"], f
    # the connection kept on self by an async method (after a None placeholder)
    assert "asyncssh.connect.create_process" in by[("dask_like.py", 19)]["message"]
    assert "'path'" in by[("dask_like.py", 38)]["message"]
    assert "libcloud.compute.ssh.SSHClient.run" in by[("cloud_nodes.py", 13)]["message"]
    assert "ScriptDeployment" in by[("cloud_nodes.py", 6)]["message"]
    # a parameter annotated with the library's class is that class's instance
    assert "libcloud.compute.ssh.BaseSSHClient.run" in by[("cloud_nodes.py", 19)]["message"]
    assert "jubilant.Juju.exec" in by[("juju_units.py", 5)]["message"]
    # the words after jubilant's command are joined onto it
    assert "'service'" in by[("juju_units.py", 12)]["message"]
    assert "StartShell.run" in by[("junos_files.py", 9)]["message"]
    assert "StartShell.send" in by[("junos_files.py", 17)]["message"]


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []


def test_only_classes_of_the_tables_libraries_type_an_annotated_parameter():
    assert table_class("jubilant.Juju") and table_class("asyncssh.SSHClientConnection")
    assert table_class("libcloud.compute.ssh.BaseSSHClient")
    assert not table_class("libcloud.compute.drivers.ec2.EC2NodeDriver")
    assert not table_class("sqlite3.Connection") and not table_class("requests.Session")
