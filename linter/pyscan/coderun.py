"""Library entry points that run Python code other than ``eval``/``exec`` (issue 25).

A REPL server, a ``run script`` command, a benchmark helper or a plugin loader
rarely calls ``exec`` itself: it hands the text (or the file) to the standard
library, which compiles and runs it.  Each entry of the tables below is one
documented fact of the Python library reference (3.13):

* ``code`` module: ``InteractiveInterpreter.runsource(source)`` "Compile and run
  some source in the interpreter"; ``runcode(code)`` "Execute a code object"
  (also given a string: ``exec`` accepts one); ``InteractiveConsole.push(line)``
  "Push a line of source text to the interpreter" (runs it once complete).
* ``timeit`` module: ``timeit(stmt, setup)``, ``repeat(stmt, setup)`` and
  ``Timer(stmt, setup)`` -- "stmt and setup may also contain multiple statements";
  a string is compiled and executed (``Timer.__init__`` compiles it).
* ``runpy.run_path(path_name)`` "Execute the code at the named filesystem location".
* ``importlib.util.spec_from_file_location(name, location)`` then
  ``spec.loader.exec_module(module)``: the module's code is the file at
  ``location`` (the "Importing a source file directly" recipe of the importlib docs);
  ``importlib.machinery.SourceFileLoader(name, path)`` the same.
* ``codeop.compile_command(source)``, ``code.compile_command(source)`` and the
  instances of ``codeop.Compile`` / ``codeop.CommandCompiler`` compile ``source``
  like ``compile()``: their result given to ``exec``/``eval`` runs that text.

The detector (:mod:`.sinks`) reports a string argument like ``exec`` of it
(:data:`CODE_RUNNERS`), and a path argument like ``exec`` of the file's content
(:data:`FILE_RUNNERS`, :func:`loaded_file_path`): a constant path or one built
from ``__file__`` (the program's own file) is not reported (:mod:`.execfile`).
"""

from __future__ import annotations

import ast

from .scopes import method_class

__all__ = [
    "CODE_RUNNERS",
    "COMPILERS",
    "LIBRARY_CODE_METHODS",
    "FILE_RUNNERS",
    "RUNNER_ATTRS",
    "compiled_source",
    "library_code_method",
    "untyped_library_method",
    "loaded_file_path",
    "self_instance",
    "inherited_runner",
    "INHERITED_ATTRS",
    "STATEMENT_RUNNERS",
]

# qualified name -> (position, keyword names) of the Python source argument
CODE_RUNNERS: dict[str, tuple[int, tuple[str, ...]]] = {
    "code.InteractiveInterpreter.runsource": (0, ("source",)),
    "code.InteractiveInterpreter.runcode": (0, ("code",)),
    "code.InteractiveConsole.runsource": (0, ("source",)),
    "code.InteractiveConsole.runcode": (0, ("code",)),
    "code.InteractiveConsole.push": (0, ("line",)),
    "timeit.timeit": (0, ("stmt",)),
    "timeit.repeat": (0, ("stmt",)),
    "timeit.Timer": (0, ("stmt",)),
}

