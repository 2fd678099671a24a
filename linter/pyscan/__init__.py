"""Python plugin source scan: shell sinks, the ways they hide, templates in code.

Entry points used by the Python handler (:mod:`utcp_lint.run.python`):

* :func:`scan_python` -- one file (``utcp-lint plugin.py``).
* :func:`scan_many` -- many files: stat/hash cache, text prefilter, parallel
  parsing on two processes when there is enough work.

Pipeline of one file: prefilter (:mod:`.prefilter`) -> ``ast.parse`` ->
:class:`~.context.PythonContext` (scopes and bindings :mod:`.scopes`,
evaluator :mod:`.evaluate`, sinks :mod:`.sinks`, templates :mod:`.templates`,
comments :mod:`.suppress`) -> the selected ``python``-scope rules, and the
``template`` rules on the CLI templates written in Python -> suppression
comments.  The stdlib ``ast`` is the parser (measured ~9x faster than libcst
on the same files; see docs/design/pyscan.md), so nothing heavy is imported.
"""

from __future__ import annotations

import os
from typing import Any

from ..core.fieldwise import record, record_eq, record_repr
from ..core.findings import FileError, SourceFile
from ..core.options import LintOptions
from ..ruleset.ids import ANALYSIS_BUDGET, CONSTANT_SHELL, MAYBE_SHELL, PROJECT_SHELL_FLOW, THIRD_PARTY_SHELL
from ..run.result import RunResult, safe_path as _safe
from ..run.rules import run_rule, run_template_rules

__all__ = ["scan_python", "scan_many", "scan_text", "PythonContext"]

PARALLEL_MIN_FILES = 24
PARALLEL_MIN_BYTES = 512 * 1024


def __getattr__(name):
    if name == "PythonContext":
        from .context import PythonContext

        return PythonContext
    raise AttributeError(name)


@record
class ScanSettings:
    """What a scan reads of the run (a worker process builds one; the
    parent passes its :class:`utcp_lint.run.linter.Linter`, which has both)."""

    rules: list
    options: LintOptions

    def __init__(
        self,
        rules: list,
        options: LintOptions,
    ) -> None:
        self.rules = rules
        self.options = options

    __repr__ = record_repr
    __eq__ = record_eq


def parse_python(text: str, display: str):
    """(tree, None) or (None, FileError) -- never raises."""
    import ast

    try:
        return ast.parse(text, filename=display, type_comments=False), None
    except SyntaxError as e:
        line = e.lineno or 1
        col = e.offset or 1
        msg = e.msg or "invalid syntax"
        return None, FileError(_safe(display), f"invalid Python syntax: {msg}", line, max(col, 1))
    except (ValueError, TypeError) as e:
        return None, FileError(_safe(display), f"cannot parse Python: {e}")
    except (RecursionError, MemoryError):
        return None, FileError(_safe(display), "cannot parse Python: nesting too deep for the parser")


def scan_text(linter, text: str, display: str, rules=None):
    """Findings and errors for one Python text (no cache, no prefilter)."""
    fs, es, _summary = scan_text_summary(linter, text, display, rules)
    return fs, es


def wants_project(rules) -> bool:
    """Whether the project-wide pass (:mod:`.project`) has a selected rule to serve."""
    return any(r.id in (PROJECT_SHELL_FLOW, MAYBE_SHELL, CONSTANT_SHELL) for r in rules)


def scan_text_summary(linter, text: str, display: str, rules=None, trees: dict | None = None):
    """Findings and errors for one Python text (no cache, no prefilter).
    ``trees``: where to keep the file's syntax tree and scope model (display ->
    (tree, model or None)) for the project pass, which would parse the file and
    build its model again (:func:`project_pass`; it releases the models).

    The cyclic garbage collector is paused while one file is analysed (the
    AST and the scope model allocate hundreds of thousands of objects; GC
    passes over them cost ~30% of the scan, measured) and the file's
    garbage is collected right after, from the youngest generation only."""
    import gc

    from .headroom import fixed_headroom

    was = gc.isenabled()
    gc.disable()
    try:
        with fixed_headroom():  # the caller's stack depth never changes a finding (headroom.py)
            return _scan_text(linter, text, display, rules, trees)
    finally:
        if was:
            gc.enable()
            gc.collect(0)


