"""The rule ids plumbing has to name (one module, on purpose).

Engines state facts and never name rules; rule modules (``rules/``) own their
ids, words, severities and aliases.  A few places are plumbing that stands in
for a rule or talks about one: a finding made outside any rule's check (the
analysis budget, a smuggling source codec, a lock entry whose file is gone),
findings another pass post-processes (the argv fix), the suppression findings
a ``# nosec`` never hides, and notes that point the reader at a rule.  They
take the id from here, so ``tests/test_no_rule_ids_in_engines.py`` can allow
exactly this file (and the generated ``rule_registry.py``).
"""

from __future__ import annotations

#: the analysis ran out of its time budget (made by :mod:`.budget`; never
#: suppressed, never cached: the analysis is partial)
ANALYSIS_BUDGET = "UL011"
#: the env_vars that make bash or the loader run code (named in verify / run notes)
ENV_VAR_RUNS_CODE = "UL055"
#: a URL the runtime refuses (named when ``--follow`` refuses to fetch it)
URL_REFUSED = "UL010"
#: a malformed subprocess declaration (named in ``utcp-lint schema`` notes)
MALFORMED_DECLARATION = "UL306"
#: a smuggling source codec (made while a Python file is read, :mod:`.pyscan.source`)
SOURCE_CODEC = "UL409"
#: the findings whose shell call the argv rewrite fixes (:mod:`.fixes`, :mod:`.pyscan.argvfix_cst`)
ARGV_FIXABLE = ("UL400", "UL401", "UL412")
#: a value reaching a shell through a function of another module (made from the
#: project-wide pass of :mod:`.pyscan.project`, after the per-file scans)
PROJECT_SHELL_FLOW = "UL411"
#: subprocess with a maybe-true shell (``**kwargs``, ``shell=param``): dropped by the
#: project-wide pass where no caller of the tree makes it a shell
MAYBE_SHELL = "UL401"
#: constant shell commands (opt-in): dropped with the maybe-shell and library-model findings above
CONSTANT_SHELL = "UL412"
#: a third-party library runs a shell (a library model such as libtmux's ``new_window``):
#: dropped by the project-wide pass where the call is the linted tree's own function
THIRD_PARTY_SHELL = "UL404"
#: the lock file rules: tool not in the lock, changed since, removed since (named in ``--locked``'s help)
LOCK_RULES = ("UL650", "UL651", "UL652")
#: a locked manual whose file is gone (made by the lock check, :mod:`utcp_lint.cli.lock`)
LOCK_REMOVED = LOCK_RULES[2]
#: suppression findings (UL9xx): silenced only by ``# utcp-lint: ignore[...]``, never by nosec/noqa
SUPPRESSION_PREFIX = "UL9"
#: an entry of per-file-ignores / per-tool-ignores that silenced nothing (made after the run, :mod:`.config`)
UNUSED_SUPPRESSION = "UL904"
