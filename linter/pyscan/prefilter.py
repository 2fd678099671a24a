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

from ..core.lazyre import compile_pattern
from .libsumm import GEN_MODULES, GEN_NAMES
from .runnerlibs import LIB_MODULES, SCONS_CALLS

_W = compile_pattern(r"\w")

# needle -> pattern that must match at the needle's position (None: any
# occurrence counts); the needle must also start a word.
_NEEDLES = (
    ("subprocess", None),
    # asyncio's entry points: ``subprocess`` does not start a word in them (a file that
    # imports only asyncio was never scanned)
    ("create_subprocess", compile_pattern(r"create_subprocess_(?:shell|exec)\b")),
    # ``system()``, a call with no argument, hands no command: ``platform.system()`` (the OS's
    # name; Python docs, platform module) was the only hit in 42 of the 387 held-out files
    # scanned, none with a finding or a summary (issue 25)
    ("system", compile_pattern(r"system\b(?!\(\)|[ \t]*[!=]?=)")),
    ("popen", compile_pattern(r"popen\d?\b")),
    ("Popen", compile_pattern(r"Popen\d?\b|PopenSpawn\b")),
    ("getoutput", compile_pattern(r"getoutput\b")),
    ("getstatusoutput", compile_pattern(r"getstatusoutput\b")),
    ("spawn", compile_pattern(r"spawn(?:[lv]p?e?|p|u|b|Process)?\b")),  # also posix_spawn, pty.spawn
    ("exec", compile_pattern(r"exec(?:[lv]p?e?|_command|_run|_create)?\b")),  # docker exec_run/exec_create: anyargv.py
    ("eval", compile_pattern(r"eval\b")),
    # the library entry points that run Python source or a file's code (coderun.py): each
    # needs its module imported or its method named
    ("exec_module", None),
    ("load_module", None),
    ("runcode", None),
    ("runsource", None),
    ("run_path", None),
    ("timeit", None),
    ("codeop", None),
    ("InteractiveConsole", None),
    ("InteractiveInterpreter", None),
    ("jupyter_client", None),
    ("nbclient", None),  # NotebookClient.execute_cell / async_execute_cell (coderun.py)
    ("invoke_shell", None),  # a paramiko channel of a client handed in (shellchan.py)
    ("run_cell", None),  # IPython's InteractiveShell.run_cell / run_cell_async
    ("get_ipython", None),  # its ex()/ev() on the running shell
    ("e2b_code_interpreter", None),  # Sandbox.run_code (coderun.LIBRARY_CODE_METHODS)
    ("code_run", None),  # Daytona's sandbox.process.code_run
    ("remote_exec", None),  # execnet's gateway.remote_exec
    ("PythonREPL", None),  # langchain_experimental's PythonREPL.run
    ("papermill", None),  # papermill.execute_notebook (a notebook file's code)
    # debuggers and profilers that run a statement (coderun.CODE_RUNNERS): bdb.Bdb and its
    # subclasses, pdb.run/runeval, cProfile, their runctx/runeval ("bdb" and "Profile" alone
    # start hex digests and AWS profile names: 31 more held-out files parsed, issue 25)
    ("Bdb", None),
    ("pdb", None),
    ("Pdb", None),
    ("cProfile", None),
    ("runctx", None),
    ("runeval", None),
    ("CliCallTemplate", compile_pattern(r"CliCallTemplate\b")),
    ("CommandStep", compile_pattern(r"CommandStep\b")),
    ("call_template_type", None),
    ("utcp", compile_pattern(r"utcp_tool\b|utcp-lint\s*:")),
    ("__salt__", None),  # salt's loader dictionary of execution functions (sinks.LOADER_SHELL)
    # a container's argv split between its entrypoint and its command (containerargv.py)
    ("entrypoint", None),
    ("with_command", None),
    ("V1Container", None),
    # an adb client's ``"shell:" + cmd`` service request (adbshell.py; ``exec:`` is ``exec``'s)
    # ... or a literal shell flag, or one true on Windows, handed to any callee (anyflag.py)
    ("shell", compile_pattern(r"shell(?:,[\w,-]*)?:\S|shell\s*=\s*(?:True\b|[^=,)\n]*(?:[Ww]in|WIN|\bnt\b))")),
    ("ssh", compile_pattern(r"""ssh["']""")),  # an ssh argv a function returns for its callers to extend (project.py)
    # keywords only invoke's Runner.run takes: a duck-typed connection's runner (libmodels.py)
    *((n, compile_pattern(n + r"\s*=")) for n in ("hide", "warn", "watchers")),
)
# whole identifiers that name a library's entry point (session 44): looked up in the set of the
# text's words (one hash each, not a scan of the joined words per needle), then the pattern at
# each occurrence in the text; ``\b`` ends every pattern, so "a word starting with the needle"
# (is_candidate) and "the word itself" (is_candidate_words) are the same test
_WORD_NEEDLES = (
    # workflow operators whose command line bash or a remote shell runs (runnerlibs.LIB_RUNNERS)
    ("BashOperator", compile_pattern(r"BashOperator\b")),
    ("BashSensor", compile_pattern(r"BashSensor\b")),
    ("SSHOperator", compile_pattern(r"SSHOperator\b")),
    # docker-py string commands (containerargv.SPLIT_COMMANDS)
    ("containers", compile_pattern(r"containers\.(?:run|create)\(")),
    # tornado.process.Subprocess: subprocess.Popen's constructor (sinks.SUBPROCESS)
    ("Subprocess", compile_pattern(r"Subprocess\(")),
    # an SSM Run Command job's shell document (cmtasks.SSM_SHELL_DOCUMENTS)
    ("AWS", compile_pattern(r"AWS-Run(?:Power)?ShellScript\b")),
)