# debuggers, profilers and tracers that run a statement they are given (Python library
# reference 3.13): bdb "run(cmd, globals=None, locals=None): Debug a statement executed
# via the exec() function", "runeval(expr, ...): Debug an expression executed via the
# eval() function" (``pdb.Pdb`` derives from ``bdb.Bdb``); pdb "pdb.run(statement, ...):
# Execute the statement (given as a string or a code object) under debugger control",
# "pdb.runeval(expression, ...)"; profile/cProfile "run(command, ...): This function
# takes a single argument that can be passed to the exec() function", ``runctx`` and
# ``Profile.run(cmd)``/``runctx(cmd, ...)``; trace "Trace.run(cmd): Execute the command"
# and ``runctx(cmd, ...)`` "Execute the command ... with the defined global and local
# environments"
STATEMENT_RUNNERS: dict[str, tuple[int, tuple[str, ...]]] = {
    "bdb.Bdb.run": (0, ("cmd",)),
    "bdb.Bdb.runeval": (0, ("expr",)),
    "bdb.Bdb.runctx": (0, ("cmd",)),
    "pdb.Pdb.run": (0, ("cmd",)),
    "pdb.Pdb.runeval": (0, ("expr",)),
    "pdb.Pdb.runctx": (0, ("cmd",)),
    "pdb.run": (0, ("statement",)),
    "pdb.runeval": (0, ("expression",)),
    "profile.run": (0, ("statement",)),
    "profile.runctx": (0, ("statement",)),
    "profile.Profile.run": (0, ("cmd",)),
    "profile.Profile.runctx": (0, ("cmd",)),
    "cProfile.run": (0, ("statement",)),
    "cProfile.runctx": (0, ("statement",)),
    "cProfile.Profile.run": (0, ("cmd",)),
    "cProfile.Profile.runctx": (0, ("cmd",)),
    "trace.Trace.run": (0, ("cmd",)),
    "trace.Trace.runctx": (0, ("cmd",)),
}
CODE_RUNNERS.update(STATEMENT_RUNNERS)
# methods of a library's objects that run Python source (matched on the library's top
# module and the method's name: the objects come from factories and clients, so the
# resolved name carries the chain, ``jupyter_client.KernelManager.client.execute``):
# jupyter_client docs, ``KernelClient.execute(code, ...)`` "Execute code in the kernel" and
# ``BlockingKernelClient.execute_interactive(code, ...)``; IPython docs,
# ``InteractiveShell.run_cell(raw_cell, ...)``/``run_cell_async`` "Run a complete IPython
# cell", ``ex(cmd)`` "Execute a normal python statement in user namespace", ``ev(expr)``
# "Evaluate python expression expr in user namespace"; sandboxes that run code an agent or a
# user gives (pyA19): E2B docs, ``e2b_code_interpreter.Sandbox.run_code(code, ...)`` "run Python
# code inside the sandbox"; Daytona docs ("Process and Code Execution"),
# ``sandbox.process.code_run(code, ...)`` runs the snippet in the sandbox's interpreter
# execnet docs ("Gateway.remote_exec(source)": the source runs in the remote interpreter, over
# ssh, a socket or a subprocess); langchain_experimental reference (``PythonREPL.run(command)``
# "Run command with own globals/locals": exec of the text) -- its ``run`` only on that class
# (:data:`_CLASS_BOUND`: the package's chains have ``run(question)`` methods too)
LIBRARY_CODE_METHODS: dict[str, dict[str, tuple[int, tuple[str, ...]]]] = {
    "execnet": {"remote_exec": (0, ("source",))},
    "langchain_experimental": {"run": (0, ("command",))},
    "e2b_code_interpreter": {"run_code": (0, ("code",))},
    "daytona": {"code_run": (0, ("code",))},
    "daytona_sdk": {"code_run": (0, ("code",))},
    "jupyter_client": {"execute": (0, ("code",)), "execute_interactive": (0, ("code",))},
    # nbclient 0.10 nbclient/client.py ``NotebookClient.async_execute_cell(cell, cell_index,
    # execution_count=None, store_history=True)`` / ``execute_cell`` (run_sync of it): "Executes a
    # single code cell": the cell's ``source`` is sent to the kernel with ``kc.execute(cell.source)``
    # (a cell an agent makes with ``nbformat.v4.new_code_cell(code)`` runs that code)
    "nbclient": {"async_execute_cell": (0, ("cell",)), "execute_cell": (0, ("cell",))},
    "IPython": {
        "run_cell": (0, ("raw_cell",)),
        "run_cell_async": (0, ("raw_cell",)),
        "ex": (0, ("cmd",)),
        "ev": (0, ("expr",)),
    },
}


