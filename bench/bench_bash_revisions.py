"""The bash rules' speed at two git revisions, measured in the same run (issue 11: "speed
stays within 10% of today's").

    python bench/bench_bash_revisions.py [BASE_REV] [N_STEPS]     # default a2b9718, 10000

Extracts ``linter/`` and ``rules/`` of BASE_REV into a temp directory laid out as the
``utcp_lint`` package, builds the manual of bench_templates.py (N_STEPS steps from the
bash corpus), then alternates cold ``utcp-lint --select UL1`` processes of the base and
of the working tree (5 rounds each, interleaved so machine load hits both alike) and
prints the best CPU time (user+sys) of each and their ratio.  A second manual of
value-flow shapes (fixtures/valueflow) repeated to the same size shows the cost of the
new analysis where it actually has work to do.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from bench_templates import _env, make_manual, timed  # noqa: E402


def extract(rev: str, dest: Path) -> Path:
    pkg = dest / "utcp_lint"
    data = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "linter", "rules"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tf:
        tf.extractall(dest / "src")
    shutil.move(str(dest / "src" / "linter"), str(pkg))
    shutil.move(str(dest / "src" / "rules"), str(pkg / "rules"))
    return dest


def working_tree(dest: Path) -> Path:
    pkg = dest / "utcp_lint"
    shutil.copytree(ROOT / "linter", pkg)
    shutil.copytree(ROOT / "rules", pkg / "rules")
    return dest


def cmd_for(root: Path, manual: str) -> list:
    code = (
        "import sys; sys.path.insert(0, %r); from utcp_lint.cli.app import main; "
        "sys.argv = ['utcp-lint'] + sys.argv[1:]; main()" % str(root)
    )
    return [sys.executable, "-c", code, "--no-config", "--no-cache", "--select", "UL1", "--shell", "bash", manual]


def valueflow_manual(n_steps: int) -> str:
    tools = []
    for f in ("bad_valueflow.json", "good_valueflow.json"):
        tools += json.loads((ROOT / "fixtures" / "valueflow" / f).read_text())["tools"]
    out = []
    i = 0
    while len(out) < n_steps:
        t = json.loads(json.dumps(tools[i % len(tools)]))
        t["name"] = f"{t['name']}_{i}"
        t["tool_call_template"]["name"] = t["name"]
        out.append(t)
        i += 1
    return json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": out})


def main() -> None:
    rev = sys.argv[1] if len(sys.argv) > 1 else "a2b9718"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    env = _env()
    with tempfile.TemporaryDirectory() as td:
        td = Path(td)
        base = extract(rev, td / "base")
        head = working_tree(td / "head")
        manuals = {}
        text, _tools = make_manual(n)
        manuals["bash corpus"] = td / "corpus.json"
        manuals["bash corpus"].write_text(text)
        manuals["value-flow shapes"] = td / "valueflow.json"
        manuals["value-flow shapes"].write_text(valueflow_manual(max(n // 4, 100)))
        for label, m in manuals.items():
            for root in (base, head):  # warm the byte-code cache
                timed(cmd_for(root, str(m)), reps=1, env=env)
            best = {"base": float("inf"), "head": float("inf")}
            for _ in range(5):
                for key, root in (("base", base), ("head", head)):
                    _w, cpu = timed(cmd_for(root, str(m)), reps=1, env=env)
                    best[key] = min(best[key], cpu)
            print(
                f"{label:20} {rev}: {best['base']:.2f}s cpu   working tree: {best['head']:.2f}s cpu   "
                f"ratio {best['head'] / best['base']:.3f}"
            )


if __name__ == "__main__":
    main()