# tmux sub-commands that run a shell command or type keys (sinks._tmux_code, from the
# program table's tmux entry): ``server.cmd("new-window", ...)`` of a tmux driver; each
# starts a word and is followed by a quote.  Found by their "-word" half in one search
# (ten str.find scans of every text cost 0.12 CPU-s on the dev and held-out trees, the
# search 0.014; issue 25)
_TMUX = (
    "new-window",
    "split-window",
    "new-session",
    "send-keys",
    "respawn-pane",
    "respawn-window",
    "run-shell",
    "if-shell",
    "pipe-pane",
    "display-popup",
)
_TMUX_TAIL = compile_pattern("(" + "|".join(sorted({re.escape(n[n.index("-") :]) for n in _TMUX})) + r""")["']""")
_TMUX_PAIRS = tuple(tuple(n.split("-", 1)) for n in _TMUX)  # ("new", "window")
_TMUX_WORDS = frozenset(w for pair in _TMUX_PAIRS for w in pair)
_TMUX_HEADS: dict = {}  # "-window" -> ("new", "split", "respawn")
for _n in _TMUX:
    _TMUX_HEADS.setdefault(_n[_n.index("-") :], []).append(_n[: _n.index("-")])


def _tmux_words(text: str, words) -> bool:
    """:func:`_tmux_command` for a text whose identifiers ``words`` are made: a hit is the
    command's two words (``new`` starting a word and ending at ``-``, ``window`` ending at
    the quote), so a command one of whose words the text lacks is no hit; the search of the
    text is made only when some command has both (128 of 1,786 files of yt-dlp, conan, xonsh
    and scons; issue 25)."""
    return any(head in words and tail in words for head, tail in _TMUX_PAIRS) and _tmux_command(text)


def _tmux_command(text: str) -> bool:
    """Does a word of ``_TMUX`` followed by a quote occur in the text?"""
    for m in _TMUX_TAIL.finditer(text):
        i = m.start()
        for head in _TMUX_HEADS[m.group(1)]:
            j = i - len(head)
            if j >= 0 and text.startswith(head, j) and _word_start(text, j):
                return True
    return False