def _scan_text(linter: Any, text: str, display: str, rules: list | None = None, trees: dict | None = None):
    from ..run.budget import Budget, BudgetExceeded, file_stopped_message
    from ..run.rules import budget_finding

    budget = Budget(len(text), linter.options.time_budget)  # last line of defence (docs/limits.md)
    tree, err = parse_python(text, display)
    if err is not None:
        return [], [err], {}
    if trees is not None:
        trees[display] = (tree, None)  # no analysis changes the tree (tests/test_pyscan_shared_trees.py)
    from .context import PythonContext

    source = SourceFile(display, text)
    rules = linter.rules if rules is None else rules

    def stopped(what: str):
        # a partial analysis is never suppressed
        return budget_finding(source, 0, min(1, len(text)), file_stopped_message(budget, what))

    try:
        with budget.armed():  # the scope model: interrupted like a rule
            ctx = PythonContext(source, tree, linter.options)
    except RecursionError:
        return [], [FileError(_safe(display), "cannot analyse Python: nesting too deep")], {}
    except BudgetExceeded:
        return [stopped("while the scope model of this file was built; nothing in it was analysed")], [], {}
    try:
        return _scan_context(linter, ctx, source, rules, budget, stopped)
    finally:
        if trees is not None:
            # the scope model is a function of the tree alone, never changed once built: the
            # project pass reads it too (held-out: 102 of its 199 models; issue 25) and releases it
            trees[display] = (tree, ctx.model)
        else:
            ctx.model.release()  # the scope graph's cycles: freed now, not by a collection over the whole AST


def _scan_context(linter: Any, ctx: Any, source: SourceFile, rules: list, budget: Any, stopped: Any):
    from ..run.budget import BudgetExceeded, check
    from ..run.rules import evaluation_cut_finding

    tmp = RunResult()
    for rule in rules:
        if rule.scope == "python":
            when = None
            try:
                with budget.armed():  # a rule (or analysis) spending it is interrupted
                    when = "before"
                    check()  # the cheap check (reads the CPU clock now and then)
                    when = "while running"
                    run_rule(rule, ctx, source, tmp)
                    when = None
            except BudgetExceeded:
                pass
            if when is not None:
                stop = stopped(
                    f"{when} rule {rule.id}; the findings made so far are reported, later rules "
                    f"and the CLI templates in this file were not analysed"
                )
                return apply_suppressions(ctx, tmp.findings) + [stop], tmp.errors, {}  # never suppressed
    if any(r.scope == "template" for r in rules):
        try:
            with budget.armed():
                templates = ctx.templates
        except RecursionError:
            templates = []
        except BudgetExceeded:
            templates = []
            tmp.findings.append(stopped("while the CLI templates in this file were found; they were not analysed"))
        if templates:
            run_python_templates(rules, templates, source, tmp, budget)
    cut = ctx.evaluator.cut()
    if cut is not None:  # the value analysis answered "unknown" past its step budget: never silent
        tmp.findings.append(evaluation_cut_finding(source, cut))
    stop = [f for f in tmp.findings if f.rule == ANALYSIS_BUDGET]  # a partial analysis is never suppressed
    findings = apply_suppressions(ctx, [f for f in tmp.findings if f.rule != ANALYSIS_BUDGET], None if stop else rules)
    summary: dict = {}
    if wants_project(rules) and not stop:
        from .project import summarize

        try:
            summary = summarize(ctx)
        except RecursionError:
            summary = {}
    return findings + stop, tmp.errors, summary


def run_python_templates(
    rules: list, templates: list, source: SourceFile, result: RunResult, budget: Any = None
) -> None:
    """The template rules on the CLI templates written in one Python file;
    when ``budget`` runs out, one UL011 finding says how far they got."""
    done, spent = run_template_rules(rules, templates, source, result, budget)
    if spent is not None:
        from ..run.budget import stopped_message
        from ..run.rules import budget_finding

        rule, i = spent
        result.findings.append(
            budget_finding(
                source,
                0,
                min(1, len(source.text)),
                stopped_message(budget, "file", f"rule {rule.id} on a CLI template", done, len(templates)),
                pointer=templates[i].pointer,
                tool=templates[i].tool,
            )
        )


