"""Extract option grammars from the installed manuals: linter/data/option_grammar.json (issue 23).

For every program on PATH with a section-1 man page in /usr/share/man/man1, read the page's
roff source (man(7) and mdoc(7)), find the option tags (``.TP``/``.IP``/``.It`` lines and
their alternatives ``-o, --output=FILE``) and record, as facts only (option names and
classes, never the pages' text):

* the value-taking options: short letters and long names whose tag shows a required
  argument (``-o FILE``, ``--output=FILE``, ``--output FILE``, mdoc ``Fl o Ar file``);
  optional values (``--color[=WHEN]``, ``-i[SUFFIX]``) are left out: they never take the
  next word;
* ``--``: whether the page documents ``--`` as the end of options (else unknown: no fix);
* per value-taking option a class, from its metavar and the first sentence of its
  description: ``writes`` (the argument names a file written: OUTFILE, FILE/PATH with
  write/output/save/log to/dump), ``exec`` (COMMAND/CMD/PROG metavar, or "execute"/"shell
  command"), ``reads`` (FILE with read/input/from).  Conservative: an option is classified
  only when metavar and description agree.

Each entry names its source: the man page (section 1) and the Debian package and version
owning it (``dpkg -S`` / ``dpkg-query``).  The pages are under their own licences; only
facts about the programs' interfaces are recorded (names of options, whether they take an
argument), which carry no expression of the pages.

The extraction is measured against the hand-written entries of programs.py (value-taking
options) and PATH_WRITES / code_values (writes / exec classes), printed and stored under
``"measure"`` in the output.

    .venv/bin/python scripts/gen_option_grammar.py            # writes the JSON, prints the measure
    .venv/bin/python scripts/gen_option_grammar.py --check    # fails when the JSON is stale
    .venv/bin/python scripts/gen_option_grammar.py --subcommands  # only the git-SUB.1 sub-command pages
"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "linter" / "data" / "option_grammar.json"
MAN1 = Path("/usr/share/man/man1")

# roff escapes: fonts become markers (\x01 italic, \x02 other), the rest plain text
_FONT = re.compile(r"\\f(\[[^\]]*\]|\(..|.)")
_ESC = [
    (re.compile(r"\\\*\(..|\\\*\[[^\]]*\]|\\\*."), ""),
    (re.compile(r"\\\((em|en|hy)"), "-"),
    (re.compile(r"\\\(..|\\\[[^\]]*\]"), " "),
    (re.compile(r"\\[&%/,:|^)]"), ""),
    (re.compile(r"\\@"), "@"),
    (re.compile(r"\\[-e]"), None),
    (re.compile(r"\\ "), " "),
    (re.compile(r"\\s[-+]?\d"), ""),
]


def _font(m: re.Match) -> str:
    f = m.group(1).strip("[]()")
    return "\x01" if f in ("I", "BI", "IT", "CI") else "\x02"


def unescape(s: str) -> str:
    s = _FONT.sub(_font, s)
    for rx, rep in _ESC:
        if rep is None:
            s = rx.sub(lambda m: "-" if m.group(0) == "\\-" else "\\", s)
        else:
            s = rx.sub(rep, s)
    return s


def _args(rest: str) -> list:
    out, cur, q = [], "", False
    for c in rest:
        if c == '"':
            q = not q
        elif c in " \t" and not q:
            if cur:
                out.append(cur)
            cur = ""
        else:
            cur += c
    if cur:
        out.append(cur)
    return out


_ALT = {"B": "\x02", "I": "\x01", "R": "\x02"}


def macro_text(name: str, rest: str) -> str:
    """The text of a font macro line (.B .I .BR .IR .BI .IB .RB .RI)."""
    a = _args(rest)
    if name in ("B", "I", "SM", "SB"):
        return _ALT.get(name, "\x02") + " ".join(a) + "\x02"
    if len(name) == 2 and all(c in "BIR" for c in name):
        return "".join(_ALT[name[i % 2]] + w for i, w in enumerate(a)) + "\x02"
    return ""


_MDOC_ARG = {"Ar", "Va", "Pa"}
_MDOC_SKIP = {"Op", "Oo", "Oc", "Ns", "Xo", "Xc", "Ek", "Bk", "Li", "Cm", "Ic", "Sy", "Em", "Dq", "Qo", "Qc", "Ql"}


def mdoc_tag(rest: str) -> str:
    """``.It Fl o Ar file`` -> "-o \x01file"; optional parts (Op/Oo) keep brackets."""
    out: list = []
    words = _args(rest)
    i = 0
    opt_depth = 0
    while i < len(words):
        w = words[i]
        if w == "Fl":
            dashes = 1
            while i + 1 < len(words) and words[i + 1] == "Fl":
                dashes += 1  # Fl Fl apple: --apple
                i += 1
            nxt = "-" * (dashes - 1) + (words[i + 1] if i + 1 < len(words) else "")
            glue = out and out[-1].endswith("=")
            out.append(("-" + nxt) if not glue else out.pop() + "-" + nxt)
            i += 2
            continue
        if w in _MDOC_ARG:
            nxt = words[i + 1] if i + 1 < len(words) else "arg"
            out.append(("[" if opt_depth else "") + "\x01" + nxt + ("]" if opt_depth else ""))
            i += 2
            continue
        if w in ("Op", "Oo"):
            opt_depth += 1
        elif w == "Oc":
            opt_depth = max(0, opt_depth - 1)
        elif w == "Ns" and out and i + 1 < len(words):
            pass
        elif w not in _MDOC_SKIP:
            out.append(w)
        i += 1
    return " ".join(out)


def read_page(path: Path, depth: int = 0) -> str:
    data = gzip.open(path, "rb").read() if path.suffix == ".gz" else path.read_bytes()
    text = data.decode("utf-8", "replace")
    m = re.match(r"\s*\.so\s+(\S+)", text)
    if m and depth < 3:
        target = Path("/usr/share/man") / m.group(1)
        for cand in (target, Path(str(target) + ".gz")):
            if cand.exists():
                return read_page(cand, depth + 1)
    return text


def entries(text: str) -> list:
    """(tag text, description text, section heading) of the page's tagged paragraphs."""
    lines = text.splitlines()
    out: list = []
    tag: str | None = None
    desc: list = []
    want_tag = False
    mdoc = any(ln.startswith(".Dd") or ln.startswith(".Sh") for ln in lines[:40])

    waiting: list = []  # tags with no text of their own yet (pod2man: -O file, .PD 0, --output-document=file)

    def flush():
        nonlocal tag, desc, from_hp
        if tag is not None:
            d = " ".join(desc).strip()
            if not d and from_hp:
                out.append((tag, "", section))  # help2man .HP: the text is on the tag's own line
            elif not d:
                waiting.append(tag)
            else:
                out.append((", ".join(waiting + [tag]), d, section))  # one option, its spellings tagged apart
                waiting.clear()
        tag, desc, from_hp = None, [], False

    held: str | None = None
    from_hp = hp_next = False  # the tag came from (the next line is the tag of) a help2man .HP
    section = ""  # the heading the options stand under ("COMMANDS FOR CREATING ... THE KEYSTORE")
    bullet = False
    cand: str | None = None  # asciidoctor pages: a "-o, --out FILE" line, then .RS 4
    for raw in lines:
        if raw.startswith(('.\\"', "'\\\"")):
            continue
        if raw.startswith((".", "'")):
            name, _, rest = raw[1:].strip().partition(" ")
            if name == "RS" and cand is not None:
                flush()
                tag, cand = cand, None
                continue
            if name == "br" and cand is not None:
                held = cand + ", "  # -c command .br --command=command: one tag on two lines
                cand = None
                continue
            cand = held = None
            if name == "RE" and tag is not None and not mdoc:
                flush()
                continue
            if name in ("TP", "TQ"):
                flush()
                want_tag = True
                continue
            if name == "IP" or name == "HP":
                a = _args(unescape(rest))
                if a and a[0].lstrip("\x01\x02").startswith("-"):
                    flush()
                    tag = a[0]
                elif tag is not None and not desc:
                    pass  # help2man: .HP, the tag line, then .IP paragraphs of its text
                elif name == "HP" and not a:
                    flush()
                    want_tag = hp_next = True  # help2man: .HP, then the tag on the next line
                elif rest.strip().startswith(_BULLETS):
                    flush()
                    bullet = True  # pandoc: .IP \[bu] 2, then "[-keypass arg]: text"
                else:
                    flush()
                continue
            if mdoc and name == "It":
                flush()
                t = mdoc_tag(unescape(rest))
                if t.startswith("-"):
                    tag = t
                continue
            if name in ("SH", "SS", "Sh", "Ss", "PP", "P", "LP", "El", "Bl"):
                flush()
                out.extend((t, "", section) for t in waiting)
                waiting.clear()
                want_tag = False
                if name in ("SH", "SS", "Sh", "Ss"):
                    section = unescape(rest).replace("\x01", "").replace("\x02", "").strip('" ')
                continue
            txt = macro_text(name, unescape(rest))
            if mdoc and name in ("Fl", "Ar", "Nm", "Pa", "Cm"):
                txt = mdoc_tag(unescape(raw[1:]))
        else:
            txt = unescape(raw)
            plain = txt.replace("\x01", "").replace("\x02", "").lstrip()
            cand = (held or "") + txt if plain.startswith("-") and len(plain) < 120 else None
            held = None
        if want_tag:
            if not txt and raw.startswith((".", "'")):
                continue  # .TP, .PD 0, .B -a: a request without text keeps the tag to come
            want_tag = False
            if txt.replace("\x01", "").replace("\x02", "").lstrip().startswith("-"):
                tag, from_hp = txt, hp_next
            hp_next = False
            continue
        if bullet:
            bullet = False
            m = _BULLET.match(txt.replace("\x02", ""))
            if m:
                tag, desc = m.group(1), [m.group(2).replace("\x01", "")]
                continue
        if tag is not None and len(desc) < 40:
            desc.append(txt.replace("\x01", "").replace("\x02", ""))
    flush()
    out.extend((t, "", section) for t in waiting)
    return out