_ANYWHERE = {"spawn", "utcp"}
# the libraries whose import makes a file a candidate (one list: the import patterns below and
# the words :func:`is_candidate_words` checks first are made of it)
_LIBRARIES: tuple[str, ...] = (
    "pexpect",
    "plumbum",
    "invoke",
    "fabric2?",
    "patchwork",
    "paramiko",
    "sh",
    "libtmux",
    "ssh2",
    "ssh",
    "sarge",
    "pssh",
    "winrm",
    "impacket",  # Windows remote execution over DCE/RPC (winexec.py)
)
_IMPORTS = compile_pattern(
    r"^[ \t]*(?:from|import)[ \t]+(?:" + "|".join(_LIBRARIES) + r")\b", re.M
)  # the libraries of libmodels.CONNECTION_LIBRARIES among them (tests/test_pyscan_prefilter.py)
_IMPORT_NEEDLES = (
    "sarge",
    "pssh",
    "pexpect",
    "plumbum",
    "invoke",
    "fabric",
    "paramiko",
    "patchwork",
    "import sh",
    "from sh",
    "libtmux",
    "import ssh",
    "from ssh",
    "winrm",
    "impacket",
)
# what follows ``import`` or ``from`` in every line _IMPORTS matches: looked for at each
# ``import``/``from`` of the text before the thirteen needles and _IMPORTS itself, which
# scan the whole text (0.19 -> 0.04 CPU-s on the held-out trees; issue 25)
_LIBRARY_AFTER = compile_pattern(r"[ \t]+(?:" + "|".join(_LIBRARIES) + r")\b")
# third-party runners that default to a shell (runnerlibs.LIB_MODULES)
_RUNNER_LIB_IMPORT = compile_pattern(
    r"^[ \t]*(?:from|import)[ \t]+(?:" + "|".join(LIB_MODULES) + r")\b",
    re.M,
)
_RUNNER_LIB_WORDS = frozenset(LIB_MODULES)
_RUNNER_LIB_AFTER = compile_pattern(r"[ \t]+(?:" + "|".join(LIB_MODULES) + r")\b")
# pyinfra: an ``@operation`` function yields shell commands (sinks.SHELL_YIELD_DECORATORS)
_PYINFRA_OPERATION = compile_pattern(r"^[ \t]*@(?:\w+\.)*operation\b", re.M)


# text formatted into an SCons action (runnerlibs.SCONS_CALLS) shortly after the call opens
_FORMATTED = (".format(", 'f"', "f'", '" %', "' %", '" +', "' +", '+ "', "+ '")


# the call's first argument (or ``action=``) starts with a string literal or an f-string
_STRING_ARG = compile_pattern(r"""(?:\s|#[^\n]*)*(?:act(?:ion)?\s*=\s*)?\(?(?:\s|#[^\n]*)*[fFrRbB]?["']""")


def _scons_action(text: str) -> bool:
    """An SCons ``Builder(``/``Action(`` call with formatted text in its first lines, in a
    file that names SCons."""
    if "SCons" not in text:
        return False
    for needle in SCONS_CALLS:
        i = text.find(needle)
        while i != -1:
            if _STRING_ARG.match(text, i + len(needle)) and any(f in text[i : i + 400] for f in _FORMATTED):
                return True
            i = text.find(needle, i + 1)
    return False


def _names_a_library(text: str) -> bool:
    """Is some ``import`` or ``from`` of the text followed by blanks and a library of
    _IMPORTS?  True wherever _IMPORTS matches (each of its matches is such a place)."""
    for kw in ("import", "from"):
        i = text.find(kw)
        while i != -1:
            if _LIBRARY_AFTER.match(text, i + len(kw)):
                return True
            i = text.find(kw, i + 1)
    return False


def _word_start(text: str, i: int) -> bool:
    return i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")


# Python's keywords and soft keywords (and Python 2's print/exec statements): the only
# words code can put right before a name with blanks between (``import system``,
# ``not system``); any other word there (``the file system``, ``operating system``)
# means the text is a comment or a string of prose, not code, nor a name getattr reads
_KEYWORDS = frozenset(
    "False None True and as assert async await break class continue def del elif else except "
    "finally for from global if import in is lambda nonlocal not or pass raise return try while "
    "with yield match case type _ print exec".split()
)
_WORD_BLANKS = compile_pattern(r"([A-Za-z0-9_]+)[ \t]+\Z")
_PROSE_NEEDLES = {"system"}  # a common English word (147 held-out files named it in prose only, issue 25)


