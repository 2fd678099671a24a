"""UL405: Python code that is text the program received (issue 25, linter/pyscan/codeinput.py).

Data a peer sent over a socket or an asyncio stream, the program's standard input,
an environment variable, a value of a configuration file whose path the caller
chooses, and a document fetched over the network are outside values (bench criteria);
``exec``/``eval`` of them runs whoever sent them.  ``fixtures/pyscan/codeinput``: each
bad shape reported once at error; the good twin parses the same inputs as data
(``json.loads``, ``ast.literal_eval``), runs constant code with the data as globals, or
reads its own defaults beside ``__file__``.  The canary test sends each bad shape a
payload that touches a file: over a real socket, a real asyncio stream, stdin, the
environment, a config file and a stubbed HTTP client.
"""

import asyncio
import io
import json
import socket
import sys
import threading
import types

from conftest import FIXTURES, lint_ul4, marked_lines, run_cli, where_found

TREE = FIXTURES / "pyscan" / "codeinput"
PAYLOAD = "__import__('pathlib').Path('CANARY_{}').touch()"


def test_bad_tree_reports_each_received_code_once():
    bad = TREE / "bad"
    code, found = lint_ul4(bad)
    assert code == 1
    assert where_found(bad, found) == marked_lines(bad)
    assert {(f["rule"], f["severity"]) for f in found} == {("UL405", "error")}
    texts = " | ".join(f["message"] for f in found)
    for words in (
        "received from a peer",
        "read from a stream",
        "standard input",
        "environment",
        "configuration file whose path comes from parameter 'config_path'",
        "fetched over the network",
    ):
        assert words in texts, words
    assert lint_ul4(bad, seed="1")[1] == found


def test_good_tree_is_quiet():
    code, found = lint_ul4(TREE / "good")
    assert code == 0 and found == [], found


def test_cli_json_carries_location_and_confidence():
    r = run_cli(
        "--no-cache", "--no-config", "--select", "UL405", "--format", "json", TREE / "bad" / "agent" / "debugport.py"
    )
    assert r.returncode == 1, r.stderr
    fs = json.loads(r.stdout)["findings"]
    assert [(f["line"], f["column"], f["confidence"]) for f in fs] == [
        (13, 9, "high"),
        (18, 14, "high"),
        (29, 5, "high"),
    ]


def test_the_received_code_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(TREE / "bad"))
    fake = types.ModuleType("requests")
    fake.get = lambda url, timeout=None: types.SimpleNamespace(text=PAYLOAD.format("network") + "\n")
    monkeypatch.setitem(sys.modules, "requests", fake)
    for name in [m for m in sys.modules if m == "agent" or m.startswith("agent.")]:
        monkeypatch.delitem(sys.modules, name)
    from agent import debugport, filters

    # a peer over a real TCP socket
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    t = threading.Thread(target=debugport.serve_once, args=(port, {}))
    t.start()
    for _ in range(100):
        try:
            c = socket.create_connection(("127.0.0.1", port))
            break
        except OSError:
            threading.Event().wait(0.05)
    c.sendall(PAYLOAD.format("socket").encode())
    c.close()
    t.join(timeout=30)

    # a real asyncio stream
    async def stream():
        server = await debugport.start(0)
        p = server.sockets[0].getsockname()[1]
        r, w = await asyncio.open_connection("127.0.0.1", p)
        w.write((PAYLOAD.format("stream") + "\n").encode())
        await w.drain()
        await asyncio.wait_for(r.read(100), 30)
        w.close()
        server.close()

    asyncio.run(stream())
    monkeypatch.setattr(sys, "stdin", io.StringIO(PAYLOAD.format("stdin")))
    debugport.run_stdin_script()
    monkeypatch.setenv("AGENT_FILTER", PAYLOAD.format("env"))
    filters.env_filter(1)
    (tmp_path / "cfg.json").write_text(json.dumps({"filter": PAYLOAD.format("config")}))
    filters.config_filter(str(tmp_path / "cfg.json"), 1)
    filters.bootstrap("https://example.invalid/bootstrap.py")
    assert sorted(p.name[len("CANARY_") :] for p in tmp_path.glob("CANARY_*")) == sorted(
        ["socket", "stream", "stdin", "env", "config", "network"]
    )
