"""Where a value's text is evaluated again: PowerShell sinks and native commands.

Computed once per analysis (``PsAnalysis.sinks``) from the token tree; the
UL2xx rules only filter the hits.  Tables are written from the PowerShell 5.1
documentation (the runtime runs ``powershell.exe``, i.e. Windows PowerShell
5.1), not copied from any other tool.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.lazyre import compile_pattern
from .programs import PS_BY_NAME, powershell_code_flags, powershell_entry
from .ps_lexer import PsNode

__all__ = ["SinkHit", "find_sinks", "command_kind", "PS51_ALIASES", "BATCH_SHIMS", "enclosing_commands", "path_reaches"]

# Windows PowerShell 5.1 built-in aliases and functions that shadow or are not
# native executables (lower case).  Note: curl, wget -> Invoke-WebRequest and
# sc -> Set-Content in 5.1.
PS51_ALIASES = frozenset(
    """
% ? ac asnp cat cd chdir clc clear clhy cli clp cls clv cnsn compare copy cp cpi cpp curl cvpa
dbp del diff dir dnsn ebp echo epal epcsv epsn erase etsn exsn fc fhx fl foreach ft fw gal gbp
gc gcb gci gcm gcs gdr ghy gi gin gjb gl gm gmo gp gps gpv group gsn gsnp gsv gtz gu gv gwmi h
history icm iex ihy ii ipal ipcsv ipmo ipsn irm ise iwmi iwr kill lp ls man md measure mi mount
move mp mv nal ndr ni nmo npssc nsn nv ogv oh popd ps pushd pwd r rbp rcjb rcsn rd rdr ren ri
rjb rm rmdir rmo rni rnp rp rsn rsnp rujb rv rvpa rwmi sajb sal saps sasv sbp sc scb select set
shcm si sl sleep sls sort sp spjb spps spsv start stz sujb sv swmi tee trcm type wget where wjb
write help mkdir more prompt oss
""".split()
)

# Commands that, on a usual Windows install, are .cmd/.bat shims run by cmd.exe
# (``ps_batch_shim`` of their entries in programs.py; command_kind reads the table).
BATCH_SHIMS = frozenset(n for n, p in PS_BY_NAME.items() if p.ps_batch_shim)

_VERB_NOUN = compile_pattern(r"^[a-z]+-[a-z][a-z0-9]*$")


def command_kind(raw: str | None) -> tuple[str, str]:
    """(kind, normalized) for a command name: kind is cmdlet | alias | script |
    batch | native | unknown."""
    from .powershell import normalize_command

    if raw is None:
        return "unknown", ""
    low = raw.strip().lower()
    norm = normalize_command(raw)
    if low.endswith((".cmd", ".bat")):
        return "batch", norm
    if low.endswith(".ps1"):
        return "script", norm
    if low.endswith((".exe", ".com")):
        return "native", norm
    if "\\" in norm or not norm:
        return "unknown", norm
    if norm in PS51_ALIASES:
        return "alias", norm
    if _VERB_NOUN.match(norm) or "\\" in low and _VERB_NOUN.match(norm):
        return "cmdlet", norm
    entry = powershell_entry(norm)
    if entry is not None and entry.ps_batch_shim:
        return "batch", norm
    return "native", norm


@dataclass
class SinkHit:
    occurrence: object  # PsOccurrence
    kind: str  # iex | cmd | powershell | scriptblock | remote | start_process | add_type
    #            command | interpreter | native | batch
    command: PsNode | None
    detail: str  # human text: which command/parameter
    confidence: str | None = None


def enclosing_commands(node: PsNode):
    """Commands enclosing ``node`` (innermost first)."""
    return [a for a in node.ancestors() if a.kind == "command"]


def path_reaches(node: PsNode, top: PsNode) -> bool:
    """Does the *value* at ``node`` reach ``top``'s arguments as text?

    False when a script block literal (its text, not the value, is passed) or
    another command (the value is that command's argument) lies in between."""
    p = node.parent
    while p is not None and p is not top:
        if p.kind in ("block",):
            return False
        if p.kind == "command":
            return False
        p = p.parent
    return p is top


def _param_name(a, src: str) -> str | None:
    """``-Name`` -> 'name' when the argument is a parameter token."""
    if a is None or not a.nodes or a.nodes[0].kind != "parameter":
        return None
    return a.nodes[0].attrs.get("name", "").lower()


def _bound(cmd: PsNode, src: str, arg, value_params: dict[str, str], switches=frozenset()):
    """Which parameter does ``arg`` bind to?  ``value_params`` maps accepted
    prefixes (lower) -> canonical name for parameters that take a value.
    Returns (canonical parameter or None, positional index or None)."""
    args = cmd.attrs.get("args", [])
    pos = 0
    i = 0
    while i < len(args):
        a = args[i]
        p = _param_name(a, src)
        if p is not None:
            canon = _canon(p, value_params)
            colon = a.nodes[0].attrs.get("colon")
            if colon:
                if a is arg:
                    return canon, None
                i += 1
                continue
            if canon is not None and p not in switches:
                if a is arg:
                    return canon, None
                if i + 1 < len(args) and args[i + 1] is arg:
                    return canon, None
                i += 2
                continue
            if a is arg:
                return p, None
            i += 1
            continue
        if a is arg:
            return None, pos
        pos += 1
        i += 1
    return None, None


def _canon(p: str, value_params: dict[str, str]) -> str | None:
    if p in value_params:
        return value_params[p]
    hits = {v for k, v in value_params.items() if k.startswith(p) and len(p) >= 1}
    # PowerShell accepts any unambiguous prefix of a parameter name
    full = {v for k, v in value_params.items() if v.startswith(p)}
    if len(full) == 1:
        return next(iter(full))
    if len(hits) == 1:
        return next(iter(hits))
    return None


_START_PROCESS = {
    "argumentlist": "argumentlist",
    "args": "argumentlist",
    "filepath": "filepath",
    "path": "filepath",
    "workingdirectory": "workingdirectory",
    "verb": "verb",
    "credential": "credential",
    "redirectstandardoutput": "redirectstandardoutput",
    "redirectstandarderror": "redirectstandarderror",
    "redirectstandardinput": "redirectstandardinput",
    "windowstyle": "windowstyle",
}
_ADD_TYPE = {
    "typedefinition": "typedefinition",
    "memberdefinition": "memberdefinition",
    "path": "path",
    "literalpath": "literalpath",
    "name": "name",
    "namespace": "namespace",
    "usingnamespace": "usingnamespace",
    "referencedassemblies": "referencedassemblies",
    "language": "language",
    "outputassembly": "outputassembly",
    "outputtype": "outputtype",
    "assemblyname": "assemblyname",
    "an": "assemblyname",
}
_INVOKE_COMMAND_REMOTE = (
    "computername",
    "cn",
    "session",
    "vmname",
    "vmid",
    "hostname",
    "containerid",
    "connectionuri",
    "uri",
    "sshconnection",
)
_SCRIPTBLOCK_TYPES = {"scriptblock", "system.management.automation.scriptblock", "management.automation.scriptblock"}
_EVAL_MEMBERS = {"newscriptblock", "invokescript", "expandstring"}

# interpreters started with a code flag (``python -c``): ``ps_names``/``ps_code`` of their
# entries in the one table of programs (programs.py)
_code_flags = powershell_code_flags


def _static(node, src):
    from .powershell import static_value

    return static_value(node, src)


def find_sinks(analysis) -> list[SinkHit]:
    from .powershell import command_name, normalize_command

    src = analysis.script
    hits: list[SinkHit] = []
    # per statement, computed once: each element's index and the first
    # Invoke-Expression command after it (a scan of the rest of the pipeline
    # per placeholder was quadratic: a 4,000-stage pipeline took 36 s)
    positions: dict = {}
    iex_after: dict = {}

    def index_in(parent, child) -> int:
        pos = positions.get(id(parent))
        if pos is None:
            pos = positions[id(parent)] = {id(c): i for i, c in enumerate(parent.children)}
        return pos.get(id(child), -1)

    def first_iex_after(parent, k):
        nxt = iex_after.get(id(parent))
        if nxt is None:
            sib = parent.children
            nxt = [None] * (len(sib) + 1)
            for i in range(len(sib) - 1, -1, -1):
                el = sib[i]
                found = nxt[i + 1]
                if el.kind == "command":
                    nm = command_name(el, src)
                    if nm is not None and normalize_command(nm) in ("iex", "invoke-expression"):
                        found = (el, nm)
                nxt[i] = found
            iex_after[id(parent)] = nxt
        return nxt[k + 1]

    for occ in analysis.occurrences:
        if not occ.expands:
            continue
        node = occ.node
        seen_kinds: set = set()

        def add(kind, cmd, detail, confidence=None, seen_kinds=seen_kinds, occ=occ):
            if kind in seen_kinds:
                return
            seen_kinds.add(kind)
            hits.append(SinkHit(occ, kind, cmd, detail, confidence))

        # one pass over the ancestors: what lies strictly between node and each
        anc = list(node.ancestors())
        blocked: list[bool] = []  # a { } script block literal in between
        crossed: list[bool] = []  # another command in between
        b = c = False
        for a in anc:
            blocked.append(b)
            crossed.append(c)
            if a.kind == "block":
                b = True
            if a.kind == "command":
                c = True

        # ---- .NET / engine APIs that compile a string ---------------------
        for i, a in enumerate(anc):
            if a.kind != "paren" or a.parent is None or blocked[i]:
                continue
            k = index_in(a.parent, a)
            sib = a.parent.children
            if k >= 1 and sib[k - 1].kind == "member":
                mname = sib[k - 1].attrs.get("name", "").lower()
                if (
                    mname == "create"
                    and k >= 3
                    and sib[k - 2].kind == "operator"
                    and sib[k - 2].attrs.get("op") == "::"
                    and sib[k - 3].kind == "type"
                    and sib[k - 3].attrs.get("name", "").lower() in _SCRIPTBLOCK_TYPES
                ):
                    add("scriptblock", None, "[scriptblock]::Create()")
                elif mname in _EVAL_MEMBERS:
                    add("scriptblock", None, "." + sib[k - 1].attrs.get("name", "") + "()")

        # ---- pipeline into Invoke-Expression -------------------------------
        j = next(
            (
                i
                for i, a in enumerate(anc)
                if a.kind in ("command", "expression") and a.parent is not None and a.parent.kind == "statement"
            ),
            None,
        )
        if j is not None and not blocked[j] and not crossed[j]:
            elem = anc[j]
            k = index_in(elem.parent, elem)
            hit = first_iex_after(elem.parent, k) if k >= 0 else None
            if hit is not None:
                el, nm = hit
                passthrough = elem.kind == "expression" or (
                    elem.kind == "command"
                    and normalize_command(command_name(elem, src) or "")
                    in ("write-output", "echo", "write", "out-string")
                )
                if passthrough:
                    add("iex", el, "piped into " + nm)

        # ---- commands whose arguments are evaluated again ------------------
        child = node
        for i, cmd in enumerate(anc):
            if cmd.kind != "command":
                child = cmd
                continue
            raw = command_name(cmd, src)
            kind, norm = command_kind(raw)
            reach = not blocked[i] and not crossed[i]
            arg = child.attrs.get("arg") if child.parent is cmd else None
            child = cmd
            if occ.role == "name" and cmd is occ.command:
                add(
                    "command",
                    cmd,
                    "the command name" + (" after '%s'" % cmd.attrs.get("invoke") if cmd.attrs.get("invoke") else ""),
                )
                continue
            if (norm == "invoke-command" or norm == "icm") and blocked[i]:
                _remote(cmd, src, add)
            if not reach or arg is None:
                continue
            entry = powershell_entry(norm)
            if norm in ("iex", "invoke-expression"):
                add("iex", cmd, raw)
            elif entry is not None and (entry.ps_handler or entry.ps_code):
                # a program whose arguments are code: cmd /c, powershell -Command, python -c …
                PS_HANDLERS[entry.ps_handler or "interpreter"](cmd, arg, src, add, raw, norm)
            elif norm in ("start-process", "saps", "start"):
                canon, pos = _bound(cmd, src, arg, _START_PROCESS)
                if canon == "argumentlist" or pos == 1:
                    add("start_process", cmd, "Start-Process -ArgumentList")
                elif canon == "filepath" or pos == 0:
                    add("command", cmd, "Start-Process -FilePath")
            elif norm == "add-type":
                canon, pos = _bound(cmd, src, arg, _ADD_TYPE)
                if canon in ("typedefinition", "memberdefinition") or pos == 0:
                    add(
                        "add_type",
                        cmd,
                        "Add-Type -" + {"memberdefinition": "MemberDefinition"}.get(canon or "", "TypeDefinition"),
                    )
                elif canon in ("path", "literalpath"):
                    add("add_type", cmd, "Add-Type -" + ("LiteralPath" if canon == "literalpath" else "Path"), "medium")
            if (
                cmd is occ.command
                and occ.role == "argument"
                and kind in ("native", "batch")
                and not (entry is not None and entry.ps_handler)
                and not (entry is not None and entry.ps_code and "interpreter" in seen_kinds)
            ):
                add(kind, cmd, raw or norm)
    return hits


def _cmd_c(cmd, arg, src, add, raw, norm=None):
    args = cmd.attrs.get("args", [])
    for a in args:
        if a.index >= arg.index:
            break
        v = _static(a.nodes[0], src) if len(a.nodes) == 1 else None
        if v is not None and v.lower()[:2] in ("/c", "/k", "/r"):
            add("cmd", cmd, (raw or "cmd") + " " + v[:2])
            return
    # '/c' written in the same word as the command text: cmd "/c dir ${env:V}"
    v0 = src[arg.start : arg.end].lstrip("\"'").lower()
    if v0[:2] in ("/c", "/k", "/r"):
        add("cmd", cmd, (raw or "cmd") + " " + v0[:2])


def _nested_ps(cmd, arg, src, add, raw, norm):
    args = cmd.attrs.get("args", [])
    entry = powershell_entry(norm)
    value_params = entry.ps_value_params if entry is not None else frozenset()
    i = 0
    positional_seen = False
    while i < len(args):
        a = args[i]
        p = _param_name(a, src)
        if p is not None:
            if p in ("c", "command", "com", "comm", "comma", "comman") or (len(p) >= 3 and "command".startswith(p)):
                if arg.index > a.index:
                    add("powershell", cmd, "%s -Command" % (raw or norm))
                return
            if p in ("cwa", "commandwithargs"):
                if arg.index == a.index + 1:
                    add("powershell", cmd, "%s -CommandWithArgs" % (raw or norm))
                return
            if p in ("e", "ec", "enc", "encodedcommand") or (len(p) >= 2 and "encodedcommand".startswith(p)):
                if arg.index == a.index + 1:
                    add("powershell", cmd, "%s -EncodedCommand" % (raw or norm))
                return
            if p in ("f", "file", "fi", "fil"):
                if arg.index == a.index + 1:
                    add("powershell", cmd, "%s -File (the script to run)" % (raw or norm))
                return
            if p in value_params:
                i += 2
                continue
            i += 1
            continue
        # first positional: -Command for powershell.exe, -File for pwsh
        if not positional_seen:
            positional_seen = True
            if norm == "powershell" and arg.index >= a.index:
                add("powershell", cmd, "%s (positional -Command)" % (raw or norm))
            elif norm == "pwsh" and arg.index == a.index:
                add("powershell", cmd, "%s (positional -File: the script to run)" % (raw or norm))
            return
        i += 1


def _wsl(cmd, arg, src, add, raw, norm):
    # wsl [options] <command line>: the rest is run by the Linux default shell
    for a in cmd.attrs.get("args", []):
        if a.index > arg.index:
            break
        p = _param_name(a, src)
        v = _static(a.nodes[0], src) if len(a.nodes) == 1 else None
        if a.index < arg.index and (v in ("-e", "--exec")):
            return  # --exec runs without a shell
        if p is None and a.index <= arg.index:
            add("interpreter", cmd, "wsl (its command line is run by the Linux shell)")
            return


def _interpreter(cmd, arg, src, add, raw, norm):
    args = cmd.attrs.get("args", [])
    flags = _code_flags(norm) or ()
    for a in args:
        if a.index >= arg.index:
            break
        v = _static(a.nodes[0], src) if len(a.nodes) == 1 else None
        if v is not None and v in flags and a.index + 1 == arg.index:
            add("interpreter", cmd, "%s %s" % (raw or norm, v))
            return


# argv grammars of the programs whose arguments are code; which program uses which is the
# ``ps_handler`` of its entry in programs.py ("interpreter": its ``ps_code`` flags)
PS_HANDLERS = {"cmd": _cmd_c, "powershell": _nested_ps, "wsl": _wsl, "interpreter": _interpreter}


def _remote(cmd, src, add):
    """${env:V} inside an Invoke-Command script block that runs elsewhere
    (the caller checked that a { } block lies between the value and ``cmd``)."""
    remote = None
    for a in cmd.attrs.get("args", []):
        p = _param_name(a, src)
        if p and any(r.startswith(p) or p == r for r in _INVOKE_COMMAND_REMOTE) and len(p) >= 2:
            remote = a.nodes[0].attrs.get("name")
            break
    if remote is None:
        return
    add("remote", cmd, "Invoke-Command -" + remote)
