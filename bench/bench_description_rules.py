"""The description rules (UL600-UL625) against anchors measured in the same run.

    python bench/bench_description_rules.py [N_TOOLS]     # default 2000

Generates a manual of N_TOOLS tools whose descriptions and input schemas are
realistic prose (sentences taken from the corpus shapes: "Search for ...",
"The number of results per page ...", about 400 characters of model text per
tool), loads it once, and times in process (CPU time, ``time.process_time``; the machine is shared):

* ``json.loads`` of the text (anchor),
* the positioned loader + DocumentContext (anchor: what every rule pays),
* the six hidden-text rules UL600-UL605,
* the six instruction rules UL620-UL625,
* the directive rule UL626 (issue 24), and the ratio of all description rules with it to
  those without it (printed in the ``x json.loads`` column),

printing each as a ratio to ``json.loads`` and characters of model text per second.
"""

from __future__ import annotations

import json
import sys
import time

from utcp_lint.core.findings import SourceFile
from utcp_lint.document.jsonpos import parse
from utcp_lint.modeltext.strings import model_strings
from utcp_lint.ruleset.context import DocumentContext
from utcp_lint.ruleset.rule import all_rules

SENTENCES = [
    "Search for jobs filtered by country, date, and other parameters.",
    "The number of results to return per page. Maximum: 100.",
    "Use this to page through the results if the total results found is greater than the page size.",
    "Retrieves, manages, and updates order, product, and customer data via secure RESTful requests.",
    "Keywords or phrases to search for in the article title and body. Advanced search is supported.",
    "A comma-separated string of domains (eg bbc.co.uk, techcrunch.com) to restrict the search to.",
    "Manages authentication via OAuth2 and Personal Access Tokens, enabling secure API access.",
]


def manual(n: int) -> str:
    tools = []
    for i in range(n):
        d = " ".join(SENTENCES[(i + k) % len(SENTENCES)] for k in range(3))
        tools.append(
            {
                "name": f"tool_{i}",
                "description": d,
                "tags": ["search", "news"],
                "inputs": {
                    "type": "object",
                    "properties": {
                        "q": {"type": "string", "description": SENTENCES[i % len(SENTENCES)]},
                        "page": {"type": "integer", "description": SENTENCES[(i + 2) % len(SENTENCES)], "default": 1},
                    },
                },
                "tool_call_template": {
                    "name": "svc",
                    "call_template_type": "http",
                    "url": f"https://api.example.com/t{i}",
                    "http_method": "GET",
                },
            }
        )
    return json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools}, indent=1)


def best(fn, reps=3):
    out = []
    for _ in range(reps):
        t0 = time.process_time()
        fn()
        out.append(time.process_time() - t0)
    return min(out)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    text = manual(n)
    rules = all_rules()
    hidden = [rules[r] for r in rules if r.startswith("UL60")]
    instr = [rules[r] for r in rules if r.startswith("UL62") and r != "UL626"]
    directives = [rules["UL626"]]

    def load():
        return DocumentContext(SourceFile("m.json", text), parse(text))

    t_json = best(lambda: json.loads(text))
    t_load = best(load)
    doc = load()
    chars = sum(len(m.value) for m in model_strings(doc))

    def run(rs):
        d = load()
        model_strings(d)
        t0 = time.process_time()
        k = sum(len(list(r.run(d))) for r in rs)
        return time.process_time() - t0, k

    t_hidden, k1 = min(run(hidden) for _ in range(3))
    t_instr, k2 = min(run(instr) for _ in range(3))
    t_dir, k3 = min(run(directives) for _ in range(3))
    print(f"{n} tools, {len(text) / 1e6:.2f} MB, {chars / 1e6:.2f} M chars of model text; findings {k1 + k2 + k3}")
    for label, t in (
        ("json.loads (anchor)", t_json),
        ("load + DocumentContext", t_load),
        ("UL600-UL605", t_hidden),
        ("UL620-UL625", t_instr),
        ("UL626 (directives)", t_dir),
        ("UL600-UL626 / UL600-UL625", (t_hidden + t_instr + t_dir) / (t_hidden + t_instr) * t_json),
    ):
        print(f"  {label:24} {t * 1000:8.1f} ms  {t / t_json:6.1f}x json.loads  {chars / t / 1e6:6.2f} M chars/s")


if __name__ == "__main__":
    main()
