"""Python code that is text received from outside the program (issue 25).

``exec(conn.recv(4096).decode())`` in a debugging REPL server, ``eval(os.environ["FILTER"])``,
``exec(sys.stdin.read())``, ``exec(requests.get(url).text)``, ``line = await
reader.readline(); exec(line)``: the code is data the program received -- from a
peer, the environment, its standard input or the network -- not a parameter the
evaluator traces (:mod:`.evaluate` follows parameters, ``sys.argv`` and ``input()``;
a value that went through an unknown call is only *derived*).  :func:`input_source`
recognises the shape: the code (through names bound once, ``.decode()``/``.strip()``,
``str()``, ``json.loads`` and subscripts, f-strings and concatenation) is the result of
one of the calls in the tables below.  Each fact, with its source:

* ``socket.socket.recv``/``recvfrom``/``recv_into`` (Python library reference,
  ``socket``), ``multiprocessing.connection.Connection.recv``/``recv_bytes``, the
  ``websockets`` connection's ``recv()`` (websockets docs), Starlette's
  ``WebSocket.receive_text``/``receive_bytes``/``receive_json`` (Starlette docs):
  data a peer sent;
* ``asyncio.StreamReader.read``/``readline``/``readuntil``/``readexactly`` (Python
  library reference, ``asyncio-stream``), awaited: bytes from a connection or pipe;
* ``sys.stdin.read``/``readline``/``readlines``: the program's standard input;
* ``os.environ[...]``, ``os.environ.get``, ``os.getenv``: the environment;
* ``json.load``/``tomllib.load``/``yaml.safe_load`` of a file opened from a path that
  is not fixed in the code (nor beside ``__file__``), and a file's text read so and then
  parsed: a configuration file's values (an expression a user configures);
* ``urllib.request.urlopen(...).read()``, ``requests``/``httpx``
  ``get``/``post``/``request`` and a ``Session``/``Client``'s ``.text``/``.content``/
  ``.json()`` (their documentation): a document fetched over the network.
"""

from __future__ import annotations

import ast

__all__ = ["input_source"]

# method names whose (awaited or not) result is data a peer sent
_RECEIVE = {"recv", "recvfrom", "recv_bytes", "receive_text", "receive_bytes", "receive_json"}
# methods of asyncio.StreamReader: only when awaited (a file's read()/readline() is not)
_STREAM = {"read", "readline", "readuntil", "readexactly"}
_STDIN = {"sys.stdin.read", "sys.stdin.readline", "sys.stdin.readlines", "sys.stdin.buffer.read"}
_ENV = {"os.getenv", "os.environ.get", "os.getenvb"}
_FETCH = {
    "urllib.request.urlopen",
    "requests.get",
    "requests.post",
    "requests.request",
    "requests.Session.get",
    "requests.Session.post",
    "requests.Session.request",
    "httpx.get",
    "httpx.post",
    "httpx.request",
    "httpx.Client.get",
    "httpx.Client.post",
}
# parsers of a configuration file object (Python library reference json.load, tomllib.load;
# PyYAML and toml documentation)
_FILE_LOADERS = {
    "json.load",
    "tomllib.load",
    "tomli.load",
    "toml.load",
    "yaml.safe_load",
    "yaml.load",
    "yaml.full_load",
}
_BODY_ATTRS = {"text", "content"}
_BODY_METHODS = {"read", "json", "decode"}
# transformations that keep the text: the code is still the received data
_KEEP = {"decode", "strip", "rstrip", "lstrip", "replace", "format", "encode", "splitlines", "join"}
_KEEP_FUNCS = {"builtins.compile", "builtins.str", "json.loads", "textwrap.dedent", "codecs.decode", "base64.b64decode"}
_MAX = 6


