"""Synthesise a tool's working directory from its template (``utcp-lint verify``).

A tool that reads ``data.txt``, walks ``find . -name '*.log'`` or runs ``git`` in
its directory does nothing in an empty directory: ``sed "s/a/VALUE/" data.txt``
never runs its script without an input line, ``find … -exec sh -c "…VALUE…" \\;``
never runs the shell without a match.  Before the runs, :func:`synthesise`
reads the template's words and lists what the runtime's working directory
would hold:

* relative file operands with an extension (``data.txt``, ``conf/app.yml``,
  ``./in.json``): a file holding a few lines (every literal word of the
  template, so that ``s/hello/…/``, ``grep hello`` and ``/x/`` match);
* ``find START … -name|-iname|-path PATTERN``: a file (``-type d``: a
  directory) matching the pattern under every relative start directory;
* glob words (``*.log``, ``src/*.py``): one matching file;
* ``cd DIR``, ``pushd DIR``, ``-C DIR``, ``--directory=DIR``: a directory;
* ``git``: a minimal repository (``.git/HEAD``, ``config``, ``objects/``,
  ``refs/heads/``) in the working directory or ``-C DIR``.

Only relative paths made of ``[A-Za-z0-9_.+-]`` components (no ``..``, no
component starting with ``-``) are accepted, at most :data:`MAX_ENTRIES`
entries: a manual cannot make the sandbox write anywhere but its own run
directory.  Words holding a placeholder or an expansion are never used.
The sandbox creates the entries inside the run's ``home`` (the tool's cwd)
before the tool starts (``Session.run(workdir=…)``).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable

from ..core.lazyre import compile_pattern

MAX_ENTRIES = 64
MAX_DEPTH = 6
_COMPONENT = compile_pattern(r"^(?!\.\.?$)[A-Za-z0-9_.+][A-Za-z0-9_.+-]*$")
_FILE = compile_pattern(
    r"^(?:\./)?(?:[A-Za-z0-9_+][A-Za-z0-9_.+-]*/)*[A-Za-z0-9_+][A-Za-z0-9_+-]*"
    r"\.[A-Za-z][A-Za-z0-9]{0,7}$"
)
_GLOB = compile_pattern(r"^(?:\./)?(?:[A-Za-z0-9_.+-]+/)*[A-Za-z0-9_.+*?\[\]!-]*[*?][A-Za-z0-9_.+*?\[\]!-]*$")
_WORDS = compile_pattern(r"[A-Za-z][A-Za-z0-9_-]*")
_SEPARATORS = {
    ";",
    "&",
    "&&",
    "|",
    "||",
    "(",
    ")",
    "{",
    "}",
    ";;",
    "|&",
    "\n",
    "!",
    "then",
    "do",
    "else",
    "elif",
    "if",
    "while",
    "until",
    "fi",
    "done",
    "esac",
}
_DIR_OPTIONS = {"-C", "--directory", "--git-dir", "--work-tree", "--chdir"}
_FIND_PATTERN = {"-name", "-iname", "-path", "-ipath", "-wholename"}


def valid_path(path: str) -> bool:
    """A relative path confined to the working directory."""
    parts = [p for p in path.split("/") if p not in ("", ".")]
    return (
        bool(parts) and not path.startswith("/") and len(parts) <= MAX_DEPTH and all(_COMPONENT.match(p) for p in parts)
    )


def _norm(path: str) -> str:
    return "/".join(p for p in path.split("/") if p not in ("", "."))


def _words(text: str, depth: int = 0) -> list[list[str]]:
    """Simple commands of ``text`` as lists of words (quoted scripts are split again)."""
    lex = shlex.shlex(text, posix=True, punctuation_chars=";&|()<>")
    lex.whitespace_split = True
    lex.commenters = ""
    out: list[list[str]] = [[]]
    try:
        for tok in lex:
            if tok in _SEPARATORS or set(tok) <= set(";&|()<>"):
                out.append([])
                continue
            out[-1].append(tok)
            if depth < 2 and any(c in tok for c in " \n;|"):
                out.extend(_words(tok, depth + 1))
    except ValueError:  # unbalanced quotes: the lines still give words
        if depth < 2 and "\n" in text:
            for line in text.splitlines():
                out.extend(_words(line, depth + 1))
    return [c for c in out if c]


def _instance(pattern: str) -> str:
    """A name that the glob ``pattern`` matches."""
    s = re.sub(r"\[!?([^\]])[^\]]*\]", r"\1", pattern)
    return s.replace("*", "utcpsample").replace("?", "x")


def _usable(word: str) -> bool:
    return "UTCP_ARG_" not in word and "$" not in word and "`" not in word


def synthesise(commands: Iterable[str]) -> list[tuple]:
    """Entries ``("d", path)`` and ``("f", path, content)``, parents first, deduplicated."""
    texts = list(commands)
    literal = sorted(
        {w for t in texts for w in _WORDS.findall(re.sub(r"UTCP_ARG_.*?_UTCP_END", " ", t)) if len(w) <= 32}
    )[:200]
    lines = "utcp-lint verify sample line\n" + " ".join(literal) + "\nhello world 1\n"
    dirs: list[str] = []
    files: list[str] = []

    def add_dir(p: str) -> None:
        if _usable(p) and valid_path(p) and _norm(p) not in dirs:
            dirs.append(_norm(p))

    def add_file(p: str) -> None:
        if _usable(p) and valid_path(p) and _norm(p) not in files:
            files.append(_norm(p))

    for text in texts:
        for cmd in _words(text):
            prog = cmd[0].rsplit("/", 1)[-1]
            for i, w in enumerate(cmd):
                nxt = cmd[i + 1] if i + 1 < len(cmd) else ""
                if i == 0 and prog in ("cd", "pushd") and nxt:
                    add_dir(nxt)
                if w in _DIR_OPTIONS and nxt:
                    add_dir(nxt)
                elif w.startswith("--directory=") or w.startswith("--chdir="):
                    add_dir(w.split("=", 1)[1])
                if i == 0 or w.startswith("-"):
                    continue
                if _FILE.match(w):
                    add_file(w)
                elif "*" in w or "?" in w:
                    if _GLOB.match(w) and "." in w.rsplit("/", 1)[-1]:
                        add_file(_instance(w))
            if prog == "find":
                starts = []
                for w in cmd[1:]:
                    if w.startswith("-") or w in ("(", "!"):
                        break
                    starts.append(w)
                starts = [s for s in starts if _usable(s) and (s in (".", "./") or valid_path(s))] or ["."]
                is_dir = any(a == "-type" and b == "d" for a, b in zip(cmd, cmd[1:]))
                for a, b in zip(cmd, cmd[1:]):
                    if a in _FIND_PATTERN and _usable(b):
                        name = _instance(b.rsplit("/", 1)[-1] if a != "-name" and a != "-iname" else b)
                        for s in starts:
                            path = name if s in (".", "./") else f"{s}/{name}"
                            (add_dir if is_dir else add_file)(path)
                for s in starts:
                    if s not in (".", "./"):
                        add_dir(s)
            if prog == "git":
                base = next((b for a, b in zip(cmd, cmd[1:]) if a == "-C"), "")
                if not base or (_usable(base) and valid_path(base)):
                    root = f"{_norm(base)}/.git" if base else ".git"
                    for d in ("", "/objects", "/refs", "/refs/heads"):
                        add_dir(root + d)
                    files.extend(p for p in (f"{root}/HEAD", f"{root}/config") if p not in files)

    entries: list[tuple] = []
    seen: set = set()
    for p in dirs + [f.rsplit("/", 1)[0] for f in files if "/" in f]:
        parts = p.split("/")
        for n in range(1, len(parts) + 1):
            d = "/".join(parts[:n])
            if d not in seen and d not in files:
                seen.add(d)
                entries.append(("d", d))
    for f in files:
        if f in seen:
            continue
        seen.add(f)
        if f.endswith("/.git/HEAD") or f == ".git/HEAD":
            content = "ref: refs/heads/main\n"
        elif f.endswith(".git/config"):
            content = "[core]\n\trepositoryformatversion = 0\n\tbare = false\n"
        elif f.endswith(".json"):
            content = '{"sample": "hello world", "n": 1}\n'
        elif f.endswith((".py", ".sh", ".pl", ".rb", ".yml", ".yaml", ".toml", ".cfg", ".ini", ".conf")):
            content = "# " + lines.replace("\n", "\n# ").rstrip("# ") + "\n"
        elif f.endswith((".js", ".mjs", ".ts")):
            content = "// utcp-lint verify sample\n"
        else:
            content = lines
        entries.append(("f", f, content))
    return entries[:MAX_ENTRIES]


def encode(entries: list[tuple]) -> bytes:
    """NUL-separated records for the sandbox's init: ``d\\0path\\0`` / ``f\\0path\\0content\\0``."""
    out = bytearray()
    for e in entries:
        if not valid_path(e[1]) or any("\0" in x for x in e):
            continue
        out += b"".join(x.encode("utf-8", "surrogateescape") + b"\0" for x in e)
    return bytes(out)


__all__ = ["synthesise", "encode", "valid_path", "MAX_ENTRIES"]