def apply_suppressions(ctx, findings, judge_rules=None):
    """Drop the findings a suppression comment hides.  With ``judge_rules`` (the
    rules that ran on the whole file) and UL904 among them, each id of a
    ``# utcp-lint: ignore[...]`` comment that hid nothing, and names a rule that
    ran, becomes a UL904 finding (ruff's RUF100)."""
    from ..ruleset.ids import UNUSED_SUPPRESSION

    judge = judge_rules is not None and any(r.id == UNUSED_SUPPRESSION for r in judge_rules)
    if not findings and not judge:
        return findings
    from .suppress import Suppressor, has_mark

    if not has_mark(ctx.text):
        return findings
    sup = Suppressor(ctx.text, ctx.statement_ranges, ctx.model.pos, foreign=not ctx.options.ignore_foreign_suppressions)
    aliases = ctx.finding_aliases
    out = []
    used: set = set()  # (comment offset, id) that hid a finding
    for f in findings:
        c = aliases.get((f.rule, f.start, f.end), frozenset())
        hit = sup.suppressed(f.rule, f.line, c)
        if hit is None:
            out.append(f)
        elif hit.kind == "ignore":
            used.update((hit.start, i) for i in hit.ids if f.rule.upper().startswith(i))
    if judge:
        out += _unused_ignores(ctx, used, [r.id for r in judge_rules])
    return out


def _unused_ignores(ctx, used: set, ran: list) -> list:
    from ..ruleset.ids import SUPPRESSION_PREFIX, UNUSED_SUPPRESSION
    from ..ruleset.index import selectable_rules
    from .suppress import find_comments

    rule = selectable_rules()[UNUSED_SUPPRESSION]  # its module only, not every rule's
    out = []
    for c in find_comments(ctx.text, ctx.model.pos):
        if c.kind != "ignore":
            continue
        for rid, s, e in c.id_spans:
            if (c.start, rid) in used or rid.startswith(SUPPRESSION_PREFIX):
                continue  # suppression findings are judged by their own rules (UL900-UL903)
            if not any(r.startswith(rid) for r in ran):
                continue  # not run here (or not a rule: UL903): nothing to judge
            out.append(
                rule.finding(
                    ctx.source,
                    s,
                    e,
                    f"'{rid}' in this utcp-lint: ignore comment silenced no finding on its statement; "
                    "delete it or correct it",
                )
            )
    return out


def scan_python(linter, text: str, target, result):
    """Lint one Python file's text into ``result`` (engine hook)."""
    from .prefilter import is_candidate
    from .source import codec_findings

    result.sources[target.display] = text
    result.files += 1
    result.findings.extend(codec_findings(linter, text, target.display, getattr(target, "encoding", None)))
    if not is_candidate(text):
        return
    project = wants_project(linter.rules)
    trees: dict | None = {} if project else None
    findings, errors, summary = scan_text_summary(linter, text, target.display, trees=trees)
    result.findings.extend(findings)
    result.errors.extend(errors)
    if project:
        # one file is a tree of one module: its own cross-function flows
        # (a shell flag passed to its wrapper, **kwargs no call makes a shell)
        _contained_project_pass(linter, [(target.display, text, summary)], result, trees)


# ----------------------------------------------------------------------------
# many files
# ----------------------------------------------------------------------------

_WORKER_LINTER = None


def _worker_init(rule_ids, options):
    global _WORKER_LINTER
    # the registry's metadata, each selected rule's module imported when it
    # runs (or inherited from the parent): importing every rule module, as
    # all_rules() does, cost each worker ~0.15 s of CPU (issue 25)
    from ..ruleset.index import selectable_rules

    reg = selectable_rules()
    _WORKER_LINTER = ScanSettings([reg[i] for i in rule_ids if i in reg], options)


def _worker_scan(item):
    display, text = item
    try:
        return display, scan_text_summary(_WORKER_LINTER, text, display)
    except Exception as e:  # containment: report, never crash the pool
        return display, (
            [],
            [FileError(_safe(display), f"internal error in the Python scanner ({type(e).__name__}: {e})")],
            {},
        )


def _scan_one_contained(linter, text, display, trees: dict | None = None):
    try:
        return scan_text_summary(linter, text, display, trees=trees)
    except Exception as e:
        return (
            [],
            [FileError(_safe(display), f"internal error in the Python scanner ({type(e).__name__}: {e})")],
            {},
        )


