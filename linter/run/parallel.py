"""Both cores for JSON documents (issue 15).

Two ways, chosen by :class:`utcp_lint.run.linter.Linter` when ``jobs > 1``:

* **one large document**: it is loaded once, its CLI templates are built,
  then worker processes are *forked* (they inherit the loaded document and
  the templates, nothing is pickled on the way in) and each runs the
  template-scope rules on a contiguous slice of the templates.  The slices'
  findings are concatenated in template order, exactly the order the serial
  loop appends them, and internal errors are merged the way the serial run
  merges them (one error per failure naming every rule it hit).
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
CHUNKS_PER_JOB = 4  # slices per worker (balance: templates differ in cost)


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


def run_templates(linter, templates: list, source, result, jobs: int, budget=None) -> int | None:
    """Run the template rules on ``templates`` in ``jobs`` forked workers,
    appending to ``result`` exactly what the serial loop would.  Returns the
    number of templates analysed (fewer than all only when ``budget`` ran out
    in a worker: ``budget.spent_at`` is then set, as the serial loop sets it),
    or None (and nothing done) when processes are not available."""
    global _STATE
    ctx = _fork_context()
    if ctx is None:
        return None
    n = len(templates)
    k = max(1, min(n, jobs * CHUNKS_PER_JOB))
    bounds = [(i * n // k, (i + 1) * n // k) for i in range(k)]
    _STATE = (linter, templates, source, budget)
    try:
        with _executor(ctx, min(jobs, k)) as ex:
            parts = list(ex.map(_template_slice, bounds))
    except (OSError, RuntimeError, EOFError, ImportError):  # incl. BrokenProcessPool: a worker died
        return None
    finally:
        _STATE = None
    done = 0
    for findings, seen, analysed, spent in parts:
        result.findings.extend(findings)
        _merge_internal_errors(result, seen)
        done += analysed
        if spent is not None and budget is not None and budget.spent_at is None:
            rule_id, index = spent  # the first slice, in template order, whose budget ran out
            budget.spent_at = (f"rule {rule_id} on this CLI template", templates[index])
    return done


def _template_slice(bounds):
    linter, templates, source, budget = _STATE
    tmp = RunResult()
    # the fork inherits the parent's budget start time
    analysed, spent = run_template_rules(linter.rules, templates, source, tmp, budget, bounds[0], bounds[1])
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