# a pandoc bullet item naming an option: "[-keypass arg]: Key password", "{-keystore keystore}: ..."
_BULLETS = ("\\[bu]", "\\(bu", "\\[em]", "\\(em", "\\(en", "\\[ci]", "\\(ci", "*", "\\-", "-")
_BULLET = re.compile(r"^\s*[\[{]?\s*(-[A-Za-z][^\]}:]*?)\s*[\]}]?\s*:\s+(.*)$")


_ROMAN_META = re.compile(
    r"(-[\w.+-]+)\x02?\s+\x02((?:[a-z][a-z0-9]*(?:-[a-z0-9]+)+)|file|filename|dir|directory|path|name)(?=\x02?\s*(?:,|$))"
)
_META = re.compile(r"^(?:<[^>]+>|\{[^}]+\}|[A-Z][A-Z0-9_.:-]*|\x01[^\s\x02\x01]+)$")


def parse_tag(tag: str) -> tuple:
    """([(option, metavar or None, optional)], ...) for one tag: ``-o, --output=FILE``."""
    # zip: ".B \-O \fPoutput-file": a roman word after a bold option is its metavar
    tag = _ROMAN_META.sub("\\1 \x01\\2", tag)
    t = re.sub("\x01(\\s+)", "\\1\x01", tag.replace("\x02", ""))  # "-E\x01 eof" -> "-E \x01eof"
    t = re.sub(r"\s+", " ", t).strip()
    # alternatives: "-o, --output=FILE", "-c  --format=FORMAT", "-a | --all", "-v or --verbose"
    forms = re.split(r",\s*|\s+\|\s+|\s+or\s+|\s+(?=--?[A-Za-z]\S*(?:[\s=\[]|$))", t)
    out = []
    for f in forms:
        f = f.strip()
        head, ital, _tail = f.partition("\x01")
        m = re.match(r"^(--?[A-Za-z0-9?#@][\w.+-]*)(\[?=?\]?)(.*)$", f.replace("\x01", ""))
        if not m:
            continue
        opt = m.group(1).rstrip(".")
        if ital and head.startswith("-") and len(head) < len(opt) and re.match(r"^--?[A-Za-z0-9][\w.+-]*$", head):
            opt = head  # -C\fIfile\fR: the option, then its attached argument
        elif len(opt) > 3 and opt[1] != "-" and not opt[1:].isupper() and re.match(r"^-[A-Za-z0-9][A-Z][A-Z_]+$", opt):
            opt = opt[:2]  # -kWORD: short option with an attached metavar
        if opt[1:].isupper() and len(opt) > 3 or opt[2:].isupper() and opt[:2] == "--" and len(opt) > 4:
            continue  # -NUM, --NUM: a number written as an option
        rest_raw = f[len(opt) :] if not f.startswith(opt + "\x01") else f[len(opt) :]
        rest = f.replace("\x01", "")[len(opt) :]
        optional = False
        meta = None
        if rest.startswith("[=") or rest.startswith("[ ") or (rest.startswith("[") and not rest.startswith("[=")):
            optional = True
            meta = rest.strip("[]= ").split("]")[0] or None
        elif rest.startswith("="):
            meta = rest[1:].split()[0] if rest[1:].split() else None
        elif rest.startswith(" <") and ">" in rest:
            meta = rest[2 : rest.index(">")]  # curl: --alt-svc <file name>
        elif rest.startswith(" "):
            w = rest_raw.strip().split(" ")[0]
            if _META.match(w):
                meta = w.replace("\x01", "")
        elif rest and len(opt) == 2:
            # -oFILE / -o\fIfile\fR attached
            w = rest_raw.split(" ")[0]
            if "\x01" in w or re.match(r"^[A-Z][A-Z_]+$", rest.split(" ")[0]):
                meta = rest.split(" ")[0].replace("\x01", "")
        if meta:
            meta = meta.strip("<>{}.,;").replace("\x01", "")
        out.append((opt, meta or None, optional))
    return out


