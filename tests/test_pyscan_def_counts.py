"""The unique-name check counts ``def NAME(`` per text in one pass (issue 25, speed):
the count of each name equals the per-name regex it replaced, on texts with the
shapes that could make them differ (prefixes, suffixes, tabs, async, comments)."""

import re

from utcp_lint.pyscan.uniquename import def_counts

TEXT = """
def run_command(cmd):
    pass
async def run_command (cmd): ...
def run_command_x(cmd): pass
def\trun_commandé(cmd): pass
undef run_command(x)
# def run_command( in a comment still counts, as before
class A:
    def _run_cmd(self, c):
        def inner_fn(): pass
    def run_cmd2(self): pass
def  spaced_name\t(x): pass
def not_a_call = 1
def def_run(x): pass
"""


def _old(name: str, text: str) -> int:
    return len(re.compile(r"\bdef[ \t]+" + re.escape(name) + r"[ \t]*\(").findall(text))


def test_counts_equal_the_per_name_regex():
    c = def_counts(TEXT)
    names = {"run_command", "run_command_x", "_run_cmd", "inner_fn", "run_cmd2", "spaced_name", "def_run", "not_a_call"}
    for n in names:
        assert c.get(n, 0) == _old(n, TEXT), n
    assert c["run_command"] == 3  # two definitions and the comment
    assert "not_a_call" not in c
