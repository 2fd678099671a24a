"""Lint one open document from its text, as ``utcp-lint PATH`` would.

A :class:`Workspace` holds the configuration of one workspace folder (the
same file the command line reads: found from the folder upward), the rules it
selects (never a dynamic rule: an editor only reads) and one
:class:`~utcp_lint.run.memo.TemplateMemo` per document, so re-linting a large
manual after an edit of one tool analyses that tool only.
"""

from __future__ import annotations

import os
from typing import Any

from ..core.findings import FileError, Finding


class Outcome:
    """The findings and input errors of one lint, with the text they are about."""

    __slots__ = ("text", "findings", "errors", "notes")

    def __init__(self, text: str, findings: list[Finding], errors: list[FileError], notes: list[str]) -> None:
        self.text = text
        self.findings = findings
        self.errors = errors
        self.notes = notes


class Workspace:
    def __init__(self, root: str | None) -> None:
        self.root = os.path.abspath(root) if root else os.getcwd()
        self.config_error: str | None = None
        self._linter: Any = None
        self._memos: dict[str, Any] = {}

    def _make_linter(self) -> Any:
        from ..ruleset.context import LintOptions
        from ..ruleset.index import selectable_rules
        from ..run.config import Config, ConfigError, load_config, select_rules
        from ..run.linter import Linter

        try:
            cfg = load_config(None, start=self.root)
        except ConfigError as e:
            self.config_error = str(e)
            cfg = Config()
        rules = selectable_rules()
        chosen = select_rules(rules, cfg.select, cfg.ignore, cfg.extend_select)
        # an editor never executes a tool, whatever the configuration selects
        chosen = [r for r in chosen if "dynamic" not in r.tags]
        options = LintOptions(
            shell=cfg.shell,
            require_declarations=cfg.require_declarations,
            ignore_foreign_suppressions=cfg.ignore_foreign_suppressions,
        )
        return Linter(chosen, options, cfg, jobs=1, use_cache=False)

    @property
    def linter(self) -> Any:
        if self._linter is None:
            self._linter = self._make_linter()
        return self._linter

    def reload(self) -> None:
        """The configuration file changed: read it again, forget every memo."""
        self._linter = None
        self._memos.clear()
        self.config_error = None

    def display(self, path: str) -> str:
        """The path as the command line run from the workspace root shows it."""
        try:
            rel = os.path.relpath(path, self.root)
        except ValueError:  # another drive
            return path
        return path if rel.startswith(os.pardir) else rel

    def forget(self, path: str) -> None:
        self._memos.pop(path, None)

    def lint(self, path: str, text: str) -> Outcome:
        """Lint ``text`` as the content of ``path`` (the editor's buffer, saved or not)."""
        from ..run.discover import Target, is_python
        from ..run.memo import DocumentMemo, TemplateMemo
        from ..run.result import RunResult

        linter = self.linter
        display = self.display(path)
        result = RunResult()
        target = Target(path, display, explicit=False)
        if is_python(target):
            linter.lint_python(text, target, result)
        elif text.strip():
            memos = self._memos.get(path)
            if memos is None:
                memos = self._memos[path] = (TemplateMemo(), DocumentMemo())
            linter.template_memo, linter.document_memo = memos
            try:
                # not explicit: a JSON file of the workspace that is not UTCP is skipped quietly
                linter.lint_json_text(text, display, False, result)
            finally:
                linter.template_memo = linter.document_memo = None
        findings = linter.postprocess(result.findings)
        return Outcome(text, findings, result.errors, result.notes)


__all__ = ["Workspace", "Outcome"]
