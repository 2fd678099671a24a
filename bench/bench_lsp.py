"""The language server's latency, through a real stdio client (issue 27).

    python bench/bench_lsp.py [--tools 500] [--steps 3] [--edits 15]

Starts ``utcp-lint server``, opens a diverse manual of TOOLS tools
(bench/diverse.py), and prints the time to its first diagnostics, then, for
EDITS edits each touching one tool (a step's text changed, every later tool's
lines unchanged, and every third edit inserting a line above the later tools),
the time from sending ``didChange`` to receiving the diagnostics: median and
max, wall and the server's CPU (from /proc).  Anchor in the same run: a cold
``utcp-lint --no-cache`` of the same manual (what an editor calling the CLI
per keystroke would pay).  Goal: re-lint after one edit in a 500-tool
manual <= 150 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

sys.path.insert(0, str(Path(__file__).resolve().parent))
import diverse  # noqa: E402

SERVER = [sys.executable, "-m", "utcp_lint", "server"]


def _cpu(pid: int) -> float:
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")


async def run(args: argparse.Namespace) -> None:
    work = Path(tempfile.mkdtemp(prefix="utcp-bench-lsp-"))
    manual = work / "manual.json"
    tools = diverse.make_tools(args.tools, args.steps, seed=5)
    text = json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.1", "tools": tools}, indent=2)
    manual.write_text(text, encoding="utf-8")
    uri = manual.as_uri()

    client = LanguageClient("bench", "1")
    got: asyncio.Queue = asyncio.Queue()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _diags(params: types.PublishDiagnosticsParams) -> None:
        got.put_nowait((time.perf_counter(), params))

    await client.start_io(*SERVER)
    pid = client._server.pid  # type: ignore[union-attr]
    await client.initialize_async(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=work.as_uri())
    )
    client.initialized(types.InitializedParams())
    t0, c0 = time.perf_counter(), _cpu(pid)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="json", version=1, text=text))
    )
    t1, first = await got.get()
    first_wall, first_cpu = t1 - t0, _cpu(pid) - c0
    walls, cpus = [], []
    lines = text.split("\n")
    for k in range(args.edits):
        # one tool's step changes (a literal in its first command)
        name = f'"name": "tool_{(k * 37) % args.tools}"'
        at = next(i for i, ln in enumerate(lines) if name in ln)
        cmd = next(i for i in range(at, len(lines)) if '"command":' in lines[i])
        col = lines[cmd].index('"command": "') + len('"command": "')
        changes = [
            types.TextDocumentContentChangePartial(
                range=types.Range(types.Position(cmd, col), types.Position(cmd, col)), text=f"true{k}; "
            )
        ]
        lines[cmd] = lines[cmd][:col] + f"true{k}; " + lines[cmd][col:]
        if k % 3 == 2:  # and a line above every later tool
            changes.append(
                types.TextDocumentContentChangePartial(
                    range=types.Range(types.Position(at, 0), types.Position(at, 0)), text='      "x_note": 1,\n'
                )
            )
            lines.insert(at, '      "x_note": 1,')
        t0, c0 = time.perf_counter(), _cpu(pid)
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=k + 2), content_changes=changes
            )
        )
        t1, p = await got.get()
        walls.append(t1 - t0)
        cpus.append(_cpu(pid) - c0)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()

    t0 = time.perf_counter()
    r0 = os.times()
    subprocess.run(
        [sys.executable, "-m", "utcp_lint", "--no-cache", "--no-config", "--format", "json", str(manual)],
        capture_output=True,
    )
    r1 = os.times()
    cold_wall = time.perf_counter() - t0
    cold_cpu = (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)

    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load {load}; manual: {args.tools} tools x {args.steps} steps ({len(text) / 1024:.0f} KiB)")
    print(
        f"first diagnostics: {first_wall * 1000:.0f} ms wall, {first_cpu * 1000:.0f} ms server CPU "
        f"({len(first.diagnostics)} diagnostics)"
    )
    print(
        f"re-lint after one edit ({args.edits} edits): median {statistics.median(walls) * 1000:.0f} ms wall "
        f"(max {max(walls) * 1000:.0f}), median {statistics.median(cpus) * 1000:.0f} ms server CPU "
        f"(CPU ticks: 10 ms resolution)"
    )
    print(
        f"anchor: cold utcp-lint --no-cache of the same manual: {cold_wall * 1000:.0f} ms wall, {cold_cpu * 1000:.0f} ms CPU"
    )
    med = statistics.median(walls) * 1000
    print(f"goal re-lint <= 150 ms: {'met' if med <= 150 else 'NOT met'} ({med:.0f} ms wall median)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tools", type=int, default=500)
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--edits", type=int, default=15)
    asyncio.run(run(ap.parse_args()))


if __name__ == "__main__":
    main()
