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
  it (``env``/``environment``, ``conn``/``connection``, ``exec``/``executor``);
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


def role_methods(summ: dict, class_of_key) -> dict:
    """``{method name: [(role word, summary key)]}`` of the summarised methods that reach a shell
    with a parameter (``class_of_key(key)``: the class's qualified name, or None for a function)."""
    out: dict = {}
    for key in sorted(summ):
        s = summ[key]
        if not s.reach or key.rsplit(".", 1)[-1] != s.name or s.name.startswith("_"):
            continue  # a private method is its class family's plumbing, called by the family
        cq = class_of_key(key)
        if not cq:
            continue
        role = role_word(cq.rsplit(".", 1)[-1])
        if role and len(role) >= 3:
            out.setdefault(s.name, []).append((role, key))
    return out


_CALL = compile_pattern(r"(\w+)\.(\w+)\(")


def role_calls(text: str, methods: dict) -> bool:
    """The text calls ``name.M(`` where ``M`` is one of ``methods`` (:func:`role_methods`) and the
    receiver's last word names the role of a class defining it (the project pass's prefilter)."""
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