_WRITE_D = re.compile(
    r"\b(write|writes|written|writing|save|saves|saved|output (?:to|in|into|file)|place (?:the )?output|"
    r"log (?:to|into)|logs to|dump(?:s)? (?:to|the|into)|store(?:s)? (?:the )?(?:output|result)|create(?:s)?)\b",
    re.I,
)
_READ_D = re.compile(r"\b(read|reads|input|from (?:the )?file|load|loads|take (?:\w+ )?from)\b", re.I)
_EXEC_D = re.compile(
    r"\b(execute|executes|run (?:the )?(?:given |specified )?(?:command|program|script)|runs (?:the )?"
    r"(?:command|program|script)|shell command|invoke(?:s)? (?:the )?(?:command|program))\b",
    re.I,
)
_FILE_M = re.compile(r"(FILE|PATH|OUT|LOG|DEST|PREFIX|STORE|file|path|output|prefix)", re.I)
_OUT_M = re.compile(
    r"^(OUT(?:PUT)?(?:FILE|_FILE|-FILE)?|OUTFILE|LOGFILE|LOG_FILE|LOG-FILE|OFILE|OUTPUT_FILE|"
    r"PID_?FILE|PID-FILE|LOCK_?FILE|LOCK-FILE)$",
    re.I,
)
# option names that say the argument is a file the program creates: --output, --outfile,
# --out-file, --log-file, --logfile, --pid-file, --pidfile, --lock-file, --lockfile (the
# value must still be file-like: --output FORMAT is not)
_OUT_NAME = re.compile(
    r"^-{1,2}(?:[\w]+-)?(out|output|outfile|out-file|output-file|log-file|logfile|pid-file|pidfile|lock-file|lockfile)$"
)
# a section of the page whose options create or write ("COMMANDS FOR CREATING OR ADDING DATA TO
# THE KEYSTORE", "OUTPUT OPTIONS"): a file-like argument with no read/write verb of its own is
# written there
_WRITE_SECTION = re.compile(r"\b(creat\w*|generat\w*)\b", re.I)
_CMD_M = re.compile(r"^(COMMAND|CMD|PROG|PROGRAM|SHELL|COMMAND-LINE|CMDLINE|EXEC|SCRIPT_CMD)$", re.I)


