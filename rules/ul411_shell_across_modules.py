"""A value reaches a shell through a function of another module of the project.

## What it does
Follows shell sinks across the modules of the linted tree. For every function
and method it records which parameters reach a shell string or an
interpreter's code, which commands run through a shell when a `shell`
parameter (or `shell=` passed through `**kwargs`) is true, and applies that at
every call site in the tree: imports within the tree (`from .util import
run`, `import pkg.mod as m`), methods through `self.`, classes (their
`__init__`, subclasses of `subprocess.Popen`), wrappers of wrappers, names
re-exported by a package (`from .procs import *`, `from .procs import run as
run_safe`) and `*args` parameters. Helpers that build an argv are followed
too: a function returning `["bash", "-c", script]` or `["ssh", host,
command]`, and a runner of argv lists (`Popen_safe(args)`, `cmd_output(*cmd)`)
handed a shell or interpreter argv; a program named by a variable counts as
what it is named for (`[shell, "-c", cmd]`, `os.environ["SHELL"]`,
`python.command + ["-c", code]`). Methods of objects are found through their
classes: `self.`, a parameter or dataclass field annotated with a class of the
tree, a `@property`/`@cached_property` return annotation, `self.env = env` from
an annotated parameter, a local assigned from such a method's result
(`self.platform.run_command(cmd)`, `context.env.run(cmd)`); `shell=True` set by
`kwargs.setdefault("shell", True)` before `run(cmd, **kwargs)` counts as passed.
The finding is at the call that feeds a value from outside (a parameter of a
public function, or a value not known statically; a private helper's
parameter once some caller feeds that helper, so each hop of the chain is
reported) and lists the shell calls it ends in as related locations. Flows inside one module stay UL408's,
except those UL408 cannot follow: a method called on an instance (`git = Git(); git.check_call("push",
remote)`), a `*args` parameter, and a value not known statically read from a configuration or data
object (`_sprun(f'quarto render "{cfg.readme_nb}"')` with `cfg = get_config()`,
`self._start_process(self.list_cmd)`, `for job in self.jobs: self._shell(job.command)`; not the
program's own paths such as `os.path.dirname(__file__)` or `tempfile.mkdtemp()`, nor attributes
assigned only constants: `linter/pyscan/configvalues.py`). Also followed: `subprocess` functions a module of the tree
re-exports (`from subprocess import check_call` in `_utils.py`, imported from there), a shell flag
true only on Windows over a list (every item reaches `cmd.exe`; also a helper that sets it
itself, `def run(argv): subprocess.run(argv, shell=os.name == "nt")`, inherited methods such
as `self.subprocess([self.binary, *self.extra_args])` of a base class in another module),
a runner injected as a
parameter's default (`def record(cmd, spawn_=pty.record): spawn_(["sh", "-c", cmd])`). Calls
made by the tests of a test module (`test_*.py`, `*_test.py`, `conftest.py`,
any module of a `tests`/`test` package) are not reported: they pass test data
and mocks, not outside values (in a module named as a test, any of its functions: its
helpers and fixtures serve its tests). A shell call in a nested function whose command
is a parameter of the enclosing function (`def sh(command): def run():
Popen(command, shell=True)`) counts as the enclosing function's, and a
constructor parameter `__init__` keeps in `self` (`self.cmd = cmd`) that
another method runs (`Popen(self.cmd, shell=True)`, also through a property
returning it, a local bound on several paths, or a keyword argument such as
`Template(cmd).safe_substitute(**ctx)`; `shlex.quote(self.cmd)` stops it) is
reported where the object is constructed (`Command(value)`), in the same module
too (the sink itself only sees `self.cmd`). Test modules are recognised by their
path inside the linted tree, never by the directories the tree sits in.

The caller decides the shell where the project leaves it open: a shell flag
the constructor keeps (`def __init__(self, cmd, shell=False)` ...
`Popen(self.cmd, shell=self.shell)`) or a branch taken only when a flag is
true (`if shell: create_subprocess_shell(cmd)`, `shell` defaulting to False)
is reported at the call that passes a possibly true flag with a value, never
at the sink (no caller passing it: nothing to report). A flag true by default
(`def run_cmd(cmd, shell=True)` with `Popen(cmd, shell=shell)`, or `if shell:
call(cmd, shell=True) else: call(cmd)`) is a shell at the sink (UL401 there) and
for every caller that leaves it so; a caller passing `shell=False` (by keyword or
position) takes the argv branch and is not reported. A method called on an
object typed by an abstract base (`backend: BaseBackend`, `cls._host` declared
under `if TYPE_CHECKING:`) reaches the subclasses' overrides; `f(*args)` into
a command parameter passes the caller's first argument as the command. A
helper quoting every word (`" ".join(map(self._quote, cmd))`, each path
returning `shlex.quote(word)` or a constant) is a sanitiser. A runner that
`%`-formats its extra arguments shell-quoted (`run_local(template, *args)`)
is reported where a caller's template undoes that quoting: a placeholder
inside hand-written quotes (`"test -e '%s'"`) or as a shell's code
(`"docker exec %s /bin/sh -c %s"`). A project helper that evaluates the text it
is given as Python code (`eval`/`exec` of a parameter, also compiled first and
evaluated later: `functools.partial(eval, compile(expr, ...))`, a closure) is
reported at the calls in other modules that hand it a value (one hop: the
helper's `eval` is reported where it runs, by UL405). So is a function or method
that runs the content of a file whose path is its parameter (`exec(open(path).read())`,
`eval(fp.read())`, a value of a JSON/TOML/YAML file it loads from that path), at the
calls in other modules that name the file with their own parameter or a program input
(`load_version_file(args.version_file)`): a warning, like the sink itself.

Values that are not command text are not reported: a function object (a `def`,
a lambda, an undecorated method read on `self` such as `register(cmd=self.toggle)`,
a top-level function imported from another module of the tree; a `@property` is
its value), a method's own object handed on (`helper(self)`: what the callee reads
from it was stored elsewhere), an instance of a class of the tree built only from
constants (`Command(identity="podman", command="podman --version")`), and a list
given to a helper that runs a shell only when its command is text (`shell =
isinstance(cmd, str)`, `if isinstance(cmd, list): shell = False` before the call, also
through wrappers passing it on whole, and when the launch sits in a nested function reading
the helper's parameter: `async def run_command(): await anyio.open_process(args)`, a retry
loop's `def attempt()`), unless the list itself starts a shell or an interpreter with code
(`["sh", "-c", "docker rm " + name]`): a list display, a list built from a helper of the
module returning one (`cmd = self._docker_cmd(); cmd += ["inspect", name]`, a return
annotation `-> list[str]`) or a parameter annotated as one (`cmd: list[str]`). A
command written out as a constant (`getstatusoutput("sw_vers --productVersion")`) is
not reported either, nor a document a dispatch layer (fed by a caller of the tree; the
outermost call, where the document comes in, is reported) hands on unchanged to the public
function that reads
the command from a field of it and runs it (`run_activity(activity)`,
`pool.submit(execute_activity, experiment, activity)`, every use of that parameter a lookup
such as `activity["provider"]`, `spec.get("cmd")`, or a hand-on; an object's attribute such as
`ssh.cmd` may be text it was built with and does not count): the dispatcher adds no shell text
and the sink's own finding names the flow; a value not known statically there (an issue a
tracker sent) is reported where it comes in, and so is a caller building that document from
its own text (`run_activity({"provider": {"path": path, "arguments": args}})`) is reported
(`linter/pyscan/docparams.py`). A chain is reported at the calls at most five calls away from the
shell; further out a call hands a whole request or document to a dispatcher, and the
hops nearer the sink name the flow. A process's
output (`check_output(["git", "config", "--get", key])`, `Popen(...).communicate()`)
is outside data of its own, not its arguments' text: a parameter that only picks
what a process prints does not reach the shell that runs the printout (the sink
keeps its own finding).

## Why is this dangerous
Projects hide `subprocess` behind their own helpers (`util.run(cmd,
shell=True)`, a `Popen` subclass, a runner class). Each module looks harmless
alone: the helper only runs what it is given, the caller only calls a helper.
The value a caller passes is still parsed by `/bin/sh`.

## Example
```python
# util.py
import subprocess

def run(cmd, shell=False):
    return subprocess.run(cmd, shell=shell)

# deploy.py
from .util import run

def deploy(host):
    run("ssh " + host + " uptime", shell=True)
```

## Fix
Give the helper an argv list and keep `shell=False`
(`run(["ssh", host, "uptime"])`); never build a shell string from a value.
"""

