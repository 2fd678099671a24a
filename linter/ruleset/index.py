"""Rules selected by metadata, imported only when they run.

:func:`utcp_lint.ruleset.rule.all_rules` imports every rule module to learn ids and
defaults.  A check needs only the metadata to *select* rules; the modules of
the selected rules are imported the first time each one runs, so a JSON-only
run never imports the Python-scope rules, a run with ``--select`` imports only
what it selected, and opt-in rules are never imported unless asked for
(cold start, issue 15).

The metadata comes from the generated :mod:`utcp_lint.ruleset.registry`
(``python scripts/gen_rule_registry.py``; tests/test_rule_registry.py keeps it
in sync).  Safety net: when the registry does not name exactly the rule
modules installed (a rule added without regenerating), :func:`selectable_rules`
falls back to the imported registry, so a new rule can never be skipped.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

_PKG = "utcp_lint.rules"


class LazyRule:
    """A :class:`utcp_lint.ruleset.rule.Rule` stand-in holding only the registry
    metadata; anything else (``run``, ``doc``, ``finding``...) loads the real
    rule from its module on first use."""

    __slots__ = ("id", "name", "module", "scope", "severity", "confidence", "default_enabled", "tags", "needs", "_real")

    def __init__(
        self,
        rid: str,
        name: str,
        module: str,
        scope: str,
        severity: str,
        confidence: str,
        default_enabled: bool,
        tags: tuple,
        needs: str | None = None,
    ) -> None:
        self.id, self.name, self.module, self.scope = rid, name, module, scope
        self.severity, self.confidence = severity, confidence
        self.default_enabled, self.tags, self.needs = default_enabled, tags, needs
        self._real: Any = None

    def real(self):
        r = self._real
        if r is None:
            m = importlib.import_module(f"{_PKG}.{self.module}")
            r = getattr(m, "RULE", None)
            if r is None or getattr(r, "id", None) != self.id:
                raise RuntimeError(
                    f"rule registry is stale: {self.module} does not define {self.id}; "
                    f"run python scripts/gen_rule_registry.py"
                )
            if not r.doc:
                r.doc = m.__doc__ or ""
            r.module = self.module
            self._real = r
        return r

    def run(self, ctx):
        return self.real().run(ctx)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.real(), name)

    def __repr__(self) -> str:
        return f"LazyRule({self.id})"


_INDEX: dict | None = None


def _installed_modules() -> set | None:
    from .. import rules as pkg  # the package only (its __init__ is empty)

    out = set()
    for d in pkg.__path__:
        try:
            names = os.listdir(d)
        except OSError:
            return None
        for fn in names:
            if fn.endswith(".py") and not fn.startswith("_"):
                out.add(fn[:-3])
    return out


def selectable_rules() -> dict:
    """Every rule by id: :class:`LazyRule` objects when the generated registry
    matches the installed rule modules, else the imported rules."""
    global _INDEX
    from . import rule as rule_mod

    loaded = rule_mod.loaded_rules()
    if loaded is not None:
        # every rule module is imported already (or a test installed its own
        # registry): nothing to save, and that registry is the truth
        return loaded
    if _INDEX is None:
        idx: dict | None = None  # id -> LazyRule, or the imported Rule
        try:
            from .registry import RULES

            installed = _installed_modules()
            # helper modules (rules/_bash.py ...) are not listed: the registry
            # must name a subset, and every installed module named like a rule
            # (ulNNN_...) that is not a known helper must be in it
            named = {e[2] for e in RULES}
            if installed is not None and named <= installed and not (installed - named - _helpers(installed, named)):
                idx = {e[0]: LazyRule(*e) for e in RULES}
        except ImportError:
            idx = None
        if idx is None:
            from .rule import all_rules

            idx = dict(all_rules())
        _INDEX = idx
    return _INDEX


# modules in rules/ named like a rule that define no RULE; recorded here rather
# than imported to find out.  Shared helpers are underscore modules
# (rules/_bash.py, _python.py ...), which discovery skips, so this stays empty.
HELPER_MODULES: frozenset = frozenset()


def _helpers(installed: set, named: set) -> frozenset[str]:
    return HELPER_MODULES & installed


__all__ = ["LazyRule", "selectable_rules", "HELPER_MODULES"]
