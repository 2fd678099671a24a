"""The template engine: where each placeholder really lands.

``bash.analyze(tpl)`` and ``powershell.analyze(tpl)`` are called lazily by
:class:`utcp_lint.context.CliTemplate` (``tpl.bash`` / ``tpl.powershell``).
"""
