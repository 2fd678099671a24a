"""Lint what a UTCP client configuration would load (``manual_call_templates``).

Semantics follow utcp 1.2.0 (``UtcpClientImplementation.create`` /
``register_manual``) and its plugins, read from their source:

* Every string of a manual call template goes through the client's variable
  substitutor before the plugin sees it: ``${NAME}``/``$NAME`` (not a string
  holding ``$ref``) becomes the value of ``<namespace>_NAME``, the namespace
  being the template's name with non-word characters replaced by ``_`` and
  every ``_`` doubled; the value comes from the config's ``variables`` (whose
  own values are substituted first, without a namespace), then each
  ``load_variables_from`` dotenv file (``dotenv_values(env_file_path)``, the
  path relative to the process's working directory), then the environment.
  A missing variable makes the runtime fail: reported as a note, the template
  is not followed.  A dotenv file is read only if it is a regular file of at
  most 1 MiB (``O_NONBLOCK | O_NOFOLLOW``, checked with ``fstat``): a FIFO,
  device, ``/dev/stdin``, symbolic link or huge file is one error line, never
  a hang.  Values are used, never printed: messages and artifact
  locations show the template as written.
* ``file``: ``file_path`` relative to the client's ``root_dir`` (default: the
  working directory; ``--root-dir``), JSON (``.yaml``/``.yml`` files are YAML,
  reported, not linted); an OpenAPI document is converted by the runtime,
  reported, not linted.
* ``text``: ``content`` is the manual itself (JSON, else YAML).  It is linted
  in place: findings point at the exact characters inside the config's
  ``content`` string (escape-aware).
* ``http``, ``sse``, ``streamable_http``: fetched only with ``--fetch``
  (never otherwise: no socket is opened), with a GET, ONE wall-clock deadline
  over name resolution, connect, headers and body, a size cap, at most 5
  redirects, each hop checked (``https://``, or ``http://`` to 127.0.0.0/8,
  ``::1`` or ``localhost`` only) and never to another scheme; a URL that takes a
  value from the environment or a dotenv file is fetched only with
  ``--fetch-auth``; the config's headers and auth are sent only with ``--fetch-auth``
  and dropped on a redirect to another origin.  Each URL is fetched once per
  run; the manual is linted with the URL as its artifact location.
* ``cli`` discovery templates are never run: the note says what would run.
  ``mcp`` servers are never started: the note lists them.

Findings in a followed manual carry a related location pointing at the
config entry that pulled it in (SARIF ``relatedLocations``).
"""

from __future__ import annotations

import io
import os
import re
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

from ..core.findings import FileError, Related
from ..core.lazyre import compile_pattern
from ..ruleset.ids import URL_REFUSED

VAR_RE = compile_pattern(r"\$\{([a-zA-Z0-9_]+)\}|\$([a-zA-Z0-9_]+)")
REF_RE = compile_pattern(r"\$ref(?![a-zA-Z0-9_])")
HTTP_TYPES = ("http", "sse", "streamable_http")
MAX_REDIRECTS = 5
REDIRECTS = (301, 302, 303, 307, 308)


class VariableMissing(Exception):
    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


class VariableNotText(VariableMissing):
    """A variable whose configured value is not a string (the client's
    ``variables: Dict[str, str]`` refuses it)."""


class FetchError(Exception):
    pass


class FetchRefused(FetchError):
    """The runtime itself would refuse this URL (no network access happens)."""


# ---------------------------------------------------------------------------
# variables
# ---------------------------------------------------------------------------


DOTENV_MAX_BYTES = 1 << 20


class DotenvError(Exception):
    """A ``load_variables_from`` file that is not read: not a regular file, too big, not UTF-8."""


