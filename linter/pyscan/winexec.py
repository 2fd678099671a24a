"""Command lines a Windows host runs for a remote caller over DCE/RPC (impacket; issue 25).

Lateral-movement and administration tools (impacket's example scripts, lsassy, netexec and
crackmapexec style tools, many small "wmiexec" clones) start a program on a Windows host
through one of its management protocols; each takes a *command line* the remote host runs,
and the tools write it as ``"cmd.exe /Q /c " + command`` or ``"%COMSPEC% /Q /c {}"`` so that
the remote ``cmd.exe`` parses it (its ``& | < > ^ %`` start more commands or redirect; a
POSIX quote such as ``shlex.quote`` is no quote there).  A value from outside formatted
into that line is a command injection on the remote host, the same fact as an ssh
``exec_command`` string.  Modelled (the source of each fact recorded in the tables):

* WMI: ``win32Process, _ = iWbemServices.GetObject('Win32_Process')`` then
  ``win32Process.Create(CommandLine, CurrentDirectory, ProcessStartupInformation)``: the
  receiver is a name bound (in the function, or on ``self`` in the class) from a
  ``GetObject("Win32_Process")``, or one named like the class (``win32Process``,
  ``self.__win32Process``, ``win32_process``: the process object handed to a shell class),
  in a module that imports impacket.  ``Create`` of other objects is not looked at.
* SCMR: ``scmr.hRCreateServiceW(..., lpBinaryPathName=...)`` and
  ``scmr.hRChangeServiceConfigW(dce, hService, type, start, error, lpBinaryPathName)``:
  the service's binary path is the command line the service control manager starts.
* Task scheduler: ``tsch.hSchRpcRegisterTask(dce, path, xml, ...)``: the task's XML holds
  ``<Command>`` and ``<Arguments>``, which the scheduler runs when the task starts.

Constant command lines are the tools' ordinary use (no data in them) and are not
reported.  File transfers over SMB (``getFile``/``putFile``) run nothing.  The DCOM
``MMC20.Application`` ``ExecuteShellCommand`` path is reached through ``IDispatch.Invoke``
with the command in a ``VARIANT`` structure filled item by item; it is not followed.
"""

from __future__ import annotations

import ast
import re

from ..core.lazyre import compile_pattern
from .astwalk import last_ident, same_ref, walk

__all__ = ["WIN_EXEC_FUNCS", "WIN_EXEC_ATTRS", "WIN_PROCESS_CREATE", "win_process_receiver"]

_WMI_CREATE = (
    "Microsoft Learn 'Create method of the Win32_Process class': 'uint32 Create([in] string "
    "CommandLine, [in] string CurrentDirectory, [in] Win32_ProcessStartup ProcessStartupInformation, "
    "[out] uint32 ProcessId)': 'CommandLine: Command line to execute'; impacket "
    "impacket/dcerpc/v5/dcom/wmi.py IWbemServices.GetObject(strObjectPath) returns (object, result), "
    "whose methods are called by name with the class's in-parameters in order (usage: impacket "
    "examples/wmiexec.py 'win32Process.Create(command, self.__pwd, None)', lsassy 3.1 lsassy/exec/wmi.py)"
)
_SCMR = (
    "[MS-SCMR] 3.1.4.12 RCreateServiceW(hSCManager, lpServiceName, lpDisplayName, dwDesiredAccess, "
    "dwServiceType, dwStartType, dwErrorControl, lpBinaryPathName, ...) and 3.1.4.11 "
    "RChangeServiceConfigW(hService, dwServiceType, dwStartType, dwErrorControl, lpBinaryPathName, ...): "
    "'lpBinaryPathName: ... the path to the service binary file', the command line the SCM starts; "
    "impacket's scmr.hRCreateServiceW/hRChangeServiceConfigW take the binding first, then the "
    "parameters in this order (lsassy 3.1 lsassy/exec/smb.py lpBinaryPathName='%COMSPEC% /Q /c {}', "
    "lsassy/exec/smb_stealth.py passes it fifth after the binding)"
)
_TSCH = (
    "[MS-TSCH] 3.2.5.4.2 SchRpcRegisterTask(path, xml, flags, sddl, logonType, ...): 'xml: the task "
    "definition in XML'; the task's Exec action runs <Command> with <Arguments> ([MS-TSCH] 2.5.8.3.1 "
    "Exec); impacket tsch.hSchRpcRegisterTask(dce, path, xml, flags, sddl, logonType) (lsassy 3.1 "
    "lsassy/exec/task.py: '<Command>cmd.exe</Command><Arguments>/C {command}</Arguments>')"
)

