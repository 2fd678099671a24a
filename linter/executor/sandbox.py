"""A sandbox for running rendered tool scripts with attack payloads (``verify``).

Containment layers (see docs/design/executor.md for the measurements):

1. **Namespaces** (default, required unless ``weak=True``): the script runs under
   ``unshare --user --map-root-user --mount --pid --fork --mount-proc --net``.
   Inside, every mount except the per-run directory and ``/proc`` is remounted
   read-only, there is no network, and the shell is PID 1 of its own PID
   namespace, so when it ends (or is killed) every process it left behind dies.
   Capabilities are dropped (``setpriv``) before the script starts, so it cannot
   undo the read-only remounts.
2. **Unprivileged user**: when utcp-lint runs as root the sandbox drops to
   ``nobody`` (65534) first; root ignores ``RLIMIT_NPROC``, ``nobody`` does not.
3. **rlimits** inside the sandbox: processes (``ulimit -u``), file size, CPU
   seconds, open files; ``SIGXFSZ`` ignored so oversized writes fail instead of
   killing the shell.
4. **Wall-clock timeout and output cap**: the process group is killed when the
   timeout passes or stdout/stderr exceed the cap.
5. **Shims**: ``PATH`` holds only recording shims.  Known interpreters (bash,
   sh, python3, perl, awk, sed, env, xargs, find, timeout...) log their argv and
   run the real program; every other program only logs its argv (NUL separated)
   and, when fed by a pipe, its stdin.  Unknown commands reach bash's
   ``command_not_found_handle`` (logged), absolute paths named in the template
   are shadowed by functions, and ``echo``/``printf``/``cd``/``test``/``[`` are
   wrapped so their argv is logged too.  ``ssh``/``sudo``/``su`` shims simulate
   their remote/elevated command locally (inside the sandbox) so that a value
   that reaches a remote shell is observed like any other.

``weak=True`` (no namespaces available): layers 2-5 only, and interpreters other
than bash are recorded instead of run, because nothing would stop their own code
from writing outside the sandbox.
"""
from __future__ import annotations

import os
import re
import selectors
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Optional

NOBODY = 65534

# Programs that run for real (after logging): they interpret code or run other
# programs, which is where injected values become dangerous.
INTERPRETERS = (
    "bash", "sh", "dash", "rbash", "python3", "python", "perl", "ruby", "node", "php", "lua",
    "awk", "gawk", "mawk", "nawk", "sed", "env", "xargs", "timeout", "find", "nice", "nohup",
    "stdbuf", "tclsh",
)
# The shell itself is always needed, even in weak mode.
SHELLS = ("bash", "sh", "dash", "rbash")
# Simulated: their command argument is run locally inside the sandbox.
SIMULATED = ("ssh", "sudo", "su")
# Always shimmed (recorded only), whether or not the template names them.
COMMON = (
    "rm", "rmdir", "mv", "cp", "ln", "touch", "mkdir", "chmod", "chown", "dd", "tee", "truncate",
    "install", "shred", "cat", "head", "tail", "grep", "egrep", "fgrep", "sort", "uniq", "wc", "cut",
    "tr", "ls", "stat", "file", "date", "sleep", "yes", "seq", "jq", "git", "curl", "wget", "nc",
    "ncat", "netcat", "socat", "scp", "sftp", "rsync", "ftp", "telnet", "docker", "podman",
    "kubectl", "npm", "npx", "pip", "pip3", "make", "tar", "zip", "unzip", "gzip", "gunzip", "openssl",
    "base64", "xxd", "od", "kill", "pkill", "killall", "which", "whoami", "id", "uname", "hostname",
    "ps", "df", "du", "free", "mount", "umount", "systemctl", "service", "crontab", "at", "mail",
    "sendmail", "gpg", "ssh-keygen", "apt", "apt-get", "yum", "dnf", "brew", "realpath", "readlink",
    "basename", "dirname", "mktemp", "expr", "bc", "dc", "tput", "clear", "less", "more", "vi",
    "vim", "nano", "man", "open", "xdg-open", "osascript", "gh", "aws", "gcloud", "az", "terraform",
    "ffmpeg", "convert", "pandoc", "sqlite3", "psql", "mysql", "redis-cli", "mongo", "go", "cargo",
    "java", "javac", "gcc", "cc", "rustc", "tsc", "deno", "bun", "pwsh", "powershell", "cmd",
    "watch", "script", "strace", "ltrace", "gdb", "nmap", "ping", "dig", "nslookup", "host",
)
WRAPPED_BUILTINS = ("echo", "printf", "cd", "pushd", "test", "[")
BASE_NAMES = frozenset(COMMON) | frozenset(SIMULATED) | frozenset(INTERPRETERS)

