"""Loader speed: our positioned JSON parser against anchors in the same run.

    python bench/bench_loader.py [N_TOOLS]

Prints the time per parse of a generated manual for json.loads (anchor),
utcp_lint.document.jsonpos.parse, and json-source-map (if installed; it is NOT a
dependency -- this bench is the measurement behind choosing our own scanner).
"""

import json
import sys
import time

from utcp_lint.document import jsonpos


def make_manual(n):
    tools = []
    for i in range(n):
        tools.append(
            {
                "name": f"tool_{i}",
                "description": 'Search "files" \u00e9 \U0001f600 for a pattern',
                "inputs": {
                    "type": "object",
                    "properties": {"q": {"type": "string"}, "n": {"type": "integer"}},
                    "required": ["q"],
                },
                "outputs": {"type": "string"},
                "tags": ["a", "b"],
                "tool_call_template": {
                    "name": f"tool_{i}",
                    "call_template_type": "cli",
                    "commands": [
                        {"command": "grep -rn -e UTCP_ARG_q_UTCP_END -- . | head -n 10"},
                        {"command": 'echo "$CMD_0_OUTPUT" | wc -l', "append_to_final_output": True},
                    ],
                },
            }
        )
    return json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}, indent=2)


def best(fn, text, reps=5):
    t = float("inf")
    for _ in range(reps):
        t0 = time.perf_counter()
        fn(text)
        t = min(t, time.perf_counter() - t0)
    return t


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    text = make_manual(n)
    anchor = best(json.loads, text)
    ours = best(jsonpos.parse, text)
    print(f"manual: {n} tools, {len(text) / 1e6:.2f} MB")
    print(f"json.loads (anchor)      {anchor * 1000:8.1f} ms  1.00x")
    print(f"utcp_lint.document.jsonpos.parse  {ours * 1000:8.1f} ms  {ours / anchor:5.2f}x anchor")
    try:
        import json_source_map
    except ImportError:
        print("json-source-map not installed (pip install json-source-map to compare)")
        return
    jsm = best(json_source_map.calculate, text, reps=3)
    print(
        f"json_source_map.calculate{jsm * 1000:8.1f} ms  {jsm / anchor:5.2f}x anchor"
        f"  ({jsm / ours:.1f}x slower than ours)"
    )


if __name__ == "__main__":
    main()
