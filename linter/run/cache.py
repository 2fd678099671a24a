"""Result cache for JSON documents (issue 15: repeat runs).

An unchanged manual is served from the cache instead of being parsed and
linted again.  The ideas are the Python-scan cache's (linter/pyscan/cache.py):

* **key** of an entry: a BLAKE2b hash, keyed with this user's local secret
  (``~/.cache/utcp-lint/cache-secret``, shared with the Python-scan cache), of
  the tool version, this cache's format, the selected rule ids, every lint
  option, the size/mtime of every module of the package and of the rules, and
  the document's content hash.  A changed document, rule selection, option,
  version or code is a different key; a cache file committed to a hostile
  repository can never match (it would need the secret).
* **value**: the document's findings, path-less (filled in on load, so a
  moved file still hits), every field of every finding (fixes, related
  locations, snippets and offsets included), encoded generically from the
  dataclasses of :mod:`utcp_lint.core.findings` -- JSON, never pickle.
* only documents that linted **cleanly as UTCP** are stored: no error (bad
  input, internal error) and no note for that file, so an error is always
  reported by a real run.
* one small file per entry under ``.utcp-lint-cache/`` in the working
  directory, or ``--cache-dir``, or the configuration's ``cache-dir`` (only the
  entries a run needs are read); at most :data:`MAX_FILES` are kept, the oldest
  pruned.  Written through :mod:`utcp_lint.core.safewrite`: a committed symbolic link
  there skips the cache with one warning line (issue 28).

Results from the cache are identical to a fresh run, in the same order
(tests/test_json_cache.py).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat

from ..core.fieldwise import field_names, is_record
from ..core.safewrite import UnsafeWrite, write_file
from .cache_secret import CACHE_DIR, cache_location, local_secret, prepare_cache_dir, warn_cache_refused
from .read import read_text
from .result import RunResult, safe_path

FORMAT = "1"
MAX_FILES = 2000
PREFIX = "json-"


class _NotCacheable(Exception):
    pass


def _code_files() -> list:
    from .. import rules as rules_pkg

    # the whole package (linter/, this file's parent's parent) and the rules, with the data
    # the engines read (linter/data/*.json: the program facts and option grammars)
    dirs = [os.path.dirname(os.path.dirname(os.path.abspath(__file__)))] + [
        os.path.abspath(p) for p in rules_pkg.__path__
    ]
    files: list[str] = []
    for base in dirs:
        for dp, dn, fn in os.walk(base):
            dn[:] = sorted(d for d in dn if d != "__pycache__")
            files.extend(os.path.join(dp, f) for f in sorted(fn) if f.endswith((".py", ".json")))
    return files


def run_key(linter) -> bytes:
    from .. import __version__

    h = hashlib.blake2b(digest_size=16, key=local_secret())
    h.update(f"{__version__}|json-cache {FORMAT}|".encode())
    h.update(",".join(sorted(r.id for r in linter.rules)).encode())
    opts = linter.options
    fields = vars(opts) if hasattr(opts, "__dict__") else {}
    h.update(("|" + repr(sorted(fields.items()))).encode("utf-8", "backslashreplace"))
    for f in _code_files():
        try:
            st = os.stat(f)
            h.update(f"{f}:{st.st_size}:{st.st_mtime_ns};".encode("utf-8", "backslashreplace"))
        except OSError:
            pass
    return h.digest()


def content_hash(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


# ---- generic (de)serialisation of findings -----------------------------------


def _enc(v, path: str):
    if v is None or v.__class__ in (bool, int, float):
        return v
    if v.__class__ is str:
        return ["p"] if v == path else v
    if v.__class__ is list:
        return ["l", [_enc(x, path) for x in v]]
    if v.__class__ is tuple:
        return ["t", [_enc(x, path) for x in v]]
    if v.__class__ is dict:
        if not all(k.__class__ is str for k in v):
            raise _NotCacheable
        return ["m", {k: _enc(x, path) for k, x in v.items()}]
    if is_record(type(v)):
        from ..core import findings as F

        name = type(v).__name__
        if getattr(F, name, None) is not type(v):
            raise _NotCacheable
        return ["d", name, {name: _enc(getattr(v, name), path) for name in field_names(type(v))}]
    raise _NotCacheable


def _dec(v, path: str):
    if v is None or v.__class__ in (bool, int, float, str):
        return v
    tag = v[0]
    if tag == "l" and not v[1]:
        return []
    if tag == "p":
        return path
    if tag == "l":
        return [_dec(x, path) for x in v[1]]
    if tag == "t":
        return tuple(_dec(x, path) for x in v[1])
    if tag == "m":
        return {k: _dec(x, path) for k, x in v[1].items()}
    if tag == "d":
        from ..core import findings as F

        cls = getattr(F, v[1], None)
        if not isinstance(cls, type) or not is_record(cls):
            raise ValueError(v[1])
        return cls(**{k: _dec(x, path) for k, x in v[2].items()})
    raise ValueError(tag)


def _encode_findings(findings: list, path: str) -> dict:
    """Column-major: one list per Finding field; string columns index a table
    of distinct strings (messages, snippets and pointers repeat), -1 = the
    document's own path; other columns are encoded generically."""
    from ..core.findings import Finding

    names = list(field_names(Finding))
    for f in findings:
        if type(f) is not Finding:
            raise _NotCacheable
    table: dict = {}
    cols = {}
    for name in names:
        vals = [getattr(f, name) for f in findings]
        if all(v is None or v.__class__ is str for v in vals):
            cols[name] = [
                "s",
                [None if v is None else (-1 if v == path else table.setdefault(v, len(table))) for v in vals],
            ]
        elif all(v is None or v.__class__ is int for v in vals):
            cols[name] = ["i", vals]
        else:
            cols[name] = ["g", [_enc(v, path) for v in vals]]
    return {"v": FORMAT, "n": len(findings), "strs": list(table), "cols": cols}


