"""What ``check`` adds around a run for issue 14 (``--locked``, configuration following):
:func:`prepare_check` once its options are built, :meth:`CheckExtras.finish` after linting.
Kept apart from :mod:`utcp_lint.cli.lock` (the ``lock`` command and the click options) so
that a check started without click (:mod:`utcp_lint.cli.fast`, issue 25) imports no click."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from ..core.fieldwise import field, record, record_eq, record_repr
from ..ruleset.ids import LOCK_REMOVED

if TYPE_CHECKING:
    from ..supplychain.follow import Follower
    from ..supplychain.lockfile import LockFile


@record(slots=True)
class CheckExtras:
    """What ``check`` adds around a run: the lock file (``--locked``), the follower of client
    configs (off with ``--no-follow``) and notes."""

    lock: LockFile | None = None
    follower: Follower | None = None
    notes: list = field(default_factory=list)

    def __init__(
        self, lock: LockFile | None = None, follower: Follower | None = None, notes: list | None = None
    ) -> None:
        self.lock = lock
        self.follower = follower
        self.notes = list() if notes is None else notes

    __repr__ = record_repr
    __eq__ = record_eq

    def finish(self, linter, result) -> None:
        """After linting: locked manuals whose file is gone (UL652, in the lock file)."""
        if self.lock is None:
            return
        from ..ruleset.rule import get_rule

        if not any(r.id == LOCK_REMOVED for r in linter.rules):  # selected rules may be lazy stand-ins
            return
        rule = get_rule(LOCK_REMOVED)
        from ..core.findings import SourceFile
        from ..document.jsonpos import parse, resolve_pointer

        lock = self.lock
        text = getattr(lock, "text", None)
        if text is None:
            return
        src = SourceFile(display_path(lock.path), text)
        root = parse(text)
        added = []
        for key, entry in sorted(lock.manuals().items()):
            if key in lock.seen:
                continue
            path = os.path.join(lock.dir, *key.split("/"))
            if os.path.exists(path):
                continue  # not linted in this run: nothing to say about it
            ptr = "/manuals/" + key.replace("~", "~0").replace("/", "~1")
            node = resolve_pointer(root, ptr)
            kn = None
            mans = root.get("manuals")
            if mans is not None:
                kn = mans.key_node(key)
            tgt = kn or node or root
            names = ", ".join(sorted((entry.get("tools") or {}).keys())[:5])
            added.append(
                rule.finding(
                    src,
                    tgt.start,
                    tgt.end,
                    f"locked manual {key} no longer exists (tools: {names}): run 'utcp-lint lock' to update the lock",
                    pointer=ptr,
                )
            )
        if added:
            result.sources[src.path] = text
            result.findings = linter.postprocess(result.findings + added)


def display_path(p: str) -> str:
    r = os.path.relpath(p)
    return p if r.startswith("..") else r


def prepare_check(
    options,
    cfg,
    *,
    locked=None,
    lock_file=None,
    fetch=False,
    fetch_auth=False,
    fetch_timeout=10.0,
    fetch_max_bytes=10 * 1024 * 1024,
    root_dir=None,
    no_follow=False,
    linter=None,
    usage_error=None,
) -> CheckExtras:
    """Set up --locked (``options.lock``) and configuration following (``linter.follow``)."""
    extras = CheckExtras()
    use_lock = locked if locked is not None else getattr(cfg, "locked", False)
    if use_lock or lock_file:
        from ..supplychain.lockfile import DEFAULT_LOCK, LockError, LockFile

        path = lock_file or getattr(cfg, "lock_file", None) or DEFAULT_LOCK
        try:
            options.lock = LockFile.load(path)
        except LockError as e:
            usage_error(str(e))
        extras.lock = options.lock
    if linter is not None and not no_follow:
        linter.follow = DeferredFollower(
            fetch=fetch, send_auth=fetch_auth, timeout=fetch_timeout, max_bytes=fetch_max_bytes, root_dir=root_dir
        )
        extras.follower = linter.follow
    return extras


class DeferredFollower:
    """A :class:`utcp_lint.supplychain.follow.Follower` built on the first client
    configuration it visits: a run over manuals never imports follow.py
    (cold start, issue 15)."""

    def __init__(self, **kwargs: Any) -> None:
        self.kwargs = kwargs
        self.real: Any = None

    def visit(self, linter: Any, doc: Any, result: Any) -> Any:
        if self.real is None:
            from ..supplychain.follow import Follower

            self.real = Follower(**self.kwargs)
        return self.real.visit(linter, doc, result)
