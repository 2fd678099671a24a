"""A sandbox for running rendered tool scripts with attack payloads (``verify``).

Containment layers (see docs/design/executor.md for the measurements):

1. **Namespaces** (default, required unless ``weak=True``): a server per worker
   (:class:`_Server`, :data:`_SERVER_PL`) runs under ``unshare --user
   --map-root-user --mount --pid --fork --net``, builds a private root once
   (read-only ``/usr /etc /opt``, minimal ``/dev``, the shims; then
   ``pivot_root``) and is fed runs over a pipe.  Every run gets new user, mount,
   PID, network and IPC namespaces, a fresh ``/proc``, a fresh size-limited
   ``/tmp`` and run directory (tmpfs) and its own PID 1, which starts the tool
   with capabilities dropped (checked) and its environment applied exactly in
   the last ``exec``; when the tool ends, PID 1 exits and the kernel kills every
   process left, and the host reads the run directory through
   ``/proc/<pid>/root``.  Nothing of one run reaches the next.  The sandbox's
   own processes never see the manual's environment (issue 17;
   docs/design/executor.md, "Threat model").
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

import dataclasses
import os
import re
import selectors
import shutil
import signal
import stat
import struct
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache

from ..core.lazyre import compile_pattern
from . import envsafe, lifecycle, safefs

NOBODY = 65534

# Programs that run for real (after logging): they interpret code or run other
# programs, which is where injected values become dangerous.
INTERPRETERS = (
    "bash",
    "sh",
    "dash",
    "rbash",
    "python3",
    "python",
    "perl",
    "ruby",
    "node",
    "php",
    "lua",
    "awk",
    "gawk",
    "mawk",
    "nawk",
    "sed",
    "env",
    "xargs",
    "timeout",
    "find",
    "nice",
    "nohup",
    "stdbuf",
    "tclsh",
)
# The shell itself is always needed, even in weak mode.
SHELLS = ("bash", "sh", "dash", "rbash")
# Simulated: their command argument is run locally inside the sandbox.
SIMULATED = ("ssh", "sudo", "su", "rsync")
# Always shimmed (recorded only), whether or not the template names them.
COMMON = (
    "rm",
    "rmdir",
    "mv",
    "cp",
    "ln",
    "touch",
    "mkdir",
    "chmod",
    "chown",
    "dd",
    "tee",
    "truncate",
    "install",
    "shred",
    "cat",
    "head",
    "tail",
    "grep",
    "egrep",
    "fgrep",
    "sort",
    "uniq",
    "wc",
    "cut",
    "tr",
    "ls",
    "stat",
    "file",
    "date",
    "sleep",
    "yes",
    "seq",
    "jq",
    "git",
    "curl",
    "wget",
    "nc",
    "ncat",
    "netcat",
    "socat",
    "scp",
    "sftp",
    "rsync",
    "ftp",
    "telnet",
    "docker",
    "podman",
    "kubectl",
    "npm",
    "npx",
    "pip",
    "pip3",
    "make",
    "tar",
    "zip",
    "unzip",
    "gzip",
    "gunzip",
    "openssl",
    "base64",
    "xxd",
    "od",
    "kill",
    "pkill",
    "killall",
    "which",
    "whoami",
    "id",
    "uname",
    "hostname",
    "ps",
    "df",
    "du",
    "free",
    "mount",
    "umount",
    "systemctl",
    "service",
    "crontab",
    "at",
    "mail",
    "sendmail",
    "gpg",
    "ssh-keygen",
    "apt",
    "apt-get",
    "yum",
    "dnf",
    "brew",
    "realpath",
    "readlink",
    "basename",
    "dirname",
    "mktemp",
    "expr",
    "bc",
    "dc",
    "tput",
    "clear",
    "less",
    "more",
    "vi",
    "vim",
    "nano",
    "man",
    "open",
    "xdg-open",
    "osascript",
    "gh",
    "aws",
    "gcloud",
    "az",
    "terraform",
    "ffmpeg",
    "convert",
    "pandoc",
    "sqlite3",
    "psql",
    "mysql",
    "redis-cli",
    "mongo",
    "go",
    "cargo",
    "java",
    "javac",
    "gcc",
    "cc",
    "rustc",
    "tsc",
    "deno",
    "bun",
    "pwsh",
    "powershell",
    "cmd",
    "watch",
    "script",
    "strace",
    "ltrace",
    "gdb",
    "nmap",
    "ping",
    "dig",
    "nslookup",
    "host",
)
WRAPPED_BUILTINS = ("echo", "printf", "cd", "pushd", "test", "[")
BASE_NAMES = frozenset(COMMON) | frozenset(SIMULATED) | frozenset(INTERPRETERS)

WORD_RE = compile_pattern(r"[A-Za-z_][A-Za-z0-9_.+-]*")
_ABS_RE = compile_pattern(r"(?<![\w./-])/(?:[\w.+-]+/)*[\w.+-]+")
_SAFE_NAME = compile_pattern(r"^[A-Za-z0-9_.+-]+$")


# The namespace sandbox of a session: one server per worker, started once by
# ``unshare --user --map-root-user --mount --pid --fork --net`` and fed payload
# runs over its stdin.  At start it builds the private root with the namespace's
# capabilities: a small tmpfs holding read-only bind mounts of /usr /etc /opt (and
# /bin /sbin /lib* as on the host), a /dev with null zero full random urandom
# only, the shims (read-only); then pivot_root and the old root is detached: no
# host /run, /var/run, /tmp, /home, $XDG_RUNTIME_DIR or /sys, so no host Unix
# socket is reachable.  It reports ``ready`` on the status pipe.
#
# Every payload run then gets namespaces of its own: the server forks a child
# that unshares new user, mount, PID, network and IPC namespaces and forks our
# per-run init, PID 1 of the new PID namespace.  The init mounts a fresh /proc, a
# fresh size-limited /tmp and the run directory as a fresh size-limited tmpfs (so
# nothing a previous payload wrote, started or changed is visible), forks the
# tool (rlimits, the synthesised working directory, capabilities dropped by
# setpriv, its environment applied by ``env -i`` in the last exec) and reaps
# until the tool ends.  When the init exits the kernel kills every process left
# in its PID namespace; only then does the child report ``done <rc>``, and waits
# (holding the run's mount namespace) while the host reads the run directory
# through /proc/<child>/root, until the host sends ``a``.  A ``k`` from the host
# (timeout, output cap) kills the init, and with it the run's PID namespace.
# The tool's capabilities are dropped in-process (bounding set, inheritable and
# ambient sets, no_new_privs: what ``setpriv --bounding-set=-all --inh-caps=-all
# --no-new-privs`` does) and checked in /proc/self/status before the exec; a run
# whose check fails is a set-up failure, never a result.
# args: newroot run tmp_kib run_kib syscalls status_fd rlimits bash tmp_base shims log_kib seccomp
_SERVER_PL = r"""
use strict;
my ($nr, $run, $tmpk, $runk, $sys, $st, $lims, $bash, $tbase, $shims, $logk, $sec) = @ARGV;
my ($sm, $su, $sp, $sun, $spl, $sprctl, $scapset, $sexit) = split /,/, $sys;
# _exit(2) without loading POSIX: every run forks this interpreter three times, and POSIX made
# each fork and exit copy and fault in ~0.1 ms more of it (bench/bench_verify.py); POSIX only
# where the exit_group number is unknown (or did not exit)
sub quit { my ($rc) = @_; syscall($sexit + 0, $rc + 0) if $sexit; require POSIX; POSIX::_exit($rc); }
my $release;
my $flags = 0x10000000 | 0x00020000 | 0x20000000 | 0x40000000 | 0x08000000;  # user mount pid net ipc
my ($RDONLY, $NOSUID, $NODEV, $NOEXEC, $REMOUNT, $BIND, $REC) = (1, 2, 4, 8, 32, 4096, 16384);
sub mnt { my ($s, $t, $f, $fl, $d) = @_;  # copies: syscall() needs writable strings
  syscall($sm + 0, $s, $t, $f, $fl + 0, $d) == 0 or die "mount $t: $!\n"; }
sub ro { my ($t) = @_;
  return if syscall(442, -100, $t, 0x8000, pack("QQQQ", $RDONLY | $NOSUID, 0, 0, 0), 32) == 0;
  for my $x (0, $NOSUID | $NODEV, $NOSUID | $NODEV | $NOEXEC) {
    return if syscall($sm + 0, 0, $t, 0, ($REMOUNT | $BIND | $RDONLY | $x) + 0, 0) == 0; }
  die "read-only $t: $!\n"; }
sub mkp { my ($p) = @_; my $c = ''; for my $part (grep { length } split m{/}, $p) {
  $c .= "/$part"; next if -d $c; mkdir($c, 0755) or die "mkdir $c: $!\n"; } }