def _in_prose(text: str, i: int) -> bool:
    """Is the word at ``i`` preceded, on its line, by a word that is not a keyword and
    blanks: a word of prose?  (Code never puts a name after another name.)"""
    lo = max(0, i - 40)
    m = _WORD_BLANKS.search(text, lo, i)
    if m is None or (m.start() == lo and not _word_start(text, lo)):
        return False  # no word there, or one longer than the window (read as code)
    return m.group(1) not in _KEYWORDS


# the whole words _IMPORTS and _PYINFRA_OPERATION can match (their ``\b`` ends a word there)
_LIBRARY_WORDS = frozenset(
    w for lib in _LIBRARIES for w in ((lib[:-2], lib[:-2] + "2") if lib.endswith("2?") else (lib,))
)


def is_candidate_words(text: str, words) -> bool:
    """:func:`is_candidate` for a text whose identifiers ``words`` were already made
    (``project.words_of``, which the project pass reads of every file anyway): the same
    answer, with each needle looked for in the text only where it can hit.

    * A needle that must start a word (all but ``_ANYWHERE``) can hit only if a word
      of the text starts with it: a word is a maximal run of ASCII letters, digits and
      underscores (every other character separates), so where ``_word_start`` holds a
      word starts, and it begins with the needle (all word characters).  The words,
      joined by blanks, are a fifth of the text's length (the trees of the bench):
      each such needle is found there, and only those found are looked for in the text.
    * ``spawn`` and ``utcp`` count anywhere: looked for in the text, as before.
    * The tmux commands: :func:`_tmux_command` itself (one search), as before.
    * A library import (``_IMPORTS``) needs ``import`` or ``from`` and the library's
      name as whole words (``\\b`` ends the name); the pyinfra pattern, the whole word
      ``operation``.  Only then are they tried, as before.

    Issue 25: most files of a tree hold no needle, and each needle was a scan of the
    whole text (tests/test_pyscan_prefilter.py compares both answers on every file of
    the fixtures and the tests)."""
    joined = " " + " ".join(words)
    needles = _needles_in_words(words, joined)
    needles += [(n, pat) for n, pat in _WORD_NEEDLES if n in words]
    if (
        _find_needles(text, needles)
        or (not _TMUX_WORDS.isdisjoint(words) and _tmux_words(text, words))
        or (not _SESSION_WORDS.isdisjoint(words) and _session_call(text, words))
        or (("sh " in joined or joined.endswith("sh")) and _shell_code_flag(text))
        or (not _CODE_WORDS.isdisjoint(words) and _code_call(text))
    ):
        # (a quoted shell ends a word in ``sh``: a word of the joined ones ends so; two texts in
        # three have none, and the search of every ``c"``/``c'`` was a fifth of the prefilter)
        return True
    if ("import" in words or "from" in words) and not _LIBRARY_WORDS.isdisjoint(words) and _library_import(text):
        return True
    if ("import" in words or "from" in words) and not _RUNNER_LIB_WORDS.isdisjoint(words) and _runner_lib_import(text):
        return True
    if ("import" in words or "from" in words) and not GEN_MODULES.isdisjoint(words) and _gen_lib_import(text, words):
        return True
    if ("Builder" in words or "Action" in words) and _scons_action(text):
        return True
    return ("operation" in words and _pyinfra(text)) or _ansible_task_words(text, joined)


# each needle with the blank before it in the joined words (None: looked for anywhere in the text),
# made once, not for every needle of every file
_SPACED_NEEDLES = tuple((n, pat, None if n in _ANYWHERE else " " + n) for n, pat in _NEEDLES)