_WORD_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_.+-]*")
_ABS_RE = re.compile(r"(?<![\w./-])/(?:[\w.+-]+/)*[\w.+-]+")
_SAFE_NAME = re.compile(r"^[A-Za-z0-9_.+-]+$")


# mount_setattr(2) (syscall 442 on every Linux architecture): "/" and everything below
# read-only (AT_RECURSIVE), then clear the flag on the run directory's own bind mount.
_PERL_RO = (
    'my ($root, $run) = ("/", $ARGV[0]);'
    'my $ro = pack("QQQQ", 1, 0, 0, 0); my $rw = pack("QQQQ", 0, 1, 0, 0);'
    'syscall(442, -100, $root, 0x8000, $ro, 32) == 0 or die "ro: $!";'
    'syscall(442, -100, $run, 0, $rw, 32) == 0 or die "rw: $!";'
)


class SandboxUnavailable(Exception):
    """The requested isolation cannot be set up on this machine."""


@dataclass
class Limits:
    timeout: float = 10.0
    output_cap: int = 1 << 20  # bytes per stream
    nproc: int = 64
    fsize_kib: int = 16 * 1024
    cpu_seconds: int = 10
    nofile: int = 256
    stdin_cap: int = 65536
    # address space per process (ulimit -v): a payload allocating memory must
    # not take the host down (measured: 3 GiB allocated freely before this
    # limit; docs/design/hardening.md)
    mem_kib: int = 2 * 1024 * 1024


@dataclass
class Call:
    program: str
    argv: list[str]  # argv[0] is the program as named
    kind: str  # shim | passthrough | simulated | builtin | not-found | abspath | canary
    stdin: Optional[bytes] = None


@dataclass
class Observation:
    stdout: bytes
    stderr: bytes
    returncode: Optional[int]
    timed_out: bool
    capped: bool
    calls: list[Call]
    canaries: set[str]
    root: str  # the run directory (already deleted), for normalising paths
    home_files: list[str] = field(default_factory=list)
    trace: bytes = b""  # bash xtrace of every shell in the run (capped)
    outside_writes: list[str] = field(default_factory=list)
    elapsed: float = 0.0


@lru_cache(maxsize=None)
def _host_which(name: str) -> Optional[str]:
    """Real program path, preferring system directories (readable by nobody)."""
    for d in ("/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"):
        p = os.path.join(d, name)
        if os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    p = shutil.which(name)
    return p if p and os.path.isfile(p) else None


@lru_cache(maxsize=1)
def _tools() -> dict:
    need = {n: _host_which(n) for n in ("unshare", "setpriv", "head", "bash", "mount", "perl")}
    return need


def _dash() -> str:
    return _host_which("dash") or "/bin/sh"


def _quote(s: str) -> str:
    return "'" + s.replace("'", "'\\''") + "'"


@dataclass
class Isolation:
    mode: str  # namespace | weak
    drop_to_nobody: bool
    details: list[str]

    def describe(self) -> str:
        return "; ".join(self.details)


