"""``utcp-lint server``: the language server (issue 27).

:mod:`.positions` converts the engine's positions (1-based lines, columns in
code points) into the client's (0-based, in the negotiated encoding: UTF-16
unless the client offers another) and back; :mod:`.session` lints one open
document from its text, reusing the findings of tools whose text did not
change; :mod:`.server` is the pygls server and its ``server`` command.
Nothing here executes a tool: dynamic rules are never selected.
"""
