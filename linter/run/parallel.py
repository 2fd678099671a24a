"""Both cores for JSON documents (issue 15).

Two ways, chosen by :class:`utcp_lint.run.linter.Linter` when ``jobs > 1``:

* **one large document** (:class:`TemplateSplit`): it is loaded once and its
  CLI templates are built; then ``jobs - 1`` worker processes are *forked*
  (they inherit the loaded document and the templates, nothing is pickled on
  the way in) and start on the template-scope rules while the parent runs
  the document rules.  The templates are cut into contiguous slices of about
  equal cost (:func:`chunk_bounds`); every process claims slices in a table
  shared with the forks, the workers from the first, the parent (once its
  document rules are done) from the last, so all processes stay busy until
  the last slice.  A worker writes each slice's findings to a file, the
  parent reads them back in template order: the result is the serial loop's
  list, in its order, and internal errors are merged the way the serial run
  merges them (one error per failure naming every rule it hit).
* **many files**: worker processes lint whole files (``map``, order kept);
  results are appended in the targets' order.

A worker that dies (a crash in a native library) breaks the pool, which
raises instead of hanging; the run then redoes that work serially.

Either way the result is identical to the serial run, in the same order
(tests/test_parallel.py, scripts/compare_baseline.py --jobs 2).  Both need
``fork`` (Linux, the BSDs); elsewhere, and whenever a pool cannot be made,
the run stays serial.  Thresholds: a split costs a fork, a pool and the
findings' round trip through files (~30-60 ms), so it is used only above
:data:`MIN_TEMPLATES` templates, or :data:`MIN_FILES` files totalling
:data:`MIN_BYTES`.
"""

from __future__ import annotations

import os

from .result import RunResult
from .rules import run_template_rules

MIN_TEMPLATES = 200  # one document: split its templates from this many on
# ... unless the document is bigger than this: a forked worker touching the
# templates copies the pages it touches (reference counts), so a split of a
# 100 MB manual could double the physical memory of the run; such runs stay
# serial (memory is the binding limit there, docs/limits.md)
MAX_SPLIT_CHARS = 48 * 1024 * 1024
MIN_FILES = 4  # many files: from this many JSON files ...
MIN_BYTES = 256 * 1024  # ... totalling at least this many bytes
CHUNKS_PER_JOB = 16  # slices per process: the parent and the workers take them as they finish
LOCK_TIMEOUT = 30.0  # seconds; the lock is held for a few instructions
MIN_CHUNK = 8  # templates per slice at least (each slice costs a claim and a file)


def default_jobs() -> int:
    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        n = os.cpu_count() or 1
    return max(1, n)


def _fork_context():
    import multiprocessing

    try:
        return multiprocessing.get_context("fork")
    except ValueError:
        return None


def _executor(ctx, workers: int):
    """A process pool that raises (BrokenProcessPool) instead of hanging when a
    worker dies (a multiprocessing.Pool would wait for the lost task forever);
    the caller then runs serially."""
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=workers, mp_context=ctx)


# Set in the parent just before forking; read by the workers (inherited):
# (linter, targets) for many files, the _Split of one document.
_STATE: tuple | None = None
_SPLIT: _Split | None = None


# ---- one document: templates split across workers --------------------------


def chunk_bounds(templates: list, chunks: int) -> list[tuple[int, int]]:
    """Contiguous slices of ``templates`` of about equal cost (a template's
    cost grows with its steps and their length), at most ``chunks`` of them."""
    costs = [_cost(t) for t in templates]
    total = sum(costs)
    bounds: list[tuple[int, int]] = []
    start = 0
    acc = 0
    for i, c in enumerate(costs):
        acc += c
        # close the slice once it reaches its share of the total
        if acc * chunks >= total * (len(bounds) + 1) and len(bounds) < chunks - 1:
            bounds.append((start, i + 1))
            start = i + 1
    if start < len(templates):
        bounds.append((start, len(templates)))
    return bounds


def _cost(tpl) -> int:
    steps = tpl.steps
    return 200 + sum(100 + len(s.command) for s in steps)


def run_templates(linter, templates: list, source, budget, jobs: int) -> TemplateSplit | None:
    """Start the template rules of one document on ``jobs`` processes (this
    one included): :meth:`TemplateSplit.start`."""
    return TemplateSplit.start(linter, templates, source, budget, jobs)


# a slice's state in the table shared with the workers
FREE, WORKER, PARENT, DONE = 0, 1, 2, 3