# The whole words a needle's pattern can match where the needle starts a word: the pattern
# ends the word (``\b``, or a character no word holds: ``,``, ``:``, a quote, ``=``, a blank),
# so such a hit is a word of the text's identifiers (``project.words_of``), one of these,
# exactly (a non-ASCII character after it is a separator there).  Asked of the word set
# (a hash lookup) instead of a search of the joined words.  A needle not listed here
# (pattern None: any word that starts with it) is found by one search of the joined words.
_NEEDLE_WORDS: dict = {
    "create_subprocess": frozenset({"create_subprocess_shell", "create_subprocess_exec"}),
    "system": frozenset({"system"}),
    "popen": frozenset({"popen", *(f"popen{d}" for d in range(10))}),  # popen\d?\b (a non-ASCII digit: "popen")
    "Popen": frozenset({"Popen", "PopenSpawn", *(f"Popen{d}" for d in range(10))}),
    "getoutput": frozenset({"getoutput"}),
    "getstatusoutput": frozenset({"getstatusoutput"}),
    "exec": frozenset(
        {"exec", "execl", "execlp", "execle", "execlpe", "execv", "execvp", "execve", "execvpe"}
        | {"exec_command", "exec_run", "exec_create"}
    ),
    "eval": frozenset({"eval"}),
    "CliCallTemplate": frozenset({"CliCallTemplate"}),
    "CommandStep": frozenset({"CommandStep"}),
    "shell": frozenset({"shell"}),  # shell, or shell: then a character
    "ssh": frozenset({"ssh"}),  # ssh then a quote
    "hide": frozenset({"hide"}),  # hide= (blanks between)
    "warn": frozenset({"warn"}),
    "watchers": frozenset({"watchers"}),
}
# the needles that start a word and may go on (pattern None): one search of the joined words
# finds them all, longest first at each word (a needle found there brings the needles that
# are its prefixes: _PREFIX_NEEDLES)
_OPEN_NEEDLES = tuple(n for n, _pat, spaced in _SPACED_NEEDLES if spaced is not None and n not in _NEEDLE_WORDS)
_OPEN_SEARCH = compile_pattern(
    " (" + "|".join(re.escape(n) for n in sorted(_OPEN_NEEDLES, key=lambda n: (-len(n), n))) + ")"
)
_PREFIX_NEEDLES = {n: tuple(m for m in _OPEN_NEEDLES if n.startswith(m)) for n in _OPEN_NEEDLES}


def _needles_in_words(words, joined: str) -> list:
    """The needles (with their patterns) :func:`is_candidate_words` looks for in the text: a
    needle that must start a word, only if a word of the text can be its hit; those of
    ``_ANYWHERE``, always.  The same list as the search of the joined words for each
    needle (a word starting with it), less those of ``_NEEDLE_WORDS`` whose words the text
    lacks (where no hit can be).  Issue 25: the 38 searches of every file's joined words
    were 57 % of the prefilter (0.115 of 0.200 CPU-s on yt-dlp, conan, xonsh and scons);
    hash lookups and one search: 0.03."""
    found: set = set()
    for n in _OPEN_SEARCH.findall(joined):
        found.update(_PREFIX_NEEDLES[n])
    out = []
    for n, pat, spaced in _SPACED_NEEDLES:
        if spaced is None:
            out.append((n, pat))
        else:
            exact = _NEEDLE_WORDS.get(n)
            if (n in found) if exact is None else not exact.isdisjoint(words):
                out.append((n, pat))
    return out


def _ansible_task_words(text: str, joined: str) -> bool:
    """:func:`_ansible_task` with the text's words joined by blanks (``joined``, a fifth of
    the text's length): each of its needles made of word characters only (``module_args``,
    ``ansible``, ``shell``, ``raw``: no digit first) is in the text exactly when it is in a
    word, so in ``joined``; ``cmd.run`` and ``cmd.shell`` need the word ``cmd`` in it before
    the text is searched.  Four full scans of every text of a tree were a fifth of the
    prefilter (issue 25; tests/test_pyscan_cold_cpu.py compares both answers)."""
    return (("module_args" in joined or "ansible" in joined) and ("shell" in joined or "raw" in joined)) or (
        "cmd" in joined and ("cmd.run" in text or "cmd.shell" in text)
    )


def _find_needles(text: str, needles) -> bool:
    find = text.find
    for needle, pat in needles:
        i = find(needle)
        while i != -1:
            if (
                (needle in _ANYWHERE or _word_start(text, i))
                and (pat is None or pat.match(text, i))
                and not (needle in _PROSE_NEEDLES and _in_prose(text, i))
            ):
                return True
            i = find(needle, i + 1)
    return False