def scan_many(linter, targets, result, jobs: int | None = None):
    """Lint many Python files into ``result`` (engine hook)."""
    from ..run.read import read_text
    from .prefilter import is_candidate

    use_cache = getattr(linter, "use_cache", None)
    use_cache = True if use_cache is None else use_cache  # None: see run.linter.Linter
    cache = None
    if use_cache:  # --no-cache never imports the cache (hashlib, the writer): ~5 ms of CPU
        from .cache import Cache, content_hash

        cache = Cache.open(linter)
    todo = []  # (display, text, hash, stat)
    from .source import codec_findings

    project = wants_project(linter.rules)
    units: list = []  # (display, text, summary) of every file, for the project-wide pass
    hashes: dict = {}  # display -> content hash (the project pass's cache key)
    complete = True  # every file's result is cached (none partial): the project pass's may be too

    lazy: dict = {}  # display -> target whose text was not read (a stat hit): read if the project pass runs
    # display -> the identifiers of its text, made once for the prefilter and the project pass
    # (which reads them of every file: project._relevant); only when that pass runs
    words: dict | None = {} if project else None
    if words is not None:
        from .prefilter import is_candidate_words
        from .project import words_of
    for t in targets:
        st = None
        if cache is not None:
            # the stat index: a file whose size, mtime, ctime, inode and device
            # are those recorded with its content hash is not read nor hashed
            # again (docs/design/pyscan.md "Cache")
            st = cache.stat_of(t.path)
            h = cache.stat_hit(t.path, st)
            if h is not None:
                entry = cache.get(h)
                dec = cache.decode(entry, t.display) if entry is not None else None
                if dec is not None:
                    hashes[t.display] = h
                    result.files += 1
                    result.findings.extend(dec[0])
                    result.errors.extend(dec[1])
                    lazy[t.display] = t
                    if project:
                        units.append((t.display, None, dec[2]))
                    continue
        text, err = read_text(t)
        if err is not None:
            result.errors.append(err)
            continue
        assert text is not None  # read_text gives the text or the error
        result.sources[t.display] = text
        result.files += 1
        codec = codec_findings(linter, text, t.display, t.encoding)
        result.findings.extend(codec)
        h = None
        if cache is not None:
            h = hashes[t.display] = content_hash(text)
            if not codec:  # a codec finding is made from the text: such a file is always read
                cache.stat_put(t.path, st, h)
            entry = cache.get(h)
            if entry is not None:
                dec = cache.decode(entry, t.display)
                if dec is not None:
                    result.findings.extend(dec[0])
                    result.errors.extend(dec[1])
                    if project:
                        units.append((t.display, text, dec[2]))
                    continue
        if words is not None:
            ws = words[t.display] = words_of(text)
            candidate = is_candidate_words(text, ws)
        else:
            candidate = is_candidate(text)
        if not candidate:
            if cache is not None:
                cache.put(h, [], [])  # type: ignore[arg-type]  # h is set whenever cache is
            if project:
                units.append((t.display, text, {}))
            continue
        todo.append((t.display, text, h))

    # the trees this process parses, handed to the project pass (a forked worker's stay there)
    trees: dict | None = {} if project else None
    done = _run_todo(linter, todo, jobs, trees)
    for (display, text, h), (fs, es, summary) in zip(todo, done):
        result.findings.extend(fs)
        result.errors.extend(es)
        if project:
            units.append((display, text, summary))
        if any(e.message.startswith("internal error") for e in es) or any(_timed_stop(f) for f in fs):
            complete = False  # an analysis the CPU clock cut short is never cached
        elif cache is not None and h is not None:
            cache.put(h, fs, es, summary)
    if project and units:
        _cached_project_pass(linter, units, result, cache, hashes if complete else None, lazy, trees, words)
    if lazy:
        _read_sources_of_findings(result, lazy)
    if cache is not None:
        cache.save()


def _read_texts(result, units: list, lazy: dict) -> list:
    """``units`` with the text of each file the stat index answered for
    (a file that can no longer be read is reported and left out)."""
    from ..run.read import read_text

    out = []
    for display, text, summary in units:
        if text is None:
            text, err = read_text(lazy[display])
            if err is not None:
                result.errors.append(err)
                continue
            result.sources[display] = text
        out.append((display, text, summary))
    return out


