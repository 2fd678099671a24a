"""Is a file that does not parse as JSON meant to be a UTCP document?

pre-commit passes every staged ``*.json`` file, and a directory walk finds
``tsconfig.json``, ``.vscode/settings.json``, ``.eslintrc.json`` and other
commented or JSON5-style files that Python's ``json`` (and so the UTCP
runtime) cannot read.  Such a file is *skipped* (with a note) when it is not
a UTCP document, whatever its syntax; a malformed file that *is* meant to be
one must still fail.  The rule (docs/ci.md, "pre-commit"):

    A file that was found by walking a directory, or passed with
    ``--skip-non-utcp`` (the pre-commit hook), and is not valid JSON, is a
    UTCP document -- and its syntax error is reported -- when its text
    contains one of the UTCP-only key names (:data:`MARKERS`) or the
    placeholder marker, or when it starts as a manual does (``{"tools": [``).
    Otherwise it is skipped.

A file named on the command line without ``--skip-non-utcp`` is always
linted: its syntax error is reported.
"""

from __future__ import annotations

from ..core.lazyre import compile_pattern

# Key names that only UTCP documents (1.x, or 0.x providers) use, quoted as JSON
# keys (single quotes and bare keys too, for JSON5-ish files), and the placeholder.
MARKERS = (
    "call_template_type",
    "tool_call_template",
    "utcp_version",
    "manual_version",
    "manual_call_templates",
    "provider_type",
    "tool_provider",
    "providers_file_path",
)
_KEY = compile_pattern(r"""(?:["']|\b)(?:%s)(?:["']|\b)\s*:""" % "|".join(MARKERS))
_PLACEHOLDER = compile_pattern(r"UTCP_ARG_[A-Za-z0-9_]+?_UTCP_END")


# a manual (0.x or 1.x) whose first key is "tools": `{"tools": [ ...`
_TOOLS_FIRST = compile_pattern(r'\A\s*\{\s*"tools"\s*:\s*\[')


def looks_like_utcp(text: str) -> bool:
    """Does the (unparseable) text mean to be a UTCP document?"""
    head = text[:2_000_000]  # bounded: a marker of a real manual appears early
    return bool(_KEY.search(head) or _PLACEHOLDER.search(head) or _TOOLS_FIRST.match(head))