#: qualified name of an impacket RPC helper -> (position, keywords) of the text the remote host
#: runs, what runs it, the source of the fact
WIN_EXEC_FUNCS: dict[str, tuple[int, tuple[str, ...], str, str]] = {
    "impacket.dcerpc.v5.scmr.hRCreateServiceW": (
        8,
        ("lpBinaryPathName",),
        "the service control manager starts the service's binary path on the remote host",
        _SCMR,
    ),
    "impacket.dcerpc.v5.scmr.hRChangeServiceConfigW": (
        5,
        ("lpBinaryPathName",),
        "the service control manager starts the service's binary path on the remote host",
        _SCMR,
    ),
    "impacket.dcerpc.v5.tsch.hSchRpcRegisterTask": (
        2,
        ("xml",),
        "the task scheduler runs the task's command and arguments on the remote host",
        _TSCH,
    ),
}

#: ``Create`` of a WMI ``Win32_Process`` object: (position, keywords) of the command line, what runs it
WIN_PROCESS_CREATE = (
    "Create",
    0,
    ("CommandLine",),
    "WMI Win32_Process.Create starts the command line on the remote host",
)

#: the attribute names worth a call check in a module that imports impacket
WIN_EXEC_ATTRS = frozenset({WIN_PROCESS_CREATE[0], *(q.rsplit(".", 1)[1] for q in WIN_EXEC_FUNCS)})

#: a receiver named like the process class (``win32Process``, ``self.__win32Process``, ``win32_process``)
_PROCESS_NAME = compile_pattern(r"^_*(?:\w*_)?win32_?process$", re.I)
_PROCESS_CLASS = "win32_process"


def _gets_process(e: ast.expr | None) -> bool:
    """``X.GetObject("Win32_Process")`` (or its ``[0]``)."""
    if isinstance(e, ast.Subscript):
        e = e.value
    if not (isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr == "GetObject"):
        return False
    a = e.args[0] if e.args else None
    return isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value.lower() == _PROCESS_CLASS


def _bound_in(where: ast.AST, recv: ast.expr) -> bool:
    """Does ``where`` assign ``recv`` (alone, or first of a tuple) from ``GetObject("Win32_Process")``?"""
    for n in walk(where):
        if not isinstance(n, ast.Assign) or not _gets_process(n.value):
            continue
        for t in n.targets:
            if isinstance(t, (ast.Tuple, ast.List)) and t.elts:
                t = t.elts[0]
            if same_ref(t, recv):
                return True
    return False


def win_process_receiver(func: ast.expr, scope, imported) -> bool:
    """``func`` is ``<recv>.Create`` on a WMI ``Win32_Process`` object (see the module doc)."""
    if not (isinstance(func, ast.Attribute) and func.attr == WIN_PROCESS_CREATE[0]) or "impacket" not in imported:
        return False
    recv = func.value
    if _PROCESS_NAME.match(last_ident(recv)):
        return True
    fs = scope
    while fs is not None and fs.kind != "function":
        fs = fs.parent
    if fs is None:
        return False
    if isinstance(recv, ast.Name):
        return _bound_in(fs.node, recv)
    if isinstance(recv, ast.Attribute) and isinstance(recv.value, ast.Name) and recv.value.id == "self":
        cls = getattr(fs, "cls", None)
        return cls is not None and _bound_in(cls.node, recv)
    return False
