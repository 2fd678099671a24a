"""Security claims of the Python scan, proven under real bash with a canary.

Where a fixture is reported injectable (UL406, UL408) the test runs that very
fixture code with a payload in a temporary directory and sees the canary
file; the safe variants (their good_ fixtures) run with the same payload and
leave no canary.
"""

import shutil

import pytest
from conftest import FIXTURES, lint_json, load_fixture_module

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def _load(path):
    return load_fixture_module(path, "fx")


def _findings(path, rule):
    _code, out = lint_json("--no-cache", "--select", rule, path)
    return out["findings"]


@pytest.fixture
def jail(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_raw_values_through_helpers_run_commands(jail):
    bad = FIXTURES / "rules" / "UL408" / "bad_flow.py"
    mod = _load(bad)
    mod.call_tool({"msg": "hi; touch CANARY_RAW"})
    assert (jail / "CANARY_RAW").exists()
    f = [x for x in _findings(bad, "UL408") if "call_tool()" in x["message"]]
    assert f and f[0]["severity"] == "error" and "'tool_args' (unquoted)" in f[0]["message"]


def test_quoted_value_in_runtime_template_depends_on_the_template(jail):
    bad = FIXTURES / "rules" / "UL408" / "bad_flow.py"
    mod = _load(bad)
    payload = {"msg": '"; touch CANARY_DQ; "'}
    mod.load_template = lambda: 'echo "UTCP_ARG_msg_UTCP_END"'  # placeholder inside double quotes
    mod.call_tool_quoted(payload)
    assert (jail / "CANARY_DQ").exists()
    mod.load_template = lambda: "echo UTCP_ARG_msg_UTCP_END"  # bare word: the quoting holds
    mod.call_tool_quoted({"msg": '"; touch CANARY_BARE; "'})
    assert not (jail / "CANARY_BARE").exists()
    f = [x for x in _findings(bad, "UL408") if "call_tool_quoted()" in x["message"]]
    assert f and f[0]["severity"] == "warning"


def test_env_and_bare_quoting_variants_are_safe_and_quiet(jail):
    good = FIXTURES / "rules" / "UL408" / "good_flow.py"
    mod = _load(good)
    mod.call_tool({"msg": "hi; touch CANARY_ENV"})
    mod.call_tool_quoted_bare({"msg": "'; touch CANARY_Q; '"})
    mod.list_dirs(["x; touch CANARY_LS"])
    assert not list(jail.glob("CANARY*"))
    assert _findings(good, "UL408") == []


def test_shlex_quote_inside_double_quotes_is_bypassed(jail):
    bad = FIXTURES / "rules" / "UL406" / "bad_quote_in_quotes.py"
    _load(bad).find('"; touch CANARY_Q1; "', "p")
    assert (jail / "CANARY_Q1").exists()
    assert [f["line"] for f in _findings(bad, "UL406")] == [8, 9, 10, 12]


def test_shlex_quote_as_a_bare_word_holds(jail):
    good = FIXTURES / "rules" / "UL406" / "good_quote_bare.py"
    _load(good).find('"; touch CANARY_Q2; "', "'; touch CANARY_Q3; '")
    assert not list(jail.glob("CANARY*"))
    assert _findings(good, "UL406") == []


def test_argv_built_by_a_helper_runs_the_parameter_as_bash_code(jail):
    """UL403 through a helper's returned argv (bash -e -c built with extend):
    the caller's value runs as code."""
    bad = FIXTURES / "rules" / "UL403" / "bad_argv_helper.py"
    mod = _load(bad)
    try:
        mod.deploy("$(touch CANARY_HELPER)")
    except Exception:  # make itself may be missing or fail: the canary decides
        pass
    assert (jail / "CANARY_HELPER").exists()
    f = [x for x in _findings(bad, "UL403") if x["line"] == 24]
    assert f and f[0]["severity"] == "error" and "parameter 'step'" in f[0]["message"]


def test_script_file_written_with_a_value_runs_it(jail):
    bad = FIXTURES / "rules" / "UL403" / "bad_script_file.py"
    mod = _load(bad)
    mod.hook("touch CANARY_SCRIPT\n", str(jail / "hook.sh"))
    assert (jail / "CANARY_SCRIPT").exists()
    good = FIXTURES / "rules" / "UL403" / "good_script_file.py"
    gmod = _load(good)
    gmod.tmp("$(touch CANARY_ARG)")  # a value given as $1 is data
    assert not (jail / "CANARY_ARG").exists()
    mod.mkstemp_hook("touch CANARY_MKSTEMP\n")
    mod.raw_fd("touch CANARY_FD\n")
    mod.py_hook("open('CANARY_PY', 'w').close()\n")
    assert (jail / "CANARY_MKSTEMP").exists() and (jail / "CANARY_FD").exists() and (jail / "CANARY_PY").exists()
    gmod.mkstemp_probe("$(touch CANARY_REF)")
    gmod.py_report("$(touch CANARY_DATA)")
    assert not (jail / "CANARY_REF").exists() and not (jail / "CANARY_DATA").exists()
    # 33: run directly after chmod; 42, 51: mkstemp's descriptor; 60: sys.executable, the argv in a variable
    assert [x["line"] for x in _findings(bad, "UL403")] == [10, 17, 22, 33, 42, 51, 60]
    assert _findings(good, "UL403") == []


def test_commands_written_into_a_running_shells_stdin_run(jail):
    """UL403 at the write into ``Popen(["sh"], stdin=PIPE)``: the data is the
    program bash/sh reads; into ``sort`` / ``jq`` it is only data."""
    bad = FIXTURES / "rules" / "UL403" / "bad_stdin_pipe.py"
    mod = _load(bad)
    mod.run_in_shell("touch CANARY_PIPE")
    mod.run_lines(["true", "touch CANARY_LINES"])
    s = mod.Session()
    s.run("touch CANARY_SESSION")
    s.proc.stdin.close()
    s.proc.wait()
    assert (jail / "CANARY_PIPE").exists() and (jail / "CANARY_LINES").exists() and (jail / "CANARY_SESSION").exists()
    good = FIXTURES / "rules" / "UL403" / "good_stdin_pipe.py"
    gmod = _load(good)
    gmod.sort_lines(b"$(touch CANARY_SORT)\n")
    assert not (jail / "CANARY_SORT").exists()
    assert [x["line"] for x in _findings(bad, "UL403")] == [9, 16, 21, 31]
    assert _findings(good, "UL403") == []