def _read_dotenv(path: str) -> str | None:
    """The text of a dotenv file, or None when it does not exist (the runtime reads nothing then).

    Only a regular file of at most :data:`DOTENV_MAX_BYTES` is read, opened with
    ``O_NONBLOCK | O_NOFOLLOW`` (a FIFO, a device, ``/dev/stdin`` or a symbolic link
    never blocks the run or redirects the read) and checked with ``fstat`` before a
    byte is read.
    """
    import errno
    import stat

    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise DotenvError(f"cannot be read ({e.strerror})") from None
    if stat.S_ISLNK(st.st_mode):
        raise DotenvError("is a symbolic link; not followed")
    if not stat.S_ISREG(st.st_mode):
        raise DotenvError("is not a regular file (a FIFO, device, socket or directory); not read")
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise DotenvError("is a symbolic link; not followed") from None
        raise DotenvError(f"cannot be read ({e.strerror})") from None
    try:
        fst = os.fstat(fd)
        if not stat.S_ISREG(fst.st_mode) or (fst.st_dev, fst.st_ino) != (st.st_dev, st.st_ino):
            raise DotenvError("is not a regular file (replaced while it was opened); not read")
        if fst.st_size > DOTENV_MAX_BYTES:
            raise DotenvError(f"is larger than {DOTENV_MAX_BYTES} bytes; not read")
        chunks, size = [], 0
        while size <= DOTENV_MAX_BYTES:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > DOTENV_MAX_BYTES:
            raise DotenvError(f"is larger than {DOTENV_MAX_BYTES} bytes; not read")
    finally:
        os.close(fd)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as e:
        raise DotenvError(f"is not UTF-8 (byte offset {e.start}); not read") from None


def _dotenv(path: str) -> dict:
    """``dotenv_values(path)`` as the runtime computes it, read safely (:func:`_read_dotenv`);
    raises :class:`DotenvError`."""
    text = _read_dotenv(path)
    if text is None:
        return {}
    try:
        import io

        from dotenv import dotenv_values  # what the runtime uses, when installed

        return {k: v for k, v in dotenv_values(stream=io.StringIO(text)).items() if v is not None}
    except ImportError:
        pass
    out: dict = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        if line.startswith("export "):
            line = line[7:].lstrip()
        k, v = line.split("=", 1)
        k, v = k.strip(), v.strip()
        if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"":
            v = v[1:-1]
        elif " #" in v:
            v = v.split(" #", 1)[0].rstrip()
        out[k] = v
    return out


class Variables:
    """The client's variable lookup, as ``DefaultVariableSubstitutor`` does it."""

    def __init__(self, config: dict, environ=None, dotenv: bool = True):
        """``dotenv=False`` and ``environ={}``: the values the configuration itself holds, nothing
        from the process (what ``--fetch`` may put in a URL without ``--fetch-auth``)."""
        self.environ = os.environ if environ is None else environ
        self.loaders: list[dict] = []
        self.unreadable: list[tuple[int, str, str]] = []  # (index, env_file_path, why) of refused dotenv files
        loaders = config.get("load_variables_from") if dotenv else None
        for i, ld in enumerate(loaders if isinstance(loaders, list) else []):
            if (
                isinstance(ld, dict)
                and ld.get("variable_loader_type", "dotenv") == "dotenv"
                and isinstance(ld.get("env_file_path"), str)
            ):
                try:
                    self.loaders.append(_dotenv(ld["env_file_path"]))
                except DotenvError as e:
                    self.unreadable.append((i, ld["env_file_path"], str(e)))
        raw = config.get("variables") or {}
        self.variables: dict = {}
        self.missing: list[str] = []  # variables whose own value references an undefined one
        if isinstance(raw, dict):
            for k, v in raw.items():
                # create(): the variables themselves are substituted first, with no namespace
                try:
                    self.variables[k] = self._sub_str(v, None, use_config=False) if isinstance(v, str) else v
                except VariableMissing as e:
                    self.missing.append(e.name)
                    self.variables[k] = v

    def get(self, key: str, namespace: str | None, use_config: bool = True) -> str:
        if namespace:
            key = namespace.replace("_", "__") + "_" + key
        if use_config and key in self.variables:
            v = self.variables[key]
            if not isinstance(v, str):  # the client's config model wants strings: create() fails
                raise VariableNotText(key)
            return v
        for ld in self.loaders:
            v = ld.get(key)
            if v:
                return v
        v = self.environ.get(key)
        if v:
            return v
        raise VariableMissing(key)

    def _sub_str(self, s: str, namespace, use_config=True) -> str:
        if REF_RE.search(s):
            return s
        return VAR_RE.sub(lambda m: self.get(m.group(1) or m.group(2), namespace, use_config), s)

    def substitute(self, obj: Any, namespace: str | None) -> Any:
        """``obj`` with every string substituted, depth first in document
        order (the first missing variable is the runtime's), without recursion:
        a config nested 600 deep must not raise RecursionError (issue 28)."""
        if isinstance(obj, str):
            return self._sub_str(obj, namespace)
        if not isinstance(obj, (dict, list)):
            return obj
        out: Any = {} if isinstance(obj, dict) else []
        stack = [(iter(obj.items() if isinstance(obj, dict) else enumerate(obj)), out)]
        while stack:
            it, dst = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                continue
            k, v = nxt
            nv: Any
            if isinstance(v, str):
                nv = self._sub_str(v, namespace)
            elif isinstance(v, dict):
                nv = {}
                stack.append((iter(v.items()), nv))
            elif isinstance(v, list):
                nv = []
                stack.append((iter(enumerate(v)), nv))
            else:
                nv = v
            if isinstance(dst, dict):
                dst[k] = nv
            else:
                dst.append(nv)
        return out