@lru_cache(maxsize=2)
def probe(weak: bool = False) -> Isolation:
    """Which isolation this machine supports (cached).  Raises SandboxUnavailable."""
    root = os.geteuid() == 0 if hasattr(os, "geteuid") else False
    if os.name != "posix":
        raise SandboxUnavailable("verify needs Linux: the sandbox uses namespaces and a POSIX shell")
    t = _tools()
    if not t["bash"]:
        raise SandboxUnavailable("verify needs bash")
    if weak:
        return Isolation("weak", root, [
            "weak sandbox: no namespaces", "runs as nobody" if root else "runs as the current user",
            "rlimits, timeout, output cap, recording shims; interpreters other than bash are recorded, "
            "not run"])
    missing = [n for n in ("unshare", "setpriv", "mount") if not t[n]]
    if missing:
        raise SandboxUnavailable(
            f"cannot isolate: {', '.join(missing)} not found (util-linux); install it or pass "
            f"--weak-sandbox to run with shims and rlimits only")
    # a real trial: user+mount+pid+net namespaces as the sandbox user
    cmd = [t["unshare"], "--user", "--map-root-user", "--mount", "--pid", "--fork", "--mount-proc",
           "--net", "--kill-child", t["bash"], "-c",
           f"{t['mount']} -o remount,bind,ro / && {t['setpriv']} --bounding-set=-all --inh-caps=-all "
           f"--no-new-privs {t['bash']} -c 'echo ok'"]
    kw = _user_kwargs(root)
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=20, cwd="/", env={"PATH": "/usr/bin:/bin"}, **kw)
        ok = r.returncode == 0 and r.stdout.strip() == b"ok"
        why = r.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] if not ok else []
    except (OSError, subprocess.TimeoutExpired) as e:
        ok, why = False, [str(e)]
    if not ok:
        raise SandboxUnavailable(
            "cannot isolate: unprivileged user namespaces are not available here"
            + (f" ({why[0]})" if why else "")
            + "; pass --weak-sandbox to run with shims and rlimits only")
    return Isolation("namespace", root, [
        "user+mount+pid+net namespaces", "filesystem read-only except the run directory",
        "no network", "capabilities dropped", "runs as nobody" if root else "runs as the current user",
        "rlimits: processes, file size, CPU, open files", "timeout and output cap"])


def _user_kwargs(root: bool) -> dict:
    if root:
        return {"user": NOBODY, "group": NOBODY, "extra_groups": []}
    return {}


# ----------------------------------------------------------------------------
# shims, prelude, init
# ----------------------------------------------------------------------------
# Shims and the prelude live in a per-session directory (read-only inside the
# sandbox); everything a run writes goes to the per-run directory named by
# $__UTCP_SB_RUN, which the prelude freezes at start-up.

_LOG = '"$__UTCP_SB_RUN"/log'


def _record_cmd(name: str) -> str:
    return f"printf '%s\\0' \"$(($# + 1))\" {_quote(name)} \"$@\" >> {_LOG}/s.$$ 2>/dev/null"


def _stdin_cmd(head: str, cap: int) -> str:
    return (f"if [ -p /dev/stdin ]; then {head} -c {cap} > {_LOG}/i.$$ 2>/dev/null; "
            f"printf '%s\\0' 1 '<stdin>' >> {_LOG}/s.$$; fi")


def _write(path: str, text: str, mode: int = 0o755) -> None:
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)
    os.chmod(path, mode)


def _write_shims(bin_dir: str, names: Iterable[str], weak: bool, stdin_cap: int) -> None:
    head = _tools()["head"] or "/usr/bin/head"
    dash = _dash()
    real_bash = _tools()["bash"]
    for name in sorted(set(names)):
        if not _SAFE_NAME.match(name) or name in (".", ".."):
            continue
        real = _host_which(name)
        runs = name in INTERPRETERS and real and (not weak or name in SHELLS)
        if name in SHELLS:
            real = real_bash  # nested shells read the prelude (BASH_ENV) too
        if name in SIMULATED:
            body = _simulated(name, real_bash)
        elif runs:
            body = (f"#!{dash}\n{_record_cmd(name)}\n"
                    f"printf '%s\\0' 1 '<passthrough>' >> {_LOG}/s.$$\n"
                    f"exec {_quote(real)} \"$@\"\n")
        else:
            body = f"#!{dash}\n{_record_cmd(name)}\n{_stdin_cmd(head, stdin_cap)}\nexit 0\n"
        _write(os.path.join(bin_dir, name), body)


