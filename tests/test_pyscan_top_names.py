"""The project pass's answer to "does this import name a function or a class of the tree"
comes from one pass over each module's lines (issue 25, speed: it scanned the module's
lines once per question, 1.9 s of scons's 2.2 s).  The index must give exactly what the
per-name line tests gave, on lines that could make them differ."""

import ast

from utcp_lint.pyscan.project import _top_names

TEXT = """\
def run(cmd):
async def arun(cmd):
def  spaced(x):
def run_more (x):
class Command(Base):
class Plain:
class Spaced :
Command2 = Command
value: int = 3
a, b = 1, 2
from .runner import Command3
from .runner import Command4 as C4
from .other import (Command5,
import os, Command6
def café(x):
runner.run = 3
"""


def _old(text: str, name: str):
    defs = classes = binds = 0
    again = None
    for line in text.splitlines():
        if line.startswith(("def " + name + "(", "async def " + name + "(")):
            defs += 1
        elif line.startswith("class " + name) and line[6 + len(name) :][:1] in ("(", ":"):
            classes += 1
        elif line.startswith(name) and line[len(name) :].lstrip()[:1] in ("=", ":", ","):
            binds += 1
        elif line.startswith(("from ", "import ")) and name in line.replace(",", " ").split():
            binds += 1
            try:
                st = ast.parse(line).body[0]
            except (SyntaxError, IndexError):
                continue
            if isinstance(st, ast.ImportFrom) and any(a.name == name and a.asname is None for a in st.names):
                again = "." * st.level + (st.module + "." if st.module else "") + name
    return defs, classes, binds, again


def test_index_equals_the_per_name_line_tests():
    d, c, b, a = _top_names(TEXT)
    names = {"run", "arun", "spaced", "run_more", "Command", "Plain", "Spaced", "Command2", "value", "a", "b"}
    names |= {"Command3", "Command4", "C4", "Command5", "os", "Command6", "café", "runner", "def", "class"}
    for n in names:
        assert (d.get(n, 0), c.get(n, 0), b.get(n, 0), a.get(n)) == _old(TEXT, n), n
    assert d["run"] == 1 and d["arun"] == 1 and d["café"] == 1 and c["Command"] == 1
    assert a["Command3"] == ".runner.Command3" and "Command4" not in a
