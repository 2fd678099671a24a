"""Calls on objects of no known class whose variable names the role of the tree's classes
that define the method (issue 25).

Duck-typed code holds its "environment", "backend", "executor", "session" or "connection"
in a name that says so, and builds it where no annotation follows: a factory
(``env = get_environment(config)``, a registry ``{"docker": DockerEnvironment}[name](**cfg)``,
``importlib``/entry points), or a parameter nobody annotates (``def copy(env, src):
env.execute({"command": f"tar -C {src} ."})``).  The project analysis cannot type the
receiver (:func:`.project.analyse`, ``typeof``), and the method's name alone (``execute``,
``run``) is what many library objects expose (DB cursors, threads, HTTP clients:
:mod:`.uniquename` leaves one-word names alone for that reason).  The receiver's name and
the classes' names together say which classes are meant: a call ``R.M(...)`` goes to the
methods ``M`` of the tree's classes whose *role word* the receiver names, when

* the receiver (``env``, ``self.env``, ``self._backend``, ``docker_env``) is nothing the
  evaluator knows outside the tree (:func:`.uniquename.untyped_receiver`);
* the last word of the receiver's name (``env``; ``self._backend`` -> ``backend``), three
  letters or more, is the last word of the class's CamelCase name (its role:
  ``LocalEnvironment`` -> ``environment``, ``SSHBackend`` -> ``backend``) or the start of
  it (``env``/``environment``, ``conn``/``connection``, ``exec``/``executor``), or that of
  a class of the tree it derives from (``Local(Transport)`` and ``SSH(Transport)`` play
  ``transport``: code that picks the implementation at run time, ``transport =
  self.transports[name]``, names the object after the base they share, not after one
  implementation; a library's base class, ``Thread`` or ``Cmd``, gives no role);
* the method ``M`` of such a class reaches a shell with a parameter (a summary): every
  class of that role whose ``M`` does is a callee (the object is one of them, like the
  overrides of an abstract method; a class whose ``M`` does not is no edge).

Precision risk: a variable named after a role that a library object plays too
(``session.run(...)`` of a nox session in a tree with a ``BashSession.run``): the
receiver must then be unknown to the evaluator and the method name the same.
"""

from ..core.lazyre import compile_pattern

__all__ = ["receiver_role", "role_calls", "role_matches", "role_methods", "role_word"]

_CAMEL = compile_pattern(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")

#: receiver names that say nothing about a role
_VAGUE = frozenset({"self", "cls", "obj", "item", "value", "result", "res", "ret", "this", "other", "instance"})


def role_word(class_name: str) -> str | None:
    """The last word of a CamelCase class name, lower case (``LocalEnvironment`` -> ``environment``)."""
    words = _CAMEL.findall(class_name)
    return words[-1].lower() if words else None


def receiver_role(recv) -> str | None:
    """The last word of the receiver's name (``env``, ``self._backend`` -> ``backend``), lower case."""
    import ast

    name = recv.id if isinstance(recv, ast.Name) else recv.attr if isinstance(recv, ast.Attribute) else None
    if not name:
        return None
    word = name.strip("_").rsplit("_", 1)[-1].lower()
    if len(word) < 3 or word in _VAGUE:
        return None
    return word


def role_matches(receiver: str, role: str) -> bool:
    """``env`` names ``environment`` (a prefix of three letters or more), ``backend`` names ``backend``."""
    return receiver == role or (len(receiver) >= 3 and role.startswith(receiver))


def role_methods(summ: dict, class_of_key, bases_of=None) -> dict:
    """``{method name: [(role word, summary key)]}`` of the summarised methods that reach a shell
    with a parameter (``class_of_key(key)``: the class's qualified name, or None for a function).
    ``bases_of(class key)``: the names of the tree's classes it derives from; their role words
    are the class's roles too (``Local(Transport)`` plays ``transport``: code that holds "a
    transport" names the abstract base, and the object is one of its implementations)."""
    out: dict = {}
    for key in sorted(summ):
        s = summ[key]
        if not s.reach or key.rsplit(".", 1)[-1] != s.name or s.name.startswith("_"):
            continue  # a private method is its class family's plumbing, called by the family
        cq = class_of_key(key)
        if not cq:
            continue
        names = [cq.rsplit(".", 1)[-1]] + (list(bases_of(cq)) if bases_of is not None else [])
        got: set = set()
        for n in names:
            role = role_word(n)
            if role and len(role) >= 3 and role not in got:
                got.add(role)
                out.setdefault(s.name, []).append((role, key))
    return out


_CALL = compile_pattern(r"(\w+)\.(\w+)\(")  # what role_calls finds (role_calls_by_regex: its former scan)


def _word_char(c: str) -> bool:
    """``re``'s ``\\w`` for one character of a str pattern (alphanumeric in Unicode's sense, or ``_``)."""
    return c.isalnum() or c == "_"


def role_calls(text: str, methods: dict, words=None) -> bool:
    """The text calls ``name.M(`` where ``M`` is one of ``methods`` (:func:`role_methods`) and the
    receiver's last word names the role of a class defining it (the project pass's prefilter).

    The matches of ``_CALL`` (``(\\w+)\\.(\\w+)\\(``) that name a method of ``methods``, found
    from each ``.M(`` of the text instead of from every call (issue 25: the scan of every
    call was 9 % of conan's cold CPU): a match holds one ``.``, and ends at ``(``, which is
    no word character, so every ``.M(`` preceded by a word character is a match of its own
    (an earlier match cannot end inside the run before it), whose first group is the whole
    run of word characters before the ``.`` and whose second is ``M`` (a name of word
    characters only: one with a character ``\\w`` does not match is never ``M``).  The same
    answer as :func:`role_calls_by_regex` (tests/test_pyscan_speed_s41.py).

    ``words``: the text's identifiers (``project.words_of``, or a superset), where made: an
    ASCII ``M`` between ``.`` and ``(`` is one of them (both separate words), so a method
    whose name is none of them is not looked for (every file of the tree is asked in every
    round of the project pass, and nearly none calls one)."""
    if not methods:
        return False
    for meth, cands in methods.items():
        # the word test first: it drops nearly every method, and the character test (every
        # character ``\w``: the name with ``_`` made a letter is alphanumeric) was asked of
        # every method for every file in every round (issue 25: 166,000 generator steps on conan)
        if words is not None and meth not in words and meth.isascii():
            continue
        if not cands or not meth or not meth.replace("_", "a").isalnum():
            continue
        needle = "." + meth + "("
        at = text.find(needle)
        while at != -1:
            start = at
            while start > 0 and _word_char(text[start - 1]):
                start -= 1
            if start < at:
                word = text[start:at].strip("_").rsplit("_", 1)[-1].lower()
                if len(word) >= 3 and word not in _VAGUE and any(role_matches(word, role) for role, _k in cands):
                    return True
            at = text.find(needle, at + 1)
    return False


def role_calls_by_regex(text: str, methods: dict) -> bool:
    """:func:`role_calls` as a scan of every call of the text (its definition, kept for the tests)."""
    if not methods or not any(f".{m}(" in text for m in methods):
        return False
    for m in _CALL.finditer(text):
        cands = methods.get(m.group(2))
        if not cands:
            continue
        word = m.group(1).strip("_").rsplit("_", 1)[-1].lower()
        if len(word) >= 3 and word not in _VAGUE and any(role_matches(word, role) for role, _k in cands):
            return True
    return False