def _session_call(text: str, words=None) -> bool:
    """A session method of :data:`.duckcmd.SESSION_METHODS` called as a method with an
    argument (``conn.run(cmd``, ``self._shell.sendline(line``): ``.M(`` not followed by ``)``,
    on a receiver other than ``self``.  One search for every ``.M(`` (the methods' needles
    one by one were a full scan of the text each: 0.07 CPU-s on yt-dlp and conan)."""
    from .duckcmd import PREFILTER_ROLE_ONLY, PREFILTER_ROLES

    n = len(text)
    for m in _SESSION_CALL.finditer(text):
        name = m.group(1)
        if words is not None and name not in words:
            continue
        i, j = m.start(), m.end()
        if not text.endswith(PREFILTER_ROLES[name], 0, i) and (
            name in PREFILTER_ROLE_ONLY or not _STRING_START.match(text, j)
        ):
            # ``sock.send(``, ``cursor.execute(``: only a receiver named for a role counts;
            # ``x.run(`` on another receiver: only with a string written as the argument
            # (``x.run(f"apt-get install {pkg}")``, the command line's shape is in the text)
            continue
        if j < n and text[j] != ")" and not (text.startswith("self", i - 4) and _word_start(text, i - 4)):
            return True  # (``self.run(...)``: the class's own method, which the project analysis follows)
    return False


def _session_call_pattern():
    from .duckcmd import SESSION_METHODS

    # longest first: ``.exec_command(`` is that method, not ``exec``; the ``(`` right after
    # the name makes each match one method's needle exactly
    return compile_pattern(r"\.(" + "|".join(sorted(SESSION_METHODS, key=lambda m: (-len(m), m))) + r")\(")


_SESSION_CALL = _session_call_pattern()


def _session_words() -> frozenset:
    from .duckcmd import SESSION_METHODS

    return frozenset(SESSION_METHODS)


# a match of _SESSION_CALL is one of these words of the text (``.run(``: the word ``run``) and
# _session_call skips one the words lack: a text with none of them is not searched (315 of
# 1,786 files of yt-dlp, conan, xonsh and scons have one; issue 25)
_SESSION_WORDS = _session_words()
# a string literal starts here (blanks, then at most two prefix letters, then a quote)
_STRING_START = compile_pattern(r"""\s*[rRbBfFuU]{0,2}["']""")


def _code_call(text: str) -> bool:
    """A code method of :data:`.duckcode.CODE_METHODS` called as a method with an argument:
    a method whose name says code (``shell.run_code(src``) with any, the others
    (``view.execute(``, ``ctx.eval(``) with a string literal written there that does not start
    with a SQL verb (``cursor.execute("SELECT ...``: a DB cursor's)."""
    from .duckcode import NAMED, SQL_VERBS

    n = len(text)
    for m in _CODE_CALL.finditer(text):
        j = m.end()
        if j >= n or text[j] == ")":
            continue
        if m.group(1) in NAMED:
            return True
        q = _STRING_START.match(text, j)
        if q is None:
            continue
        k = q.end()
        if "f" not in text[j:k].lower():
            # a plain literal is a template only when a value is put in on its line (``% x``,
            # ``+ x``, ``.format(``) or it goes on (a triple quote): ``hooks.execute("pre_build",
            # conanfile=c)`` is a constant name
            eol = text.find("\n", k)
            line = text[k - 1 : eol if eol >= 0 else n]
            if not (line.startswith(text[k - 1] * 3) or "%" in line or "+" in line or ".format(" in line):
                continue
        while k < n and text[k] in "\"' \t\n\\":
            k += 1
        word = _FIRST_WORD.match(text, k)
        if word is None or word.group(0).lower() not in SQL_VERBS:
            return True
    return False


def _code_call_pattern():
    from .duckcode import CODE_METHODS

    return compile_pattern(r"\.(" + "|".join(sorted(CODE_METHODS, key=lambda m: (-len(m), m))) + r")\(")