def _decode_findings(data: dict, path: str) -> list:
    from ..core.findings import Finding

    names = list(field_names(Finding))
    cols = data["cols"]
    if set(cols) != set(names):
        raise ValueError("fields changed")
    strs = data["strs"]
    n = data["n"]
    lists = []
    for name in names:
        kind, vals = cols[name]
        if len(vals) != n:
            raise ValueError("column length")
        if kind == "s":
            vals = [None if i is None else (path if i == -1 else strs[i]) for i in vals]
        elif kind == "g":
            vals = [v if v is None else _dec(v, path) for v in vals]
        elif kind != "i":
            raise ValueError(kind)
        lists.append(vals)
    return list(map(Finding, *lists)) if n else []


# ---- the cache ----------------------------------------------------------------


class JsonCache:
    def __init__(self, directory: str, key: bytes, within: str | None = None):
        self.dir = directory
        self.within = within or os.path.dirname(directory)
        self.refused = False
        self.key = key
        self.hits = 0
        self.misses = 0
        self.stored = 0

    @classmethod
    def open(cls, linter, root: str | None = None) -> JsonCache | None:
        try:
            d, within = cache_location(linter, root)
            return cls(d, run_key(linter), within)
        except OSError:
            return None

    def _file(self, text_hash: bytes) -> str:
        h = hashlib.blake2b(self.key + text_hash, digest_size=20).hexdigest()
        return os.path.join(self.dir, f"{PREFIX}{h}.json")

    def get(self, text_hash: bytes, path: str) -> list | None:
        f = self._file(text_hash)
        try:
            fd = os.open(f, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            with os.fdopen(fd, "r", encoding="utf-8") as fh:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    return None
                data = json.load(fh)
            if not isinstance(data, dict) or data.get("v") != FORMAT:
                return None
            return _decode_findings(data, path)
        except (OSError, ValueError, TypeError, KeyError, IndexError, RecursionError):
            return None

    def put(self, text_hash: bytes, path: str, findings: list) -> None:
        try:
            payload = _encode_findings(findings, path)
        except (_NotCacheable, RecursionError):
            return
        if self.refused:
            return
        f = self._file(text_hash)
        try:
            prepare_cache_dir(self.dir, self.within)
            write_file(
                f, json.dumps(payload, separators=(",", ":"), ensure_ascii=True), within=self.within, durable=False
            )
            self.stored += 1
        except UnsafeWrite as e:
            self.refused = True
            warn_cache_refused(e)
        except OSError:
            pass

    def prune(self) -> None:
        if not self.stored:
            return
        try:
            names = [n for n in os.listdir(self.dir) if n.startswith(PREFIX) and n.endswith(".json")]
            if len(names) <= MAX_FILES:
                return
            paths = [os.path.join(self.dir, n) for n in names]
            paths.sort(key=lambda p: os.stat(p).st_mtime_ns)
            for p in paths[: len(paths) - MAX_FILES]:
                os.unlink(p)
        except OSError:
            pass


def lint_with_cache(linter, targets: list, result, lint_rest) -> None:
    """Serve unchanged JSON documents from the cache, lint the others with
    ``lint_rest(targets, result)`` and store what is cacheable."""
    cache = JsonCache.open(linter)
    if cache is None:
        lint_rest(targets, result)
        return
    misses = []
    hashes = {}
    for t in targets:
        if t.path == "-":
            misses.append(t)
            continue
        text, err = read_text(t)
        if err is not None or text is None or not text.strip():
            misses.append(t)  # the real run reports it
            continue
        th = content_hash(text)
        found = cache.get(th, t.display)
        if found is None:
            cache.misses += 1
            hashes[t.display] = th
            misses.append(t)
            continue
        cache.hits += 1
        result.files += 1
        result.sources[t.display] = text
        result.findings.extend(found)
    if misses:
        fresh = RunResult()
        lint_rest(misses, fresh)
        by_path: dict = {}
        for f in fresh.findings:
            by_path.setdefault(f.path, []).append(f)
        bad = {e.path for e in fresh.errors}
        noted = [n for n in fresh.notes]
        for t in misses:
            mh = hashes.get(t.display)  # the hash of a miss
            if mh is None or t.display not in fresh.sources:
                continue
            shown = safe_path(t.display)
            if shown in bad or any(n.startswith(shown + ":") for n in noted):
                continue
            cache.put(mh, t.display, by_path.get(t.display, []))
        result.findings.extend(fresh.findings)
        result.errors.extend(fresh.errors)
        result.notes.extend(fresh.notes)
        result.files += fresh.files
        result.sources.update(fresh.sources)
        if fresh.internal_seen:
            result.internal_seen.update(fresh.internal_seen)
    cache.prune()
    linter.json_cache_stats = (cache.hits, cache.misses, cache.stored)


__all__ = ["CACHE_DIR", "JsonCache", "lint_with_cache", "run_key", "content_hash"]