class _Split:
    """What the workers inherit through the fork: the template rules' inputs,
    the slices, the shared table (an anonymous shared mapping, one state byte
    per slice, read and written under ``lock``) and the folder where a
    worker writes each slice's results."""

    __slots__ = ("rules", "templates", "source", "budget", "bounds", "lock", "table", "folder")

    def __init__(self, rules, templates, source, budget, bounds, lock, table, folder: str) -> None:
        self.rules, self.templates, self.source, self.budget = rules, templates, source, budget
        self.bounds, self.lock, self.table, self.folder = bounds, lock, table, folder

    def claim(self, who: int) -> int | None:
        """The first free slice for a worker, the last one for the parent
        (they meet in the middle); None when none is left."""
        table = self.table
        order = range(len(self.bounds)) if who == WORKER else range(len(self.bounds) - 1, -1, -1)
        with _Locked(self.lock):
            for i in order:
                if table[i] == FREE:
                    table[i] = who
                    return i
        return None

    def state(self, i: int) -> int:
        with _Locked(self.lock):
            return self.table[i]

    def done(self, i: int) -> None:
        with _Locked(self.lock):
            self.table[i] = DONE

    def path(self, i: int) -> str:
        return os.path.join(self.folder, str(i))


class _Locked:
    """``with lock`` that gives up (RuntimeError: the run falls back to the
    serial loop) instead of waiting forever on a lock whose holder was
    killed inside its few instructions under it."""

    def __init__(self, lock) -> None:
        self.lock = lock

    def __enter__(self) -> None:
        if not self.lock.acquire(timeout=LOCK_TIMEOUT):
            raise RuntimeError("the slice table's lock was not released")

    def __exit__(self, *exc: object) -> None:
        self.lock.release()