def _creates_in(section: str, meta: str) -> bool:
    """A section whose heading says it creates the thing the metavar names ("COMMANDS FOR
    CREATING OR ADDING DATA TO THE KEYSTORE", metavar keystore)."""
    return len(meta) >= 4 and bool(_WRITE_SECTION.search(section)) and meta.lower() in section.lower()


def first_sentence(desc: str) -> str:
    d = re.sub(r"\s+", " ", desc).strip()
    m = re.search(r"[.;:](\s|$)", d)
    return d[: m.start()] if m else d[:200]


def classify(meta: str | None, desc: str, section: str = "", names: tuple | list = ()) -> str | None:
    """ "writes" / "exec" / "reads" / None for a value-taking option."""
    s = first_sentence(desc)
    if meta and _CMD_M.match(meta):
        return "exec"
    if meta is None:
        return None
    if _OUT_M.match(meta):
        return "writes"
    if _FILE_M.search(meta):
        w, r = _WRITE_D.search(s), _READ_D.search(s)
        if w and not r:
            return "writes"
        if r and not w:
            return "reads"
        if not w and not r and (any(_OUT_NAME.match(n) for n in names) or _creates_in(section, meta)):
            return "writes"
        return None
    if _EXEC_D.search(s) and meta.upper() in ("ARG", "STRING", "CODE", "EXPR", "ACTION", "HOOK"):
        return "exec"
    return None


_EOO = re.compile(r"(^|\s)--(\s|$)")
_EOO_D = re.compile(r"end of (the )?options|option processing|options? (are )?(terminated|ends?)", re.I)