class Sandbox:
    """Probes isolation once; :meth:`session` prepares shims for one tool.

    The shims every tool needs (COMMON, INTERPRETERS, SIMULATED) are written once
    per Sandbox into a shared directory; a session adds only the names its
    template uses and its canaries, in a directory earlier on PATH.
    """

    def __init__(self, limits: Optional[Limits] = None, weak: bool = False):
        self.limits = limits or Limits()
        self.isolation = probe(weak)
        self.weak = self.isolation.mode == "weak"
        self._base_bin: Optional[str] = None

    @property
    def base_bin(self) -> str:
        if self._base_bin is None or not os.path.isdir(self._base_bin):
            d = tempfile.mkdtemp(prefix="utcp-verify-shims-")
            os.chmod(d, 0o755)
            _write_shims(d, BASE_NAMES, self.weak, self.limits.stdin_cap)
            self._base_bin = d
            import atexit
            atexit.register(_rmtree, d)
        return self._base_bin

    def close(self) -> None:
        if self._base_bin:
            _rmtree(self._base_bin)
            self._base_bin = None

    def session(self, commands_text: str = "", canaries: Iterable[str] = ()) -> "Session":
        return Session(self, commands_text, list(canaries))

    def run(self, script: str, env: dict, *, commands_text: str = "", canaries: Iterable[str] = (),
            glob_files: Iterable[str] = (), outside_probes: Iterable[str] = ()) -> "Observation":
        """One-off run in a fresh session (tests, small jobs)."""
        with self.session(commands_text, canaries) as s:
            return s.run(script, env, glob_files=glob_files, outside_probes=outside_probes)


