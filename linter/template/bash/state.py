"""The state every mixin of :class:`~.analysis.BashAnalysis` shares, for the type checker.

``BashAnalysis`` is composed of mixins (:mod:`.references`, :mod:`.context`,
:mod:`.sinks`, :mod:`.commands`, :mod:`.breakage`) that read the attributes its
``__init__`` sets and call each other's methods.  :class:`BashState`, the base of
every mixin, declares those attributes (annotations only: nothing is assigned
here) and, under ``TYPE_CHECKING``, the signatures of the methods one module calls
in another.  At run time the class is empty: no attribute, no method, nothing
added to the lookup of any name.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tree_sitter import Node, Tree

    from ...executor.render import Rendered
    from .commands import SimpleCommand
    from .model import Heredoc, Ref
    from .tree import _Offsets


class BashState:
    """Attributes set by ``BashAnalysis.__init__`` and methods shared across its mixins."""

    # ---- set by BashAnalysis.__init__ (analysis.py) ------------------------
    rendered: Rendered
    script: str
    env: dict
    step_spans: list
    error: str | None
    step_commands: list
    _spans: list
    _spans_by_step: dict
    _span_starts: list
    _step_starts: list
    _cmd_cache: dict
    _pipelines: dict  # id(SimpleCommand) -> (stages, index)
    _step_idx: dict
    _heredoc_cache: dict
    _paths: dict  # byte offset -> _path(b)
    _data: bytes
    _off: _Offsets
    _ascii: bool  # the script is ASCII: byte offsets are code-point offsets
    _wrapper_shift: int  # set by BashAnalysis._parse_copy
    tree: Tree
    root: Node
    has_error: bool
    placeholders: list
    guards: list
    flow_uses: list
    breakages: list

    if TYPE_CHECKING:
        # The methods one mixin calls in another: declared for the type checker only
        # (the signatures of the real ones, which override these).

        # analysis.py
        def _text(self, node) -> str: ...

        def _c(self, b: int) -> int: ...

        @cached_property
        def _nodes(self) -> dict: ...

        @cached_property
        def _functions(self) -> dict: ...

        @cached_property
        def _pipe_steps(self) -> frozenset: ...

        @cached_property
        def _may_have_procsub(self) -> bool: ...

        # references.py
        def step_of(self, offset: int) -> int | None: ...

        def to_template_span(self, step: int, start: int, end: int) -> tuple: ...

        def _placeholder_ids(self, start: int, end: int) -> tuple: ...

        # context.py
        def _classify(self, ref: Ref, var: str) -> None: ...

        # sinks.py
        def _sinks(self, ref: Ref, cmd: SimpleCommand | None, name_ctx: str | None) -> list: ...

        # commands.py
        def _command(self, node, parent=None) -> SimpleCommand | None: ...

        def _redirect(self, r) -> tuple: ...

        def _heredoc(self, node) -> Heredoc: ...

        def _pipeline_of(self, cmd: SimpleCommand) -> list: ...

        def _stage_index(self, cmd: SimpleCommand) -> int | None: ...

        @cached_property
        def commands(self) -> list: ...

        @cached_property
        def heredocs(self) -> list: ...