# a response file: a tag "@file" (binutils, GNU as/ld: libiberty expandargv), "@filename" /
# "@argfiles" (javac, java), or java's "(@-files)": the program reads a word @FILE as more
# arguments
_AT_TAG = re.compile(r"^\s*\[?@\s*(?:file|filename|argfiles?|FILE)\]?\s*$")
_AT_DESC = re.compile(r"\b(options?|arguments?|command.line)\b", re.I)
_AT_TEXT = re.compile(r"\(@-files\)|argument files \(@")


def response_files(text: str) -> bool:
    """Whether the page documents ``@FILE`` words read as more arguments: a tag of its own
    (``.IP "@file"``, ``.B @filename``) whose text speaks of options or arguments ("Read
    command-line options from file"; curl's ``--data-urlencode`` item ``@filename`` loads
    data, not options), or java's "argument files (@-files)"."""
    lines = text.splitlines()
    for i, raw in enumerate(lines):
        if raw.startswith((".IP", ".TP", ".B ", ".It", ".BI", ".TQ")) or raw.startswith("\\f") or raw.startswith("@"):
            body = raw.split(" ", 1)[1] if raw.startswith(".") and " " in raw else raw
            if raw.startswith(".IP"):
                body = (_args(body) or [""])[0]
            u = unescape(body).replace("\x01", "").replace("\x02", "")
            if _AT_TAG.match(u):
                after = " ".join(unescape(x) for x in lines[i + 1 : i + 5] if not x.startswith(".IX"))
                if _AT_DESC.search(after):
                    return True
        elif "@" in raw and _AT_TEXT.search(unescape(raw).replace("\x01", "").replace("\x02", "")):
            return True
    return False


def program_grammar(text: str) -> dict:
    shorts: set = set()
    longs: set = set()
    classes: dict = {}
    eoo = False
    sdlongs: set = set()
    fshorts: set = set()
    flongs: set = set()
    for tag, desc, section in entries(text):
        forms = parse_tag(tag)
        plain = tag.replace("\x01", "").replace("\x02", "").strip()
        if plain == "--" or (plain.startswith("-- ") and _EOO_D.search(desc)):
            eoo = True
            continue
        if not forms:
            continue
        # per spelling: its own metavar decides; a bare spelling takes the value the others
        # require (-o, --output=FILE) unless one of them makes it optional (-c, -C NUM,
        # --context[=NUM]: -c is a switch) or the same name is also listed bare (--check,
        # --check=WHAT)
        bare = {o for o, m, x in forms if m is None and not x}
        required = [(o, m) for o, m, x in forms if m and not x and o not in bare]
        optional_any = any(x for _o, _m, x in forms) or any(m and o in bare for o, m, _x in forms)
        value_forms = []
        for opt, m, x in forms:
            if (opt, m) in required or (m is None and not x and required and not optional_any):
                value_forms.append(opt)
            elif opt.startswith("--"):  # documented, never takes the next word
                flongs.add(opt[2:])
            elif len(opt) == 2:
                fshorts.add(opt[1])
        if not value_forms:
            continue
        meta = required[0][1]
        cls = classify(meta, desc, section, value_forms)
        for opt in value_forms:
            if opt.startswith("--"):
                longs.add(opt[2:])
                key = opt
            elif len(opt) == 2:
                shorts.add(opt[1])
                key = opt
            else:
                sdlongs.add(opt[1:])  # -name: a long option written with one dash
                key = opt
            if cls:
                classes.setdefault(cls, set()).add(key)
    if not eoo and _EOO_D.search(text.replace("\\-", "-")) and re.search(r"\\-\\-(\s|\\f|\")", text):
        eoo = True
    at = response_files(text)
    out: dict = {}
    if shorts:
        out["s"] = "".join(sorted(shorts))
    if longs:
        out["l"] = sorted(longs)
    if sdlongs:
        out["l1"] = sorted(sdlongs)
    # switches: documented options that never take the next word (a letter or name listed
    # both ways, e.g. in two synopsis forms, counts as taking a value)
    if fshorts - shorts:
        out["f"] = "".join(sorted(fshorts - shorts))
    if flongs - longs:
        out["fl"] = sorted(flongs - longs)
    out["eoo"] = eoo
    if at:
        out["at"] = True
    for k, v in classes.items():
        out[k] = sorted(v)
    return out


def _dpkg_owners(paths: list) -> dict:
    owners: dict = {}
    for i in range(0, len(paths), 200):
        chunk = paths[i : i + 200]
        real = {os.path.realpath(p): p for p in chunk}  # /etc/alternatives links: the file's owner
        r = subprocess.run(["dpkg", "-S", *real], capture_output=True, text=True, check=False)
        for ln in r.stdout.splitlines():
            pkg, _, p = ln.partition(": ")
            owners[real.get(p.strip(), p.strip())] = pkg.split(",")[0].split(":")[0].strip()
    r = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Version}\n"], capture_output=True, text=True)
    vers = dict(ln.split(" ", 1) for ln in r.stdout.splitlines() if " " in ln)
    return {p: f"{pkg} {vers.get(pkg, '?')}" for p, pkg in owners.items()}


