"""Reporters turn a RunResult into text. Each module exposes
``render(result, ctx: ReportContext) -> str``; heavy ones (SARIF, which needs
sarif-om) are imported only when asked for."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Optional

FORMATS = ("text", "json", "sarif", "github")


@dataclass
class ReportContext:
    rules: dict  # id -> Rule (all known rules)
    color: bool = False
    sources: dict = field(default_factory=dict)  # display path -> text, for snippets
    root: Optional[str] = None  # source root for SARIF URIs
    show_notes: bool = True


def render(fmt: str, result, ctx: ReportContext) -> str:
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}")
    mod = importlib.import_module(f"{__name__}.{fmt}_report")
    return mod.render(result, ctx)