# a notebook code cell made from text: what a kernel runs when the cell is executed is that text
# (nbformat 5.10 nbformat/v4/nbbase.py ``new_code_cell(source="", **kwargs)`` "Create a new code
# cell": ``cell.source = source``; nbclient runs ``cell.source``): the evaluator reads the cell as
# its source, so ``client.async_execute_cell(new_code_cell(code), i)`` runs ``code``
#: libraries whose code method runs a cell object: reported only when the cell is made from a
#: parameter's text (a cell of a notebook read from disk runs the notebook, a file's code)
CELL_RUNNER_LIBS = frozenset({"nbclient"})
CODE_CELL_MAKERS = frozenset({"nbformat.v4.new_code_cell", "nbformat.v4.nbbase.new_code_cell"})


def code_cell_source(call: ast.Call) -> ast.expr | None:
    """The source argument of a :data:`CODE_CELL_MAKERS` call (``source=`` or the first)."""
    if call.args and not isinstance(call.args[0], ast.Starred):
        return call.args[0]
    return next((k.value for k in call.keywords if k.arg == "source"), None)


# the class named for a receiver of no known type calling one of these methods in a module
# that imports the library (a kernel client handed around as a parameter, ``def
# _execute_code(self, kc, code): kc.execute(code)``, or kept in an attribute a factory
# filled): jupyter_client docs (``KernelClient.execute``, ``BlockingKernelClient.
# execute_interactive``), IPython docs (``InteractiveShell.run_cell``/``run_cell_async``).
# The short ``ex``/``ev`` are left out: too common a name to stand for the library.
UNTYPED_RECEIVER_CLASSES: dict[str, tuple[str, frozenset[str]]] = {
    "jupyter_client": ("jupyter_client.KernelClient", frozenset({"execute", "execute_interactive"})),
    "nbclient": ("nbclient.NotebookClient", frozenset({"async_execute_cell", "execute_cell"})),
    "IPython": ("IPython.InteractiveShell", frozenset({"run_cell", "run_cell_async"})),
    "e2b_code_interpreter": ("e2b_code_interpreter.Sandbox", frozenset({"run_code"})),
    "daytona": ("daytona.Sandbox.process", frozenset({"code_run"})),
    "daytona_sdk": ("daytona_sdk.Sandbox.process", frozenset({"code_run"})),
}


def untyped_library_method(attr: str, imported) -> str | None:
    """``jupyter_client.KernelClient.execute`` for ``kc.execute`` in a module importing
    jupyter_client (the caller checks the receiver is of no known type), else None (pyA19)."""
    for lib, (cls, methods) in UNTYPED_RECEIVER_CLASSES.items():
        if attr in methods and lib in imported:
            return f"{cls}.{attr}"
    return None


def library_code_method(name: str) -> tuple[int, tuple[str, ...]] | None:
    """(position, keywords) of the code argument when ``name`` is a method of
    :data:`LIBRARY_CODE_METHODS` reached through its library's objects."""
    top, _, rest = name.partition(".")
    methods = LIBRARY_CODE_METHODS.get(top)
    if methods is None or not rest:
        return None
    last = name.rsplit(".", 1)[1]
    cls = _CLASS_BOUND.get((top, last))
    if cls is not None and cls not in rest.split("."):
        return None
    return methods.get(last)


# (library, method) -> the class whose method it must be (found in the resolved name)
_CLASS_BOUND = {("langchain_experimental", "run"): "PythonREPL"}


