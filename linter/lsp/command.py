"""The ``server`` command, kept apart from the server so that listing the
commands (``utcp-lint --help`` on a narrow terminal) never imports pygls."""

from __future__ import annotations

import sys

import click


@click.command("server")
def server_cmd() -> None:
    """Run the language server over stdio (diagnostics, fixes and rule docs in an editor)."""
    from .server import make_server

    make_server().start_io(sys.stdin.buffer, sys.stdout.buffer)
