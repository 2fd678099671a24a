"""Configuration: a ``.utcp-lint.toml`` or ``utcp-lint.toml`` (the keys at the top
level, as ruff.toml) or ``[tool.utcp-lint]`` in pyproject.toml, whichever is found
first from the working directory upward (in one directory, in that order), merged
under the command-line options.

Keys (all optional)::

    [tool.utcp-lint]
    select = ["UL"]            # rule ids or prefixes
    ignore = ["UL205"]
    extend-select = []         # add rules that are off by default
    fail-on = "warning"        # lowest severity that makes the exit code 1 (notes alone pass)
    shell = "auto"             # auto | bash | powershell | both
    require-declarations = false
    ignore-foreign-suppressions = false
    exclude = ["build/*"]      # replaces nothing: added to the .gitignore'd files
    extend-exclude = []        # more patterns (ruff's name; same meaning as exclude here)
    force-exclude = false      # also exclude files named on the command line (pre-commit)
    respect-gitignore = true   # skip what .gitignore, .git/info/exclude ignore
    output-format = "concise"  # concise | full | json | sarif | github (alias: format; text = concise)
    baseline = ".utcp-lint-baseline.json"   # relative to pyproject.toml
    cache = true               # the result cache (.utcp-lint-cache): Python scan and JSON documents
    cache-dir = ".utcp-lint-cache" # where it lives, relative to pyproject.toml
    locked = false             # compare tools with the lock file (UL650-UL652)
    lock-file = "utcp-lint.lock"   # relative to pyproject.toml
    [tool.utcp-lint.per-file-ignores]
    "examples/*.json" = ["UL030"]
    [tool.utcp-lint.per-tool-ignores]
    "manuals/ops.json::archive" = ["UL150"]     # FILE::TOOL-NAME (both glob patterns)
    "manuals/ops.json#/tools/3" = ["UL150"]     # FILE#JSON-POINTER (that node and below)

``exclude``, ``per-file-ignores`` and the file part of ``per-tool-ignores`` are
matched against paths relative to the directory of the file that defines them
(not the working directory), and, for patterns without a ``/``, against the file
name alone.  An entry of ``per-file-ignores`` or ``per-tool-ignores`` that
silenced nothing in a run that linted a file it names is reported (UL904).
``baseline``, ``lock-file`` and ``cache-dir`` must be relative paths that stay
inside the directory of the configuration file (a repository's configuration
must not make the linter write elsewhere, issue 28; the command-line options
may name any path).  On Python 3.10 the file is read with ``tomli`` (a
conditional dependency), never silently ignored.
"""

from __future__ import annotations

import fnmatch
import os

from ..core.fieldwise import field, record, record_eq, record_repr


def _tomllib():
    """The TOML parser, imported only when a configuration file is read
    (``--no-config`` and a tree without pyproject.toml never pay for it)."""
    try:
        import tomllib
    except ImportError:  # Python 3.10: the tomli backport (a dependency there)
        try:
            import tomli
        except ImportError:  # pragma: no cover - an install without its dependencies
            return None
        return tomli
    return tomllib


KNOWN_KEYS = {
    "select",
    "ignore",
    "extend-select",
    "fail-on",
    "shell",
    "require-declarations",
    "ignore-foreign-suppressions",
    "exclude",
    "per-file-ignores",
    "format",
    "baseline",
    "cache",
    "cache-dir",
    "locked",
    "lock-file",
    "per-tool-ignores",
    "extend-exclude",
    "force-exclude",
    "respect-gitignore",
    "output-format",
}

#: the configuration files, in the order they are looked for in each directory
CONFIG_NAMES = (".utcp-lint.toml", "utcp-lint.toml", "pyproject.toml")
FORMATS = ("concise", "full", "text", "json", "sarif", "github")


MAX_CONFIG_BYTES = 10 * 1024 * 1024  # docs/limits.md


class ConfigError(ValueError):
    pass