# qualified name -> (position, keyword names) of the path of a file whose code runs
# papermill docs (``execute_notebook(input_path, output_path, parameters=...)`` "Executes a
# single notebook": the code cells of the notebook at ``input_path`` run in a kernel) (pyA19)
FILE_RUNNERS: dict[str, tuple[int, tuple[str, ...]]] = {
    "runpy.run_path": (0, ("path_name",)),
    "papermill.execute_notebook": (0, ("input_path",)),
    "papermill.execute.execute_notebook": (0, ("input_path",)),
}
# loaders made from a path: qualified name -> (position, keyword names) of the path
_PATH_LOADERS: dict[str, tuple[int, tuple[str, ...]]] = {
    "importlib.util.spec_from_file_location": (1, ("location",)),
    "importlib.machinery.SourceFileLoader": (1, ("path",)),
    "importlib.machinery.SourcelessFileLoader": (1, ("path",)),
}
# compile-like callables: their first argument is the source text
COMPILERS = frozenset({"codeop.compile_command", "code.compile_command", "codeop.Compile", "codeop.CommandCompiler"})
# attribute names under which these are called (the detector's cheap filter)
RUNNER_ATTRS = frozenset(
    {n.rsplit(".", 1)[1] for n in (*CODE_RUNNERS, *FILE_RUNNERS) if n not in STATEMENT_RUNNERS}
    | {"exec_module", "load_module"}
)
# the methods a subclass of a library class calls on ``self`` to run code (``self.run(statement)``
# in ``class Debugger(bdb.Bdb)``, ``self.push(line)`` in an ``InteractiveConsole``):
# :func:`inherited_runner` (the debuggers' ``run`` is left out of RUNNER_ATTRS: every
# ``self.x.run(...)`` would walk its class for ``self.x``'s constructor)
INHERITED_ATTRS = frozenset(
    n.rsplit(".", 1)[1] for n in CODE_RUNNERS if n.count(".") == 2
)  # LIBRARY_CODE_METHODS' names are looked at only where their library is imported (sinks.LIBRARY_ATTRS)


def _path_arg(call: ast.Call, pos: int, kws: tuple[str, ...]) -> ast.expr | None:
    for k in call.keywords:
        if k.arg in kws:
            return k.value
    if len(call.args) > pos and not any(isinstance(a, ast.Starred) for a in call.args[: pos + 1]):
        return call.args[pos]
    return None


def loaded_file_path(ev_, model, call: ast.Call, scope, name: str):
    """``spec.loader.exec_module(m)`` / ``SourceFileLoader(n, p).exec_module(m)`` /
    ``loader.load_module()``: (path expression, its scope, the loader's name) of the file whose code runs,
    when the spec or loader was made from a path in this function; else None."""
    from .execfile import single_binding

    if not name.endswith((".exec_module", ".load_module")) or not isinstance(call.func, ast.Attribute):
        return None
    recv = call.func.value
    if isinstance(recv, ast.Attribute) and recv.attr == "loader":
        recv = recv.value  # spec.loader
    sc = scope
    for _ in range(3):
        if isinstance(recv, ast.Name):
            got = single_binding(model, sc, recv)
            if got is None:
                return None
            recv, sc = got
            if isinstance(recv, ast.Attribute) and recv.attr == "loader":
                recv = recv.value
            continue
        break
    if not isinstance(recv, ast.Call):
        return None
    for v in ev_.values(recv.func, sc):
        if v.kind == "name" and v.name in _PATH_LOADERS:
            pos, kws = _PATH_LOADERS[v.name]
            p = _path_arg(recv, pos, kws)
            return (p, sc, v.name) if p is not None else None
    return None


def compiled_source(ev_, model, e: ast.expr, scope, depth: int = 0):
    """When ``e`` is the result of a compile-like call (:data:`COMPILERS`; through a name
    bound once or an instance kept in ``self.attr``/a local), (source expression, scope)."""
    from .execfile import single_binding

    if depth > 3:
        return None
    if isinstance(e, ast.Name):
        got = single_binding(model, scope, e)
        return compiled_source(ev_, model, got[0], got[1], depth + 1) if got is not None else None
    if not isinstance(e, ast.Call) or not e.args or isinstance(e.args[0], ast.Starred):
        return None
    for v in ev_.values(e.func, scope):
        if v.kind == "name" and v.name in COMPILERS:
            return e.args[0], scope
    if _compiler_instance(ev_, model, e.func, scope):
        return e.args[0], scope
    return None