class TemplateSplit:
    """The template rules of one document on forked workers, forked when this
    is made so that they start while the parent runs the document rules.
    Every process claims slices in the shared table: the workers from the
    first, the parent, once its document rules are done, from the last.  A
    worker never waits for the parent: it claims its next slice itself and
    writes each slice's results to a file (a pipe would block once it holds
    64 KB, until the parent's reader thread gets the interpreter lock from
    the parent's own rules).  :meth:`finish` collects every slice's results
    in template order; :meth:`abandon` drops them (the budget ran out in the
    document rules: the serial run analyses no template then)."""

    def __init__(self, ex, split: _Split, futures: list) -> None:
        self.ex = ex
        self.split = split
        self.futures = futures

    @classmethod
    def start(cls, linter, templates: list, source, budget, jobs: int) -> TemplateSplit | None:
        """Fork ``jobs - 1`` workers (the parent is the last one) and start
        them; None (nothing started) when processes are not available."""
        global _SPLIT
        ctx = _fork_context()
        if ctx is None:
            return None
        import mmap
        import tempfile

        n = len(templates)
        bounds = chunk_bounds(templates, max(1, min(n // MIN_CHUNK, jobs * CHUNKS_PER_JOB)))
        workers = max(1, jobs - 1)
        folder = None
        try:
            # the slices' results are pickles read back by this process: the folder is
            # mkdtemp's (mode 0700, unguessable name), so no other user can put one there
            folder = tempfile.mkdtemp(prefix="utcp-lint-split-")
            table = mmap.mmap(-1, len(bounds))  # anonymous, shared with the forks; zero: FREE
            split = _Split(linter.rules, templates, source, budget, bounds, ctx.Lock(), table, folder)
            _SPLIT = split  # inherited by the workers, read by _worker
            ex = _executor(ctx, workers)
            futures = [ex.submit(_worker) for _ in range(workers)]  # the first submit forks
        except (OSError, RuntimeError, EOFError, ImportError):
            _SPLIT = None
            if folder is not None:
                _remove(folder)
            return None
        return cls(ex, split, futures)

    def finish(self, result, budget=None) -> int | None:
        """Append the template results to ``result`` exactly as the serial loop
        would.  Returns the number of templates analysed (fewer than all only
        when ``budget`` ran out: ``budget.spent_at`` is then set, as the
        serial loop sets it), or None (nothing appended) when a worker died:
        the caller then runs the templates serially."""
        import pickle

        split = self.split
        parts: list = [None] * len(split.bounds)
        try:
            while (i := split.claim(PARENT)) is not None:
                parts[i] = _run_slice(split, i)
                self._load_done(parts)  # between slices: the workers' finished ones
            for fut in self.futures:
                fut.result()  # a worker returns once no slice is free
            self._load_done(parts)
        except (OSError, RuntimeError, EOFError, ImportError, pickle.UnpicklingError):  # incl. BrokenProcessPool
            return None
        finally:
            self.close()
        if any(p is None for p in parts):
            return None  # a slice neither ran here nor was written by a worker
        templates = split.templates
        done = 0
        for findings, seen, analysed, spent in parts:
            result.findings.extend(findings)
            _merge_internal_errors(result, seen)
            done += analysed
            if spent is not None and budget is not None and budget.spent_at is None:
                rule_id, index = spent  # the first slice, in template order, whose budget ran out
                budget.spent_at = (f"rule {rule_id} on this CLI template", templates[index])
        return done

    def _load_done(self, parts: list) -> None:
        import pickle

        split = self.split
        for i, part in enumerate(parts):
            if part is None and split.state(i) == DONE:
                with open(split.path(i), "rb") as f:
                    findings, seen, analysed, spent = pickle.load(f)
                parts[i] = (_expand(findings), seen, analysed, spent)

    def abandon(self) -> None:
        """Drop the slices: claim every free one (the workers then stop),
        wait for the started ones (they stop at the spent budget)."""
        while self.split.claim(PARENT) is not None:
            pass
        self.close()

    def close(self) -> None:
        global _SPLIT
        try:
            self.ex.shutdown(wait=True)
        finally:
            self.split.table.close()
            _remove(self.split.folder)
            _SPLIT = None


def _remove(folder: str) -> None:
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


def _worker() -> int:
    """A worker: claim the first free slice, run it, write its results;
    until no slice is free.  Returns how many slices it ran."""
    import pickle

    split = _SPLIT
    assert split is not None  # inherited through the fork
    ran = 0
    while (i := split.claim(WORKER)) is not None:
        findings, seen, analysed, spent = _run_slice(split, i)
        with open(split.path(i), "wb") as f:
            pickle.dump((_compact(findings), seen, analysed, spent), f, protocol=pickle.HIGHEST_PROTOCOL)
        split.done(i)
        ran += 1
    return ran


def _run_slice(split: _Split, i: int):
    start, stop = split.bounds[i]
    tmp = RunResult()
    # a fork inherits the parent's budget start time
    analysed, spent = run_template_rules(split.rules, split.templates, split.source, tmp, split.budget, start, stop)
    # internal errors are the only errors the template loop records
    return (
        tmp.findings,
        [(key, err, ids) for key, (err, ids) in tmp.internal_seen.items()],
        analysed,
        None if spent is None else (spent[0].id, spent[1]),
    )


def _finding_fields() -> tuple[str, ...]:
    from ..core.fieldwise import field_names
    from ..core.findings import Finding

    return field_names(Finding)


def _compact(findings: list) -> list[tuple]:
    """Findings as tuples of their fields: pickled in half the time of the
    (slotted) dataclass objects, whose state goes through Python code."""
    from operator import attrgetter

    get = attrgetter(*_finding_fields())
    return [get(f) for f in findings]


def _expand(rows: list[tuple]) -> list:
    from ..core.findings import Finding

    return [Finding(*row) for row in rows]


def _merge_internal_errors(result, seen_items) -> None:
    """Merge a worker's internal errors as ``rules.run_rule`` would have
    recorded them in one process: one error per (file, failure), naming every rule."""
    seen = result.internal_seen
    for key, err, ids in seen_items:
        if key in seen:
            perr, pids = seen[key]
            added = [i for i in ids if i not in pids]
            if added:
                pids.extend(added)
                _path, detail, at = key
                perr.message = f"internal error in rules {', '.join(pids)} ({detail}){at}; please report it"
            continue
        seen[key] = (err, list(ids))
        result.errors.append(err)


# ---- many files -------------------------------------------------------------


def lint_files(linter, targets: list, result, jobs: int) -> bool:
    """Lint JSON ``targets`` in ``jobs`` forked workers, appending results in
    the targets' order.  False (nothing done) when processes are unavailable."""
    global _STATE
    ctx = _fork_context()
    if ctx is None:
        return False
    _STATE = (linter, targets)
    try:
        with _executor(ctx, jobs) as ex:
            parts = list(ex.map(_lint_one, range(len(targets))))
    except (OSError, RuntimeError, EOFError, ImportError):  # incl. BrokenProcessPool: a worker died
        return False
    finally:
        _STATE = None
    for part in parts:
        findings, errors, notes, files, sources, seen = part
        result.findings.extend(findings)
        for e in errors:
            result.errors.append(e)
        if seen:
            # keep the parent's dedup table consistent for later files
            table = result.internal_seen
            for key, err, ids in seen:
                table.setdefault(key, (err, list(ids)))
        result.notes.extend(notes)
        result.files += files
        result.sources.update(sources)
    return True


def _lint_one(i):
    state = _STATE
    assert state is not None, "set by lint_files before the workers start"
    linter, targets = state
    tmp = RunResult()
    linter.jobs = 1  # no nested pools
    linter.lint_target(targets[i], tmp)
    seen = tmp.internal_seen
    return (
        tmp.findings,
        tmp.errors,
        tmp.notes,
        tmp.files,
        tmp.sources,
        [(key, err, ids) for key, (err, ids) in seen.items()],
    )


def worth_files(targets: list) -> bool:
    if len(targets) < MIN_FILES:
        return False
    total = 0
    for t in targets:
        if t.path == "-":
            return False  # stdin is read once, by the parent
        try:
            total += os.path.getsize(t.path)
        except OSError:
            pass
    return total >= MIN_BYTES