def _code_words() -> frozenset:
    from .duckcode import CODE_METHODS

    return frozenset(CODE_METHODS)


_CODE_CALL = _code_call_pattern()
_CODE_WORDS = _code_words()
_FIRST_WORD = compile_pattern(r"[A-Za-z]+")


def _shell_before(text: str, k: int) -> bool:
    """Does a quoted word ending in ``sh`` (``"sh"``, ``'/bin/bash'``, ``"zsh"``) end before
    position ``k`` (blanks and one comma between)?"""
    while k >= 0 and text[k] in " \t\n,":
        k -= 1
    return k >= 2 and text[k] in "\"'" and text[k - 2 : k] == "sh"


def _shell_code_flag(text: str) -> bool:
    """A quoted shell option cluster ending in ``c`` (``"-c"``, ``'-lc'``, ``"-ec"``) right after
    a quoted shell (``"sh", "-c"``): an argv of a shell with its command string, handed perhaps to a container/pod/sandbox API
    (anyargv.py)."""
    find = text.find
    for q in ('"', "'"):
        tail = "c" + q
        i = find(tail)
        while i != -1:
            j = i
            while j > 0 and text[j - 1].isalpha():
                j -= 1
            if j >= 2 and text[j - 1] == "-" and text[j - 2] == q and _shell_before(text, j - 3):
                return True
            i = find(tail, i + 2)
    return False


def _library_import(text: str) -> bool:
    return _names_a_library(text) and any(n in text for n in _IMPORT_NEEDLES) and _IMPORTS.search(text) is not None


def _runner_lib_import(text: str) -> bool:
    """``_RUNNER_LIB_IMPORT.search(text) is not None``, asked only at each ``import`` and
    ``from`` that starts a line (blanks before it): the ten module names looked for one by one
    were a full scan of the text each (0.07 CPU-s on yt-dlp and conan)."""
    return any(_RUNNER_LIB_AFTER.match(text, j) for j in _line_imports(text))


def _line_imports(text: str):
    """The index after each ``import`` and ``from`` that starts a line (blanks before it)."""
    for kw in ("import", "from"):
        i = text.find(kw)
        while i != -1:
            k = i
            while k > 0 and text[k - 1] in " \t":
                k -= 1
            if k == 0 or text[k - 1] == "\n":
                yield i + len(kw)
            i = text.find(kw, i + 1)


# the module name after ``import``/``from`` and blanks
_IMPORTED_NAME = compile_pattern(r"[ \t]+(\w+)")


def _gen_lib_import(text: str, words=None) -> bool:
    """An ``import``/``from`` starting a line names a library of the generated table
    (libsumm.GEN_NAMES) and the text names one of that library's entries (``execute`` for
    GitPython's ``Git.execute``): looked at only at each ``import`` and ``from``, as
    :func:`_runner_lib_import`.  A file importing psutil or git that calls none of their
    runners is not parsed for them."""
    for j in _line_imports(text):
        m = _IMPORTED_NAME.match(text, j)
        names = GEN_NAMES.get(m.group(1)) if m is not None else None
        if names and any(n in words if words is not None else n in text for n in names):
            return True
    return False


def _ansible_task(text: str) -> bool:
    """An Ansible shell-module invocation or a salt job running ``cmd.*`` (cmtasks.py): the
    module names and the words of an invocation."""
    return (("module_args" in text or "ansible" in text) and ("shell" in text or "raw" in text)) or (
        "cmd.run" in text or "cmd.shell" in text
    )


def _pyinfra(text: str) -> bool:
    return "pyinfra" in text and "yield" in text and _PYINFRA_OPERATION.search(text) is not None


def is_candidate(text: str) -> bool:
    return (
        _find_needles(text, _NEEDLES)
        or _find_needles(text, _WORD_NEEDLES)
        or _ansible_task(text)
        or _tmux_command(text)
        or _session_call(text)
        or _shell_code_flag(text)
        or _code_call(text)
        or _library_import(text)
        or _runner_lib_import(text)
        or _gen_lib_import(text)
        or _pyinfra(text)
        or _scons_action(text)
    )