# where packages keep section-1 pages outside the default MANPATH (the JDK under
# /usr/lib/jvm/*/man, npm under /usr/lib/node_modules/npm/man, PostgreSQL under
# /usr/share/postgresql/*/man, rustup toolchains, pyenv versions): searched for ``*/man/man1``
# and ``*/share/man/man1`` directories, a few levels deep
PRIVATE_ROOTS = (Path("/usr/lib"), Path("/usr/share"), Path("/usr/local"), Path("/opt"), Path.home())
_SKIP_DIRS = frozenset({"proc", "sys", "dev", "site-packages", "dist-packages", ".git", "__pycache__", "locale"})


def private_man_dirs(roots: tuple = PRIVATE_ROOTS, depth: int = 6) -> list:
    """The ``man1`` directories of packages' private manual trees (not /usr/share/man, not
    translated pages ``man/<lang>/man1``), sorted."""
    out: list = []

    def walk(d: Path, left: int) -> None:
        try:
            subs = sorted((e for e in os.scandir(d) if e.is_dir(follow_symlinks=False)), key=lambda e: e.name)
        except OSError:
            return
        for e in subs:
            p = Path(e.path)
            if e.name == "man1" and p.parent.name == "man" and p.parent != MAN1.parent:
                out.append(p)
            elif left and e.name not in _SKIP_DIRS and p != MAN1.parent:
                walk(p, left - 1)

    for r in roots:
        if r.is_dir():
            walk(r, depth)
    return sorted(set(out))


def _page_names(d: Path) -> dict:
    found: dict = {}
    try:
        names = sorted(os.listdir(d))
    except OSError:
        return found
    for f in names:
        base, _, sec = f.partition(".")
        if sec.removesuffix(".gz") == "1" and base:
            found[base] = d / f
    return found


def _prefix(man1: Path) -> Path:
    """The package prefix of a ``PREFIX/man/man1`` or ``PREFIX/share/man/man1`` directory."""
    prefix = man1.parent.parent
    return prefix.parent if prefix.name == "share" else prefix


def _private_page(name: str, cands: list, trees: list) -> Path | None:
    """The private page of program ``name`` on PATH: the one in the tree that holds the program
    PATH runs (its real path under the tree's prefix), else the page of the only tree that has
    a ``bin/NAME`` (several trees with one, none of them run: which one runs is unknown, so no
    page: pyenv's python 2.7 page is not python 3's)."""
    exe = shutil.which(name)
    if exe is None:
        return None
    real = os.path.realpath(exe)
    for page in cands:
        if real.startswith(str(_prefix(page.parent)) + os.sep):
            return page
    holders = [d for d in trees if (_prefix(d) / "bin" / name).exists()]
    if len(holders) != 1:
        return None
    return next((p for p in cands if p.parent == holders[0]), None)


def pages() -> dict:
    """program name -> its section-1 page (programs on PATH only): /usr/share/man/man1 first,
    then the packages' private manual trees (:func:`private_man_dirs`)."""
    found = {b: p for b, p in _page_names(MAN1).items() if shutil.which(b)}
    extra: dict = {}
    trees = private_man_dirs()
    for d in trees:
        for b, p in _page_names(d).items():
            if b not in found:
                extra.setdefault(b, []).append(p)
    for b, cands in sorted(extra.items()):
        page = _private_page(b, cands, trees)
        if page is not None:
            found[b] = page
    return found


# Programs whose sub-commands have manual pages of their own, named PROGRAM-SUB.1 (git-log.1
# ...): the directory holding them.  Each sub-command's grammar (its own options,
# same keys) goes under the program's ``sub``; the hand entries of programs.py still win for
# the walk, and option_scan.arity_unknown reads these to know which options of a sub-command
# take no value (issue 23: an option the hand entry does not list is otherwise a guess).
SUBCOMMAND_PAGES = {"git": MAN1}  # (npm-*.1 pages name options in .SS headings: not read)


