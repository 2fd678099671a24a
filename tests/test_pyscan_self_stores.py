"""Issue 25: the evaluator's answer for ``self.X`` kept library objects (``self.runtime =
Runtime(...)``, ``self._popen = subprocess.Popen``) reads one index of the class's
``self.attribute = ...`` assignments, made in one walk of each method, instead of walking
every method again for each attribute asked (0.36 s of yt-dlp's 2.5 s profiled run; the
same findings on 199 bench trees).  Guarded by counting the walks of each method."""

import ast
import collections
import subprocess
import sys

from utcp_lint.pyscan import evaluate

SRC = (
    "import subprocess\n\n\nclass Runner:\n    def __init__(self):\n"
    + "".join(f"        self.r{i} = subprocess.Popen\n" for i in range(12))
    + "".join(f"\n    def go{i}(self, cmd):\n        return self.r{i}(cmd, shell=True)\n" for i in range(12))
)


def test_each_method_walked_once_for_every_attribute(tmp_path, monkeypatch):
    (tmp_path / "runner.py").write_text(SRC)
    walked = collections.Counter()
    real = evaluate.statements  # the walk of a method's statements (astwalk.statements, session 41)

    def counting(node):
        if isinstance(node, ast.FunctionDef):
            walked[node.name] += 1
        return real(node)

    monkeypatch.setattr(evaluate, "statements", counting)
    from utcp_lint.ruleset.index import selectable_rules
    from utcp_lint.run.linter import Linter

    rules = [r for i, r in selectable_rules().items() if i.startswith("UL4")]
    result = Linter(rules, use_cache=False).lint_paths([str(tmp_path)])
    found = sorted(f.line for f in result.findings if f.rule == "UL401")
    # every go<i> runs its parameter through the kept Popen with shell=True
    assert len(found) == 12, [(f.rule, f.line, f.message) for f in result.findings]
    assert walked and max(walked.values()) == 1, walked


def test_cli_reports_the_kept_popen(tmp_path):
    (tmp_path / "runner.py").write_text(SRC)
    cmd = [sys.executable, "-m", "utcp_lint", "--select", "UL401", "--no-config", "--no-cache", "."]
    r = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode == 1 and r.stdout.count("UL401") == 12, r.stdout + r.stderr
