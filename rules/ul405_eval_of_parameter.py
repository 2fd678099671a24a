"""eval() or exec() of a string built from parameters.

## What it does
Reports `eval(x)` and `exec(x)` (also `builtins.eval`, aliases and rebinding)
when `x` is built from the enclosing function's parameters, from program
input (`sys.argv`, `input()`), or assembled by f-string, `%`, `.format`,
concatenation or `join` from values the scanner cannot trace. Constant code
is not reported. The content of a file read from a path not fixed in the code
(`exec(compile(open(path).read(), path, "exec"))`, `exec(Path(p).read_text())`,
through names bound once) is reported as a warning: whoever chooses or writes
that file runs code. A constant path or one built from `__file__` (a module
shipped beside this one) is not.

The library entry points that compile and run Python source count as `exec`
(`code.InteractiveConsole`/`InteractiveInterpreter` `runsource`/`runcode`/`push`,
`timeit.timeit`/`repeat`/`Timer`, a Jupyter kernel client's `execute`/`execute_interactive`,
IPython's `run_cell`/`ex`/`ev`, and the result of `codeop.compile_command` or a
`codeop.Compile()` instance handed to `exec`), and those that run a file's code as
running its content (`runpy.run_path`, `importlib.util.spec_from_file_location(...)`
then `spec.loader.exec_module`, `SourceFileLoader(...).exec_module`/`load_module`).
Code that is text the program received is reported like a parameter: data a peer
sent (`sock.recv()`, an awaited `reader.readline()`, a websocket's `receive_text()`),
standard input, an environment variable, a value of a configuration file whose path
is not fixed in the code (`json.load`, `tomllib.load`, `yaml.safe_load`) and an HTTP
response (`requests.get(url).text`, `urlopen(url).read()`).

Code handed to another interpreter or engine through an object of no known type
(`view.execute(f"x = {expr}")` of an ipyparallel view, rpyc's `conn.eval`, execnet's
`gateway.remote_exec`, xonsh's `shell.run_code`, Selenium's `execute_script`, Frida's
`create_script`, a Lua or JavaScript runtime's `execute`/`eval`) is reported when the
method's name says it runs code and the text's constant template (each value replaced by a
placeholder) parses as Python or shows JavaScript/Lua structure, and a value from outside is
put in without `repr`/`!r`/`%r`/`json.dumps` or a number conversion (hand-written quotes do
not count): an error when both facts hold, a warning when only one does (a method whose name
says code given one value whole, or `execute`/`eval` given a text that is code). SQL does not
parse as Python, and DB-API parameters are passed apart from the text
(`linter/pyscan/duckcode.py`).

Any other code value the scan cannot trace (a database column, a helper's result, a
configuration getter, an attribute of an object it cannot follow) is reported as a
warning of medium confidence naming what the scan saw: under review such text is
usually outside text.  Not reported are values provably made by the program itself:
constants and containers of constants (through names, loops and subscripts),
`repr()`/`!r`/`%r` literals, its own source (`inspect.getsource`, `__code__`,
`__name__`, `__annotations__`), an AST it constructs (`ast.Module(...)`), code whose
parsed tree a `for node in ast.walk(tree)` loop checked (raising) before the call,
and a name narrowed to constants by an `if x in (...)` around the use.

## Why is this dangerous
`eval`/`exec` run Python: whoever controls the string runs arbitrary code in
the plugin's process, with its credentials. Quoting does not help.

## Example
```python
def calc(expression):
    return eval(f"({expression}) * 2")
```

## Fix
Parse data instead of executing it: `json.loads`, `ast.literal_eval`, or a
small dispatch table of allowed operations. Bandit B307/B102 and ruff
S307/S102 name the same check.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.pyscan.facts import SinkKind
from utcp_lint.ruleset.rule import Rule

from ._python import executors, sink_findings, via_text

RULE = Rule(
    id="UL405",
    name="eval-of-parameter",
    severity="error",
    confidence="high",
    scope="python",
    tags=("security", "python", "code-execution"),
    security_severity=9.0,
    aliases=("B307", "S307", "B102", "S102"),
)

REPORTS = {
    SinkKind.EVAL: ("B307", "S307"),
    SinkKind.EXEC: ("B102", "S102"),
    SinkKind.EXEC_FILE: ("B102", "S102", "B307", "S307"),
    SinkKind.CODE_UNTRACED: ("B102", "S102", "B307", "S307"),
}


def message(s) -> str:
    if s.kind is SinkKind.EXEC_FILE:
        return (
            f"{s.callee}() runs the content of a file as Python code; the file's path comes from "
            f"{s.ev.describe()}{via_text(s.via)}: whoever chooses or writes that file runs arbitrary code in "
            f"this process. Run only files the program ships (a path fixed in the code), or import them as "
            f"modules from a trusted location." + executors(s)
        )
    if s.kind is SinkKind.CODE_UNTRACED:
        return (
            f"{s.callee}() runs Python code whose value is not known statically: the scan saw {s.label}"
            f"{via_text(s.via)}, which it cannot trace to a constant or to the program's own code. Code that "
            f"comes from a file, a database, a configuration value, a process's output or a caller runs "
            f"arbitrary code in this process: make sure it cannot, or parse the data instead "
            f"(json.loads, ast.literal_eval, a dispatch table of allowed operations)." + executors(s)
        )
    outside = sorted(p[2] for p in s.ev.params if p[0] == 0 and " " in p[2])
    if outside and len(outside) == len(s.ev.params):
        # text the program received (pyscan/codeinput.py), not a parameter of this function
        return (
            f"{s.callee}() runs Python code that is {' and '.join(outside)}{via_text(s.via)}: whoever "
            f"controls that input runs arbitrary code in this process. Parse the data instead "
            f"(json.loads, ast.literal_eval, a dispatch table of allowed operations)." + executors(s)
        )
    if s.code_runner == "engine":
        # an engine of no known type (pyscan/duckcode.py): Python, JavaScript or Lua, by the text's shape
        return (
            f"{s.callee}() runs code in another interpreter or engine built from {s.ev.describe()}"
            f"{via_text(s.via)}: whoever controls those values runs arbitrary code there. Put each value "
            f"in as a literal of that language (repr, json.dumps) or pass it as the engine's argument, "
            f"never inside hand-written quotes." + executors(s)
        )
    return (
        f"{s.callee}() runs Python code built from {s.ev.describe()}{via_text(s.via)}: whoever controls "
        f"those values runs arbitrary code in this process. Parse the data instead "
        f"(json.loads, ast.literal_eval, a dispatch table of allowed operations)." + executors(s)
    )


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    yield from sink_findings(RULE, ctx, REPORTS, message)