def subcommand_grammars(name: str, man1: Path) -> dict:
    """sub-command word -> its grammar (with ``src``), from the PROGRAM-SUB.1 pages of ``man1``."""
    out: dict = {}
    if not man1.is_dir():
        return out
    owners = _dpkg_owners([str(p) for p in sorted(man1.glob(f"{name}-*.1*"))])
    for page in sorted(man1.glob(f"{name}-*.1*")):
        sub = page.name.split(".1", 1)[0][len(name) + 1 :]
        if not sub or not re.fullmatch(r"[a-z][a-z0-9-]*", sub):
            continue
        try:
            g = program_grammar(read_page(page))
        except (OSError, EOFError, UnicodeError, ValueError):
            continue
        if not any(k in g for k in ("s", "l", "l1", "f", "fl")):
            continue
        g.pop("exec", None)  # classes of a sub-command's options are not read (hand entries own them)
        g.pop("writes", None)
        g.pop("reads", None)
        g["src"] = f"{page.name.removesuffix('.gz')} ({owners.get(str(page), 'unpackaged')})"
        out[sub] = g
    return out


def add_subcommands(progs: dict) -> None:
    """Give every program of :data:`SUBCOMMAND_PAGES` its sub-commands' grammars."""
    for name, man1 in SUBCOMMAND_PAGES.items():
        subs = subcommand_grammars(name, man1)
        if not subs:
            continue
        entry = progs.setdefault(name, {"eoo": False, "src": f"sub-command pages {man1}/{name}-*.1"})
        entry["sub"] = subs


def measure(table: dict) -> dict:
    """Precision/recall of the extraction against the hand-written entries of programs.py."""
    from linter.template import programs as P

    tp = fp = fn = 0
    sw_ok = sw_bad = 0
    per: dict = {}
    wtp = wfp = wfn = 0
    etp = efp = efn = 0
    for p in P.ALL_PROGRAMS:
        o = p.options
        g = table.get(p.name)
        if o is None or g is None or o.single_dash_long or p.name == "find":
            continue
        hand = set("-" + c for c in o.short_values) | {"--" + w for w in o.long_values.split()}
        got = set("-" + c for c in g.get("s", "")) | {"--" + w for w in g.get("l", ())}
        documented = got | hand
        sw = {"-" + c for c in g.get("f", "")} | {"--" + w for w in g.get("fl", ())}
        sw_ok += len(sw - hand)
        sw_bad += len(sw & hand)  # a switch to the manual, a value-taking option to the hand
        t, f_, n = len(hand & got), len(got - hand), len(hand - got)
        tp, fp, fn = tp + t, fp + f_, fn + n
        per[p.name] = {"tp": t, "fp": sorted(got - hand), "fn": len(hand - got)}
        pw = P.PATH_WRITES.get(p.name)
        hw = set(o.writes.split())
        if pw is not None:
            for one in (pw,) if isinstance(pw, P.PathWrite) else pw:
                hw |= {x for x in one.options if x.startswith("-")}
        gw = set(g.get("writes", ()))
        if hw:
            wtp += len(gw & hw)
            wfp += len(gw - hw)
            wfn += len((hw & documented) - gw)
        he = {c.option.split("=")[0] for c in o.code_values if c.option.startswith("-")}
        ge = set(g.get("exec", ()))
        etp += len(ge & he)
        efp += len(ge - he)
        efn += len((he & documented) - ge)

    def pr(a: int, b: int, c: int) -> dict:
        return {
            "tp": a,
            "fp": b,
            "fn": c,
            "precision": round(a / (a + b), 3) if a + b else None,
            "recall": round(a / (a + c), 3) if a + c else None,
        }

    return {
        "programs_compared": len(per),
        "value_options": pr(tp, fp, fn),
        "switches": {
            "agree": sw_ok,
            "value_to_hand": sw_bad,
            "precision": round(sw_ok / (sw_ok + sw_bad), 3) if sw_ok + sw_bad else None,
        },
        "writes": pr(wtp, wfp, wfn),
        "exec": pr(etp, efp, efn),
        "per_program": per,
    }


