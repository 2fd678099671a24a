"""What ``utcp-lint verify`` proves (:mod:`.verify`), as facts.

Kept apart from the sandbox so that rule modules can name the facts they
report without importing it.  Which rule reports a kind of proof, and in what
words, is the rules' business (``rules/_verify.py``, UL501-UL504): the rule
named ``verified-<kind value>`` reports that kind.
"""

from __future__ import annotations

from enum import Enum


class ProofKind(Enum):
    """What one sandboxed run proved about a placeholder occurrence (in report order)."""

    #: a canary program only the payload could reach ran
    CODE_EXECUTION = "code-execution"
    #: a program received the value split into words, or glob-expanded
    WORD_SPLITTING = "word-splitting"
    #: a program received the value as an option
    OPTION_INJECTION = "option-injection"
    #: the value reaches nothing, and changing it changes nothing
    VALUE_NEVER_REACHES = "value-never-reaches"

    @property
    def order(self) -> int:
        """Position in report order (the order of the declarations above)."""
        return list(ProofKind).index(self)


__all__ = ["ProofKind"]