def manual_namespace(name: Any) -> str | None:
    if not isinstance(name, str):
        return None
    return re.sub(r"[^\w]", "_", name)


# ---------------------------------------------------------------------------
# fetching
# ---------------------------------------------------------------------------


def _is_loopback(host: str) -> bool:
    """Plain ``http://`` is fetched only from the loopback interface: an IP literal in
    127.0.0.0/8, ``::1``, or the exact name ``localhost``.  A name that merely looks like
    one (``127.attacker.example``, ``evil.localhost``) resolves wherever its DNS says."""
    import ipaddress

    h = host.lower().strip("[]")
    if h == "localhost":
        return True
    try:
        ip = ipaddress.ip_address(h)
    except ValueError:
        return False
    return ip in ipaddress.ip_network("127.0.0.0/8") or ip == ipaddress.ip_address("::1")


def check_url(url: str) -> None:
    """Refuse what the runtime's ``ensure_secure_url`` refuses."""
    try:
        u = urlsplit(url)
    except ValueError:
        raise FetchRefused(f"not a valid URL: {url!r}") from None
    if u.scheme.lower() not in ("http", "https") or not u.hostname:
        raise FetchRefused(
            f"scheme {u.scheme or '(none)'}:// is not fetched (the runtime accepts only https:// "
            f"and http:// to a loopback host)"
        )
    if u.scheme.lower() == "http" and not _is_loopback(u.hostname):
        raise FetchRefused(
            f"plain http:// to non-loopback host '{u.hostname}': the runtime refuses it ({URL_REFUSED}), "
            f"so it is not fetched either (loopback: 127.0.0.0/8, ::1 and 'localhost' only)"
        )


@dataclass
class Fetched:
    text: str
    final_url: str
    content_type: str