# Programs the exec verification never runs: they change the system (packages, processes,
# mounts, users and their login shells, boot settings, power) whatever the operands; their
# exec options stay unverified.  Every other run is as the unprivileged user nobody
# (setpriv), so that a program that does change the system fails instead: an earlier
# version ran chsh -s and systemd-firstboot --root-shell/--kernel-command-line as root,
# which changed root's login shell and wrote /etc/kernel/cmdline (both restored).
NEVER_RUN = frozenset(
    "dpkg apt apt-get aptitude skill snice kill pkill killall systemctl shutdown reboot halt poweroff "
    "mount umount su sudo passwd useradd userdel usermod chpasswd chsh chfn chage login init telinit "
    "swapon swapoff mkfs fdisk parted dd shred wipefs getopt".split()
)
_NEVER_RUN_PREFIXES = ("systemd", "dpkg", "apt", "update-", "grub", "mkfs.", "fsck", "user", "group")
_UNPRIVILEGED = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all", "--"]
_SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def _canary_run(argv: list) -> bool:
    """Run ``argv`` (no shell) in a fresh temp directory holding three small files and an
    executable ./evil.sh that creates CANARY; True when CANARY appears."""
    import tempfile

    d = Path(tempfile.mkdtemp(prefix="grammar_verify"))
    try:
        d.chmod(0o777)  # written by nobody
        for k, body in enumerate(("a\nb\n", "a\nc\n", "d\nb\n"), 1):
            (d / f"f{k}").write_text(body)
        (d / "evil.sh").write_text("#!/bin/sh\ntouch CANARY\n")
        (d / "evil.sh").chmod(0o755)
        env = {"PATH": _SYSTEM_PATH, "HOME": str(d), "LC_ALL": "C"}
        run = (_UNPRIVILEGED + argv) if os.geteuid() == 0 else argv
        try:
            subprocess.run(run, cwd=d, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=5, check=False)
        except (OSError, subprocess.TimeoutExpired):
            pass
        return (d / "CANARY").exists()
    finally:
        shutil.rmtree(d, ignore_errors=True)


def verify_exec(progs: dict) -> None:
    """For each exec-classified option of a program without a hand entry: run the real program
    with the option's argument set to a command that creates CANARY (``touch CANARY`` split
    by the program, or the path of a script), with 0-3 file operands; an option whose run
    made CANARY is recorded in ``exec_verified`` (it may then give errors); the others stay
    unverified (stored, no finding)."""
    from linter.template import programs as P

    for name, g in sorted(progs.items()):
        if not g.get("exec") or name in P.BY_NAME or name in NEVER_RUN or name.startswith(_NEVER_RUN_PREFIXES):
            continue
        path = shutil.which(name, path=_SYSTEM_PATH)
        if path is None:
            continue
        ok = []
        for opt in g["exec"]:
            done = False
            for payload in ("touch CANARY", "./evil.sh"):
                forms = [[opt, payload]] + ([[f"{opt}={payload}"]] if opt.startswith("--") else [])
                for form in forms:
                    for n in range(4):
                        if _canary_run([path, *form, *[f"f{k}" for k in range(1, n + 1)]]):
                            done = True
                            break
                    if done:
                        break
                if done:
                    break
            if done:
                ok.append(opt)
        if ok:
            g["exec_verified"] = ok


def build() -> dict:
    pg = pages()
    owners = _dpkg_owners([str(p) for p in pg.values()])
    progs: dict = {}
    for name, path in pg.items():
        try:
            g = program_grammar(read_page(path))
        except (OSError, EOFError, UnicodeError, ValueError):
            continue
        if not any(k in g for k in ("s", "l", "l1", "f", "fl")):
            continue
        g["src"] = f"{path.name.removesuffix('.gz')} ({owners.get(str(path), 'unpackaged')})"
        progs[name] = g
    verify_exec(progs)
    add_subcommands(progs)
    m = measure(progs)
    return {
        "about": (
            "Option grammars extracted by scripts/gen_option_grammar.py from the section-1 man pages "
            "installed here (roff source, man(7) and mdoc(7)); facts only (option names, whether they take "
            "an argument, whether -- ends options, a class writes/exec/reads from metavar and description), "
            "no text of the pages. Each entry's src names the page and the Debian package and version. "
            "Keys: s short value letters, l long value names (--name), f short switches and fl long "
            "switches (documented options that never take the next word), l1 long value names written with one dash (-name), eoo the page "
            "documents -- as end of options, at the page documents @FILE words read as more arguments (a response file), writes/exec/reads option words by class, exec_verified the exec "
            "options a canary run of the real program proved (gen_option_grammar.verify_exec)."
        ),
        "measure": {k: v for k, v in m.items() if k != "per_program"},
        "programs": progs,
    }


def main() -> int:
    if "--subcommands" in sys.argv:  # only the sub-command grammars of the existing file
        data = json.loads(OUT.read_text())
        add_subcommands(data["programs"])
        OUT.write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n")
        return 0
    data = build()
    text = json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n"
    m = data["measure"]
    print(f"programs: {len(data['programs'])}")
    print(json.dumps(m, indent=1))
    if "--check" in sys.argv:
        if not OUT.exists() or OUT.read_text() != text:
            print(f"{OUT} is stale", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