@record(slots=True)
class Config:
    """The settings of a run, read from ``.utcp-lint.toml``, ``utcp-lint.toml`` or
    pyproject.toml's ``[tool.utcp-lint]``."""

    path: str | None = None
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    extend_select: list[str] = field(default_factory=list)
    fail_on: str = "warning"
    shell: str = "auto"
    require_declarations: bool = False
    ignore_foreign_suppressions: bool = False
    exclude: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    format: str | None = None
    baseline: str | None = None
    cache: bool = True
    cache_dir: str | None = None
    locked: bool = False
    lock_file: str | None = None
    per_tool_ignores: dict[str, list[str]] = field(default_factory=dict)
    extend_exclude: list[str] = field(default_factory=list)
    force_exclude: bool = False
    respect_gitignore: bool = True
    # suppressions that matched: (kind, pattern, rule id); not a setting (no ==, no repr)
    used: set[tuple[str, str, str]] = field(default_factory=set, init=False, repr=False, compare=False)

    def __init__(
        self,
        path: str | None = None,
        select: list[str] | None = None,
        ignore: list[str] | None = None,
        extend_select: list[str] | None = None,
        fail_on: str = "warning",
        shell: str = "auto",
        require_declarations: bool = False,
        ignore_foreign_suppressions: bool = False,
        exclude: list[str] | None = None,
        per_file_ignores: dict[str, list[str]] | None = None,
        format: str | None = None,
        baseline: str | None = None,
        cache: bool = True,
        cache_dir: str | None = None,
        locked: bool = False,
        lock_file: str | None = None,
        per_tool_ignores: dict[str, list[str]] | None = None,
        extend_exclude: list[str] | None = None,
        force_exclude: bool = False,
        respect_gitignore: bool = True,
    ) -> None:
        self.path = path
        self.select = list() if select is None else select
        self.ignore = list() if ignore is None else ignore
        self.extend_select = list() if extend_select is None else extend_select
        self.fail_on = fail_on
        self.shell = shell
        self.require_declarations = require_declarations
        self.ignore_foreign_suppressions = ignore_foreign_suppressions
        self.exclude = list() if exclude is None else exclude
        self.per_file_ignores = dict() if per_file_ignores is None else per_file_ignores
        self.format = format
        self.baseline = baseline
        self.cache = cache
        self.cache_dir = cache_dir
        self.locked = locked
        self.lock_file = lock_file
        self.per_tool_ignores = dict() if per_tool_ignores is None else per_tool_ignores
        self.extend_exclude = list() if extend_exclude is None else extend_exclude
        self.force_exclude = force_exclude
        self.respect_gitignore = respect_gitignore
        self.used = set()

    __repr__ = record_repr
    __eq__ = record_eq

    @property
    def section(self) -> str:
        """How messages name the table the keys are in."""
        if self.path and os.path.basename(self.path) != "pyproject.toml":
            return os.path.basename(self.path)
        return "[tool.utcp-lint]"

    @property
    def root(self) -> str | None:
        """The directory patterns are relative to: the config file's."""
        return os.path.dirname(os.path.abspath(self.path)) if self.path else None

    def is_ignored(self, finding) -> bool:
        if not self.per_file_ignores and not self.per_tool_ignores:
            return False
        path = relative_to(finding.path, self.root)
        for pat, ids in self.per_file_ignores.items():
            if _file_matches(path, finding.path, pat):
                hit = next((i for i in ids if matches(finding.rule, i)), None)
                if hit is not None:
                    self.used.add(("per-file-ignores", pat, hit))
                    return True
        for key, ids in self.per_tool_ignores.items():
            fpat, sep, target = split_tool_key(key)
            if not _file_matches(path, finding.path, fpat):
                continue
            if sep == "::":
                if finding.tool is None or not fnmatch.fnmatchcase(finding.tool, target):
                    continue
            elif not (finding.pointer == target or finding.pointer.startswith(target.rstrip("/") + "/")):
                continue
            hit = next((i for i in ids if matches(finding.rule, i)), None)
            if hit is not None:
                self.used.add(("per-tool-ignores", key, hit))
                return True
        return False

    def unused_suppressions(self, linted: list[str], selected: list[str], known: list[str]):
        """``(table, key, rule id, reason)`` for each entry of ``per-file-ignores`` /
        ``per-tool-ignores`` that silenced nothing, judged only where that is known:
        the entry's file pattern matched a file of this run (``linted``: display paths)
        and its id names a rule that ran (``selected``), or no rule at all (``known``)."""
        rels = [(relative_to(p, self.root), p) for p in linted]
        for table, entries in (
            ("per-file-ignores", self.per_file_ignores),
            ("per-tool-ignores", self.per_tool_ignores),
        ):
            for key, ids in entries.items():
                fpat = key if table == "per-file-ignores" else split_tool_key(key)[0]
                if not any(_file_matches(rel, p, fpat) for rel, p in rels):
                    continue
                for i in ids:
                    if (table, key, i) in self.used:
                        continue
                    if not any(matches(k, i) for k in known):
                        yield table, key, i, "is not a utcp-lint rule id"
                    elif any(matches(k, i) for k in selected):
                        yield table, key, i, "silenced no finding here"