def input_source(ev_, model, e: ast.expr, scope, depth: int = 0, paths: list | None = None) -> str | None:
    """What outside source the code text ``e`` was received from, or None.  ``paths``: where
    to add the evidence of the path of the file whose content (or parsed values) it is
    (filereach.py: a caller in another module names that file)."""
    from .execfile import extended_read, single_binding, single_read

    if depth > _MAX or e is None:
        return None
    if isinstance(e, ast.Await):
        v = e.value
        if isinstance(v, ast.Call) and isinstance(v.func, ast.Attribute) and v.func.attr in _STREAM | _RECEIVE:
            return f"data read from a stream ({_recv_text(v.func)})"
        return input_source(ev_, model, v, scope, depth + 1, paths)
    if isinstance(e, ast.Name):
        got = single_binding(model, scope, e) or single_read(model, scope, e) or extended_read(model, scope, e)
        if got is None:
            return _loop_line(ev_, model, scope, e, paths)
        return input_source(ev_, model, got[0], got[1], depth + 1, paths)
    if isinstance(e, ast.JoinedStr):
        for part in e.values:
            if isinstance(part, ast.FormattedValue) and (
                r := input_source(ev_, model, part.value, scope, depth + 1, paths)
            ):
                return r
        return None
    if isinstance(e, ast.BinOp):
        return input_source(ev_, model, e.left, scope, depth + 1, paths) or input_source(
            ev_, model, e.right, scope, depth + 1, paths
        )
    if isinstance(e, ast.Subscript):
        if _names(ev_, e.value, scope) & {"os.environ", "os.environb"}:
            return "a value of the environment (os.environ)"
        return input_source(ev_, model, e.value, scope, depth + 1, paths)
    if isinstance(e, ast.Attribute):
        if e.attr in _BODY_ATTRS and isinstance(e.value, (ast.Call, ast.Name)):
            return _fetched(ev_, model, e.value, scope, depth)
        return None
    if not isinstance(e, ast.Call):
        return None
    names = _names(ev_, e.func, scope)
    if names & _FILE_LOADERS and e.args:
        from .execfile import opened_path, path_evidence

        got = opened_path(ev_, model, e.args[0], scope)
        pev = path_evidence(ev_, model, got[0], got[1]) if got is not None else None
        if pev is not None and paths is not None:
            paths.append(pev)
        return f"a value of a configuration file whose path comes from {pev.describe()}" if pev is not None else None
    if names & _STDIN:
        return "text read from standard input (sys.stdin)"
    if names & _ENV:
        return "a value of the environment"
    if names & _KEEP_FUNCS and e.args:
        return input_source(ev_, model, e.args[0], scope, depth + 1, paths)
    f = e.func
    if isinstance(f, ast.Attribute):
        if f.attr in _RECEIVE:
            return f"data received from a peer ({_recv_text(f)})"
        if f.attr in _BODY_METHODS and (r := _fetched(ev_, model, f.value, scope, depth)):
            return r
        if f.attr in ("read", "read_text", "read_bytes") and depth > 0:
            # a file's text parsed first (``json.loads(open(p).read())["expr"]``); the whole
            # content run as code is execfile.py's fact
            from .execfile import code_source, path_evidence

            got = code_source(ev_, model, e, scope)
            pev = path_evidence(ev_, model, got[0], got[1]) if got is not None else None
            if pev is not None and paths is not None:
                paths.append(pev)
            return f"the content of a file whose path comes from {pev.describe()}" if pev is not None else None
        if f.attr in _KEEP:
            return input_source(ev_, model, f.value, scope, depth + 1, paths) or next(
                (r for a in e.args if (r := input_source(ev_, model, a, scope, depth + 1, paths))), None
            )
    return None


def _loop_line(ev_, model, scope, name: ast.Name, paths: list | None) -> str | None:
    """``for line in f:`` (also ``enumerate(f)``, ``f.readlines()``, ``sys.stdin``) with
    ``f`` opened from a path not fixed in the code: each line is that file's text (a
    ``.pth`` file's ``import`` lines, a script fed line by line) (pyA19)."""
    from .execfile import opened_path, path_evidence
    from .scopes import lookup

    _sc, bl = lookup(model, scope, name.id, (name.lineno, name.col_offset))
    # ``line = line.rstrip()`` in the loop: still the line's text (execfile.extended_read)
    bl = [b for b in bl if not (b.kind == "aug" or _extends(b, name.id))]
    if len(bl) != 1 or bl[0].kind != "for" or not isinstance(bl[0].value, ast.expr):
        return None
    it, idx, sc = bl[0].value, bl[0].index, bl[0].scope
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "enumerate" and it.args:
        if idx != (1,):
            return None
        it, idx = it.args[0], ()
    if idx:
        return None
    if isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute) and it.func.attr == "readlines":
        it = it.func.value
    if _names(ev_, it, sc) & {"sys.stdin"}:
        return "a line read from standard input (sys.stdin)"
    got = opened_path(ev_, model, it, sc)
    pev = path_evidence(ev_, model, got[0], got[1]) if got is not None else None
    if pev is None:
        return None
    if paths is not None:
        paths.append(pev)
    return f"a line of a file whose path comes from {pev.describe()}"


def _extends(b, name: str) -> bool:
    """``name = <an expression of name>``: a binding re-made from the name's own value."""
    return (
        b.kind == "assign"
        and not b.index
        and isinstance(b.value, ast.expr)
        and any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(b.value))
    )


def _fetched(ev_, model, e: ast.expr, scope, depth: int) -> str | None:
    """``e`` is a response of an HTTP fetch (a call of :data:`_FETCH`, or a name bound to one)."""
    from .execfile import single_binding

    if depth > _MAX:
        return None
    if isinstance(e, ast.Name):
        got = single_binding(model, scope, e)
        return _fetched(ev_, model, got[0], got[1], depth + 1) if got is not None else None
    if isinstance(e, ast.Await):
        return _fetched(ev_, model, e.value, scope, depth + 1)
    if isinstance(e, ast.Call) and _names(ev_, e.func, scope) & _FETCH:
        return "a document fetched over the network"
    return None


def _names(ev_, e: ast.expr, scope) -> set:
    return {v.name for v in ev_.values(e, scope) if v.kind == "name" and v.name}


def _recv_text(f: ast.Attribute) -> str:
    try:
        return ast.unparse(f) + "()"
    except Exception:  # noqa: BLE001 - a label only
        return f".{f.attr}()"