class _Deadline:
    """One wall-clock deadline over name resolution, connect, TLS, request, headers and body.

    ``http.client`` applies its timeout to each socket operation, so a server that
    trickles one header byte per interval would hold a fetch forever; here every
    receive gets only the time left, name resolution runs in a thread that is
    abandoned at the deadline, and a timer shuts the socket down at the deadline
    (the TLS handshake's reads happen inside ``ssl``)."""

    def __init__(self, timeout: float):
        self.timeout = timeout
        self.at = time.monotonic() + timeout
        self.raw: list = []  # sockets opened, shut down by the backstop timer
        self.timer: Any = None

    def left(self) -> float:
        left = self.at - time.monotonic()
        if left <= 0:
            raise TimeoutError("deadline")
        return left

    def connect(self, address, timeout=None, source_address=None):
        import socket
        import threading

        host, port = address[0], address[1]
        box: dict = {}

        def resolve() -> None:
            try:
                box["r"] = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            except OSError as e:
                box["e"] = e

        th = threading.Thread(target=resolve, daemon=True, name="utcp-lint-resolve")
        th.start()
        th.join(self.left())
        if th.is_alive():
            raise TimeoutError("deadline")
        if "e" in box:
            raise box["e"]
        last: OSError | None = None
        for fam, typ, proto, _canon, addr in box["r"]:
            s = socket.socket(fam, typ, proto)
            self.raw.append(s)
            try:
                s.settimeout(self.left())
                s.connect(addr)
                return s
            except OSError as e:
                last = e
                s.close()
        raise last or OSError("no address")

    def arm(self) -> None:
        import socket
        import threading

        def stop() -> None:
            for s in self.raw:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

        timer = threading.Timer(max(0.0, self.at - time.monotonic()), stop)
        timer.daemon = True
        timer.start()
        self.timer = timer

    def disarm(self) -> None:
        if self.timer is not None:
            self.timer.cancel()


class _DeadlineRaw(io.RawIOBase):
    def __init__(self, owner: _DeadlineSocket):
        super().__init__()
        self.owner = owner

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:
        sock = self.owner._sock
        sock.settimeout(self.owner._deadline.left())
        return sock.recv_into(b)

    def close(self) -> None:
        if not self.closed:
            super().close()
            self.owner._unref()


class _DeadlineSocket:
    """The connection's socket as ``http.client`` sees it: every send and receive within the
    deadline; like ``socket.makefile``, closing it while a response is read defers the close."""

    def __init__(self, sock, deadline: _Deadline):
        self._sock, self._deadline = sock, deadline
        self._refs = 0
        self._closing = False

    def makefile(self, mode: str = "rb", *args, **kwargs):
        self._refs += 1
        return io.BufferedReader(_DeadlineRaw(self))

    def _unref(self) -> None:
        self._refs -= 1
        if self._closing and self._refs <= 0:
            self._sock.close()

    def close(self) -> None:
        self._closing = True
        if self._refs <= 0:
            self._sock.close()

    def sendall(self, data) -> None:
        self._sock.settimeout(self._deadline.left())
        self._sock.sendall(data)

    def settimeout(self, value) -> None:
        pass  # the deadline decides

    def __getattr__(self, name: str):
        return getattr(self._sock, name)


def fetch(
    url: str, *, headers: dict | None = None, timeout: float = 10.0, max_bytes: int = 10 * 1024 * 1024
) -> Fetched:
    """GET ``url`` within ONE wall-clock ``timeout`` (every hop, connect, headers and body)."""
    deadline = _Deadline(timeout)
    deadline.arm()
    try:
        return _fetch(url, headers or {}, deadline, max_bytes)
    finally:
        deadline.disarm()


