"""A container's argv split between its entrypoint and its command (issue 25,
linter/pyscan/containerargv.py).

``fixtures/pyscan/containerargv``: docker SDK ``containers.run/create`` with a shell entrypoint
(a string, or ``["/bin/bash", "-c"]``) and a command list or string built from the caller's
values, also through ``asyncio.to_thread``; a Kubernetes ``V1Container(command=["/bin/sh",
"-c"], args=[...])``; a project's ``run_command`` wrapping the command in ``bash -c`` (or
``docker run ... bash -c``) on either branch, then ``shlex.split``; testcontainers'
``with_command(f'-c "{command}"')`` with the entrypoint set to ``/bin/sh`` in ``__init__``; a
``shlex.quote``-d value written as the ``-c`` script of ``bash`` inside a shell command line
(``docker exec {c} bash -c {quote(cmd)}``: the quoting is for the outer shell only).  bad: every ``# FLAG`` line and nothing else; good: a constant script, an
entrypoint that is no shell, a quoted value, the caller's own entrypoint, no command.  The bad
docker shapes are run through a stand-in client that does what the container runtime does
(entrypoint words, then the command: a string split with ``shlex.split`` as docker-py does)
with real sh/bash, and a canary file proves the injection."""

import asyncio
import shlex
import subprocess
import sys
import types

import pytest
from conftest import FIXTURES, lint_ul4, marked_lines, where_found

TREE = FIXTURES / "pyscan" / "containerargv"


def test_bad_tree_reports_every_container_and_nothing_else():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    where = where_found(bad, found)
    assert where == marked_lines(bad)
    for f in found:
        assert f["rule"] in ("UL400", "UL403", "UL404") and f["severity"] == "error" and f["column"] > 0, f
    msgs = " | ".join(f["message"] for f in found)
    assert "'init_command'" in msgs and "'script'" in msgs and "'host'" in msgs and "'package'" in msgs


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert found == [] and code == 0


class _Runtime:
    """What dockerd runs: the entrypoint's words, then the command's (docker-py splits strings)."""

    def _argv(self, entrypoint, command):
        ep = shlex.split(entrypoint) if isinstance(entrypoint, str) else list(entrypoint)
        cmd = shlex.split(command) if isinstance(command, str) else list(command or [])
        return ep + cmd

    def run(self, image, command=None, entrypoint=None, **kw):
        argv = self._argv(entrypoint, command)
        if argv[-1].endswith("exec /bin/sh"):
            argv[-1] = argv[-1][: -len("exec /bin/sh")] + "true"  # no interactive shell in a test
        return subprocess.run(argv, stdin=subprocess.DEVNULL, timeout=20).returncode

    create = run


class _DockerContainer:
    """testcontainers' DockerContainer as far as the runtime goes: entrypoint, then the
    command split as docker-py splits a string."""

    def __init__(self, image, entrypoint=None, **kw):
        self.entrypoint, self.command = entrypoint, None

    def with_command(self, command):
        self.command = command
        return self

    def start(self):
        self._configure()
        argv = shlex.split(self.entrypoint) + shlex.split(self.command)
        return subprocess.run(argv, stdin=subprocess.DEVNULL, timeout=20).returncode


@pytest.fixture
def bad_pkg(monkeypatch):
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    kube = types.ModuleType("kubernetes")
    kube.client = types.SimpleNamespace(V1Container=dict)
    monkeypatch.setitem(sys.modules, "kubernetes", kube)
    for name in ("testcontainers", "testcontainers.core"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    tc = types.ModuleType("testcontainers.core.container")
    tc.DockerContainer = _DockerContainer
    monkeypatch.setitem(sys.modules, "testcontainers.core.container", tc)
    yield
    for name in [m for m in sys.modules if m == "boxkit" or m.startswith("boxkit.")]:
        del sys.modules[name]


def test_bad_containers_run_the_payload_in_real_sh(bad_pkg, tmp_path):
    from boxkit import boxes

    client = types.SimpleNamespace(containers=_Runtime())
    d = str(tmp_path)
    boxes.start_with_init(client, "img", f"touch {d}/c1")
    boxes.run_script(client, "img", f"touch${{IFS}}{d}/c2")  # one word: docker-py splits a string
    orig = asyncio.to_thread

    async def to_thread(f, *a, **kw):
        return f(*a, **kw)

    asyncio.to_thread = to_thread
    try:
        asyncio.run(boxes.start_async(client, "img", f"touch {d}/c3"))
    finally:
        asyncio.to_thread = orig
    boxes.forwarder(client, "img", f"x; touch {d}/c4;", "1")
    spec = boxes.job_container("img", f"x; touch {d}/c5; true")
    subprocess.run(spec["command"] + spec["args"], timeout=20)  # the kubelet's argv
    from boxkit.runner import Container

    Container("img", container_mode=True).run_command(f"touch {d}/c6")  # the bash -c branch
    from boxkit.runner import run_host

    run_host(f"touch {d}/c8")  # shlex.quote-d, but the -c script of the inner bash
    from boxkit.socat import SocatContainer

    SocatContainer().with_target(8080, f"x; touch {d}/c7; true").start()
    made = sorted(p.name for p in tmp_path.iterdir())
    assert made == ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"]


def test_split_command_line_choices_are_each_an_argv():
    """``shlex.split(wrapped)`` of a name given a command line in each branch: one argv
    alternative per assignment (evaluate.py ``_split_choices``), both judged."""
    code, found = lint_ul4(TREE / "bad" / "boxkit" / "runner.py")
    at19 = [f for f in found if f["line"] == 19]
    assert code == 1 and len(at19) == 1
    assert "bash -c / bash -c inside docker" in at19[0]["message"], at19[0]


def test_quoted_script_of_an_inner_shell_is_code():
    """evaluate.inner_code: after ``bash -c `` the quoted word is the inner shell's script;
    elsewhere (an argument, the ``$0`` after a constant script) the quoting holds."""
    code, found = lint_ul4(TREE / "bad" / "boxkit" / "runner.py")
    lines = {f["line"]: f for f in found}
    assert set(lines) == {19, 24, 28}
    assert "'cmd'" in lines[28]["message"] and "shlex.quote-d" not in lines[28]["message"]
    assert not any(f["rule"] == "UL406" for f in found)  # no "placed inside quotes" claim