def split_tool_key(key: str) -> tuple[str, str, str]:
    """``"FILE::TOOL"`` -> (FILE, "::", TOOL); ``"FILE#/POINTER"`` -> (FILE, "#", /POINTER).
    An empty FILE means every file."""
    f, sep, rest = key.partition("#")
    if sep and (rest == "" or rest.startswith("/")):
        return f or "*", "#", rest
    f, sep, rest = key.partition("::")
    return f or "*", "::", rest


def _file_matches(rel: str, path: str, pat: str) -> bool:
    return fnmatch.fnmatch(rel, pat) or fnmatch.fnmatch(os.path.basename(path), pat)


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


def matches(rule_id: str, sel: str) -> bool:
    sel = sel.strip().upper()
    return sel == "ALL" or rule_id.upper().startswith(sel)


def select_rules(all_rules: dict, select=(), ignore=(), extend_select=()):
    """Rules by id/prefix: default-enabled ones (or ``select``), minus ``ignore``."""
    out = []
    for rid, r in all_rules.items():
        if select:
            on = any(matches(rid, s) for s in select)
            # a prefix selects only default rules; an exact id selects anything
            if on and not r.default_enabled and not any(s.strip().upper() == rid for s in select):
                on = False
        else:
            on = r.default_enabled
        if any(matches(rid, s) for s in extend_select):
            on = True
        if any(matches(rid, s) for s in ignore):
            on = False
        if on:
            out.append(r)
    return out


