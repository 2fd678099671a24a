"""Configuration: ``[tool.utcp-lint]`` in pyproject.toml, found from the
working directory upward, merged under the command-line options.

Keys (all optional)::

    [tool.utcp-lint]
    select = ["UL"]            # rule ids or prefixes
    ignore = ["UL205"]
    extend-select = []         # add rules that are off by default
    fail-on = "warning"        # lowest severity that makes the exit code 1 (notes alone pass)
    shell = "auto"             # auto | bash | powershell | both
    require-declarations = false
    exclude = ["build/*"]
    format = "text"            # text | json | sarif | github
    baseline = ".utcp-lint-baseline.json"   # relative to pyproject.toml
    cache = true               # the result cache (.utcp-lint-cache): Python scan and JSON documents
    cache-dir = ".utcp-lint-cache" # where it lives, relative to pyproject.toml
    locked = false             # compare tools with the lock file (UL650-UL652)
    lock-file = "utcp-lint.lock"   # relative to pyproject.toml
    [tool.utcp-lint.per-file-ignores]
    "examples/*.json" = ["UL030"]

``exclude`` and ``per-file-ignores`` patterns are matched against paths relative
to the directory of the file that defines them (not the working directory), and,
for patterns without a ``/``, against the file name alone.  ``baseline``,
``lock-file`` and ``cache-dir`` must be relative paths that stay inside the
directory of the configuration file (a repository's configuration must not
make the linter write elsewhere, issue 28; the command-line options may name
any path).  On Python 3.10 the
file is read with ``tomli`` (a conditional dependency), never silently ignored.
"""

from __future__ import annotations

import fnmatch
import os

from .record import Record


def _tomllib():
    """The TOML parser, imported only when a configuration file is read
    (``--no-config`` and a tree without pyproject.toml never pay for it)."""
    try:
        import tomllib
    except ImportError:  # Python 3.10: the tomli backport (a dependency there)
        try:
            import tomli as tomllib
        except ImportError:  # pragma: no cover - an install without its dependencies
            return None
    return tomllib


KNOWN_KEYS = {
    "select",
    "ignore",
    "extend-select",
    "fail-on",
    "shell",
    "require-declarations",
    "exclude",
    "per-file-ignores",
    "format",
    "baseline",
    "cache",
    "cache-dir",
    "locked",
    "lock-file",
}


MAX_CONFIG_BYTES = 10 * 1024 * 1024  # docs/limits.md


class ConfigError(ValueError):
    pass


class Config(Record):
    _FIELDS = (
        "path",
        "select",
        "ignore",
        "extend_select",
        "fail_on",
        "shell",
        "require_declarations",
        "exclude",
        "per_file_ignores",
        "format",
        "baseline",
        "cache",
        "cache_dir",
        "locked",
        "lock_file",
    )

    path: str | None
    select: list[str]
    ignore: list[str]
    extend_select: list[str]
    fail_on: str
    shell: str
    require_declarations: bool
    exclude: list[str]
    per_file_ignores: dict[str, list[str]]
    format: str | None
    baseline: str | None
    cache: bool
    cache_dir: str | None
    locked: bool
    lock_file: str | None

    def __init__(
        self,
        path: str | None = None,
        select: list[str] | None = None,
        ignore: list[str] | None = None,
        extend_select: list[str] | None = None,
        fail_on: str = "warning",
        shell: str = "auto",
        require_declarations: bool = False,
        exclude: list[str] | None = None,
        per_file_ignores: dict[str, list[str]] | None = None,
        format: str | None = None,
        baseline: str | None = None,
        cache: bool = True,
        locked: bool = False,
        lock_file: str | None = None,
        cache_dir: str | None = None,
    ) -> None:
        self.path = path
        self.select = [] if select is None else select
        self.ignore = [] if ignore is None else ignore
        self.extend_select = [] if extend_select is None else extend_select
        self.fail_on = fail_on
        self.shell = shell
        self.require_declarations = require_declarations
        self.exclude = [] if exclude is None else exclude
        self.per_file_ignores = {} if per_file_ignores is None else per_file_ignores
        self.format = format
        self.baseline = baseline
        self.cache = cache
        self.cache_dir = cache_dir
        self.locked = locked
        self.lock_file = lock_file

    @property
    def root(self) -> str | None:
        """The directory patterns are relative to: the config file's."""
        return os.path.dirname(os.path.abspath(self.path)) if self.path else None

    def is_ignored(self, finding) -> bool:
        if not self.per_file_ignores:
            return False
        path = relative_to(finding.path, self.root)
        for pat, ids in self.per_file_ignores.items():
            if fnmatch.fnmatch(path, pat) or fnmatch.fnmatch(os.path.basename(finding.path), pat):
                if any(_matches(finding.rule, i) for i in ids):
                    return True
        return False


def relative_to(path: str, root: str | None, cwd: str | None = None) -> str:
    """``path`` (relative to the working directory, or absolute) relative to
    ``root``, with ``/`` separators; unchanged when there is no root or the
    path lies outside it (or is ``<stdin>``)."""
    if not root or path.startswith("<"):
        return path
    absp = os.path.normpath(os.path.join(cwd or os.getcwd(), path))
    try:
        rel = os.path.relpath(absp, root)
    except ValueError:
        return path
    if rel == ".." or rel.startswith(".." + os.sep):
        return path
    return rel.replace(os.sep, "/")