from collections.abc import Iterator

from utcp_lint.core.findings import Finding
from utcp_lint.pyscan.context import PythonContext
from utcp_lint.pyscan.filereach import FILE_HOW
from utcp_lint.pyscan.project import CODE_HOW
from utcp_lint.ruleset.rule import Rule

RULE = Rule(
    id="UL411",
    name="value-reaches-shell-across-modules",
    severity="error",
    confidence="medium",
    scope="python",
    tags=("security", "python", "shell", "dataflow"),
    security_severity=8.8,
)

_HOW = {
    "raw": "unquoted",
    "quoted-in-quotes": "shlex.quote-d but inside quotes (bypassable)",
    "quoted-template": "shlex.quote-d, then substituted into a template at a quoting position known only at run time",
}


def _callee(key: str) -> str:
    """The name a reader sees at the call: the class for a constructor (``Command()``)."""
    parts = key.split(".")
    return parts[-2] if parts[-1] == "__init__" and len(parts) > 1 else parts[-1]


@RULE.check
def check(ctx: PythonContext) -> Iterator[Finding]:
    from utcp_lint.core.findings import Related

    for fl in ctx.project_flows:
        related = []
        for display, start, end, label in fl.hops:
            src = ctx.project_sources.get(display)
            if src is not None:
                related.append(Related(label, display, src.region(start, end)))
        for display, start, end, label in fl.sinks:
            src = ctx.project_sources.get(display)
            if src is not None:
                related.append(Related(f"{label} runs the command here", display, src.region(start, end)))
        chain = " -> ".join(n.rsplit(".", 1)[-1] + "()" for n in fl.chain)
        if fl.params:
            what = "parameter{} {}".format(
                "s" if len(fl.params) > 1 else "",
                ", ".join(f"{_param_name(n)} ({_HOW.get(m, m)})" for n, m in sorted(fl.params.items())),
            )
            who = f"{fl.caller}() passes {what}"
        elif fl.inputs:
            who = f"{'this call' if not fl.caller else fl.caller + '()'} passes {', '.join(fl.inputs)}"
        else:
            who = f"{'this call' if not fl.caller else fl.caller + '()'} passes a value not known statically"
        where = ", ".join(f"{r.path}:{r.region.line}" for r in related[len(fl.hops) :]) or fl.callee
        how = f" ({fl.how})" if fl.how else ""
        fix = (
            "Parse the data instead (ast.literal_eval, a table of allowed operations); never evaluate text a caller gives."
            if fl.how == CODE_HOW
            else "Pass an argv list with shell=False; never a shell string built from a value."
        )
        if fl.how == FILE_HOW:
            text = (
                f"{who} to {_callee(fl.callee)}() {FILE_HOW} at {where} (call chain {chain}): whoever chooses "
                f"that file runs code. Load only files the program ships, or parse data (json, ast.literal_eval)."
            )
        else:
            text = (
                f"{who} to {_callee(fl.callee)}(), which runs it as shell or interpreter code{how} at {where} "
                f"(call chain {chain}). {fix}"
            )
        yield RULE.finding(
            ctx.source,
            fl.start,
            fl.end,
            text,
            severity="error" if fl.level == "high" else "warning",
            confidence="medium" if fl.level == "high" or fl.how == FILE_HOW else "low",
            related=related,
        )


def _param_name(n: str) -> str:
    """``'cmd'``; the project summaries' ``*args#k`` (item k of ``*args``) as ``item k+1 of '*args'``."""
    if "#" in n:
        base, k = n.split("#", 1)
        return f"'{base}' (its first item)" if k == "0" else f"item {int(k) + 1} of '{base}'"
    return f"'{n}'"
