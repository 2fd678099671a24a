"""Issue 25: traitlets configurable traits are configuration values (linter/pyscan/configtraits.py).

``batch_submit_cmd = Unicode("").tag(config=True)`` is set from configuration files and
the command line (traitlets docs, "Configurable objects with traitlets.config"); a method
formatting ``self.batch_submit_cmd`` into a shell command line runs configuration.
``fixtures/pyscan/configtraits``: bad (templates from settings run by a shell, directly
and through the class's own shell runner; the older ``config=True`` keyword; a subclass's
override) and good (settings as argv items, shlex.quote-d, numbers and choices).
"""

import asyncio
import json
import sys

from conftest import FIXTURES, lint_ul4, marked_lines, run_cli, where_found

TREE = FIXTURES / "pyscan" / "configtraits"

# the few names of traitlets the fixture imports: the constructor's keywords set the
# traits (traitlets HasTraits.__init__(**kwargs)), a trait is its default otherwise
STAND_IN = """
class _Trait:
    def __init__(self, default=None, *a, **k):
        self.default = k.get("default_value", default)
    def tag(self, **k):
        return self
    def __set_name__(self, owner, name):
        self.name = name
    def __get__(self, obj, owner=None):
        return self if obj is None else obj.__dict__.get(self.name, self.default)
Unicode = Integer = Enum = _Trait
class Configurable:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)
"""


def test_bad_tree_reports_every_marked_line():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert all(f["severity"] == "error" for f in found)
    by_line = {f["line"]: f for f in found}
    assert by_line[43]["rule"] == "UL401"
    assert "the configuration trait 'batch_cancel_cmd'" in by_line[43]["message"]
    assert "parameter 'the" not in by_line[43]["message"]
    assert by_line[51]["rule"] == "UL411" and "the configuration trait 'batch_query_cmd'" in by_line[51]["message"]
    assert "the configuration trait 'exec_prefix'" in by_line[39]["message"]


def test_good_tree_has_no_error_or_warning():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == []  # the quoted command is the opt-in UL412's note
    r = run_cli("--select", "UL412", "--no-config", "--no-cache", "--format", "json", str(TREE / "good"))
    found = json.loads(r.stdout)["findings"]
    assert [(f["line"], f["severity"]) for f in found] == [(22, "note")]
    assert "shlex.quote" in found[0]["message"]


def test_a_configured_template_runs_in_sh(tmp_path, monkeypatch):
    """A value the settings give the template runs a command through the shell."""
    stub = tmp_path / "stub" / "traitlets"
    (stub / "config").mkdir(parents=True)
    (stub / "__init__.py").write_text(STAND_IN)
    (stub / "config" / "__init__.py").write_text("from traitlets import Configurable\n")
    monkeypatch.syspath_prepend(str(tmp_path / "stub"))
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    for m in [m for m in sys.modules if m.split(".")[0] in ("traitlets", "hpcspawn")]:
        monkeypatch.delitem(sys.modules, m)
    monkeypatch.chdir(tmp_path)
    from hpcspawn.spawner import SlurmSpawner

    SlurmSpawner("ann", batch_cancel_cmd="touch C_cancel; true {job_id}").cancel()
    sp = SlurmSpawner("ann", batch_query_cmd="touch C_query; echo {job_id}")
    asyncio.run(sp.query())
    assert (tmp_path / "C_cancel").exists()
    assert (tmp_path / "C_query").exists()