def _fetch(url: str, headers: dict, deadline: _Deadline, max_bytes: int) -> Fetched:
    import http.client
    import ssl

    timeout = deadline.timeout
    headers = dict(headers)
    first_scheme = urlsplit(url).scheme.lower()
    first_origin = None
    for _hop in range(MAX_REDIRECTS + 1):
        check_url(url)
        u = urlsplit(url)
        assert u.hostname  # check_url refused a URL without one
        scheme = u.scheme.lower()
        if scheme != first_scheme:
            raise FetchError(f"redirect from {first_scheme}:// to {scheme}:// refused ({url})")
        origin = (scheme, u.hostname, u.port)
        if first_origin is None:
            first_origin = origin
        elif origin != first_origin:
            headers = {}  # never carry credentials to another origin
        try:
            remaining = deadline.left()
            conn: http.client.HTTPConnection
            if scheme == "https":
                conn = http.client.HTTPSConnection(
                    u.hostname, u.port, timeout=remaining, context=ssl.create_default_context()
                )
            else:
                conn = http.client.HTTPConnection(u.hostname, u.port, timeout=remaining)
            conn._create_connection = deadline.connect  # type: ignore[attr-defined]  # the bounded connect
            conn.connect()
            conn.sock = _DeadlineSocket(conn.sock, deadline)  # the same interface, bounded
            path = (u.path or "/") + (f"?{u.query}" if u.query else "")
            conn.request("GET", path, headers={"Accept": "application/json", "User-Agent": "utcp-lint", **headers})
            resp = conn.getresponse()
            if resp.status in REDIRECTS:
                loc = resp.getheader("Location")
                conn.close()
                if not loc:
                    raise FetchError(f"HTTP {resp.status} without a Location header")
                url = urljoin(url, loc)
                continue
            if resp.status >= 400:
                conn.close()
                raise FetchError(f"HTTP {resp.status} {resp.reason}")
            cl = resp.getheader("Content-Length")
            if cl and cl.isdigit() and int(cl) > max_bytes:
                conn.close()
                raise FetchError(
                    f"response of {int(cl)} bytes is larger than the {max_bytes}-byte cap (--fetch-max-bytes)"
                )
            chunks, size = [], 0
            while True:
                chunk = resp.read1(65536)
                if not chunk:
                    # the end of a body without a length is the peer closing, which the
                    # backstop timer's shutdown at the deadline looks like: not a whole body
                    if time.monotonic() >= deadline.at:
                        raise TimeoutError("deadline")
                    break
                size += len(chunk)
                if size > max_bytes:
                    conn.close()
                    raise FetchError(f"response larger than the {max_bytes}-byte cap (--fetch-max-bytes)")
                chunks.append(chunk)
            conn.close()
        except FetchError:
            raise
        except TimeoutError:
            raise FetchError(f"timed out after {timeout:g} s") from None
        except (OSError, http.client.HTTPException, ValueError) as e:
            if time.monotonic() >= deadline.at:  # the backstop timer shut the socket down
                raise FetchError(f"timed out after {timeout:g} s") from None
            msg = getattr(e, "strerror", None) or str(e) or type(e).__name__
            raise FetchError(f"cannot fetch: {msg}") from None
        data = b"".join(chunks)
        ctype = resp.getheader("Content-Type") or ""
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise FetchError(f"response is not UTF-8 (byte offset {e.start})") from None
        return Fetched(text, url, ctype)
    raise FetchError(f"more than {MAX_REDIRECTS} redirects")


# ---------------------------------------------------------------------------
# following
# ---------------------------------------------------------------------------


def _is_openapi(text: str) -> bool:
    import json

    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and ("openapi" in data or "swagger" in data or "paths" in data)