class Session:
    def __init__(self, sandbox: Sandbox, commands_text: str, canaries: list[str]):
        self.sandbox = sandbox
        self.limits = sandbox.limits
        self.weak = sandbox.weak
        self.canaries = canaries
        self.dir = tempfile.mkdtemp(prefix="utcp-verify-session-")
        os.chmod(self.dir, 0o755)
        self.bin = os.path.join(self.dir, "bin")
        os.mkdir(self.bin)
        os.chmod(self.bin, 0o755)
        self.base_bin = sandbox.base_bin
        names = {w for w in _WORD_RE.findall(commands_text) if _host_which(w)}
        abspaths = {p for p in _ABS_RE.findall(commands_text) if os.path.isfile(p) and os.access(p, os.X_OK)}
        names |= {os.path.basename(p) for p in abspaths}
        _write_shims(self.bin, names - BASE_NAMES, self.weak, self.limits.stdin_cap)
        dash = _dash()
        for name in self.canaries:
            _write(os.path.join(self.bin, name),
                   f"#!{dash}\n{_record_cmd(name)}\n: > \"$__UTCP_SB_RUN\"/canary/{_quote(name)}\nexit 0\n")
        self.prelude = self._prelude(abspaths)
        self.init = self._init_script()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def close(self):
        _rmtree(self.dir)

    # ---- files ----------------------------------------------------------------
    def _prelude(self, abspaths: Iterable[str]) -> str:
        lines = [
            "# utcp-lint verify prelude (BASH_ENV)",
            "__utcp_log() { builtin printf '%s\\0' \"$#\" \"$@\" >> \"$__UTCP_SB_RUN\"/log/b.$BASHPID 2>/dev/null; }",
            "command_not_found_handle() { __utcp_log \"$@\"; builtin printf '%s\\0' 1 '<not-found>' "
            ">> \"$__UTCP_SB_RUN\"/log/b.$BASHPID 2>/dev/null; return 127; }",
        ]
        # xtrace to a per-process file: shows the expanded words of [[ ]], (( )), for,
        # case and assignments, which no shim or wrapper sees (used for "value reaches")
        lines.append("{ exec {__utcp_xfd}>>\"$__UTCP_SB_RUN\"/log/x.$BASHPID && BASH_XTRACEFD=$__utcp_xfd "
                     "&& set -x; } 2>/dev/null")
        for b in WRAPPED_BUILTINS:
            fn = "function [ " if b == "[" else f"{b}() "
            lines.append(f"{fn}{{ __utcp_log {_quote(b)} \"$@\"; builtin {b} \"$@\"; }}")
        for p in sorted(set(abspaths)):
            base = os.path.basename(p)
            if not _SAFE_NAME.match(base) or not re.fullmatch(r"[\w./+-]+", p):
                continue
            where = self.base_bin if base in BASE_NAMES else self.bin
            lines.append(f"function {p} {{ {_quote(os.path.join(where, base))} \"$@\"; }}")
        path = os.path.join(self.dir, "prelude.sh")
        _write(path, "\n".join(lines) + "\n", 0o644)
        return path

    def _init_script(self) -> str:
        t = _tools()
        lim = self.limits
        lines = ["set -u", 'run="$__UTCP_SB_RUN"']
        if not self.weak:
            lines += [
                f'{t["mount"]} --bind "$run" "$run" || exit 97',
                # one mount_setattr(AT_RECURSIVE, MOUNT_ATTR_RDONLY) call when perl and a
                # kernel >= 5.12 are there (about 20 ms less per run than one mount per mount
                # point), then the run directory back to read-write
                f"if ! {_quote(t['perl'] or '/nonexistent')} -e {_quote(_PERL_RO)} \"$run\" 2>/dev/null; then",
                "  mapfile -t __utcp_mounts < /proc/self/mountinfo",
                "  for __utcp_line in \"${__utcp_mounts[@]}\"; do",
                "    IFS=' ' read -r _ _ _ _ m _ <<< \"$__utcp_line\"",
                "    printf -v m '%b' \"$m\"",
                "    if [ \"$m\" = \"$run\" ] || [ \"$m\" = /proc ] || [ \"${m#/proc/}\" != \"$m\" ]; then continue; fi",
                f"    {t['mount']} -o remount,bind,ro \"$m\" 2>/dev/null || echo \"$m\" >> \"$run\"/log/ro-failed",
                "  done",
                "fi",
            ]
        nproc = lim.nproc
        if self.weak and not self.sandbox.isolation.drop_to_nobody:
            # without a user namespace RLIMIT_NPROC counts every process of this user
            nproc += _count_user_processes(os.getuid())
        lines += [
            f"ulimit -u {nproc} -f {lim.fsize_kib} -t {lim.cpu_seconds} -n {lim.nofile} -v {lim.mem_kib} "
            f"-c 0 || exit 98",
            "trap '' XFSZ",
            "IFS= read -r -d '' __utcp_script < \"$run\"/script.sh",
            "export BASH_ENV=\"$__UTCP_SB_BASH_ENV\"; unset __UTCP_SB_BASH_ENV",
            "cd \"$run\"/home || exit 99",
        ]
        if self.weak:
            lines.append(f"exec {t['bash']} -c \"$__utcp_script\"")
        else:
            lines.append(f"exec {t['setpriv']} --bounding-set=-all --inh-caps=-all --no-new-privs "
                         f"{t['bash']} -c \"$__utcp_script\"")
        path = os.path.join(self.dir, "init.sh")
        _write(path, "\n".join(lines) + "\n", 0o644)
        return path

    # ---- running ------------------------------------------------------------
    def run(self, script: str, env: dict, *, glob_files: Iterable[str] = (),
            outside_probes: Iterable[str] = ()) -> Observation:
        """Run ``script`` like ``/bin/bash -c script`` with ``env`` over a minimal environment."""
        iso = self.sandbox.isolation
        root = tempfile.mkdtemp(prefix="utcp-verify-")
        try:
            for d in ("log", "home", "tmp", "canary", "g"):
                os.mkdir(os.path.join(root, d))
            for g in glob_files:
                open(os.path.join(root, "g", g), "w").close()
            with open(os.path.join(root, "script.sh"), "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(script)
            full_env = {"LANG": "C.UTF-8", "TERM": "dumb", "USER": "sandbox", "LOGNAME": "sandbox",
                        "SHELL": "/bin/bash"}
            full_env.update({k: v for k, v in env.items()
                             if k and "=" not in k and "\x00" not in k and "\x00" not in v})
            full_env.update({"PATH": self.bin + ":" + self.base_bin, "HOME": os.path.join(root, "home"),
                             "TMPDIR": os.path.join(root, "tmp"), "__UTCP_SB_BASH_ENV": self.prelude,
                             "__UTCP_SB_RUN": root})
            full_env.pop("BASH_ENV", None)
            full_env.pop("ENV", None)
            if iso.drop_to_nobody:
                for dirpath, dirnames, filenames in os.walk(root):
                    for n in dirnames + filenames:
                        os.lchown(os.path.join(dirpath, n), NOBODY, NOBODY)
                os.chown(root, NOBODY, NOBODY)
            os.chmod(root, 0o755)
            t = _tools()
            if self.weak:
                argv = [t["bash"], self.init]
            else:
                argv = [t["unshare"], "--user", "--map-root-user", "--mount", "--pid", "--fork",
                        "--mount-proc", "--net", "--kill-child", t["bash"], self.init]
            started = time.monotonic()
            out, err, code, timed_out, capped = _spawn(argv, full_env, self.limits, iso.drop_to_nobody)
            elapsed = time.monotonic() - started
            calls = _read_logs(os.path.join(root, "log"))
            trace = _read_traces(os.path.join(root, "log"), 4 << 20)
            seen = {c.program for c in calls if c.program in self.canaries}
            seen |= set(os.listdir(os.path.join(root, "canary")))
            home = os.path.join(root, "home")
            home_files = sorted(os.path.relpath(os.path.join(dp, fn), home)
                                for dp, _dn, fns in os.walk(home) for fn in fns)
            outside = [p for p in outside_probes if os.path.lexists(p)]
            failed_ro = os.path.join(root, "log", "ro-failed")
            if not self.weak and os.path.exists(failed_ro):
                with open(failed_ro, encoding="utf-8", errors="replace") as f:
                    err += ("\n[sandbox] could not remount read-only: " + " ".join(f.read().split())).encode()
            if code == 97 or code == 98:
                err += f"\n[sandbox] setup failed (exit {code})".encode()
            return Observation(out, err, code, timed_out, capped, calls, seen, root, home_files,
                               trace, outside, elapsed)
        finally:
            _rmtree(root)


def _spawn(argv, env, lim: Limits, drop: bool):
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd="/", start_new_session=True,
                            close_fds=True, **_user_kwargs(drop))
    out_fd, err_fd = proc.stdout.fileno(), proc.stderr.fileno()
    bufs = {out_fd: bytearray(), err_fd: bytearray()}
    sel = selectors.DefaultSelector()
    for fd in bufs:
        os.set_blocking(fd, False)
        sel.register(fd, selectors.EVENT_READ)
    deadline = time.monotonic() + lim.timeout
    timed_out = capped = False
    open_fds = set(bufs)
    code = None
    try:
        while open_fds and not capped:
            left = deadline - time.monotonic()
            if left <= 0:
                timed_out = True
                break
            for key, _ in sel.select(timeout=min(left, 0.5)):
                try:
                    chunk = os.read(key.fd, 65536)
                except BlockingIOError:
                    continue
                if not chunk:
                    sel.unregister(key.fd)
                    open_fds.discard(key.fd)
                    continue
                room = lim.output_cap - len(bufs[key.fd])
                bufs[key.fd] += chunk[:max(room, 0)]
                if len(chunk) > room:
                    capped = True
        if timed_out or capped:
            _killpg(proc)
        try:
            code = proc.wait(timeout=5 if (timed_out or capped) else max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            timed_out = True
            _killpg(proc)
            code = proc.wait(timeout=5)
    finally:
        sel.close()
        _killpg(proc)  # leftovers in the group (weak mode); namespaces die with their init
        proc.stdout.close()
        proc.stderr.close()
    return bytes(bufs[out_fd]), bytes(bufs[err_fd]), code, timed_out, capped


def _count_user_processes(uid: int) -> int:
    n = 0
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                if os.stat(f"/proc/{d}").st_uid == uid:
                    n += 1
            except OSError:
                pass
    return n


def _killpg(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        pass


def _rmtree(root: str) -> None:
    def fix(func, path, _exc):
        try:
            os.chmod(os.path.dirname(path), 0o700)
            os.chmod(path, 0o700)
            func(path)
        except OSError:
            pass
    shutil.rmtree(root, onerror=fix)


def _simulated(name: str, bash: str) -> str:
    """ssh / sudo / su: log, then run the command they would run, locally."""
    dash = _dash()
    head = f"#!{dash}\n{_record_cmd(name)}\nprintf '%s\\0' 1 '<simulated>' >> {_LOG}/s.$$\n"
    if name == "ssh":
        return head + (
            "while [ $# -gt 0 ]; do case \"$1\" in\n"
            "  --) shift; break;;\n"
            "  -[BbcDEeFIiJLlmOoPpQRSWw]) shift 2;;\n"
            "  -*) shift;;\n"
            "  *) break;;\n"
            "esac; done\n"
            "[ $# -gt 0 ] && shift\n"
            f"[ $# -gt 0 ] && exec {_quote(bash)} -c \"$*\"\nexit 0\n")
    if name == "sudo":
        return head + (
            "while [ $# -gt 0 ]; do case \"$1\" in\n"
            "  --) shift; break;;\n"
            "  -[ugCDhpRrTtU]) shift 2;;\n"
            "  -*) shift;;\n"
            "  *) break;;\n"
            "esac; done\n"
            "[ $# -gt 0 ] && exec \"$@\"\nexit 0\n")
    # su [options] [-c CMD] [user]
    return head + (
        "cmd=''\n"
        "while [ $# -gt 0 ]; do case \"$1\" in\n"
        "  -c|--command) cmd=\"$2\"; shift 2;;\n"
        "  --command=*) cmd=\"${1#--command=}\"; shift;;\n"
        "  -s|--shell|-g|--group|-G) shift 2;;\n"
        "  *) shift;;\n"
        "esac; done\n"
        f"[ -n \"$cmd\" ] && exec {_quote(bash)} -c \"$cmd\"\nexit 0\n")


def _read_traces(log_dir: str, cap: int) -> bytes:
    out = bytearray()
    try:
        names = sorted(n for n in os.listdir(log_dir) if n.startswith("x."))
    except OSError:
        return b""
    for n in names:
        try:
            with open(os.path.join(log_dir, n), "rb") as f:
                out += f.read(max(0, cap - len(out)))
        except OSError:
            pass
    return bytes(out)


def _read_logs(log_dir: str) -> list[Call]:
    """Parse ``s.<pid>`` (shims) and ``b.<pid>`` (bash functions) records."""
    calls: list[Call] = []
    try:
        names = sorted(os.listdir(log_dir))
    except OSError:
        return calls
    for fn in names:
        if not (fn.startswith("s.") or fn.startswith("b.")):
            continue
        try:
            with open(os.path.join(log_dir, fn), "rb") as f:
                data = f.read()
        except OSError:
            continue
        fields = data.split(b"\x00")
        i = 0
        pending: Optional[Call] = None
        while i < len(fields) - 1:
            try:
                count = int(fields[i])
            except ValueError:
                break
            rec = [x.decode("utf-8", "surrogateescape") for x in fields[i + 1:i + 1 + count]]
            i += 1 + count
            if len(rec) < count:
                break
            if count == 1 and rec[0].startswith("<"):
                marker = rec[0]
                if pending is None:
                    continue
                if marker == "<passthrough>":
                    pending.kind = "passthrough"
                elif marker == "<simulated>":
                    pending.kind = "simulated"
                elif marker == "<not-found>":
                    pending.kind = "not-found"
                elif marker == "<stdin>":
                    try:
                        with open(os.path.join(log_dir, "i." + fn[2:]), "rb") as f:
                            pending.stdin = f.read()
                    except OSError:
                        pass
                elif marker.startswith("<abspath>"):
                    pass
                continue
            if not rec:
                continue
            kind = "shim" if fn.startswith("s.") else "builtin"
            pending = Call(os.path.basename(rec[0]) or rec[0], rec, kind)
            calls.append(pending)
    return calls
