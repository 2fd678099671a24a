"""Bash template engine: where every placeholder really lands.

``analyze(tpl)`` renders the template's steps exactly like utcp-cli 1.1.5 does
(:func:`utcp_lint.executor.render.render`, fixed nonce), parses the whole
script ONCE with tree-sitter-bash and, for every variable reference the
runtime emitted, reads its real context from the parse tree: its quoting as
bash sees it (which is not always what the runtime's naive quote tracker
believed), the simple command and argv word holding it, arithmetic contexts,
redirections, heredocs, and the *sinks* -- places where bash or another
program evaluates the value again (``eval``, ``bash -c``, ``python3 -c``,
``$(( ))`` ...).

Rules never parse: they read :class:`BashAnalysis`.  The API is documented in
``docs/design/bash-engine.md`` and kept stable for the other rule families
(option injection, declarations).

Offsets: every ``*_start``/``*_end`` without a prefix is a code-point offset
into :attr:`BashAnalysis.script`; ``template_start``/``template_end`` are
code-point offsets into the step's decoded command string (what
``RULE.at_template`` takes).  Byte offsets (tree-sitter) never leave this
package.

Layout: a public :class:`Script` and passes over it, plain functions of what the
earlier passes produced (no shared mutable state, no module reaching another's
private names: tests/test_no_private_reach.py):

* :mod:`.model` -- vocabulary and the facts rules read (Ref, Word, Sink, BashSinkKind, ...);
* :mod:`.tree` -- tree-sitter parser, the one node-kind query, offsets;
* :mod:`.script` -- :class:`Script`: text, steps, parse, path at an offset, step of an offset;
* :mod:`.commands` -- ``CommandTable.build(script)``: simple commands and their word models;
* :mod:`.references` -- ``classify(script, commands)``: placeholder/variable references;
* :mod:`.context` -- where a reference lands (quoting, word, arithmetic ...), per node kind;
* :mod:`.sinks` -- where a value is evaluated again;
* :mod:`.valueflow` -- ``propagate(script, commands, refs)``: values through shell variables, guards;
* :mod:`.breakage` -- ``find(script, commands, placeholders)``: structural problems;
* :mod:`.analysis` -- the frozen :class:`BashAnalysis` holding the passes' results, and the entry points.
"""

from __future__ import annotations

from .analysis import BashAnalysis, analyze, analyze_commands, analyze_rendered  # noqa: F401  (re-exported)
from .commands import CommandTable, SimpleCommand  # noqa: F401  (re-exported)
from .model import (  # noqa: F401  (re-exported)
    ANSI_C,
    ARITH_COMMAND,
    ARITH_DECLARE,
    ARITH_EXPANSION,
    ARITH_FOR,
    ARITH_INTVAR,
    ARITH_SUBSCRIPT,
    ARITH_SUBSTRING,
    ARITH_TEST,
    ARITH_TEST_OPS,
    ARITHMETIC,
    COMMAND_NAME,
    COMMENT,
    DECLARATION_BUILTINS,
    DOUBLE,
    ESCAPED,
    EXPANDING,
    FILE_WRITE,
    HEREDOC_QUOTED,
    HEREDOC_UNQUOTED,
    INTERP_CODE,
    LITERAL,
    PATTERN_OPS,
    SHELL_CODE,
    SINGLE,
    STDIN_CODE,
    UNKNOWN,
    UNQUOTED,
    VARIABLE_NAME,
    WRITE_REDIRECTS,
    BashSinkKind,
    Breakage,
    Heredoc,
    Redirect,
    Ref,
    Sink,
    Word,
)
from .script import Script  # noqa: F401  (re-exported)
from .tree import get_parser  # noqa: F401  (re-exported)

__all__ = [
    "analyze",
    "analyze_commands",
    "analyze_rendered",
    "BashAnalysis",
    "BashSinkKind",
    "CommandTable",
    "Script",
    "Ref",
    "Word",
    "SimpleCommand",
    "Redirect",
    "Heredoc",
    "Sink",
    "Breakage",
    "get_parser",
    "UNQUOTED",
    "DOUBLE",
    "SINGLE",
    "ANSI_C",
    "HEREDOC_UNQUOTED",
    "HEREDOC_QUOTED",
    "COMMENT",
    "ESCAPED",
    "UNKNOWN",
    "EXPANDING",
    "LITERAL",
    "SHELL_CODE",
    "INTERP_CODE",
    "STDIN_CODE",
    "COMMAND_NAME",
    "FILE_WRITE",
    "VARIABLE_NAME",
    "ARITHMETIC",
]