def _read_sources_of_findings(result, lazy: dict) -> None:
    """The reporters show the source lines of findings: the text of every
    file with a finding whose text the stat index left unread."""
    from ..run.read import read_text

    for path in {f.path for f in result.findings} - result.sources.keys():
        t = lazy.get(path)
        if t is not None:
            text, _err = read_text(t)
            if text is not None:
                result.sources[path] = text


def _timed_stop(f) -> bool:
    """A UL011 finding of the CPU-time budget (an error: where it stops
    depends on the machine's speed), not the evaluator's step-budget note
    (60,000 steps: the same text and rules stop at the same question on every
    run, so that partial result is cached like any other, its note with it)."""
    return f.rule == ANALYSIS_BUDGET and f.severity != "note"


def _cached_project_pass(
    linter,
    units: list,
    result,
    cache,
    hashes: dict | None,
    lazy: dict | None = None,
    trees: dict | None = None,
    words: dict | None = None,
) -> None:
    """The project pass, or its result cached for exactly these files (their
    paths and content hashes; ``hashes`` None: some file's own result was not
    cached, so neither is this).  A unit whose text is None (a stat hit, see
    ``lazy``) is read only when the pass really runs.  ``words``: display -> the
    identifiers of its text, where the prefilter made them."""
    key = None
    if cache is not None and hashes is not None and len(hashes) == len(units):
        key = project_key([(d, hashes[d]) for d, _t, _s in units])
        done = cache.get_project(key)
        if done is not None:
            release_models(trees)
            done.apply(result)
            return
    if lazy:
        units = _read_texts(result, units, lazy)
    done = _contained_project_pass(linter, units, result, trees, words)
    if key is not None and done is not None and not done.errors:
        cache.put_project(key, done)


# what the last project pass of a command-line run made (:func:`leave_to_exit`)
_LEFT: list = []


def leave_to_exit(*objs) -> None:
    """Keep ``objs`` (what a project pass made and read) in a list that holds itself, not
    freeing them now: the command line's process ends after the pass, its collector is
    paused and frozen at exit (cli/check_run.py), and its interpreter's teardown frees a
    module's objects but not a cycle, so the process exit returns their memory.  The
    memory is the pass's own peak, held a few moments longer.  The list of an earlier run
    in the same process (tests through click's runner) is dropped: a cycle for its
    collector."""
    global _LEFT
    held: list = list(objs)
    held.append(held)
    _LEFT = held


def release_models(trees: dict | None) -> None:
    """Release the scope models the per-file scan kept for the project pass (those it
    did not read) and forget the trees: reference counting then frees them."""
    if trees:
        for _tree, model in trees.values():
            if model is not None:
                model.release()
        trees.clear()


def _contained_project_pass(linter, units: list, result, trees: dict | None = None, words: dict | None = None):
    try:
        return project_pass(linter, units, result, trees, words)
    except Exception as e:  # containment: the per-file findings stand, the run goes on
        result.errors.append(
            FileError(
                _safe(units[0][0]),
                f"internal error in the project-wide Python analysis ({type(e).__name__}: {e}); "
                f"findings across modules ({PROJECT_SHELL_FLOW}) are missing",
            )
        )
        return None


def project_key(files: list) -> str:
    """The project pass's result depends on every file of the tree and its
    path (module names): the key is the hash of the sorted (display path,
    content hash) pairs.  Sorted, because the order the files reach the pass
    in is not the tree's (a cold run lists the files it scanned after those
    it skipped, a warm one lists them in walk order)."""
    from .cache import blake2b

    h = blake2b(digest_size=16)
    for display, ch in sorted(files):
        h.update(f"{display}\0{ch}\n".encode("utf-8", "surrogatepass"))
    return h.hexdigest()


@record
class ProjectResult:
    """What the project pass adds to a run: the maybe-shell sinks (path,
    start) no caller of the tree makes a shell, whose per-file findings are
    dropped, and the findings and errors across modules."""

    drop: list
    findings: list
    errors: list

    def __init__(
        self,
        drop: list,
        findings: list,
        errors: list,
    ) -> None:
        self.drop = drop
        self.findings = findings
        self.errors = errors

    __repr__ = record_repr
    __eq__ = record_eq

    def apply(self, result) -> None:
        if self.drop:
            drop = {(p, s) for p, s in self.drop}
            result.findings[:] = [
                f
                for f in result.findings
                if not (f.rule in (MAYBE_SHELL, THIRD_PARTY_SHELL, CONSTANT_SHELL) and (f.path, f.start) in drop)
            ]
        result.findings.extend(self.findings)
        result.errors.extend(self.errors)