sub in_tmp { return $_[0] =~ m{^/tmp(?:/|$)} }  # under the private /tmp: mounted again per run
open(my $status, ">&=", $st) or die "status fd: $!\n";
select((select($status), $| = 1)[0]);  # autoflush, without loading IO::Handle (as POSIX above)
# ---- the private root, once
mnt("none", $nr, "tmpfs", $NOSUID | $NODEV, "size=1m,nr_inodes=1024,mode=755");
for my $d (qw(usr bin sbin lib lib32 lib64 libx32 etc opt)) {
  my ($s, $t) = ("/$d", "$nr/$d");
  if (-l $s) { symlink(readlink($s), $t) or die "symlink $t: $!\n"; }
  elsif (-d $s) { mkdir($t, 0755) or die "mkdir $t: $!\n"; mnt($s, $t, 0, $BIND | $REC, 0); ro($t); }
}
mkdir("$nr/proc", 0555); mnt("proc", "$nr/proc", "proc", $NOSUID | $NODEV | $NOEXEC, 0);
mkdir("$nr/dev", 0755); mnt("none", "$nr/dev", "tmpfs", $NOSUID | $NOEXEC, "size=64k,nr_inodes=64,mode=755");
for my $n (qw(null zero full random urandom)) {
  next unless -e "/dev/$n";
  open(my $f, ">", "$nr/dev/$n") or die "$n: $!\n"; close $f;
  mnt("/dev/$n", "$nr/dev/$n", 0, $BIND, 0); }