def inherited_runner(ev_, call: ast.Call, scope) -> str | None:
    """``self.push(line)`` / ``self.run(statement)`` in a method of a class deriving from a
    library class whose method of that name runs code (``class Console(code.InteractiveConsole)``,
    ``class Debugger(bdb.Bdb)``): that runner's qualified name (:data:`CODE_RUNNERS`), unless
    the class defines the method itself."""
    f = call.func
    if not (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "self"):
        return None
    cls = method_class(scope)
    if cls is None or not isinstance(cls.node, ast.ClassDef) or not cls.node.bases:
        return None
    # per class, on the evaluator (the file's): never on the tree, which the project
    # pass and the result cache share as parsed (tests/test_pyscan_shared_trees.py)
    memos = ev_.__dict__.setdefault("_runner_bases", {})
    memo = memos.get(id(cls.node))
    if memo is None:
        # the class's own methods and its bases' qualified names, once per class
        own = {n.name for n in cls.node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        bases = [
            v.name for b in cls.node.bases for v in ev_.values(b, cls.parent or scope) if v.kind == "name" and v.name
        ]
        memo = memos[id(cls.node)] = (own, bases)
    own, bases = memo
    if f.attr in own:
        return None
    return next((f"{b}.{f.attr}" for b in bases if f"{b}.{f.attr}" in CODE_RUNNERS), None)


def self_instance(ev_, recv: ast.expr, scope) -> list[str]:
    """``self.X`` assigned in the class to ``C(...)``: the qualified names ``C`` resolves
    to (``self.console = InteractiveConsole(...)`` in ``__init__``).  Several
    assignments count only when each makes a compiler (:data:`COMPILERS`)."""
    if not (isinstance(recv, ast.Attribute) and isinstance(recv.value, ast.Name) and recv.value.id == "self"):
        return []
    cls = method_class(scope)
    if cls is None:
        return []
    made: list = []
    for node in ast.walk(cls.node):
        if not isinstance(node, (ast.Assign, ast.AnnAssign)):
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if any(
            isinstance(t, ast.Attribute)
            and t.attr == recv.attr
            and isinstance(t.value, ast.Name)
            and t.value.id == "self"
            for t in targets
        ):
            made.append(node.value)
    if not made or not all(isinstance(m, ast.Call) for m in made):
        return []
    # every assignment must make an instance of the same class (``self.compiler`` set to
    # ``codeop.Compile()`` in one method and ``codeop.CommandCompiler()`` in another is
    # judged per class by the caller, which asks for all of them)
    per = [{v.name for v in ev_.values(m.func, cls.parent or scope) if v.kind == "name" and v.name} for m in made]
    return sorted(set.intersection(*per)) if len(per) == 1 else sorted(set().union(*per)) if _all_compilers(per) else []


def _all_compilers(per: list) -> bool:
    return all(p and p <= _COMPILER_CLASSES for p in per)


def _compiler_instance(ev_, model, f: ast.expr, scope) -> bool:
    """Is ``f`` an instance of ``codeop.Compile``/``CommandCompiler`` (a local bound once,
    or ``self.attr`` assigned one in the class's methods)?"""
    from .execfile import single_binding

    if isinstance(f, ast.Attribute):
        return any(n in _COMPILER_CLASSES for n in self_instance(ev_, f, scope))
    if not isinstance(f, ast.Name):
        return False
    got = single_binding(model, scope, f)
    if got is None:
        return False
    val, sc = got
    return isinstance(val, ast.Call) and any(
        v.kind == "name" and v.name in _COMPILER_CLASSES for v in ev_.values(val.func, sc)
    )


_COMPILER_CLASSES = frozenset({"codeop.Compile", "codeop.CommandCompiler"})