def project_pass(linter, units: list, result, trees: dict | None = None, words: dict | None = None) -> ProjectResult:
    """Findings that need the whole tree (:mod:`.project`): values reaching a
    shell through another module's function; maybe-shell sinks no caller of
    the tree makes a shell are dropped.  Applied to ``result`` and returned
    (the result cache keeps it).  ``trees``: display -> (syntax tree, scope model
    or None) of the files the per-file scan parsed in this process (used instead
    of parsing them and building their models again; emptied, the models released).
    ``words``: display -> the identifiers of its text (``project.words_of``), where made already."""
    done = _project_pass(linter, units, trees, words)
    done.apply(result)
    return done


def _project_pass(linter, units: list, trees: dict | None = None, words: dict | None = None) -> ProjectResult:
    """The pass with the cyclic collector paused, as for one file's scan
    (:func:`scan_text_summary`): the files it parses stay alive until it
    ends, so every collection walked all of them again (a third of the pass
    on the held-out trees, measured); their scope graphs are released at the
    end and reference counting frees them."""
    import gc

    from .headroom import fixed_headroom

    was = gc.isenabled()
    gc.disable()
    parsed: list = []
    made: list = []
    try:
        with fixed_headroom():  # as for one file's scan (headroom.py)
            return _project_pass_inner(linter, units, parsed, made, trees, words)
    finally:
        if getattr(linter, "leave_to_exit", False):
            # the command line: the process ends after this pass (Linter.leave_to_exit); freeing
            # what it made and read (trees, scope models, evaluators) was a sixth of the pass's
            # CPU on the held-out trees (issue 25)
            # (the scope models and their trees; the contexts go, as an embedder's)
            leave_to_exit(dict(trees) if trees else None, [ctx.model for ctx in parsed], made[:], units, words)
            if trees:
                trees.clear()
        else:
            release_models(trees)
            for ctx in parsed:
                ctx.model.release()
        # the analysis's closures refer to each other (cycles only the collector frees) and hold
        # the file units: without their contexts and call edges the trees go by reference
        # counting, and the collection below walks a fifth of the objects (conan: 185,000 ->
        # 37,000; 66 ms of CPU less, measured)
        for fu in made:
            fu.ctx = fu.edges = fu.answers = fu.heads = fu.self_stores = None
        del parsed[:], made[:]
        if was:
            gc.enable()
            gc.collect(0)


def _project_pass_inner(
    linter, units: list, parsed: list, made: list, trees: dict | None, words: dict | None = None
) -> ProjectResult:
    from .context import PythonContext
    from .project import FileUnit, analyse

    def parse(u):
        # the per-file scan's tree of this text, if this process made one (held-out
        # trees: 102 of the pass's 199 parses, 8 % of a cold run's CPU; issue 25)
        tree, model = trees.pop(u.display, (None, None)) if trees else (None, None)
        if tree is None:
            tree, err = parse_python(u.text, u.display)
            if err is not None:
                return None
        try:
            ctx = PythonContext(SourceFile(u.display, u.text), tree, linter.options, model)
        except RecursionError:
            return None
        parsed.append(ctx)
        return ctx

    out = ProjectResult([], [], [])
    made.extend(FileUnit(d, t, s, text_words=words.get(d) if words else None) for d, t, s in units)
    try:
        an = analyse(list(made), parse)
    except RecursionError:
        return out
    out.drop = sorted(set(an.never_shell))
    rule = next((r for r in linter.rules if r.id == PROJECT_SHELL_FLOW), None)
    if rule is not None:
        # one fact, one finding: at the callers, and the tree's own function over a library model
        out.drop = sorted(set(an.never_shell) | set(an.at_callers) | an.in_tree)
    if rule is None or not an.flows:
        return out
    by_file: dict = {}
    for fl in an.flows:
        by_file.setdefault(fl.display, []).append(fl)
    for display, flows in by_file.items():
        u = an.units[display]
        ctx = u.ctx if u.ctx is not None else parse(u)
        if ctx is None:
            continue
        ctx.project_flows = flows
        ctx.project_sources = {
            d: SourceFile(d, an.units[d].text) for d in {s[0] for fl in flows for s in fl.sinks + fl.hops}
        }
        tmp = RunResult()
        run_rule(rule, ctx, ctx.source, tmp)
        out.findings.extend(apply_suppressions(ctx, tmp.findings))
        out.errors.extend(tmp.errors)
    return out


