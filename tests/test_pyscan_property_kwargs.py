"""UL401: shell=True in a dict a method or @property of the class returns, splatted into Popen (issue 25).

delegator.py's ``Command.run``: ``popen_kwargs = self._default_popen_kwargs.copy()``
then ``subprocess.Popen(self._popen_args, **popen_kwargs)``, the property
returning ``{..., "shell": True}``.  The entries of the returned dict (a literal
or ``dict(...)``, through ``.copy()``) decide ``shell``.  Proven against real
bash: the bad fixture's runs execute the payload; the good fixture's (the same
shapes with ``shell`` False or absent) run it as an argv and do not.
"""

import shutil

import pytest
from conftest import FIXTURES, load_fixture_module, ul4_findings

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")

BAD = FIXTURES / "rules" / "UL401" / "bad_property_kwargs.py"
GOOD = FIXTURES / "rules" / "UL401" / "good_property_kwargs.py"


def _load(path):
    return load_fixture_module(path, "fx_propkw")


def _findings(path):
    return ul4_findings(path)


def test_shell_from_a_property_dict_is_reported_and_runs_a_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, fs = _findings(BAD)
    assert code == 1
    assert [(f["rule"], f["line"], f["severity"]) for f in fs] == [("UL401", 27, "warning"), ("UL401", 30, "error")]
    assert "shell=True from a **{...} splat" in fs[0]["message"]
    assert "parameters 'path', 'pattern'" in fs[1]["message"]
    mod = _load(BAD)
    mod.Command("touch CANARY_PROP").run().wait()
    mod.Command("x").grep("x /dev/null; touch CANARY_METHOD;", "/dev/null").wait()
    assert (tmp_path / "CANARY_PROP").exists() and (tmp_path / "CANARY_METHOD").exists()


def test_shell_false_or_absent_is_quiet_and_runs_no_shell(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, fs = _findings(GOOD)
    assert code == 0 and fs == [], fs
    mod = _load(GOOD)
    mod.Command(["true"]).run().wait()
    mod.Command(["true"]).grep("x; touch CANARY_GOOD", "/dev/null").wait()
    assert not (tmp_path / "CANARY_GOOD").exists()
