"""The template engine: where each placeholder really lands.

``bash.analyze(tpl)`` and ``powershell.analyze(tpl)`` are called lazily by
:class:`utcp_lint.ruleset.context.CliTemplate` (``tpl.bash`` / ``tpl.powershell``).
"""