def _run_todo(linter, todo, jobs, trees: dict | None = None):
    if not todo:
        return []
    total = sum(len(x[1]) for x in todo)
    ncpu = os.cpu_count() or 1
    jobs = jobs if jobs is not None else min(2, ncpu)
    if jobs > 1 and len(todo) >= PARALLEL_MIN_FILES and total >= PARALLEL_MIN_BYTES:
        try:
            return _run_parallel(linter, todo, jobs, trees)
        except (OSError, ImportError, RuntimeError, EOFError) as e:  # no processes here: do it inline
            linter_notes = getattr(linter, "_pyscan_notes", None)
            if linter_notes is not None:
                linter_notes.append(f"parallel scan unavailable ({e}); scanned inline")
    return [_scan_one_contained(linter, text, display, trees) for display, text, _h in todo]


def _run_parallel(linter, todo, jobs, trees: dict | None = None):
    """The files on ``jobs`` processes: this one and ``jobs - 1`` forked workers
    (:func:`_run_forked`); where ``fork`` is missing, a pool of spawned workers."""
    if not hasattr(os, "fork"):
        return _run_pool(linter, todo, jobs)
    # import the scanner and the selected Python rules once, here: the
    # forked workers inherit them instead of each importing its own
    from .context import PythonContext  # noqa: F401

    for r in linter.rules:
        real = getattr(r, "real", None) if r.scope == "python" else None
        if real is not None:
            real()
    # and the modules a scan imports as it goes (the fix planner UL400/UL401 describe
    # with, the templates, suppressions, the shell-flag guards, the project summary): each worker imported
    # its own copy (~8 ms of CPU per worker, measured on conan; issue 25)
    from . import argvfix, guards, suppress, templates  # noqa: F401

    if wants_project(linter.rules):
        from . import project  # noqa: F401
    return _run_forked(linter, todo, jobs, trees)


CLAIM = 4  # bytes of one chunk number in the claim pipe
MAX_CHUNKS = 1024  # chunk numbers fit one page: written before the fork without blocking, in one atomic write
CHUNK_FILES = 4  # files per chunk at least (a claim is a read on a pipe)


def _run_forked(linter, todo, jobs, trees: dict | None = None):
    """The parent scans too, beside ``jobs - 1`` forked workers (was: a pool of ``jobs``
    workers while the parent waited; the pool's imports, one more process and its
    copied pages cost ~0.05-0.1 CPU-s per run, measured on the held-out trees; issue 25).

    The files, biggest first, are cut into chunks of two queues (:func:`_claim_queues`);
    every chunk number is written to its queue's pipe before the fork and each process
    claims chunks by reading one number (4 bytes, an atomic read) until its own queue's
    pipe is empty, then the other's.  A worker sends its results
    back as one pickle through its own pipe once it has no chunk left; the parent
    reads them after its own chunks.  Each file is scanned by
    :func:`_scan_one_contained` in either process, as the serial loop scans it, and
    the results are put back in ``todo``'s order: the serial run's result.  A worker
    that dies leaves its files unanswered: the parent then scans them itself."""
    import pickle
    from itertools import chain

    chunks, near, rest = _claim_queues(todo, trees is not None)
    out: list = [None] * len(todo)
    r = _claim_pipe(near)  # the parent's queue first (the files the project pass reads again)
    try:
        r2 = _claim_pipe(rest)  # the workers' queue first
    except BaseException:
        os.close(r)
        raise
    workers: list = []  # (pid, read end of its result pipe)
    try:
        for _ in range(max(1, jobs - 1)):
            rr, rw = os.pipe()
            try:
                pid = os.fork()
            except OSError:
                os.close(rr)
                os.close(rw)
                break
            if pid == 0:  # the worker: never returns
                code = 1
                try:
                    os.close(rr)
                    for _pid, fd in workers:
                        os.close(fd)
                    claimed = chain(_claims(r2, chunks), _claims(r, chunks))
                    done = [(i, _scan_one_contained(linter, todo[i][1], todo[i][0])) for i in claimed]
                    data = pickle.dumps(done, protocol=pickle.HIGHEST_PROTOCOL)
                    view = memoryview(data)
                    while view:
                        view = view[os.write(rw, view) :]
                    code = 0
                finally:
                    os._exit(code)
            os.close(rw)
            workers.append((pid, rr))
        for i in chain(_claims(r, chunks), _claims(r2, chunks)):
            out[i] = _scan_one_contained(linter, todo[i][1], todo[i][0], trees)
        for pid, fd in workers:
            parts = []
            while part := os.read(fd, 1 << 20):
                parts.append(part)
            os.waitpid(pid, 0)
            try:
                for i, res in pickle.loads(b"".join(parts)):
                    out[i] = res
            except Exception:  # a worker that died mid-way: its files are scanned below
                pass
    finally:
        os.close(r)
        os.close(r2)
        for _pid, fd in workers:
            try:
                os.close(fd)
            except OSError:
                pass
    for i, res in enumerate(out):
        if res is None:
            out[i] = _scan_one_contained(linter, todo[i][1], todo[i][0], trees)
    return out