def find_pyproject(start: str | None = None) -> str | None:
    """The nearest configuration file from ``start`` (the cwd) upward: in each
    directory ``.utcp-lint.toml``, then ``utcp-lint.toml``, then ``pyproject.toml``."""
    d = os.path.abspath(start or os.getcwd())
    while True:
        for name in CONFIG_NAMES:
            p = os.path.join(d, name)
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
    if os.path.basename(p) == "pyproject.toml":
        sect = data.get("tool", {}).get("utcp-lint")
        if sect is None:
            return Config(path=None)
        if not isinstance(sect, dict):
            raise ConfigError(f"{p}: [tool.utcp-lint] must be a table")
    else:  # utcp-lint.toml / .utcp-lint.toml / any other --config file: the keys at the top level
        sect = data
    c = Config(path=p)
    where = c.section
    unknown = set(sect) - KNOWN_KEYS
    if unknown:
        raise ConfigError(f"{p}: unknown key(s) in {where}: {', '.join(sorted(unknown))}")

    def lst(key):
        v = sect.get(key, [])
        if isinstance(v, str):
            v = [v]
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise ConfigError(f"{p}: {where} {key} must be a list of strings")
        return v

    c.select, c.ignore, c.extend_select, c.exclude = lst("select"), lst("ignore"), lst("extend-select"), lst("exclude")
    c.extend_exclude = lst("extend-exclude")
    for key in ("force-exclude", "respect-gitignore"):
        v = sect.get(key, key == "respect-gitignore")
        if not isinstance(v, bool):
            raise ConfigError(f"{p}: {where} {key} must be true or false")
        setattr(c, key.replace("-", "_"), v)
    fo = sect.get("fail-on", "warning")
    if fo not in ("note", "warning", "error"):
        raise ConfigError(f"{p}: {where} fail-on must be note, warning or error")
    c.fail_on = fo
    sh = sect.get("shell", "auto")
    if sh not in ("auto", "bash", "powershell", "both"):
        raise ConfigError(f"{p}: {where} shell must be auto, bash, powershell or both")
    c.shell = sh
    rd = sect.get("require-declarations", False)
    if not isinstance(rd, bool):
        raise ConfigError(f"{p}: {where} require-declarations must be true or false")
    c.require_declarations = rd
    ifs = sect.get("ignore-foreign-suppressions", False)
    if not isinstance(ifs, bool):
        raise ConfigError(f"{p}: {where} ignore-foreign-suppressions must be true or false")
    c.ignore_foreign_suppressions = ifs
    if "format" in sect and "output-format" in sect:
        raise ConfigError(f"{p}: {where} has both format and output-format (the same setting)")
    fmt = sect.get("output-format", sect.get("format"))
    if fmt is not None and fmt not in FORMATS:
        raise ConfigError(f"{p}: {where} output-format must be one of {', '.join(FORMATS)}")
    c.format = fmt

    def inside(key: str, what: str) -> str | None:
        v = sect.get(key)
        if v is None:
            return None
        if not isinstance(v, str) or not v or "\0" in v:
            raise ConfigError(f"{p}: {where} {key} must be a {what}")
        from ..core.safewrite import inside_root

        why = inside_root(v, os.path.dirname(os.path.abspath(p)))
        if why:
            raise ConfigError(f"{p}: {where} {key} = {v!r} {why} (name it on the command line instead)")
        return os.path.join(os.path.dirname(p), v)

    c.baseline = inside("baseline", "file path")
    cache = sect.get("cache", True)
    if not isinstance(cache, bool):
        raise ConfigError(f"{p}: {where} cache must be true or false")
    c.cache = cache
    lk = sect.get("locked", False)
    if not isinstance(lk, bool):
        raise ConfigError(f"{p}: {where} locked must be true or false")
    c.locked = lk
    c.lock_file = inside("lock-file", "file path")
    c.cache_dir = inside("cache-dir", "directory path")
    pfi = sect.get("per-file-ignores", {})
    if not isinstance(pfi, dict):
        raise ConfigError(f"{p}: {where} per-file-ignores must be a table")
    for k, v in pfi.items():
        if isinstance(v, str):
            v = [v]
        if not isinstance(v, list):
            raise ConfigError(f"{p}: per-file-ignores[{k!r}] must be a list of rule ids")
        c.per_file_ignores[k] = v
    pti = sect.get("per-tool-ignores", {})
    if not isinstance(pti, dict):
        raise ConfigError(f"{p}: {where} per-tool-ignores must be a table")
    for k, v in pti.items():
        if isinstance(v, str):
            v = [v]
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise ConfigError(f"{p}: per-tool-ignores[{k!r}] must be a list of rule ids")
        _f, sep, target = split_tool_key(k)
        if not target:
            raise ConfigError(
                f"{p}: per-tool-ignores[{k!r}]: write FILE::TOOL-NAME or FILE#/JSON/POINTER "
                '(e.g. "manuals/ops.json::archive" or "manuals/ops.json#/tools/3")'
            )
        c.per_tool_ignores[k] = v
    return c


def unused_suppression_findings(cfg: Config, linted: list[str], selected: list[str], known: list[str]) -> list:
    """The UL904 findings of a run: one per unused id, at that id in the config file."""
    import re

    from ..core.findings import SourceFile
    from ..ruleset.ids import UNUSED_SUPPRESSION
    from ..ruleset.rule import all_rules
    from .discover import display_path

    if not cfg.path or UNUSED_SUPPRESSION not in selected:
        return []
    unused = list(cfg.unused_suppressions(linted, selected, known))
    if not unused:
        return []
    try:
        with open(cfg.path, encoding="utf-8") as fh:
            text = fh.read(MAX_CONFIG_BYTES)
    except OSError:
        text = ""
    src = SourceFile(display_path(cfg.path), text)
    rule = all_rules()[UNUSED_SUPPRESSION]
    prefix = "/tool/utcp-lint" if os.path.basename(cfg.path) == "pyproject.toml" else ""
    out = []
    for table, key, rid, reason in unused:
        start, end = 0, 0
        m = re.search(r"^[ \t]*[\"']" + re.escape(key) + r"[\"'][ \t]*=", text, re.M)
        if m:
            start, end = m.start(), m.end()
            mid = re.compile(r"[\"']" + re.escape(rid) + r"[\"']").search(text, m.end())
            if mid:
                start, end = mid.start() + 1, mid.end() - 1
        message = f"{rid!r} in {table} entry {key!r} {reason}; delete it or correct it"
        pointer = f"{prefix}/{table}/{key.replace('~', '~0').replace('/', '~1')}"
        out.append(rule.finding(src, start, end, message, pointer=pointer, tool=None))
    return out
