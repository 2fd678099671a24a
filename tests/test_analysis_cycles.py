"""A template's analyses are freed by reference counting once
``release_analyses`` drops them: the garbage collector finds nothing of
them (issue 15: ~300 objects per template the collector had to free)."""

from __future__ import annotations

import gc
import json
import random
from collections import Counter

from test_bash_corpus import CORPUS

from utcp_lint.core.findings import SourceFile
from utcp_lint.document.jsonpos import parse
from utcp_lint.ruleset.context import DocumentContext, LintOptions
from utcp_lint.run.linter import Linter
from utcp_lint.run.result import RunResult
from utcp_lint.run.rules import run_template_rules


def _manual(commands_per_tool: list[list[str]], shell: str = "auto") -> DocumentContext:
    tools = []
    for i, cmds in enumerate(commands_per_tool):
        props = {p.split("_UTCP_END")[0]: {"type": "string"} for c in cmds for p in c.split("UTCP_ARG_")[1:]}
        tools.append(
            {
                "name": f"tool_{i}",
                "description": "generated",
                "inputs": {"type": "object", "properties": props, "required": sorted(props)},
                "tool_call_template": {"call_template_type": "cli", "commands": [{"command": c} for c in cmds]},
            }
        )
    text = json.dumps({"manual_version": "1.0.0", "utcp_version": "1.0.2", "tools": tools})
    return DocumentContext(SourceFile("m.json", text), parse(text), LintOptions(shell=shell))


def _garbage_of_template_rules(doc: DocumentContext) -> Counter:
    """Run every template rule on every template (releasing each one's
    analyses, as a run does) and count what only the collector frees."""
    rules = Linter().rules
    templates = doc.templates
    result = RunResult()
    run_template_rules(rules, templates, doc.source, result, None, 0, 1)  # imports, document-level caches
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        run_template_rules(rules, templates, doc.source, result, None, 0, None)
        gc.collect()
        found = Counter(type(o).__qualname__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if enabled:
            gc.enable()
    assert result.findings and not result.errors  # the rules did run
    return found


def test_released_bash_analyses_leave_no_cycles():
    rnd = random.Random(7)
    doc = _manual([[rnd.choice(CORPUS) for _ in range(10)] for _ in range(30)])
    assert len(doc.templates) == 30
    # before: ~300 objects per template (BashAnalysis <-> SimpleCommand)
    assert _garbage_of_template_rules(doc) == Counter()


def test_a_command_kept_after_release_keeps_what_it_computed():
    doc = _manual([["echo UTCP_ARG_x_UTCP_END | sh"]])
    tpl = doc.templates[0]
    cmd = tpl.bash.commands[0]
    words = [w.value for w in cmd.words]
    tpl.release_analyses()
    assert cmd.closed  # no reference back to the analysis
    assert cmd.name == "echo" and [w.value for w in cmd.words] == words
    assert cmd.pipeline == [cmd]
    assert tpl.bash.commands[0] is not cmd and len(tpl.bash.commands[0].pipeline) == 2  # recomputed


def test_released_powershell_analyses_leave_no_cycles():
    # quotes in comments (fixes re-analysed), here-strings, sub-expressions, redirects
    steps = [
        "Write-Output 'UTCP_ARG_x_UTCP_END' # don't",
        'Get-Item "$(Join-Path C:\\ UTCP_ARG_x_UTCP_END)" > out.txt',
        "$s = @'\nUTCP_ARG_x_UTCP_END\n'@; Invoke-Expression $s",
        "& UTCP_ARG_x_UTCP_END -Flag UTCP_ARG_y_UTCP_END, b 2>&1",
    ]
    doc = _manual([steps, steps[::-1]], shell="powershell")
    for tpl in doc.templates:
        assert tpl.powershell.parsed.nodes  # parsed
        tpl.release_analyses()
    # before: every node's parent, argument and redirect back-references
    assert _garbage_of_template_rules(doc) == Counter()