symlink("/proc/self/fd", "$nr/dev/fd");
symlink("/proc/self/fd/$_->[1]", "$nr/dev/$_->[0]") for (["stdin", 0], ["stdout", 1], ["stderr", 2]);
mkdir("$nr/tmp", 01777); chmod(01777, "$nr/tmp");
# the shared shims, kept at /.utcp-ro and bound again at their own path in every run
mkdir("$nr/.utcp-ro", 0755); mnt($shims, "$nr/.utcp-ro", 0, $BIND, 0); ro("$nr/.utcp-ro");
my $own_base = !in_tmp($tbase);  # our directories outside /tmp: a fresh (read-only) tmpfs there per run
mkp("$nr$tbase") if $own_base;
mnt(0, "$nr/dev", 0, $REMOUNT | $RDONLY | $NOSUID | $NOEXEC, 0);
mnt(0, $nr, 0, $REMOUNT | $RDONLY | $NOSUID | $NODEV, 0);
chdir($nr) or die "chdir: $!\n";
my ($d1, $d2, $d3) = (".", ".", ".");
syscall($sp + 0, $d1, $d2) == 0 or die "pivot_root: $!\n";
syscall($su + 0, $d3, 2) == 0 or die "detach the old root: $!\n";
chdir("/") or die "chdir /: $!\n";
my @rl = map { [split /:/] } split /,/, $lims;  # resource:value (soft = hard)
# The tool's seccomp filter, built once: the kernel keyrings (keyctl, add_key, request_key: a
# session keyring is inherited from the host and a user's keyrings outlive a run), memfd_create,
# memfd_secret and SysV shmget (memory no tmpfs size limit counts) fail with EPERM; another
# ABI than the machine's (x32, a 32-bit ABI) fails with ENOSYS, so it cannot go around the list.
# $sec: "audit_arch,x32,nr,nr,...", classic BPF (linux/filter.h, linux/seccomp.h).
my ($filter, $nfilter) = ('', 0);
if ($sec ne '') {
  my ($arch, $x32, @deny) = split /,/, $sec;
  my @tail = ($x32 ? ([0x35, 0, 0, 0x40000000]) : (), map { [0x15, 0, 0, $_ + 0] } @deny);
  my $l = @tail + 2;  # then allow, then deny
  for my $i (0 .. $#tail) { $tail[$i][1] = $l - 1 - $i - 1; }  # jump to deny when true
  my @ins = ([0x20, 0, 0, 4], [0x15, 1, 0, $arch + 0], [0x06, 0, 0, 0x00050026], [0x20, 0, 0, 0],
             @tail, [0x06, 0, 0, 0x7fff0000], [0x06, 0, 0, 0x00050001]);
  $filter = join '', map { pack("S C C L", @$_) } @ins;
  $nfilter = @ins;
}
print $status "ready\n";

sub readn { my ($n) = @_; my $b = '';
  while (length($b) < $n) { my $r = sysread(STDIN, $b, $n - length($b), length($b)); return undef unless $r; }
  return $b; }
sub nul_list { my @a = split /\0/, $_[0], -1; pop @a if @a && $a[-1] eq ''; return @a; }

# ---- one payload run
sub nocaps {  # no capabilities across the exec, checked
  for my $c (0 .. 63) { syscall($sprctl + 0, 24, $c + 0, 0, 0, 0); }  # PR_CAPBSET_DROP
  syscall($sprctl + 0, 47, 4, 0, 0, 0);  # PR_CAP_AMBIENT_CLEAR_ALL
  my ($hdr, $data) = (pack("LL", 0x20080522, 0), pack("L6", 0, 0, 0, 0, 0, 0));  # writable copies
  syscall($scapset + 0, $hdr, $data) == 0 or return 0;
  syscall($sprctl + 0, 38, 1, 0, 0, 0) == 0 or return 0;  # PR_SET_NO_NEW_PRIVS
  open(my $f, "<", "/proc/self/status") or return 0;
  my %st = map { /^(\w+):\s*(\S*)/ ? ($1, $2) : () } <$f>;
  close $f;
  for my $k (qw(CapInh CapPrm CapEff CapBnd CapAmb)) { return 0 unless defined $st{$k} && $st{$k} =~ /^0+$/; }
  return ($st{NoNewPrivs} // '') eq '1';
}

sub tool {  # the tool's process: rlimits, working directory, no capabilities, its environment
  my ($life, $script, $env, $wd) = @_;
  open(STDIN, "<", "/dev/null") or quit(98);
  for my $r (@rl) { syscall($spl + 0, 0, $r->[0] + 0, pack("QQ", $r->[1], $r->[1]), 0) == 0 or quit(98); }
  $SIG{XFSZ} = 'IGNORE'; $SIG{INT} = 'IGNORE'; $SIG{QUIT} = 'IGNORE';  # as for bash's background jobs
  chdir("$run/home") or quit(99);
  my @w = nul_list($wd); my ($i, @d) = (0);
  my $flush = sub { for my $p (@d) { my $c = ''; for my $part (split m{/}, $p) {
      $c .= ($c eq '' ? '' : '/') . $part; next if $part eq '' || -d $c; mkdir($c, 0777) or last; } } @d = (); };
  while ($i < @w) {
    my ($k, $p) = ($w[$i], $w[$i + 1] // '');
    last if $p eq '' || $p =~ m{^/} || $p eq '..' || $p =~ m{^\.\./} || $p =~ m{/\.\.$} || $p =~ m{/\.\./};
    if ($k eq 'd') { push @d, $p; $i += 2; }
    elsif ($k eq 'f') { $flush->() if @d; if (open(my $f, '>', $p)) { print $f ($w[$i + 2] // ''); close $f; } $i += 3; }
    else { last }
  }
  $flush->() if @d;
  nocaps() or die "the capabilities could not be dropped\n";
  if ($nfilter) {  # after no_new_privs (nocaps); checked: a run without it is a set-up failure
    my $prog = pack("S x![p] p", $nfilter, $filter);
    syscall($sprctl + 0, 22, 2, $prog, 0, 0) == 0 or die "seccomp: $!\n";  # PR_SET_SECCOMP, MODE_FILTER
  }
  %ENV = ();  # env -i: exactly these names, in this order (envsafe: no empty name, no '=' in one)
  for (nul_list($env)) { my ($k, $v) = split /=/, $_, 2; $ENV{$k} = $v; }
  exec { $bash } $bash, '-c', $script;
  quit(127);
}

sub session_files {  # the session's directory (its shims, canaries, prelude, glob files): read-only
  my ($sdir, $arch, $kib) = @_;
  my $n = 16; my $o = 0;
  mnt("none", $sdir, "tmpfs", $NOSUID | $NODEV, "size=${kib}k,nr_inodes=4096,mode=755");
  while ($o < length $arch) {
    my ($kind, $mode, $pl, $cl) = unpack("a1 v v V", substr($arch, $o, 9)); $o += 9;
    my $p = substr($arch, $o, $pl); $o += $pl;
    my $c = substr($arch, $o, $cl); $o += $cl;
    die "bad session entry\n" if $p eq '' || $p =~ m{^/} || $p =~ m{(?:^|/)\.\.(?:/|$)};
    if ($kind eq 'd') { mkdir("$sdir/$p", 0700) or die "mkdir $p: $!\n"; }
    else { open(my $f, '>', "$sdir/$p") or die "$p: $!\n"; print $f $c; close $f or die "$p: $!\n"; }
    chmod($mode, "$sdir/$p") or die "chmod $p: $!\n";
  }
  ro($sdir);
}

sub init {  # PID 1 of the run's PID namespace
  my ($life, $script, $env, $globs, $wd, $sdir, $arch, $skib) = @_;
  close($status);  # the status pipe is the holder's alone
  die "bad session directory\n" unless $sdir =~ m{^/} && $sdir !~ m{(?:^|/)\.\.(?:/|$)};
  mnt("proc", "/proc", "proc", $NOSUID | $NODEV | $NOEXEC, 0);
  mnt("none", "/tmp", "tmpfs", $NOSUID | $NODEV, "size=${tmpk}k,nr_inodes=4096,mode=1777");
  mnt("none", $tbase, "tmpfs", $NOSUID | $NODEV, "size=64k,nr_inodes=64,mode=755") if $own_base;
  mkp($_) for ($shims, $sdir, $run);
  mnt(0, $tbase, 0, $REMOUNT | $RDONLY | $NOSUID | $NODEV, 0) if $own_base;
  mnt("/.utcp-ro", $shims, 0, $BIND, 0); ro($shims);
  session_files($sdir, $arch, $skib);
  mnt("none", $run, "tmpfs", $NOSUID | $NODEV, "size=${runk}k,nr_inodes=16384,mode=755");
  for my $d (qw(log home tmp canary g)) { mkdir("$run/$d", 0755) or die "mkdir $d: $!\n"; }
  # the shims' log and the canaries on tmpfs mounts of their own: a tool that fills its home or
  # /tmp never costs a record (a lost record would read as tampering), and cannot rename them
  mnt("none", "$run/log", "tmpfs", $NOSUID | $NODEV | $NOEXEC, "size=${logk}k,nr_inodes=16384,mode=755");
  mnt("none", "$run/canary", "tmpfs", $NOSUID | $NODEV | $NOEXEC, "size=64k,nr_inodes=1024,mode=755");
  for my $n (nul_list($globs)) { next if $n =~ m{/}; if (open(my $f, ">", "$run/g/$n")) { close $f } }
  my $pid = fork // die "fork: $!\n";
  unless ($pid) {  # a failure before the exec is the sandbox's, never the tool's exit status
    eval { tool($life, $script, $env, $wd) }; print STDERR $@ if $@; syswrite($life, "!"); quit(97); }
  syswrite($life, "1");
  my $rc = 0;
  while ((my $p = waitpid(-1, 0)) > 0) {  # reap everything; the tool's end ends the run
    next unless $p == $pid;
    $rc = ($? & 127) ? 128 + ($? & 127) : $? >> 8;
    last;
  }
  quit($rc);  # the kernel kills what is left in this PID namespace
}

sub one_run {  # the run's own namespaces; report, then hold them while the host reads
  my @in = @_;
  syscall($sprctl + 0, 1, 9, 0, 0, 0);  # PR_SET_PDEATHSIG: SIGKILL when the server dies
  quit(1) if getppid() != 1;  # it died before that took effect (the server is PID 1 here)
  syscall($sun + 0, $flags + 0) == 0 or die "unshare: $!\n";
  for (["setgroups", "deny"], ["uid_map", "0 0 1"], ["gid_map", "0 0 1"]) {
    open(my $f, ">", "/proc/self/$_->[0]") or die "$_->[0]: $!\n"; print $f $_->[1]; close $f or die "$_->[0]: $!\n"; }
  pipe(my $lr, my $lw) or die "pipe: $!\n";
  my $pid = fork // die "fork: $!\n";
  unless ($pid) { close $lr; close $release;  # only the holder may answer the server: its end is this run's end
                  syscall($sprctl + 0, 1, 9, 0, 0, 0);  # PR_SET_PDEATHSIG: SIGKILL when the holder dies
                  eval { init($lw, @in) }; print STDERR $@ if $@; quit(97); }
  close $lw;
  my ($started, $cmd, $rin) = (0, '');
  while (1) {
    $rin = ''; vec($rin, 0, 1) = 1; vec($rin, fileno($lr), 1) = 1;
    next if select(my $rout = $rin, undef, undef, undef) <= 0;
    if (vec($rout, 0, 1)) { sysread(STDIN, $cmd, 1) or do { kill('KILL', $pid); quit(1) };  # host gone
                            kill('KILL', $pid) if $cmd eq 'k'; }
    if (vec($rout, fileno($lr), 1)) { my $got = sysread($lr, my $b, 16); last unless $got;
                                      $started = ($b =~ /!/ || $started < 0) ? -1 : 1; }
  }
  waitpid($pid, 0);
  my $rc = ($? & 127) ? 128 + ($? & 127) : $? >> 8;
  if ($started <= 0) { print $status "fail $rc\n"; quit(1); }
  print $status "done $rc $$\n";  # $$: our pid in the server's namespace
  while (1) { sysread(STDIN, $cmd, 1) or quit(1); last if $cmd eq 'a'; }
  syswrite($release, "a");  # the server may read stdin again; our namespaces go away meanwhile
  quit(0);
}
while (1) {
  my $h = readn(29); last unless defined $h;
  substr($h, 0, 1) eq 'R' or die "bad request\n";
  my @in = map { readn($_) // exit(0) } unpack("V7", substr($h, 1));
  $in[0] =~ s/\0.*//s;  # the script as bash's read -d '' took it
  pipe(my $rr, $release) or die "pipe: $!\n";
  my $pid = fork // die "fork: $!\n";
  unless ($pid) { close $rr; eval { one_run(@in) }; print STDERR $@ if $@; print $status "fail 97\n";
                  quit(1); }
  close $release;
  sysread($rr, my $ok, 1) or exit(1);  # the run failed: the host replaces this server
  close $rr;
  1 while waitpid(-1, 1) > 0;  # WNOHANG (1 on every Linux machine)  # earlier runs' holders, gone by now or soon
}
exit(0);
"""

# (mount, umount2, pivot_root, unshare, prlimit64, prctl, capset, exit_group) by machine;
# mount_setattr is 442 everywhere.  A wrong number cannot weaken a run: the capability drop is
# checked in /proc/self/status and a failed check fails the run; an exit_group that returns falls
# through to POSIX::_exit (exit_group: arch/x86/entry/syscalls/syscall_64.tbl and syscall_32.tbl,
# include/uapi/asm-generic/unistd.h, arch/s390, arch/powerpc and arch/arm syscall tables).
_SYSCALLS = {
    "x86_64": (165, 166, 155, 272, 302, 157, 126, 231),
    "amd64": (165, 166, 155, 272, 302, 157, 126, 231),
    "aarch64": (40, 39, 41, 97, 261, 167, 91, 94),
    "arm64": (40, 39, 41, 97, 261, 167, 91, 94),
    "riscv64": (40, 39, 41, 97, 261, 167, 91, 94),
    "loongarch64": (40, 39, 41, 97, 261, 167, 91, 94),
    "i386": (21, 52, 217, 310, 340, 172, 185, 252),
    "i686": (21, 52, 217, 310, 340, 172, 185, 252),
    "s390x": (21, 52, 217, 303, 334, 172, 185, 248),
    "ppc64le": (21, 52, 203, 282, 325, 171, 184, 234),
    "ppc64": (21, 52, 203, 282, 325, 171, 184, 234),
    "armv7l": (21, 52, 218, 337, 369, 172, 185, 248),
    "armv6l": (21, 52, 218, 337, 369, 172, 185, 248),
}


# The tool's seccomp deny list by machine (see _SERVER_PL): AUDIT_ARCH_* (linux/audit.h), whether
# the x32 ABI exists, and the numbers of shmget, add_key, request_key, keyctl, memfd_create,
# memfd_secret (arch/x86/entry/syscalls/syscall_64.tbl; include/uapi/asm-generic/unistd.h,
# checked against /usr/include/{x86_64-linux-gnu/asm/unistd_64.h,asm-generic/unistd.h}).
# Another machine runs without the filter (docs/limits.md says what that leaves open).
_GENERIC_DENY = (194, 217, 218, 219, 279, 447)
_SECCOMP = {
    "x86_64": (0xC000003E, 1, (29, 248, 249, 250, 319, 447)),
    "amd64": (0xC000003E, 1, (29, 248, 249, 250, 319, 447)),
    "aarch64": (0xC00000B7, 0, _GENERIC_DENY),
    "arm64": (0xC00000B7, 0, _GENERIC_DENY),
    "riscv64": (0xC00000F3, 0, _GENERIC_DENY),
    "loongarch64": (0xC0000102, 0, _GENERIC_DENY),
}


def _seccomp_arg() -> str:
    import platform

    got = _SECCOMP.get(platform.machine().lower())
    if got is None:
        return ""
    arch, x32, deny = got
    return ",".join(str(x) for x in (arch, x32, *deny))


def _syscalls() -> tuple:
    import platform

    return _SYSCALLS.get(platform.machine().lower(), (0, 0, 0, 0, 0, 0, 0, 0))


class SandboxUnavailable(Exception):
    """The requested isolation cannot be set up on this machine."""


class SandboxSetupError(RuntimeError):
    """One run's sandbox could not be built (its private root, its limits): nothing was run."""


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
    # namespace mode: the run directory and the private /tmp are tmpfs mounts of
    # this size inside the sandbox (a writer cannot fill the host's disk)
    run_quota_kib: int = 64 * 1024
    tmp_quota_kib: int = 16 * 1024
    log_quota_kib: int = 32 * 1024  # the shims' log (its own tmpfs; what the host reads is log_cap)
    # what the host reads back from the run directory
    log_cap: int = 32 << 20


@dataclass
class Call:
    program: str
    argv: list[str]  # argv[0] is the program as named
    kind: str  # shim | passthrough | simulated | builtin | not-found | abspath | canary
    stdin: bytes | None = None


@dataclass
class Observation:
    stdout: bytes
    stderr: bytes
    returncode: int | None
    timed_out: bool
    capped: bool
    calls: list[Call]
    canaries: set[str]
    root: str  # the run directory (already deleted), for normalising paths
    home_files: list[str] = field(default_factory=list)
    trace: bytes = b""  # bash xtrace of every shell in the run (capped)
    outside_writes: list[str] = field(default_factory=list)
    elapsed: float = 0.0
    # the log or canary area was written other than by the shims (names, records the shims
    # never write): what the run "recorded" cannot be trusted, the run is inconclusive
    tampered: list[str] = field(default_factory=list)


@cache
def _host_which(name: str) -> str | None:
    """Real program path, preferring system directories (readable by nobody)."""
    for d in ("/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"):
        p = os.path.join(d, name)
        if os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    found = shutil.which(name)
    return found if found and os.path.isfile(found) else None


# What the namespace sandbox shows of the host (read-only): looking a path up there tells the
# tool nothing it could not see itself.  Anything else a template names is never looked up.
_EXPOSED = ("/usr/", "/bin/", "/sbin/", "/lib/", "/lib32/", "/lib64/", "/libx32/", "/etc/", "/opt/")
_SYSTEM_DIRS = ("/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin")


@cache
def _system_which(name: str) -> str | None:
    """A program of the system directories (inside the sandbox's read-only view), never the
    host's ``PATH`` (a template's word is not looked up in root's own directories)."""
    if "/" in name or name in (".", ".."):
        return None
    for d in _SYSTEM_DIRS:
        p = os.path.join(d, name)
        if os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    return None


def _template_abspaths(commands_text: str) -> set[str]:
    """The absolute paths a template names that get a recording shim (a bash function of that
    name).  One under the read-only system tree the sandbox shows is looked up (the tool can
    see it anyway); every other one is shimmed whether or not it exists on the host, so no
    ``stat`` as root on the tool's behalf decides anything the tool can observe.  A path with
    ``.``/``..`` components or doubled slashes is never looked up."""
    out = set()
    for p in _ABS_RE.findall(commands_text):
        if os.path.normpath(p) != p or "/./" in p:
            continue
        if p.startswith(_EXPOSED):
            if os.path.isfile(p) and os.access(p, os.X_OK):
                out.add(p)
        else:
            out.add(p)
    return out


@lru_cache(maxsize=1)
def _tools() -> dict:
    need = {n: _host_which(n) for n in ("unshare", "setpriv", "head", "bash", "mount", "perl", "env", "mkdir")}
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
        return Isolation(
            "weak",
            root,
            [
                "WEAK sandbox: no namespaces, so NOT contained: the tool can write wherever "
                + ("nobody" if root else "the current user")
                + " can, reach the network and host Unix "
                "sockets, and leave processes that escape the process group",
                "runs as nobody" if root else "runs as the current user",
                "rlimits, timeout, output cap, recording shims; interpreters other than bash are recorded, not run",
            ],
        )
    missing = [n for n in ("unshare", "setpriv", "mount", "perl", "env") if not t[n]]
    if missing:
        raise SandboxUnavailable(
            f"cannot isolate: {', '.join(missing)} not found (util-linux, perl, coreutils); install it "
            f"or pass --weak-sandbox to run with shims and rlimits only"
        )
    if not any(_syscalls()):
        import platform

        raise SandboxUnavailable(
            f"cannot isolate: unknown machine {platform.machine()!r} (no system call numbers for the "
            f"private root); pass --weak-sandbox to run with shims and rlimits only"
        )
    # a real trial: user+mount+pid+net namespaces as the sandbox user
    cmd = [
        t["unshare"],
        "--user",
        "--map-root-user",
        "--mount",
        "--pid",
        "--fork",
        "--mount-proc",
        "--net",
        "--kill-child",
        t["bash"],
        "-c",
        f"{t['mount']} -o remount,bind,ro / && {t['setpriv']} --bounding-set=-all --inh-caps=-all "
        f"--no-new-privs {t['bash']} -c 'echo ok'",
    ]
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
            + "; pass --weak-sandbox to run with shims and rlimits only"
        )
    return Isolation(
        "namespace",
        root,
        [
            "user+mount+pid+net namespaces",
            "private read-only root (/usr /etc /opt), fresh /tmp, "
            "run directory on a size-limited tmpfs; no host /run, /tmp, /home or sockets",
            "no network",
            "capabilities dropped",
            "tool environment stripped of BASH_FUNC_*, BASH_ENV, LD_* and other names shells and the loader obey",
            "runs as nobody" if root else "runs as the current user",
            "rlimits: processes, file size, CPU, open files, address space",
            "seccomp: no kernel keyrings, memfd or SysV shared memory"
            if _seccomp_arg()
            else "NO seccomp filter on this machine: kernel keyrings and memfd reachable",
            "timeout and output cap",
        ],
    )


def _traversable(path: str) -> bool:
    """Every directory from / to ``path`` can be searched by others (the sandbox user)."""
    p = os.path.abspath(path)
    while True:
        try:
            if not os.stat(p).st_mode & 0o001:
                return False
        except OSError:
            return False
        if p == "/":
            return True
        p = os.path.dirname(p)


def _tmp_base(drop_to_nobody: bool) -> str | None:
    """Where the sandbox's directories go: $TMPDIR, unless ``nobody`` could not reach it."""
    base = tempfile.gettempdir()
    if not drop_to_nobody or _traversable(base):
        return base
    for d in ("/tmp", "/var/tmp"):
        if _traversable(d) and os.access(d, os.W_OK):
            return d
    raise SandboxUnavailable(
        f"cannot isolate: the temporary directory {base} is not reachable by the "
        f"unprivileged sandbox user (nobody); set TMPDIR to a directory it can reach"
    )


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
    return f'printf \'%s\\0\' "$(($# + 1))" {_quote(name)} "$@" >> {_LOG}/s.$$ 2>/dev/null'


def _stdin_cmd(head: str, cap: int) -> str:
    return (
        f"if [ -p /dev/stdin ]; then {head} -c {cap} > {_LOG}/i.$$ 2>/dev/null; "
        f"printf '%s\\0' 1 '<stdin>' >> {_LOG}/s.$$; fi"
    )


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
            assert real is not None  # runs: the program was found (bash for a shell)
            body = (
                f"#!{dash}\n{_record_cmd(name)}\n"
                f"printf '%s\\0' 1 '<passthrough>' >> {_LOG}/s.$$\n"
                f'exec {_quote(real)} "$@"\n'
            )
        else:
            body = f"#!{dash}\n{_record_cmd(name)}\n{_stdin_cmd(head, stdin_cap)}\n{_validator_exits(name)}exit 0\n"
        _write(os.path.join(bin_dir, name), body)


def _validator_exits(name: str) -> str:
    """Shell lines making a recording shim refuse what the real program refuses when it
    validates its operand (program table ``VALIDATES_NOT_OPTION``: ``git check-ref-format
    --branch -x`` exits 128), so a template's guard holds in the sandbox as it does for
    real."""
    from ..template.programs import VALIDATES_NOT_OPTION

    out = ""
    for key in VALIDATES_NOT_OPTION:
        if key[0] != name:
            continue
        conds = " && ".join(f'[ "${i}" = {_quote(w)} ]' for i, w in enumerate(key[1:], start=1))
        n = len(key)
        out += f'if {conds or "true"}; then case "${{{n}}}" in -*) exit 128;; esac; fi\n'
    return out


class Sandbox:
    """Probes isolation once; :meth:`session` prepares shims for one tool.

    The shims every tool needs (COMMON, INTERPRETERS, SIMULATED) are written once
    per Sandbox into a shared directory; a session adds only the names its
    template uses and its canaries, in a directory earlier on PATH.
    """

    def __init__(self, limits: Limits | None = None, weak: bool = False):
        self.limits = limits or Limits()
        self.isolation = probe(weak)
        self.weak = self.isolation.mode == "weak"
        self._base_bin: str | None = None
        self.tmp_base = _tmp_base(self.isolation.drop_to_nobody)
        self._root_dir: str | None = None
        self._setup_pl: str | None = None
        # namespace mode: idle servers (one per concurrent run), reused by every session
        self._idle: list[_Server] = []
        self._servers: list[_Server] = []
        self._lock = threading.RLock()  # also for the lazily made directories: workers race for them

    @property
    def root_dir(self) -> str:
        """An empty directory: the mount point of each server's private root (inside its namespace)."""
        with self._lock:
            return self._make_root_dir()

    def _make_root_dir(self) -> str:
        if self._root_dir is None or not os.path.isdir(self._root_dir):
            self._root_dir = self._shared_dir("utcp-verify-root-")
        return self._root_dir

    def _shared_dir(self, prefix: str, *also: str) -> str:
        """A directory every server of this Sandbox reads (mode 755), removed at
        exit together with the sibling paths ``also``."""
        d = lifecycle.mkdtemp(prefix, self.tmp_base)
        os.chmod(d, 0o755)
        import atexit

        for path in (d, *(d + suffix for suffix in also)):
            atexit.register(_rmtree, path)
        return d

    @property
    def setup_pl(self) -> str:
        """The namespace server (:data:`_SERVER_PL`), written once per Sandbox."""
        with self._lock:
            return self._make_setup_pl()

    def _make_setup_pl(self) -> str:
        if self._setup_pl is None or not os.path.isfile(self._setup_pl):
            path = self.base_bin + ".setup.pl"
            lifecycle.add_dir(path)
            _write(path, _SERVER_PL, 0o644)
            self._setup_pl = path
        return self._setup_pl

    @property
    def base_bin(self) -> str:
        with self._lock:
            return self._make_base_bin()

    def _make_base_bin(self) -> str:
        if self._base_bin is None or not os.path.isdir(self._base_bin):
            d = self._shared_dir("utcp-verify-shims-", ".setup.pl")
            _write_shims(d, BASE_NAMES, self.weak, self.limits.stdin_cap)
            self._base_bin = d
        return self._base_bin

    def _take_server(self, base_bin: str) -> _Server:
        with self._lock:
            while self._idle:
                srv = self._idle.pop()
                if srv.base_bin == base_bin:
                    return srv
                self._servers.remove(srv)  # made for shims that are gone (after close())
                srv.close()
        srv = _Server(self)
        if srv.base_bin != base_bin:
            srv.close()
            raise SandboxSetupError("the sandbox's shims changed while a session was using them")
        with self._lock:
            if not self._servers:
                import atexit

                atexit.register(self.close_servers)  # their run directories' names go too
            self._servers.append(srv)
        return srv

    def _give_back(self, srv: _Server) -> None:
        with self._lock:
            if srv.alive:
                self._idle.append(srv)
                return
            if srv in self._servers:
                self._servers.remove(srv)
        srv.close()

    def close_servers(self) -> None:
        with self._lock:
            servers, self._servers, self._idle = self._servers, [], []
        for s in servers:
            s.close()

    def close(self) -> None:
        self.close_servers()
        for d in (self._base_bin, self._root_dir, self._setup_pl):
            if d:
                _rmtree(d)
                lifecycle.remove_dir(d)
        self._base_bin = self._root_dir = self._setup_pl = None

    def session(self, commands_text: str = "", canaries: Iterable[str] = ()) -> Session:
        return Session(self, commands_text, list(canaries))

    def run(
        self,
        script: str,
        env: dict,
        *,
        commands_text: str = "",
        canaries: Iterable[str] = (),
        glob_files: Iterable[str] = (),
        outside_probes: Iterable[str] = (),
        workdir: bytes = b"",
    ) -> Observation:
        """One-off run in a fresh session (tests, small jobs); no server is left running."""
        try:
            with self.session(commands_text, canaries) as s:
                return s.run(script, env, glob_files=glob_files, outside_probes=outside_probes, workdir=workdir)
        finally:
            self.close_servers()  # idle servers run as the sandbox user and count against its RLIMIT_NPROC


class Session:
    def __init__(self, sandbox: Sandbox, commands_text: str, canaries: list[str]):
        self.sandbox = sandbox
        self.limits = sandbox.limits
        self.weak = sandbox.weak
        self.canaries = canaries
        self.dir = lifecycle.mkdtemp("utcp-verify-session-", sandbox.tmp_base)
        os.chmod(self.dir, 0o755)
        self.bin = os.path.join(self.dir, "bin")
        os.mkdir(self.bin)
        os.chmod(self.bin, 0o755)
        self.base_bin = sandbox.base_bin
        names = {w for w in WORD_RE.findall(commands_text) if _system_which(w)}
        abspaths = _template_abspaths(commands_text)
        names |= {os.path.basename(p) for p in abspaths}
        _write_shims(self.bin, names - BASE_NAMES, self.weak, self.limits.stdin_cap)
        dash = _dash()
        for name in self.canaries:
            _write(
                os.path.join(self.bin, name),
                f'#!{dash}\n{_record_cmd(name)}\n: > "$__UTCP_SB_RUN"/canary/{_quote(name)}\nexit 0\n',
            )
        self.prelude = self._prelude(abspaths)
        self.init = self._init_script() if self.weak else ""
        self._files: tuple[bytes, int] | None = None  # namespace mode: this directory, shipped per run

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def close(self):
        _rmtree(self.dir)
        lifecycle.remove_dir(self.dir)

    def files(self) -> tuple[bytes, int]:
        """This session's directory as an archive for the server's per-run tmpfs, and that tmpfs's
        size in KiB.  Read at the first run: verify adds the glob files before it."""
        if self._files is None:
            out = bytearray()
            top = self.dir
            for dirpath, dirnames, filenames in os.walk(top):
                dirnames.sort()
                rel_dir = os.path.relpath(dirpath, top)
                for n in sorted(dirnames) + sorted(filenames):
                    path = os.path.join(dirpath, n)
                    rel = n if rel_dir == "." else os.path.join(rel_dir, n)
                    st = os.lstat(path)
                    if stat.S_ISDIR(st.st_mode):
                        kind, data = b"d", b""
                    elif stat.S_ISREG(st.st_mode):
                        kind = b"f"
                        with open(path, "rb") as f:
                            data = f.read()
                    else:
                        continue
                    name = rel.encode("utf-8", "surrogateescape")
                    out += kind + struct.pack("<HHI", st.st_mode & 0o7777, len(name), len(data)) + name + data
            self._files = (bytes(out), 64 + 2 * len(out) // 1024)
        return self._files

    # ---- files ----------------------------------------------------------------
    def _prelude(self, abspaths: Iterable[str]) -> str:
        lines = [
            "# utcp-lint verify prelude (BASH_ENV)",
            '__utcp_log() { builtin printf \'%s\\0\' "$#" "$@" >> "$__UTCP_SB_RUN"/log/b.$BASHPID 2>/dev/null; }',
            "command_not_found_handle() { __utcp_log \"$@\"; builtin printf '%s\\0' 1 '<not-found>' "
            '>> "$__UTCP_SB_RUN"/log/b.$BASHPID 2>/dev/null; return 127; }',
        ]
        # xtrace to a per-process file: shows the expanded words of [[ ]], (( )), for,
        # case and assignments, which no shim or wrapper sees (used for "value reaches")
        lines.append(
            '{ exec {__utcp_xfd}>>"$__UTCP_SB_RUN"/log/x.$BASHPID && BASH_XTRACEFD=$__utcp_xfd && set -x; } 2>/dev/null'
        )
        for b in WRAPPED_BUILTINS:
            fn = "function [ " if b == "[" else f"{b}() "
            lines.append(f'{fn}{{ __utcp_log {_quote(b)} "$@"; builtin {b} "$@"; }}')
        for p in sorted(set(abspaths)):
            base = os.path.basename(p)
            if not _SAFE_NAME.match(base) or not re.fullmatch(r"[\w./+-]+", p):
                continue
            where = self.base_bin if base in BASE_NAMES else self.bin
            lines.append(f'function {p} {{ {_quote(os.path.join(where, base))} "$@"; }}')
        path = os.path.join(self.dir, "prelude.sh")
        _write(path, "\n".join(lines) + "\n", 0o644)
        return path

    def _init_script(self) -> str:
        """The weak sandbox's start-up (``bash init.sh``), run with a fixed environment.

        Nothing of the manual reaches this shell: its environment is built by
        :func:`_spawn` from constants, and the tool's environment (the manual's
        ``env_vars`` minus the names :mod:`.envsafe` strips) is read from a file
        and handed to the tool's bash by ``env -i`` in the very last ``exec``,
        after the rlimits.  (Namespace mode: :data:`_SERVER_PL`, same order.)
        """
        t = _tools()
        lim = self.limits
        nproc = lim.nproc
        if self.weak and not self.sandbox.isolation.drop_to_nobody:
            # without a user namespace RLIMIT_NPROC counts every process of this user
            nproc += _count_user_processes(os.getuid())
        limits = (
            f"ulimit -u {nproc} -f {lim.fsize_kib} -t {lim.cpu_seconds} -n {lim.nofile} "
            f"-v {lim.mem_kib} -c 0 || exit 98; trap '' XFSZ; cd \"$run\"/home || exit 99; "
            + _WORKDIR_SH.replace("MKDIR", _quote(t["mkdir"] or "/bin/mkdir"))
        )
        tool = f'{_quote(t["env"])} -i -- "${{__utcp_env[@]}}" {_quote(t["bash"])} -c "$__utcp_script"'
        lines = [
            "set -u",
            'run="$__UTCP_SB_RUN"',
            "IFS= read -r -d '' __utcp_script < \"$run\"/script.sh",
            "mapfile -d '' -t __utcp_env < \"$run\"/env",
            "mapfile -d '' -t __utcp_globs < \"$run\"/globs",
            "mapfile -d '' -t __utcp_wd < \"$run\"/workdir",
        ]
        lines += [limits, f"exec {tool}"]  # weak mode only: namespace runs go through _Server
        path = os.path.join(self.dir, "init.sh")
        _write(path, "\n".join(lines) + "\n", 0o644)
        return path

    # ---- running ------------------------------------------------------------
    def tool_env(self, env: dict, run_path: str) -> dict:
        """The tool's whole environment: a minimal base, the manual's (stripped), our own names."""
        full_env = {"LANG": "C.UTF-8", "TERM": "dumb", "USER": "sandbox", "LOGNAME": "sandbox", "SHELL": "/bin/bash"}
        tool_env, _dropped = envsafe.strip(env)
        full_env.update(tool_env)
        full_env.update(
            {
                "PATH": self.bin + ":" + self.base_bin,
                "HOME": os.path.join(run_path, "home"),
                "TMPDIR": os.path.join(run_path, "tmp"),
                "BASH_ENV": self.prelude,
                "__UTCP_SB_RUN": run_path,
            }
        )
        return full_env

    def run(
        self,
        script: str,
        env: dict,
        *,
        glob_files: Iterable[str] = (),
        outside_probes: Iterable[str] = (),
        timeout: float | None = None,
        workdir: bytes = b"",
    ) -> Observation:
        """Run ``script`` like ``/bin/bash -c script`` with ``env`` over a minimal environment.

        ``timeout`` (seconds) overrides the limit for this run only (a total time bound).
        ``workdir``: entries (:func:`.workdir.encode`) created in the tool's working
        directory before it starts, after the rlimits, by the tool's own process.
        Safe to call from several threads: each concurrent run gets its own server.
        """
        lim = self.limits if timeout is None else dataclasses.replace(self.limits, timeout=max(0.05, timeout))
        globs = [g for g in glob_files if _SAFE_NAME.match(g) and g not in (".", "..")]
        if not self.weak:
            archive, kib = self.files()
            srv = self.sandbox._take_server(self.base_bin)
            try:
                root = srv.run_path
                blobs = (
                    script.encode("utf-8", "surrogateescape"),
                    _env_bytes(self.tool_env(env, root)),
                    b"".join(g.encode() + b"\0" for g in globs),
                    workdir[: 1 << 20],
                    self.dir.encode("utf-8", "surrogateescape"),
                    archive,
                    str(kib).encode(),
                )
                started = time.monotonic()
                out, err, code, timed_out, capped, collected = srv.run(blobs, lim)
                elapsed = time.monotonic() - started
            finally:
                self.sandbox._give_back(srv)
            return self._observe(out, err, code, timed_out, capped, collected, root, outside_probes, elapsed)
        iso = self.sandbox.isolation
        root = lifecycle.mkdtemp("utcp-verify-", self.sandbox.tmp_base)
        try:
            for d in ("log", "home", "tmp", "canary", "g"):
                os.mkdir(os.path.join(root, d))
            for g in globs:
                open(os.path.join(root, "g", g), "w").close()
            with open(os.path.join(root, "script.sh"), "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(script)
            with open(os.path.join(root, "workdir"), "wb") as f:
                f.write(workdir[: 1 << 20])
            with open(os.path.join(root, "globs"), "wb") as f:
                f.write(b"".join(g.encode() + b"\0" for g in globs))
            with open(os.path.join(root, "env"), "wb") as f:
                f.write(_env_bytes(self.tool_env(env, root)))
            if iso.drop_to_nobody:
                for dirpath, dirnames, filenames in os.walk(root):
                    for n in dirnames + filenames:
                        os.lchown(os.path.join(dirpath, n), NOBODY, NOBODY)
                os.chown(root, NOBODY, NOBODY)
            os.chmod(root, 0o755)
            t = _tools()
            # the sandbox's own shell starts with these constants only
            init_env = {"PATH": "/usr/bin:/bin", "__UTCP_SB_RUN": root}
            started = time.monotonic()
            out, err, code, timed_out, capped = _spawn([t["bash"], self.init], init_env, lim, iso.drop_to_nobody)
            collected = _collect(root, lim)
            if code in (126, 127) and self.init.encode() in err:
                raise SandboxSetupError(
                    f"the sandbox could not be set up: {err.decode('utf-8', 'replace').strip()[-300:]}"
                )
            return self._observe(
                out, err, code, timed_out, capped, collected, root, outside_probes, time.monotonic() - started
            )
        finally:
            _rmtree(root)
            lifecycle.remove_dir(root)

    def _observe(
        self,
        out: bytes,
        err: bytes,
        code: int | None,
        timed_out: bool,
        capped: bool,
        collected: tuple,
        root: str,
        outside_probes: Iterable[str],
        elapsed: float,
    ) -> Observation:
        calls, trace, canary_files, home_files, tampered = collected
        tampered = list(tampered)
        ran = {c.program for c in calls if c.program in self.canaries}
        stray = sorted(set(canary_files) - set(self.canaries))
        if stray:
            tampered.append(f"{len(stray)} unexpected file(s) in the canary area")
        seen = ran | (set(canary_files) & set(self.canaries))
        outside = [p for p in outside_probes if os.path.lexists(p)]
        if code == 98:
            err += b"\n[sandbox] setup failed (exit 98)"
        return Observation(
            out, err, code, timed_out, capped, calls, seen, root, home_files, trace, outside, elapsed, tampered
        )


def _env_bytes(env: dict) -> bytes:
    return b"".join(f"{k}={v}".encode("utf-8", "surrogateescape") + b"\0" for k, v in env.items())


class _Server:
    """One namespace sandbox (:data:`_SERVER_PL`) that runs payloads one after another.

    Namespaces, private root and shims are set up once; every run gets fresh user,
    mount, PID, network and IPC namespaces, a fresh /proc, /tmp and run directory
    (size-limited tmpfs mounts) and its own PID 1, whose end kills every process
    of the run before ``done`` is reported.  Nothing a run writes, starts or
    changes is visible to the next one.  A server that misbehaves (no answer
    after a kill, a failed run set-up) is killed and replaced.
    """

    def __init__(self, sb: Sandbox):
        lim = sb.limits
        t = _tools()
        self.base_bin = sb.base_bin
        self.run_path = lifecycle.mkdtemp("utcp-verify-", sb.tmp_base)  # a name: the run tmpfs's mount point
        os.chmod(self.run_path, 0o755)
        self.alive = False
        rl = ",".join(
            f"{r}:{v}"
            for r, v in (
                (6, lim.nproc),
                (1, lim.fsize_kib * 1024),
                (0, lim.cpu_seconds),
                (7, lim.nofile),
                (9, lim.mem_kib * 1024),
                (4, 0),
            )
        )
        r_st, w_st = os.pipe()
        argv = [
            t["unshare"],
            "--user",
            "--map-root-user",
            "--mount",
            "--pid",
            "--fork",
            "--net",
            "--kill-child",
            t["perl"],
            sb.setup_pl,
            sb.root_dir,
            self.run_path,
            str(lim.tmp_quota_kib),
            str(lim.run_quota_kib),
            ",".join(map(str, _syscalls())),
            str(w_st),
            rl,
            t["bash"],
            sb.tmp_base,
            self.base_bin,
            str(lim.log_quota_kib),
            _seccomp_arg(),
        ]
        try:
            # the sandbox's own processes start with a constant environment: nothing of the manual
            self.proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env={"PATH": "/usr/bin:/bin"},
                cwd="/",
                start_new_session=True,
                close_fds=True,
                pass_fds=(w_st,),
                **_user_kwargs(sb.isolation.drop_to_nobody),
            )
        except BaseException:
            os.close(r_st)
            os.close(w_st)
            _rmtree(self.run_path)
            lifecycle.remove_dir(self.run_path)
            raise
        os.close(w_st)
        self.status_fd = r_st
        self._pid1: int | None = None
        try:
            lifecycle.add_group(self.proc.pid)
        except BaseException:
            self.close()
            raise
        out, err, timed_out, capped, status = _pump(
            self.proc, dataclasses.replace(lim, timeout=30.0), r_st, lambda: False
        )
        if status != "ready":
            self.close()
            why = (out + err).decode("utf-8", "replace").strip().splitlines()[-1:]
            raise SandboxSetupError(
                "the sandbox could not be set up"
                + (f": {why[0]}" if why else "")
                + "; --weak-sandbox runs without namespaces (not contained)"
            )
        self.alive = True

    def _run_holder(self, ns_pid: str) -> int | None:
        """Host pid of the server's child whose pid in the server's namespace is ``ns_pid``:
        the process holding the current run's namespaces (the previous run's holder may
        still be exiting)."""
        if self._pid1 is None:
            self._pid1 = _init_pid(self.proc.pid)
        if self._pid1 is None:
            return None
        try:
            with open(f"/proc/{self._pid1}/task/{self._pid1}/children", "rb") as f:
                kids = f.read().split()
        except OSError:
            return None
        for k in kids:
            try:
                with open(f"/proc/{int(k)}/status", "rb") as f:
                    for line in f:
                        if line.startswith(b"NSpid:"):
                            if line.split()[-1].decode() == ns_pid:
                                return int(k)
                            break
            except (OSError, ValueError):
                continue
        return None

    def run(self, blobs: tuple, lim: Limits):
        """(stdout, stderr, returncode, timed out, capped, collected) of one run."""
        stdin = self.proc.stdin
        assert stdin is not None  # the server is started with stdin=PIPE
        head = b"R" + struct.pack("<7I", *(len(b) for b in blobs))
        stopped = []

        def stop() -> bool:  # timeout or output cap: kill the run's PID 1 (and its namespace)
            try:
                stdin.write(b"k")
                stdin.flush()
            except OSError:
                return False
            stopped.append(1)
            return True

        collected: tuple = ([], b"", [], [], [])
        try:
            stdin.write(head + b"".join(blobs))
            stdin.flush()
        except OSError:
            self.alive = False
            raise SandboxSetupError(
                "the sandbox stopped unexpectedly; --weak-sandbox runs without namespaces (not contained)"
            ) from None
        out, err, timed_out, capped, status = _pump(self.proc, lim, self.status_fd, stop)
        kind, _, rest = (status or "").partition(" ")
        rc, _, ns_pid = rest.partition(" ")
        if kind == "done":
            holder = self._run_holder(ns_pid)
            rfd = _proc_root(holder) if holder is not None else None
            if rfd is None:  # nothing could be read back, which must never read as "clean"
                self.alive = False
                raise SandboxSetupError("the results of a sandboxed run could not be read back")
            try:
                collected = _collect(self.run_path, lim, rfd)
            finally:
                os.close(rfd)
            try:
                stdin.write(b"a")
                stdin.flush()
            except OSError:
                self.alive = False
            try:
                code: int | None = int(rc)
            except ValueError:
                code = None
            return out, err, code, timed_out, capped, collected
        # no answer, or the run could not be set up: this server is done for
        self.alive = False
        _killpg(self.proc)
        try:
            code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            code = None
        if not (timed_out or capped):
            # nothing was observed, which must never read as "clean"
            why = (out + err).decode("utf-8", "replace").strip().splitlines()[-1:]
            raise SandboxSetupError(
                f"the sandbox could not be set up (exit {rc or code})"
                + (f": {why[0]}" if why else "")
                + "; --weak-sandbox runs without namespaces (not contained)"
            )
        return out, err, code, timed_out, capped, collected

    def close(self) -> None:
        self.alive = False
        proc = getattr(self, "proc", None)
        if proc is not None:
            try:
                proc.stdin.close()
            except OSError:
                pass
            _killpg(proc)  # every namespace dies with the server, PID 1 of the outer one
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
            lifecycle.remove_group(proc.pid)
            for f in (proc.stdout, proc.stderr):
                try:
                    f.close()
                except OSError:
                    pass
        if getattr(self, "status_fd", -1) >= 0:
            os.close(self.status_fd)
            self.status_fd = -1
        _rmtree(self.run_path)
        lifecycle.remove_dir(self.run_path)


def _collect(run_path: str, lim: Limits, base_fd: int | None = None):
    """(calls, trace, canary names, home files, tampering) read from the run directory, never
    following links.  Tampering: what the shims never write (other names in the log area,
    records that do not parse), described in constant words, never the bytes found."""
    fd = safefs.open_dir(run_path, base_fd)
    if fd is None:
        return [], b"", [], [], []
    tampered: list[str] = []
    try:
        log = safefs.open_dir("log", fd)
        calls: list[Call] = []
        trace = b""
        if log is not None:
            try:
                tampered += _area_tampered(log, "log", _LOG_NAME.fullmatch)
                try:  # a full log area (namespace mode: its own tmpfs) loses records: as untrustworthy
                    vfs = os.fstatvfs(log)
                    if base_fd is not None and vfs.f_bavail * vfs.f_frsize < (64 << 10):
                        tampered.append("the log area filled up, records were lost")
                except OSError:
                    pass
                calls = _read_logs(log, lim.log_cap, tampered)
                trace = _read_traces(log, 4 << 20)
            finally:
                os.close(log)
        canary_files: list[str] = []
        cfd = safefs.open_dir("canary", fd)
        if cfd is not None:
            tampered += _area_tampered(cfd, "canary", None)
            canary_files = safefs.list_dir(cfd, 1000)
            os.close(cfd)
        home_files: list[str] = []
        hfd = safefs.open_dir("home", fd)
        if hfd is not None:
            home_files = safefs.walk_files(hfd, 10000)
            os.close(hfd)
        return calls, trace, canary_files, home_files, tampered
    finally:
        os.close(fd)


def _spawn(argv, env, lim: Limits, drop: bool):
    proc = subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd="/",
        start_new_session=True,
        close_fds=True,
        **_user_kwargs(drop),
    )
    assert proc.stdout is not None and proc.stderr is not None  # PIPE
    lifecycle.add_group(proc.pid)
    try:
        out, err, timed_out, capped, _status = _pump(proc, lim, None, None)
        if timed_out or capped:
            _killpg(proc)
        try:
            code = proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            timed_out = True
            _killpg(proc)
            code = proc.wait(timeout=5)
    finally:
        _killpg(proc)  # leftovers in the group (weak mode)
        lifecycle.remove_group(proc.pid)
        proc.stdout.close()
        proc.stderr.close()
    return out, err, code, timed_out, capped


def _proc_root(pid: int) -> int | None:
    """A descriptor for the sandbox's root directory (the init still runs)."""
    try:
        return os.open(f"/proc/{pid}/root", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return None


def _init_pid(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", "rb") as f:
            kids = f.read().split()
        return int(kids[0]) if kids else None
    except (OSError, ValueError):
        return None


def _pump(proc, lim: Limits, status_fd: int | None, stop: Callable[[], bool] | None):
    """Read stdout/stderr (capped) until EOF; with ``status_fd`` until a status line arrives.

    On timeout or output cap ``stop()`` asks the sandbox to kill the run (False: it
    could not), then the status is awaited 3 s more.  Namespace mode: the server
    keeps its stdout/stderr open between runs, so there is no EOF; once the status
    says the run's processes are dead, what they wrote is drained from the pipes.
    """
    out_fd, err_fd = proc.stdout.fileno(), proc.stderr.fileno()
    bufs = {out_fd: bytearray(), err_fd: bytearray()}
    sel = selectors.DefaultSelector()
    for fd in bufs:
        os.set_blocking(fd, False)
        sel.register(fd, selectors.EVENT_READ)
    open_fds = set(bufs)
    status: str | None = None
    st_buf = bytearray()
    if status_fd is not None:
        os.set_blocking(status_fd, False)
        sel.register(status_fd, selectors.EVENT_READ)
        open_fds.add(status_fd)
    deadline = time.monotonic() + lim.timeout
    timed_out = capped = stopping = False
    try:
        while open_fds:
            now = time.monotonic()
            if now >= deadline:
                if status_fd is None or stopping:
                    timed_out = timed_out or not capped
                    break
                # ask the sandbox to kill the run's processes, then wait briefly for "done"
                timed_out = timed_out or not capped
                stopping = True
                if stop is None or not stop():
                    break
                deadline = now + 3.0
                continue
            for key, _ in sel.select(timeout=min(deadline - now, 0.5)):
                try:
                    chunk = os.read(key.fd, 65536)
                except BlockingIOError:
                    continue
                if not chunk:
                    sel.unregister(key.fd)
                    open_fds.discard(key.fd)
                    continue
                if key.fd == status_fd:
                    st_buf += chunk[:256]
                    if b"\n" in st_buf:
                        status = st_buf.split(b"\n", 1)[0].decode("ascii", "replace")
                        sel.unregister(key.fd)
                        open_fds.discard(key.fd)
                    continue
                room = lim.output_cap - len(bufs[key.fd])
                bufs[key.fd] += chunk[: max(room, 0)]
                if len(chunk) > room and not capped:
                    capped = True
                    deadline = time.monotonic()  # stop now
            if status is not None:
                # every process of the sandbox is dead: what they wrote is in the pipes now
                # (unshare itself keeps the write ends open, so there is no EOF to wait for)
                for fd in list(open_fds):
                    while True:
                        try:
                            chunk = os.read(fd, 65536)
                        except (BlockingIOError, OSError):
                            break
                        if not chunk:
                            break
                        room = lim.output_cap - len(bufs[fd])
                        bufs[fd] += chunk[: max(room, 0)]
                        if len(chunk) > room:
                            capped = True
                            break
                break
    finally:
        sel.close()
    return bytes(bufs[out_fd]), bytes(bufs[err_fd]), timed_out, capped, status


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


# The synthesised working directory (``verify``; executor/workdir.py): NUL-separated
# records ``d PATH`` / ``f PATH CONTENT`` read by init before the private root is
# built, created inside the run's home (the tool's cwd) after the rlimits.  Paths
# are checked again here: relative, no ``..`` component, so nothing outside the
# run directory (a fresh tmpfs, where nothing pre-exists) can be named.
_WORKDIR_SH = (
    "__i=0; __d=(); while [ $__i -lt ${#__utcp_wd[@]} ]; do __k=${__utcp_wd[__i]}; "
    "__p=${__utcp_wd[__i+1]-}; case $__p in ''|/*|..|../*|*/..|*/../*) break;; esac; "
    'case $__k in d) __d+=("$__p"); __i=$((__i+2));; '
    'f) [ ${#__d[@]} -gt 0 ] && { MKDIR -p -- "${__d[@]}" 2>/dev/null; __d=(); }; '
    'builtin printf \'%s\' "${__utcp_wd[__i+2]-}" > "$__p" 2>/dev/null; __i=$((__i+3));; *) break;; esac; done; '
    '[ ${#__d[@]} -gt 0 ] && MKDIR -p -- "${__d[@]}" 2>/dev/null; unset __i __d __k __p __utcp_wd'
)


def _rmtree(root: str) -> None:
    safefs.rmtree(root)


def _simulated(name: str, bash: str) -> str:
    """ssh / sudo / su / rsync: log, then run the command they would run, locally.

    ssh also runs ``-o ProxyCommand=CMD`` (``-oProxyCommand=…``, ``-o "ProxyCommand CMD"``)
    through the shell, as ssh does (``$SHELL -c "exec CMD"``; ``%h``/``%p`` are not
    substituted), before the remote command.  rsync only records its argv, except that
    its remote shell (``-e CMD``, ``--rsh=CMD``) runs when an operand names a remote
    (``host:path``), split into words without a shell as rsync does, with the arguments
    rsync would give it (``HOST rsync --server . .``); nothing is copied.
    """
    dash = _dash()
    head = f"#!{dash}\n{_record_cmd(name)}\nprintf '%s\\0' 1 '<simulated>' >> {_LOG}/s.$$\n"
    if name == "ssh":
        proxy = 'case "$__o" in [Pp][Rr][Oo][Xx][Yy][Cc][Oo][Mm][Mm][Aa][Nn][Dd][=\\ ]*) __proxy="${__o#*[= ]}";; esac'
        return head + (
            "__proxy=''\n"
            'while [ $# -gt 0 ]; do case "$1" in\n'
            "  --) shift; break;;\n"
            f'  -o) __o="${{2-}}"; {proxy}; shift; [ $# -gt 0 ] && shift;;\n'
            f'  -o*) __o="${{1#-o}}"; {proxy}; shift;;\n'
            "  -[BbcDEeFIiJLlmOoPpQRSWw]) shift 2;;\n"
            "  -*) shift;;\n"
            "  *) break;;\n"
            "esac; done\n"
            f'if [ -n "$__proxy" ] && [ $# -gt 0 ]; then {_quote(bash)} -c "exec $__proxy" '
            "</dev/null >/dev/null 2>&1; fi\n"
            "[ $# -gt 0 ] && shift\n"
            f'[ $# -gt 0 ] && exec {_quote(bash)} -c "$*"\nexit 0\n'
        )
    if name == "rsync":
        return head + (
            "__rsh=''; __host=''; __end=''\n"
            "while [ $# -gt 0 ]; do\n"
            '  if [ -z "$__end" ]; then case "$1" in\n'
            "    --) __end=1; shift; continue;;\n"
            '    --rsh=*) __rsh="${1#--rsh=}"; shift; continue;;\n'
            '    --rsh|-e) __rsh="${2-}"; shift; [ $# -gt 0 ] && shift; continue;;\n'
            '    -e*) __rsh="${1#-e}"; shift; continue;;\n'
            "    --*) shift; continue;;\n"
            '    -*e) __rsh="${2-}"; shift; [ $# -gt 0 ] && shift; continue;;\n'
            "    -*) shift; continue;;\n"
            "  esac; fi\n"
            '  case "$1" in rsync://*|*/*:*) ;; *:*) __host="${1%%:*}";; esac\n'
            "  shift\n"
            "done\n"
            'if [ -n "$__rsh" ] && [ -n "$__host" ]; then set -f; '
            '$__rsh "$__host" rsync --server . . </dev/null >/dev/null 2>&1; fi\nexit 0\n'
        )
    if name == "sudo":
        return head + (
            'while [ $# -gt 0 ]; do case "$1" in\n'
            "  --) shift; break;;\n"
            "  -[ugCDhpRrTtU]) shift 2;;\n"
            "  -*) shift;;\n"
            "  *) break;;\n"
            "esac; done\n"
            '[ $# -gt 0 ] && exec "$@"\nexit 0\n'
        )
    # su [options] [-c CMD] [user]
    return head + (
        "cmd=''\n"
        'while [ $# -gt 0 ]; do case "$1" in\n'
        '  -c|--command) cmd="$2"; shift 2;;\n'
        '  --command=*) cmd="${1#--command=}"; shift;;\n'
        "  -s|--shell|-g|--group|-G) shift 2;;\n"
        "  *) shift;;\n"
        "esac; done\n"
        f'[ -n "$cmd" ] && exec {_quote(bash)} -c "$cmd"\nexit 0\n'
    )


def _read_traces(log_fd: int, cap: int) -> bytes:
    out = bytearray()
    for n in safefs.list_dir(log_fd):
        if not n.startswith("x.") or len(out) >= cap:
            continue
        data = safefs.read_file(log_fd, n, cap - len(out))
        if data:
            out += data
    return bytes(out)


_LOG_NAME = compile_pattern(r"[sbix]\.[0-9]+")


def _area_tampered(dir_fd: int, what: str, name_ok: Callable[[str], object] | None) -> list[str]:
    """What the shims never do to the log or canary area: change its mode, put anything but a
    regular file there (a FIFO, a link), or a name they never write.  Constant words only."""
    out: list[str] = []
    try:
        if stat.S_IMODE(os.fstat(dir_fd).st_mode) != 0o755:
            out.append(f"the {what} area's permissions were changed")
        odd = named = 0
        with os.scandir(dir_fd) as it:
            for i, e in enumerate(it):
                if i >= safefs.MAX_ENTRIES:
                    break
                if not e.is_file(follow_symlinks=False):
                    odd += 1
                elif name_ok is not None and not name_ok(e.name):
                    named += 1
    except OSError:
        return [f"the {what} area could not be read"]
    if odd:
        out.append(f"{odd} entr{'y' if odd == 1 else 'ies'} in the {what} area that no shim makes (not a regular file)")
    if named:
        out.append(f"{named} file(s) in the {what} area that no shim writes")
    return out


def _read_logs(log_fd: int, cap: int = 32 << 20, tampered: list[str] | None = None) -> list[Call]:
    """Parse ``s.<pid>`` (shims) and ``b.<pid>`` (bash functions) records.  ``tampered``
    collects what the shims never write: other names in the log area, records that do not parse."""
    calls: list[Call] = []
    budget = cap
    bad = tampered if tampered is not None else []
    for fn in safefs.list_dir(log_fd):
        if not (fn.startswith("s.") or fn.startswith("b.")) or budget <= 0:
            continue
        data = safefs.read_file(log_fd, fn, budget)
        if data is None:
            continue
        budget -= len(data)
        fields = data.split(b"\x00")
        i = 0
        pending: Call | None = None
        if fields[-1] != b"" and budget > 0:  # every record ends with a NUL (a cut read ends anywhere)
            bad.append("a log record the shims did not write")
        while i < len(fields) - 1:
            try:
                count = int(fields[i])
            except ValueError:
                bad.append("a log record the shims did not write")
                break
            if count < 0 or not fields[i].isdigit():
                bad.append("a log record the shims did not write")
                break
            rec = [x.decode("utf-8", "surrogateescape") for x in fields[i + 1 : i + 1 + count]]
            i += 1 + count
            if len(rec) < count:
                bad.append("a log record the shims did not write")
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
                    got = safefs.read_file(log_fd, "i." + fn[2:], 1 << 20)
                    if got is not None:
                        pending.stdin = got
                continue
            if not rec:
                continue
            kind = "shim" if fn.startswith("s.") else "builtin"
            pending = Call(os.path.basename(rec[0]) or rec[0], rec, kind)
            calls.append(pending)
    return calls