def _matches(rule_id: str, sel: str) -> bool:
    sel = sel.strip().upper()
    return sel == "ALL" or rule_id.upper().startswith(sel)


def select_rules(all_rules: dict, select=(), ignore=(), extend_select=()):
    """Rules by id/prefix: default-enabled ones (or ``select``), minus ``ignore``."""
    out = []
    for rid, r in all_rules.items():
        if select:
            on = any(_matches(rid, s) for s in select)
            # a prefix selects only default rules; an exact id selects anything
            if on and not r.default_enabled and not any(s.strip().upper() == rid for s in select):
                on = False
        else:
            on = r.default_enabled
        if any(_matches(rid, s) for s in extend_select):
            on = True
        if any(_matches(rid, s) for s in ignore):
            on = False
        if on:
            out.append(r)
    return out


def find_pyproject(start: str | None = None) -> str | None:
    d = os.path.abspath(start or os.getcwd())
    while True:
        p = os.path.join(d, "pyproject.toml")
        if os.path.isfile(p):
            return p
        parent = os.path.dirname(d)
        if parent == d:
            return None
        d = parent


def load_config(path: str | None = None, start: str | None = None) -> Config:
    p = path or find_pyproject(start)
    if p is None:
        return Config()
    tomllib = _tomllib()
    if tomllib is None:  # pragma: no cover - tomli is a dependency on 3.10
        raise ConfigError(f"{p}: cannot read configuration: no TOML parser (install tomli)")
    try:
        # A hostile repository can make the configuration (or --config) a FIFO
        # or a symlink to /dev/zero: never block, never read without bound.
        import stat

        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise ConfigError(f"{p}: cannot read configuration: not a regular file")
            raw = f.read(MAX_CONFIG_BYTES + 1)
        if len(raw) > MAX_CONFIG_BYTES:
            raise ConfigError(f"{p}: cannot read configuration: larger than {MAX_CONFIG_BYTES // 2**20} MiB")
        data = tomllib.loads(raw.decode("utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as e:
        # (a hostile pyproject.toml: not UTF-8, or nested past tomllib's recursion)
        raise ConfigError(f"{p}: cannot read configuration: {e}") from None
    sect = data.get("tool", {}).get("utcp-lint")
    if sect is None:
        return Config(path=None)
    if not isinstance(sect, dict):
        raise ConfigError(f"{p}: [tool.utcp-lint] must be a table")
    unknown = set(sect) - KNOWN_KEYS
    if unknown:
        raise ConfigError(f"{p}: unknown key(s) in [tool.utcp-lint]: {', '.join(sorted(unknown))}")
    c = Config(path=p)

    def lst(key):
        v = sect.get(key, [])
        if isinstance(v, str):
            v = [v]
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise ConfigError(f"{p}: [tool.utcp-lint] {key} must be a list of strings")
        return v

    c.select, c.ignore, c.extend_select, c.exclude = lst("select"), lst("ignore"), lst("extend-select"), lst("exclude")
    fo = sect.get("fail-on", "warning")
    if fo not in ("note", "warning", "error"):
        raise ConfigError(f"{p}: [tool.utcp-lint] fail-on must be note, warning or error")
    c.fail_on = fo
    sh = sect.get("shell", "auto")
    if sh not in ("auto", "bash", "powershell", "both"):
        raise ConfigError(f"{p}: [tool.utcp-lint] shell must be auto, bash, powershell or both")
    c.shell = sh
    rd = sect.get("require-declarations", False)
    if not isinstance(rd, bool):
        raise ConfigError(f"{p}: [tool.utcp-lint] require-declarations must be true or false")
    c.require_declarations = rd
    fmt = sect.get("format")
    if fmt is not None and fmt not in ("text", "json", "sarif", "github"):
        raise ConfigError(f"{p}: [tool.utcp-lint] format must be text, json, sarif or github")
    c.format = fmt

    def inside(key: str, what: str) -> str | None:
        v = sect.get(key)
        if v is None:
            return None
        if not isinstance(v, str) or not v or "\0" in v:
            raise ConfigError(f"{p}: [tool.utcp-lint] {key} must be a {what}")
        from .safewrite import inside_root

        why = inside_root(v, os.path.dirname(os.path.abspath(p)))
        if why:
            raise ConfigError(f"{p}: [tool.utcp-lint] {key} = {v!r} {why} (name it on the command line instead)")
        return os.path.join(os.path.dirname(p), v)

    c.baseline = inside("baseline", "file path")
    cache = sect.get("cache", True)
    if not isinstance(cache, bool):
        raise ConfigError(f"{p}: [tool.utcp-lint] cache must be true or false")
    c.cache = cache
    lk = sect.get("locked", False)
    if not isinstance(lk, bool):
        raise ConfigError(f"{p}: [tool.utcp-lint] locked must be true or false")
    c.locked = lk
    c.lock_file = inside("lock-file", "file path")
    c.cache_dir = inside("cache-dir", "directory path")
    pfi = sect.get("per-file-ignores", {})
    if not isinstance(pfi, dict):
        raise ConfigError(f"{p}: [tool.utcp-lint] per-file-ignores must be a table")
    for k, v in pfi.items():
        if isinstance(v, str):
            v = [v]
        if not isinstance(v, list):
            raise ConfigError(f"{p}: per-file-ignores[{k!r}] must be a list of rule ids")
        c.per_file_ignores[k] = v
    return c
