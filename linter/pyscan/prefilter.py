"""Cheap text test: can this file hold anything the scanner reports?

Every sink needs its name in the text (``system``, ``Popen``, ``spawn``...,
even behind ``getattr(os, "system")`` or ``sys.modules["os"].system``), every
third-party runner needs its import, every template needs ``CommandStep`` /
``CliCallTemplate`` / ``call_template_type``, every suppression comment needs
``utcp-lint``.  A file without any of them is never parsed.  (A name built at
run time -- ``getattr(os, "sys" + "tem")`` -- is out of reach of any static
scan; the docs say so.)

Speed: one big alternation regex over 40 MB of site-packages took 25 s
(Python's ``re`` tries every branch at every position).  Instead each needle
is found with ``str.find`` (C speed) and only its occurrences are checked
against a small anchored pattern for word boundaries: ~0.1 s for the same
tree (docs/design/pyscan.md).
"""

from __future__ import annotations

import re

_W = re.compile(r"\w")

# needle -> pattern that must match at the needle's position (None: any
# occurrence counts); the needle must also start a word.
_NEEDLES = (
    ("subprocess", None),
    ("system", re.compile(r"system\b")),
    ("popen", re.compile(r"popen\d?\b")),
    ("Popen", re.compile(r"Popen\d?\b|PopenSpawn\b")),
    ("getoutput", re.compile(r"getoutput\b")),
    ("getstatusoutput", re.compile(r"getstatusoutput\b")),
    ("spawn", re.compile(r"spawn(?:[lv]p?e?|p|u|Process)?\b")),  # also posix_spawn, pty.spawn
    ("exec", re.compile(r"exec(?:[lv]p?e?|_command)?\b")),
    ("eval", re.compile(r"eval\b")),
    ("CliCallTemplate", re.compile(r"CliCallTemplate\b")),
    ("CommandStep", re.compile(r"CommandStep\b")),
    ("call_template_type", None),
    ("utcp", re.compile(r"utcp_tool\b|utcp-lint\s*:")),
    ("__salt__", None),  # salt's loader dictionary of execution functions (sinks.LOADER_SHELL)
    ("ssh", re.compile(r"""ssh["']""")),  # an ssh argv a function returns for its callers to extend (project.py)
    # tmux sub-commands that run a shell command or type keys (sinks._tmux_code, from the
    # program table's tmux entry): ``server.cmd("new-window", ...)`` of a tmux driver
    *((n, re.compile(n + r"""["']""")) for n in ("new-window", "split-window", "new-session", "send-keys")),
    *((n, re.compile(n + r"""["']""")) for n in ("respawn-pane", "respawn-window", "run-shell", "if-shell")),
    *((n, re.compile(n + r"""["']""")) for n in ("pipe-pane", "display-popup")),
    # keywords only invoke's Runner.run takes: a duck-typed connection's runner (libmodels.py)
    *((n, re.compile(n + r"\s*=")) for n in ("hide", "warn", "watchers")),
)
_ANYWHERE = {"spawn", "utcp"}
_IMPORTS = re.compile(
    r"^[ \t]*(?:from|import)[ \t]+(?:pexpect|plumbum|invoke|fabric|paramiko|sh|libtmux|ssh2|ssh|sarge|pssh)\b", re.M
)
_IMPORT_NEEDLES = (
    "sarge",
    "pssh",
    "pexpect",
    "plumbum",
    "invoke",
    "fabric",
    "paramiko",
    "import sh",
    "from sh",
    "libtmux",
    "import ssh",
    "from ssh",
)
# pyinfra: an ``@operation`` function yields shell commands (sinks.SHELL_YIELD_DECORATORS)
_PYINFRA_OPERATION = re.compile(r"^[ \t]*@(?:\w+\.)*operation\b", re.M)


def _word_start(text: str, i: int) -> bool:
    return i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")


def is_candidate(text: str) -> bool:
    find = text.find
    for needle, pat in _NEEDLES:
        i = find(needle)
        while i != -1:
            if (needle in _ANYWHERE or _word_start(text, i)) and (pat is None or pat.match(text, i)):
                return True
            i = find(needle, i + 1)
    if any(n in text for n in _IMPORT_NEEDLES) and _IMPORTS.search(text) is not None:
        return True
    return "pyinfra" in text and "yield" in text and _PYINFRA_OPERATION.search(text) is not None
