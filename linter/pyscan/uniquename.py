"""Calls on objects of no known class, resolved by a method name the tree defines once (issue 25).

``coder.commands.cmd_test(args.test_cmd)`` (an object a factory classmethod built),
``self._config.app.run_command(self._sh_command)`` (a chain of attributes through
objects of other modules): neither an annotation nor a constructor call names the
receiver's class, so the project analysis (:func:`.project.analyse`, ``typeof``)
cannot type it.  The method's name still says which function runs when the linted
tree defines it exactly once.  Such a call goes to that method when

* exactly one ``def`` of the name occurs in all the files of the tree, and it is a
  method of a class of the tree whose parameters reach a shell (a summarised
  wrapper);
* the name is compound (words joined by ``_``: ``cmd_test``, ``run_command``,
  ``shell_prepared``): one-word names (``run``, ``execute``, ``start``, ``call``)
  are what library objects expose (threads, DB cursors, sockets, HTTP clients), so
  a call of one says nothing about the tree's own class;
* the receiver is nothing the evaluator knows outside the tree: not a library's
  module, not an object of a library class, not a function (each of its values is
  unknown, or a name the tree's own modules define).

A name two definitions share (two classes each with ``run_command``) stays
unresolved, as before.
"""

from __future__ import annotations

import ast

from ..core.lazyre import compile_pattern

__all__ = ["def_counts", "unique_methods", "untyped_receiver"]

#: words joined by underscores (a leading underscore allowed): ``cmd_test``, ``_run_command``
_COMPOUND = compile_pattern(r"_?[a-z][a-z0-9]*(?:_[a-z0-9]+)+")


#: ``def NAME(`` anywhere in a text: the whole identifier is captured (``\w+`` cannot stop
#: early, since ``[ \t]*\(`` must follow), so counting captures equals counting the matches
#: of ``\bdef[ \t]+NAME[ \t]*\(`` for each NAME
_DEF_NAME = compile_pattern(r"\bdef[ \t]+(\w+)[ \t]*\(")


def def_counts(text: str) -> dict:
    """``{name: number of "def name(" in text}``: one pass over a text, for every name."""
    out: dict = {}
    for n in _DEF_NAME.findall(text):
        out[n] = out.get(n, 0) + 1
    return out


def unique_methods(summ: dict, units, is_method, counts: dict | None = None) -> dict:
    """``{name: key}`` of the summarised methods (``is_method(key)``) with a parameter that
    reaches a shell, whose compound name no other summarised function has and exactly one
    ``def`` of the tree's texts (``units``: objects with ``.text``) defines.  ``counts``
    keeps each unit's :func:`def_counts` (by ``id``) across calls of one analysis: the
    summaries grow between rounds, the texts do not."""
    if counts is None:
        counts = {}
    by_name: dict = {}
    for key in sorted(summ):
        s = summ[key]
        by_name.setdefault(s.name, set()).add(id(s))
    out = {}
    for key in sorted(summ):
        s = summ[key]
        if len(by_name.get(s.name, ())) != 1 or not (s.reach or s.code) or not _COMPOUND.fullmatch(s.name):
            continue
        if key.rsplit(".", 1)[-1] != s.name or not is_method(key):
            continue  # an alias (``run = _run``), or a module-level function
        n = 0
        for u in units:
            # a ``def name(`` makes ``name`` one of the text's words: a file whose words
            # (made already, or with the aliases it imports added) lack it holds none
            w = getattr(u, "words", None)
            if w is None:
                w = getattr(u, "text_words", None)
            if w is not None and s.name not in w:
                continue
            if s.name in u.text:
                c = counts.get(id(u))
                if c is None:
                    c = counts[id(u)] = def_counts(u.text)
                n += c.get(s.name, 0)
                if n > 1:
                    break
        if n == 1:
            out[s.name] = key
    return out


def untyped_receiver(ev, recv: ast.expr, scope, tree_module) -> bool:
    """The receiver of a method call is nothing the evaluator knows outside the tree: each
    of its values is unknown, or a name or object the tree's own modules define
    (``tree_module(dotted)``: ``Coder.create(...).commands`` of an imported class of the
    tree); never a library's module or object (see the module doc)."""
    for v in ev.values(recv, scope):
        if v.kind == "unknown":
            continue
        if v.kind in ("name", "inst") and v.name and tree_module(v.name):
            continue
        return False
    return True