# a file that names ``subprocess``: where the tree's own shell wrappers are (the project pass
# reads the file again, its callers too); the held-out trees' files the pass read again, by
# size: 1,392 of 1,994 KB among the 2,739 KB that name it, of 5,771 KB scanned (issue 25)
_PARENT_FIRST = "subprocess"


def _claim_queues(todo: list, keep_trees: bool) -> tuple[list, list, list]:
    """(chunks, the parent's queue, the workers' queue): the files of ``todo``, biggest first,
    cut into chunks of one queue each; chunk numbers.  With ``keep_trees`` (the project pass
    will read the syntax trees this process parses, :func:`scan_text_summary`; a forked
    worker's stay in the worker and the pass parses those files again), the files that name
    ``subprocess`` are the parent's queue, the others the workers'.  Each process claims
    from its own queue, then from the other (no process waits while a chunk is left), so
    which process scans a file changes only the CPU, never a finding.  Held-out trees (conan,
    scons, xonsh, yt-dlp: the ones scanned on two processes), mean of three runs: the files
    the pass parsed again because a worker had scanned them, 832 -> 593 KB."""
    order = sorted(range(len(todo)), key=lambda i: -len(todo[i][1]))
    size = max(CHUNK_FILES, -(-len(order) // MAX_CHUNKS))
    first = [i for i in order if keep_trees and _PARENT_FIRST in todo[i][1]]
    other = [i for i in order if not (keep_trees and _PARENT_FIRST in todo[i][1])]
    chunks = [first[k : k + size] for k in range(0, len(first), size)]
    near = list(range(len(chunks)))
    chunks += [other[k : k + size] for k in range(0, len(other), size)]
    return chunks, near, list(range(len(near), len(chunks)))


def _claim_pipe(numbers: list) -> int:
    """The read end of a pipe holding ``numbers`` (at most MAX_CHUNKS: one atomic write), closed for writing."""
    r, w = os.pipe()
    try:
        os.write(w, b"".join(k.to_bytes(CLAIM, "little") for k in numbers))
    except BaseException:
        os.close(r)
        raise
    finally:
        os.close(w)  # empty pipe: end of file for every reader
    return r


def _claims(fd: int, chunks: list):
    """The files of every chunk this process claims from the claim pipe ``fd``."""
    while len(b := os.read(fd, CLAIM)) == CLAIM:
        yield from chunks[int.from_bytes(b, "little")]


def _run_pool(linter, todo, jobs):
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    ctx = multiprocessing.get_context("spawn")
    ids = [r.id for r in linter.rules]
    # biggest files first so the workers finish together
    order = sorted(range(len(todo)), key=lambda i: -len(todo[i][1]))
    items = [(todo[i][0], todo[i][1]) for i in order]
    out = [None] * len(todo)
    with ProcessPoolExecutor(
        max_workers=jobs, mp_context=ctx, initializer=_worker_init, initargs=(ids, linter.options)
    ) as ex:
        for i, (_display, res) in zip(order, ex.map(_worker_scan, items, chunksize=4)):
            out[i] = res
    return out
