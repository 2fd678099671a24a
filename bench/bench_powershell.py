"""PowerShell analysis speed, as ratios against anchors measured in the same run.

    python bench/bench_powershell.py [N_STEPS]

Anchors: ``json.loads`` of the manual and the executor's ``render`` (string
building only).  Measured: our tokenizer on the rendered script, the whole
``analyze`` (render + tokenize + occurrence mapping) and the sink pass, and --
when installed -- tree-sitter-powershell parsing the same script (a test
dependency only; it is the alternative we did not take, see
docs/design/powershell.md).
"""

import json
import sys
import time

from utcp_lint.executor.render import render
from utcp_lint.template.powershell import analyze_commands
from utcp_lint.template.ps_lexer import tokenize

STEPS = [
    'Get-ChildItem -Path "UTCP_ARG_path_UTCP_END" -Filter *.log | Select-Object -First 10',
    'git log --author "UTCP_ARG_author_UTCP_END" -n 5 2>$null',
    "Write-Output \"Result: $(Get-Item 'C:\\data\\x') and UTCP_ARG_x_UTCP_END\" # it is done",
    '$r = Invoke-RestMethod -Uri "https://api/x?q=UTCP_ARG_q_UTCP_END"; $r | ConvertTo-Json -Depth 3',
    '@"\nname: UTCP_ARG_name_UTCP_END\n"@ | Set-Content out.txt',
]


def best(fn, reps=5):
    t = []
    for _ in range(reps):
        a = time.perf_counter()
        fn()
        t.append(time.perf_counter() - a)
    return min(t)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    steps = [{"command": STEPS[i % len(STEPS)], "append_to_final_output": None} for i in range(n)]
    manual = json.dumps({"commands": steps})
    script = render(steps, None, shell="powershell").script
    rows = {
        "json.loads(steps) [anchor]": best(lambda: json.loads(manual)),
        "executor render [anchor]": best(lambda: render(steps, None, shell="powershell")),
        "ps_lexer.tokenize(script)": best(lambda: tokenize(script)),
        "analyze_commands(steps)": best(lambda: analyze_commands(steps)),
        "analyze + sinks": best(lambda: analyze_commands(steps).sinks),
    }
    try:
        import tree_sitter as ts
        import tree_sitter_powershell as tsp

        parser = ts.Parser(ts.Language(tsp.language()))
        b = script.encode()
        rows["tree-sitter-powershell parse"] = best(lambda: parser.parse(b))
    except ImportError:
        pass
    base = rows["json.loads(steps) [anchor]"]
    print(f"{n} steps, script {len(script)} chars")
    for k, v in rows.items():
        print(f"  {k:32s} {v * 1000:9.3f} ms   x{v / base:8.1f} of json.loads")


if __name__ == "__main__":
    main()