class Follower:
    def __init__(
        self,
        fetch: bool = False,
        send_auth: bool = False,
        timeout: float = 10.0,
        max_bytes: int = 10 * 1024 * 1024,
        root_dir: str | None = None,
        environ=None,
    ):
        self.fetch = fetch
        self.send_auth = send_auth
        self.timeout = timeout
        self.max_bytes = max_bytes
        self.root_dir = root_dir
        self.environ = environ
        self.cache: dict[str, Any] = {}  # url -> Fetched | FetchError (one fetch per run)
        self.depth = 0
        self.fetches = 0  # network requests started (tests)
        self._own_values = Variables({}, {}, dotenv=False)

    # ---- entry point (engine hook) ------------------------------------------
    def visit(self, linter, doc, result) -> None:
        if self.depth > 0:
            return  # a followed document is not followed again
        try:
            self._visit(linter, doc, result)
        except Exception as e:  # containment: following never crashes the run
            from ..run.result import internal_error as _internal_error

            self.depth = 0
            result.errors.append(_internal_error(doc.source.path, "while following the configuration", e))

    def _visit(self, linter, doc, result) -> None:
        root = doc.root
        mct = root.get("manual_call_templates") if root.kind == "object" else None
        if mct is None or mct.kind != "array":
            return
        from ..document.jsonpos import to_python

        config = doc.data if isinstance(doc.data, dict) else {}
        variables = Variables(config, self.environ)
        self._own_values = Variables(config, {}, dotenv=False)  # what --fetch may send without --fetch-auth
        lvf = root.get("load_variables_from")
        for i, path, why in variables.unreadable:
            line = col = None
            if lvf is not None and lvf.kind == "array" and i < len(lvf.children):
                at = lvf.children[i].get("env_file_path") or lvf.children[i]
                line, col = doc.source.lines.position(at.start)
            result.errors.append(
                FileError(doc.source.path, f"load_variables_from[{i}]: env_file_path {path!r} {why}", line, col)
            )
        for name in variables.missing:
            result.notes.append(
                f"{doc.source.path}: 'variables' refers to '{name}', which is not defined in "
                f"'load_variables_from' or the environment: UtcpClient.create fails with "
                f"UtcpVariableNotFound"
            )
        for i, node in enumerate(mct.children):
            if node.kind != "object":
                continue
            entry = to_python(node)
            ctype = entry.get("call_template_type")
            name = entry.get("name")
            label = f"{doc.source.path}: manual_call_templates[{i}]" + (f" '{name}'" if isinstance(name, str) else "")
            ns = manual_namespace(name)
            try:
                sub = variables.substitute(entry, ns)
            except VariableNotText as e:
                result.notes.append(
                    f"{label}: variable '{e.name}' is not a string in 'variables': UtcpClient.create "
                    f"refuses the configuration; not followed"
                )
                continue
            except VariableMissing as e:
                result.notes.append(
                    f"{label}: variable '{e.name}' is not defined in 'variables', "
                    f"'load_variables_from' or the environment: the runtime cannot register "
                    f"this manual; not followed"
                )
                continue
            anchor = node.get("file_path") or node.get("url") or node.get("content") or node
            rel = Related(
                f"manual loaded by manual_call_templates[{i}]" + (f" '{name}'" if isinstance(name, str) else ""),
                doc.source.path,
                doc.source.region(anchor.start, anchor.end),
                anchor.pointer,
            )
            self.depth += 1
            try:
                if ctype == "file":
                    self._file(linter, doc, i, node, sub, label, rel, result)
                elif ctype == "text":
                    self._text(linter, doc, i, node, sub, label, rel, result)
                elif ctype in HTTP_TYPES:
                    self._http(linter, doc, node, entry, sub, label, rel, result)
                elif ctype == "cli":
                    steps = entry.get("commands")
                    cmds = [c.get("command") for c in steps if isinstance(c, dict)] if isinstance(steps, list) else []
                    shown = " && ".join(repr(c) for c in cmds if isinstance(c, str)) or "(no commands)"
                    wd = entry.get("working_dir")
                    result.notes.append(
                        f"{label}: cli discovery is not run by utcp-lint; the runtime would run "
                        f"{shown}"
                        + (f" in {wd!r}" if isinstance(wd, str) else "")
                        + " and register the manual it prints"
                    )
                elif ctype == "mcp":
                    servers = (
                        ((entry.get("config") or {}).get("mcpServers") or {})
                        if isinstance(entry.get("config"), dict)
                        else {}
                    )
                    desc = []
                    for sname, s in servers.items() if isinstance(servers, dict) else ():
                        if isinstance(s, dict) and isinstance(s.get("command"), str):
                            args = s.get("args")
                            args = args if isinstance(args, list) else []
                            desc.append(f"{sname}: {s['command']} {' '.join(map(str, args))}".rstrip())
                        elif isinstance(s, dict) and isinstance(s.get("url"), str):
                            desc.append(f"{sname}: {s['url']}")
                    result.notes.append(
                        f"{label}: mcp servers are not started by utcp-lint; the runtime would "
                        f"start/connect {'; '.join(desc) or '(no servers)'}"
                    )
                elif isinstance(ctype, str):
                    result.notes.append(f"{label}: '{ctype}' manuals are not followed")
            finally:
                self.depth -= 1

    # ---- file -----------------------------------------------------------------
    def _file(self, linter, doc, i, node, sub, label, rel, result):
        from ..run.discover import Target, display_path
        from ..run.read import read_text

        fp = sub.get("file_path")
        if not isinstance(fp, str) or not fp:
            return
        root = self.root_dir or os.getcwd()
        path = fp if os.path.isabs(fp) else os.path.join(root, fp)
        shown_fp = node.get("file_path").value if node.get("file_path") is not None else fp
        if not os.path.isfile(path):
            alt = os.path.join(os.path.dirname(os.path.abspath(doc.source.path)), fp)
            hint = (
                f"; it exists relative to the configuration ({display_path(alt)}): the runtime resolves "
                f"relative paths against root_dir (the working directory), use --root-dir"
                if not os.path.isabs(fp) and os.path.isfile(alt)
                else ""
            )
            result.notes.append(
                f"{label}: file_path {shown_fp!r} not found from {display_path(root) or '.'}: "
                f"the runtime cannot register this manual{hint}"
            )
            return
        if path.lower().endswith((".yaml", ".yml")):
            result.notes.append(f"{label}: {display_path(path)} is YAML; YAML manuals are not linted")
            return
        t = Target(path, display_path(path), True)
        text, err = read_text(t)
        if err is not None or text is None:  # read_text gives one of the two
            if err is not None:
                result.errors.append(err)
            return
        if _is_openapi(text):
            result.notes.append(
                f"{label}: {t.display} is an OpenAPI document; the runtime converts it, "
                f"utcp-lint does not lint the conversion"
            )
            return
        self._lint(linter, text, t.display, rel, result, label)

    # ---- text -----------------------------------------------------------------
    def _text(self, linter, doc, i, node, sub, label, rel, result):
        from ..document.jsonpos import JSONPosError, parse
        from ..run.result import RunResult

        cn = node.get("content")
        if cn is None or cn.kind != "string":
            result.notes.append(f"{label}: text template without a 'content' string: nothing to follow")
            return
        content = cn.value  # linted as written (positions map into the config)
        if _is_openapi(content):
            result.notes.append(f"{label}: the text content is an OpenAPI document; not linted")
            return
        try:
            parse(content)
        except JSONPosError as e:
            if content.lstrip()[:1] not in ("{", "["):
                result.notes.append(f"{label}: the text content is not JSON (YAML?); not linted")
                return
            s, _e = cn.source_span(min(e.offset, len(content)), min(e.offset, len(content)))
            line, col = doc.source.lines.position(s)
            result.errors.append(
                FileError(doc.source.path, f"manual_call_templates[{i}].content: invalid JSON: {e.message}", line, col)
            )
            return
        inner = RunResult()
        display = f"{doc.source.path}#{cn.pointer}"
        linter.lint_json_text(content, display, True, inner)
        for f in inner.findings:
            s, end = cn.source_span(f.start, f.end)
            r = doc.source.region(s, end)
            f.message = f"{f.message} (in the manual embedded at {cn.pointer}, {f.pointer or '/'})"
            f.path, f.start, f.end = doc.source.path, s, end
            f.line, f.column, f.end_line, f.end_column = r.line, r.column, r.end_line, r.end_column
            f.pointer = cn.pointer
            f.fix = None  # edits were computed against the decoded content
            f.related = [rel] + [x for x in f.related if x.path != display]
            result.findings.append(f)
        result.errors.extend(inner.errors)
        result.notes.extend(inner.notes)
        result.notes.append(f"{label}: followed the embedded text manual ({len(inner.findings)} finding(s))")

    # ---- http -----------------------------------------------------------------
    def _http(self, linter, doc, node, entry, sub, label, rel, result):
        url = sub.get("url")
        shown = entry.get("url") if isinstance(entry.get("url"), str) else url
        if not isinstance(url, str):
            return
        if not self.fetch:
            result.notes.append(
                f"{label}: {entry.get('call_template_type')} manual at {shown} not fetched (use --fetch to lint it)"
            )
            return
        try:
            check_url(url)
        except FetchRefused as e:
            result.notes.append(f"{label}: {shown}: {e}")
            return
        if not self.send_auth:
            try:
                own = self._own_values.substitute(entry.get("url"), manual_namespace(entry.get("name")))
            except VariableMissing:
                own = None
            if own != url:
                result.notes.append(
                    f"{label}: {shown}: the URL takes a value from the environment or a dotenv file; "
                    f"not fetched without --fetch-auth (such values are often secrets)"
                )
                return
        method = str(sub.get("http_method") or "GET").upper()
        if entry.get("call_template_type") == "http" and method != "GET":
            result.notes.append(f"{label}: discovery uses {method}; utcp-lint fetches with GET only, not fetched")
            return
        headers = self._auth_headers(sub) if self.send_auth else {}
        got = self.cache.get(url)
        if got is None:
            self.fetches += 1
            try:
                got = fetch(url, headers=headers, timeout=self.timeout, max_bytes=self.max_bytes)
            except FetchError as e:
                got = e
            self.cache[url] = got
        if isinstance(got, FetchError):
            if isinstance(got, FetchRefused):
                result.notes.append(f"{label}: {shown}: {got}")
            else:
                result.errors.append(FileError(shown, f"{got} (loaded by {label})"))
            return
        ct = got.content_type.lower()
        if "yaml" in ct or shown.lower().endswith((".yaml", ".yml")):
            result.notes.append(f"{label}: {shown} is YAML; YAML manuals are not linted")
            return
        if _is_openapi(got.text):
            result.notes.append(
                f"{label}: {shown} is an OpenAPI document; the runtime converts it, "
                f"utcp-lint does not lint the conversion"
            )
            return
        self._lint(linter, got.text, shown, rel, result, label)

    def _auth_headers(self, sub: dict) -> dict:
        h = {k: str(v) for k, v in (sub.get("headers") or {}).items()} if isinstance(sub.get("headers"), dict) else {}
        auth = sub.get("auth")
        if isinstance(auth, dict):
            if auth.get("auth_type") == "api_key" and str(auth.get("location", "header")) == "header":
                h[str(auth.get("var_name") or "X-Api-Key")] = str(auth.get("api_key", ""))
            elif auth.get("auth_type") == "basic":
                import base64

                tok = base64.b64encode(f"{auth.get('username', '')}:{auth.get('password', '')}".encode()).decode()
                h["Authorization"] = f"Basic {tok}"
        return h

    # ---- common ---------------------------------------------------------------
    def _lint(self, linter, text, display, rel, result, label):
        from ..run.result import RunResult

        inner = RunResult()
        if not text.strip():
            result.errors.append(FileError(display, f"empty manual (loaded by {label})"))
            return
        linter.lint_json_text(text, display, True, inner)
        for f in inner.findings:
            f.related = list(f.related) + [rel]
            f.fix = None  # --fix edits the files named on the command line, never what a config pulls in
        result.findings.extend(inner.findings)
        for e in inner.errors:
            e.message = f"{e.message} (loaded by {label})"
        result.errors.extend(inner.errors)
        result.notes.extend(inner.notes)
        result.files += inner.files
        result.sources.update(inner.sources)
        result.notes.append(f"{label}: followed {display} ({len(inner.findings)} finding(s))")


__all__ = ["Follower", "Variables", "fetch", "check_url", "FetchError", "FetchRefused", "manual_namespace"]
