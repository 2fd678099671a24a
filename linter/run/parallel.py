"""Both cores for JSON documents (issue 15).

Two ways, chosen by :class:`utcp_lint.run.linter.Linter` when ``jobs > 1``:

* **one large document**: it is loaded once and its CLI templates are built;
  then ``jobs - 1`` worker processes are *forked* (they inherit the loaded
  document and the templates, nothing is pickled on the way in) and start
  on the template-scope rules, slice by slice (contiguous slices of about
  equal cost, :func:`chunk_bounds`), while the parent runs the document
  rules; the parent then takes the slices no worker has started, from the
  last one backwards (:class:`TemplateSplit`).  The slices' findings are
  concatenated in template order, exactly the order the serial loop appends
  them, and internal errors are merged the way the serial run merges them
  (one error per failure naming every rule it hit).
* **many files**: worker processes lint whole files (``map``, order kept);
  results are appended in the targets' order.

A worker that dies (a crash in a native library) breaks the pool, which
raises instead of hanging; the run then redoes that work serially.

Either way the result is identical to the serial run, in the same order
(tests/test_parallel.py, scripts/compare_baseline.py --jobs 2).  Both need
``fork`` (Linux, the BSDs); elsewhere, and whenever a pool cannot be made,
the run stays serial.  Thresholds: a split costs a fork and pickling the
findings back (~30-60 ms), so it is used only above
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
MIN_CHUNK = 8  # templates per slice at least (each slice costs a round trip to a worker)


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


# Set in the parent just before forking; read by the workers (inherited).
_STATE: tuple | None = None


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


class TemplateSplit:
    """The template rules of one document running in forked workers, forked
    when this is made so that they start while the parent runs the document
    rules.  The slices are claimed in a table shared with the workers (an
    anonymous shared mapping, one byte per slice, under a lock): a worker
    claims a slice when it starts it, in order from the first; in
    :meth:`finish` the parent claims those still free from the last one
    backwards and runs them itself, then appends every slice's results in
    template order.  :meth:`abandon` claims them all (the budget ran out in
    the document rules: the serial run analyses no template then)."""

    def __init__(self, ex, state: tuple, futures: list) -> None:
        self.ex = ex
        self.state = state  # (rules, templates, source, budget, bounds, lock, claims)
        self.futures = futures

    @classmethod
    def start(cls, linter, templates: list, source, budget, jobs: int) -> TemplateSplit | None:
        """Fork ``jobs - 1`` workers (the parent is the last one) and queue
        the slices; None (nothing started) when processes are not available."""
        global _STATE
        ctx = _fork_context()
        if ctx is None:
            return None
        import mmap

        n = len(templates)
        bounds = chunk_bounds(templates, max(1, min(n // MIN_CHUNK, jobs * CHUNKS_PER_JOB)))
        try:
            claims = mmap.mmap(-1, len(bounds))  # anonymous, shared with the forks; zero: free
            state = (linter.rules, templates, source, budget, bounds, ctx.Lock(), claims)
            _STATE = state  # inherited by the workers, read by _worker_slice
            ex = _executor(ctx, max(1, jobs - 1))
            futures = [ex.submit(_worker_slice, i) for i in range(len(bounds))]  # the first submit forks
        except (OSError, RuntimeError, EOFError, ImportError):
            _STATE = None
            return None
        return cls(ex, state, futures)

    def finish(self, result, budget=None) -> int | None:
        """Append the template results to ``result`` exactly as the serial loop
        would.  Returns the number of templates analysed (fewer than all only
        when ``budget`` ran out: ``budget.spent_at`` is then set, as the
        serial loop sets it), or None (nothing appended) when a worker died:
        the caller then runs the templates serially."""
        global _STATE
        futures = self.futures
        parts: list = [None] * len(futures)
        try:
            # the parent's share: the slices no worker has started, last first
            for i in range(len(futures) - 1, -1, -1):
                if not _claim(self.state, i, PARENT):
                    break  # workers start the slices in order: the rest are theirs
                parts[i] = _run_slice(self.state, i)
            for i, fut in enumerate(futures):
                if parts[i] is None:
                    parts[i] = fut.result()
        except (OSError, RuntimeError, EOFError, ImportError):  # incl. BrokenProcessPool: a worker died
            return None
        finally:
            self.close()
        templates = self.state[1]
        done = 0
        for findings, seen, analysed, spent in parts:
            result.findings.extend(findings)
            _merge_internal_errors(result, seen)
            done += analysed
            if spent is not None and budget is not None and budget.spent_at is None:
                rule_id, index = spent  # the first slice, in template order, whose budget ran out
                budget.spent_at = (f"rule {rule_id} on this CLI template", templates[index])
        return done

    def abandon(self) -> None:
        """Drop the slices: claim every free one (workers skip it), wait for
        the started ones (they stop at the spent budget)."""
        for i in range(len(self.futures)):
            _claim(self.state, i, PARENT)
        self.close()

    def close(self) -> None:
        global _STATE
        try:
            self.ex.shutdown(wait=True)
        finally:
            self.state[6].close()
            _STATE = None


WORKER, PARENT = 1, 2  # who claimed a slice (0: free)


def _claim(state: tuple, i: int, who: int) -> bool:
    """Claim slice ``i`` for ``who``; False when it was claimed already."""
    lock, claims = state[5], state[6]
    with lock:
        if claims[i]:
            return False
        claims[i] = who
        return True


def _worker_slice(i: int):
    """A worker's slice ``i``, or None when the parent claimed it (the
    arguments were inherited through the fork)."""
    assert _STATE is not None
    if not _claim(_STATE, i, WORKER):
        return None
    return _run_slice(_STATE, i)


def _run_slice(state: tuple, i: int):
    rules, templates, source, budget, bounds = state[:5]
    start, stop = bounds[i]
    tmp = RunResult()
    # a fork inherits the parent's budget start time
    analysed, spent = run_template_rules(rules, templates, source, tmp, budget, start, stop)
    # internal errors are the only errors the template loop records
    return (
        tmp.findings,
        [(key, err, ids) for key, (err, ids) in tmp.internal_seen.items()],
        analysed,
        None if spent is None else (spent[0].id, spent[1]),
    )


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
    linter, targets = _STATE
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
