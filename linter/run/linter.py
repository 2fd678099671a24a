"""The run: which rules, which options, how (jobs, cache), over which paths.

:meth:`Linter.lint_paths` is the one orchestration path: discover ->
(cache) -> (parallel) -> read -> per-kind handler (:mod:`.document` for JSON,
:mod:`.python` for Python source) -> :meth:`Linter.postprocess` (config
ignores, de-duplication, order).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..core.findings import FileError, Finding
from ..core.options import LintOptions
from ..document.jsonpos import no_gc
from ..ruleset.rule import Rule
from . import python
from .discover import Target, discover, is_python
from .read import read_text
from .result import RunResult, safe_path

if TYPE_CHECKING:
    from ..ruleset.context import DocumentContext

# the JSON-document handler (.document: the document context and its
# analyses) is imported by the first JSON file: a run over Python source
# alone never loads it (~10 ms of every such run's start, issue 25)


class Linter:
    def __init__(
        self,
        rules: list[Rule] | None = None,
        options: LintOptions | None = None,
        config: Any = None,
        *,
        jobs: int = 1,
        use_cache: bool | None = None,
        cache_dir: str | None = None,
        cache_root: str | None = None,
        stdin_filename: str | None = None,
        follow: Any = None,
    ) -> None:
        if rules is None:
            from ..ruleset.rule import all_rules

            rules = [r for r in all_rules().values() if r.default_enabled]
        self.rules = rules
        self.options = options or LintOptions()
        self.config = config
        self.jobs = jobs  # worker processes for JSON documents (run/parallel.py); the CLI sets --jobs
        # the result caches (run/cache.py, pyscan/cache.py); the CLI sets it.
        # None: an embedder's default, the Python scan caches and JSON documents do not
        self.use_cache = use_cache
        self.cache_dir = cache_dir  # default: .utcp-lint-cache in the working directory
        # the directory below which the cache directory is created without following links
        # (the configuration's; default: the cache directory's parent, linter/core/safewrite.py)
        self.cache_root = cache_root
        self.stdin_filename = stdin_filename  # the name reported for '-'
        self.follow = follow  # utcp_lint.supplychain.follow.Follower: lint what a client config loads (issue 14)
        self.json_cache_stats: tuple[int, int, int] | None = None  # (hits, misses, stored), set by run/cache.py
        # a run/memo.TemplateMemo: reuse the findings of templates whose tool did not change (the
        # language server re-linting one document after each edit); serial runs only
        self.template_memo: Any = None
        # a run/memo.DocumentMemo: the same for the document rules judging one tool at a time
        self.document_memo: Any = None
        # discovery (the CLI sets them; an embedder's default walks every file it is given)
        self.cli_exclude: list[str] = []  # --exclude / --extend-exclude, relative to the cwd
        self.respect_gitignore = False  # skip what git ignores (the CLI's default: on)
        self.force_exclude = False  # also exclude files named on the command line
        # the directories the last discovery walked and the files it found, kept when
        # ``walked`` is a list (the command line's run record, cli/replay.py)
        self.walked: list[str] | None = None
        self.targets: list[Target] = []
        # the command line (cli/check_run.py): its process ends after the run, so the Python
        # scan's project pass leaves what it made to the exit instead of freeing it (issue 25)
        self.leave_to_exit = False

    # ---- per kind -----------------------------------------------------------
    def lint_json_text(self, text: str, display: str, explicit: bool, result: RunResult) -> None:
        from . import document

        document.lint_json_text(self, text, display, explicit, result)

    def run_document(self, doc: DocumentContext, result: RunResult) -> None:
        from . import document

        document.run_document(self, doc, result)

    def lint_python(self, text: str, target: Target, result: RunResult) -> None:
        python.lint_python(self, text, target, result)

    # ---- files ----------------------------------------------------------------
    def lint_target(self, target: Target, result: RunResult) -> None:
        text, err = read_text(target)
        if err is not None:
            result.errors.append(err)
            return
        assert text is not None
        if is_python(target):
            self.lint_python(text, target, result)
            return
        if not text.strip():
            if not target.explicit:
                result.notes.append(f"{safe_path(target.display)}: skipped, empty file")
                return
            result.errors.append(FileError(safe_path(target.display), "empty file"))
            return
        self.lint_json_text(text, target.display, target.explicit, result)

    def discover(self, paths: Iterable[str], result: RunResult, exclude: Iterable[str] = (), explicit: bool = True):
        """The files a run over ``paths`` lints (``--show-files`` prints them)."""
        return discover(
            paths,
            result,
            exclude=exclude,
            explicit=explicit,
            stdin_filename=self.stdin_filename,
            exclude_base=getattr(self.config, "root", None),
            cli_exclude=self.cli_exclude,
            respect_gitignore=self.respect_gitignore,
            force_exclude=self.force_exclude,
            walked=self.walked,
        )

    def lint_paths(self, paths: Iterable[str], exclude: Iterable[str] = (), explicit: bool = True) -> RunResult:
        result = RunResult()
        targets = self.discover(paths, result, exclude, explicit)
        if self.walked is not None:
            self.targets = targets
        py = [t for t in targets if is_python(t)]
        other = [t for t in targets if not is_python(t)]
        if other and self.use_cache:
            from .cache import lint_with_cache

            lint_with_cache(self, other, result, self._lint_json_targets)
        else:
            self._lint_json_targets(other, result)
        if py:
            python.lint_python_targets(self, py, result)
        with no_gc():  # makes no cycles; a collection now would walk the documents just linted
            result.findings = self.postprocess(result.findings)
        cfg = self.config
        if cfg is not None and (getattr(cfg, "per_file_ignores", None) or getattr(cfg, "per_tool_ignores", None)):
            from ..ruleset.index import selectable_rules
            from .config import unused_suppression_findings

            result.findings += unused_suppression_findings(
                cfg, [t.display for t in targets], [r.id for r in self.rules], list(selectable_rules())
            )
            result.findings.sort(key=lambda f: f.sort_key())
        return result

    def _lint_json_targets(self, targets: list[Target], result: RunResult) -> None:
        if not self._parallel_files(targets, result):
            for t in targets:
                self.lint_target(t, result)

    def _parallel_files(self, targets: list[Target], result: RunResult) -> bool:
        """Many JSON files across forked workers (run/parallel.py)."""
        if self.jobs <= 1 or len(targets) < 2:
            return False
        from . import parallel

        if not parallel.worth_files(targets):
            return False
        return parallel.lint_files(self, targets, result, self.jobs)

    def postprocess(self, findings: list[Finding]) -> list[Finding]:
        cfg = self.config
        out = []
        seen = set()
        for f in findings:
            if cfg is not None and cfg.is_ignored(f):
                continue
            key = (f.rule, f.path, f.line, f.column, f.end_line, f.end_column, f.message)
            if key in seen:
                continue
            seen.add(key)
            out.append(f)
        out.sort(key=lambda f: f.sort_key())
        return out


__all__ = ["Linter"]
