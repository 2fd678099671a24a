"""``utcp-lint declare`` and ``utcp-lint schema`` (registered on the main group).

* ``declare MANUAL`` prints the inferred subprocess declarations (REQ-C-019) of
  every CLI step as JSON; ``--write`` inserts them into the file with minimal
  text edits (every other byte stays as it was) and re-checks the result.
* ``schema MANUAL`` prints each CLI tool's contract in the CLI Agent Spec shape:
  ``parameters``, ``subprocess`` and the strict executor's ``exit_codes``.
  The output follows ``linter/data/schema_output.schema.json``.
"""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

import click

from ..core.textsafe import one_line
from ..ruleset.ids import MALFORMED_DECLARATION

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _fail(msg: str, code: int = EXIT_ERROR) -> NoReturn:
    click.echo(f"utcp-lint: error: {one_line(msg)}", err=True)
    sys.exit(code)


def _echo_json(value) -> None:
    try:
        click.echo(json.dumps(value, indent=2, ensure_ascii=False))
    except UnicodeEncodeError:
        click.echo(json.dumps(value, indent=2, ensure_ascii=True))


def register(main: click.Group) -> None:
    main.add_command(declare_cmd)
    main.add_command(schema_cmd)


def _load(path: str, shell: str = "auto"):
    from ..executor.load import LoadError, load_file
    from ..ruleset.context import LintOptions

    try:
        return load_file(path, LintOptions(shell=shell))
    except LoadError as e:
        _fail(str(e))


def _tool_name(tpl) -> str:
    from ..executor.load import template_name

    return template_name(tpl)


def _templates(doc, tool: str | None):
    from ..executor.load import LoadError, find_tool

    if tool is None:
        return list(doc.templates)
    try:
        return [find_tool(doc, tool)]
    except LoadError as e:
        _fail(str(e))


# ----------------------------------------------------------------------------
# declare
# ----------------------------------------------------------------------------


def step_status(inf, decl) -> str:
    from ..template.declarations import matches

    if inf.sinks:
        return "unsafe"  # a value is evaluated as code: a declaration cannot make it safe
    if decl is not None:
        return "declared" if matches(inf, decl) else "mismatch"
    if inf.declarable:
        return "missing"
    return "not-needed"


def plan(doc, tool: str | None = None) -> list:
    """One record per CLI step that has placeholders or a declaration."""
    from ..document.jsonpos import to_python
    from ..template.declarations import report

    out = []
    for tpl in _templates(doc, tool):
        rep = report(tpl)
        if rep is None:
            continue
        for inf in rep.inferences:
            decl = rep.declared.get(inf.index)
            if not inf.placeholders and decl is None:
                continue
            status = step_status(inf, decl)
            notes = []
            if inf.sinks:
                r, s = inf.sinks[0]
                notes.append(
                    f"placeholder '{r.name}' reaches {s.detail}: its value is evaluated as "
                    f"code, so no declaration is written; pass it as an argument instead"
                )
            if inf.uncovered:
                notes.append(
                    "placeholder(s) "
                    + ", ".join(f"'{n}'" for n in inf.uncovered)
                    + " reach no program (bash arithmetic, tests, assignments or loops): they "
                    "are not part of any declaration, and strict mode refuses them"
                )
            rec = {
                "tool": _tool_name(tpl),
                "step": inf.step.index,
                "pointer": inf.step.step_pointer,
                "status": status,
                "subprocess": inf.value() if inf.entries else None,
                "declared": to_python(decl.node) if decl is not None else None,
            }
            if notes:
                rec["notes"] = notes
            out.append((tpl, inf, decl, rec))
    return out


def write_declarations(doc, records) -> tuple:
    """(new text, written records) for every missing/mismatching declarable step."""
    from ..run.fixes import apply_edits
    from ..template.declarations import declaration_edit

    text = doc.source.text
    edits = []
    written = []
    for _tpl, inf, _decl, rec in records:
        if rec["status"] not in ("missing", "mismatch") or not inf.declarable:
            continue
        e = declaration_edit(text, inf.step, inf.value())
        if e is not None:
            edits.append((e.start, e.end, e.replacement))
            written.append(rec)
    return apply_edits(text, edits), written


def declaration_findings(path: str, text: str, shell: str = "auto") -> list:
    """The declaration findings (UL300-UL306) of ``text`` linted as ``path`` (in memory)."""
    from ..ruleset.context import LintOptions
    from ..ruleset.rule import all_rules
    from ..run.linter import Linter
    from ..run.result import RunResult

    rules = [r for r in all_rules().values() if "declarations" in r.tags]
    linter = Linter(rules, LintOptions(shell=shell))
    res = RunResult()
    linter.lint_json_text(text, path, True, res)
    return res.findings + list(res.errors)


@click.command("declare")
@click.argument("manual", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--write", is_flag=True, help="Insert the inferred declarations into MANUAL (minimal edits).")
@click.option("--tool", default=None, help="Only this tool.")
@click.option(
    "--shell",
    type=click.Choice(["auto", "bash", "powershell", "both"]),
    default="auto",
    help="Which shells to analyse (declarations are inferred from the bash reading).",
)
def declare_cmd(manual, write, tool, shell):
    """Infer subprocess declarations (REQ-C-019) for MANUAL's CLI steps.

    Without --write: print them as JSON (status per step: missing, declared,
    mismatch, unsafe, not-needed).  With --write: insert the missing ones and
    replace mismatching ones in place, leaving every other byte of the file as
    it was; exit 1 when declaration findings remain afterwards.
    """
    doc = _load(manual, shell)
    records = plan(doc, tool)
    if not write:
        _echo_json({"path": doc.source.path, "declarations": [r for *_x, r in records]})
        sys.exit(EXIT_CLEAN)
    if manual == "-":
        _fail("--write needs a file, not standard input")
    new, written = write_declarations(doc, records)
    for _tpl, _inf, _decl, rec in records:
        for n in rec.get("notes", ()):
            click.echo(one_line(f"note: {rec['tool']} step {rec['step']}: {n}"), err=True)
    if not written:
        click.echo(one_line(f"{doc.source.path}: nothing to write"), err=True)
    else:
        from ..run.fixes import FileFix, write_file

        problem = write_file(FileFix(manual, doc.source.text, new))
        if problem:
            _fail(f"{manual}: {problem}")
        for rec in written:
            verb = "replaced" if rec["status"] == "mismatch" else "added"
            click.echo(one_line(f"{verb} declaration: {rec['tool']} step {rec['step']} ({rec['pointer']})"), err=True)
    left = declaration_findings(doc.source.path, new, shell)
    for f in left:
        if hasattr(f, "rule"):
            click.echo(one_line(f"{f.path}:{f.line}:{f.column}: {f.rule} {f.message}"), err=True)
        else:
            click.echo(one_line(f.text()), err=True)
    sys.exit(EXIT_FINDINGS if left else EXIT_CLEAN)


# ----------------------------------------------------------------------------
# schema
# ----------------------------------------------------------------------------


def exit_codes() -> dict:
    """The exit codes of ``utcp-lint run --strict`` (the bundled executor in strict mode)."""
    from ..executor.strict import error_payload
    from .run_verify import EXIT_CLEAN as RUN_OK, EXIT_ERROR as RUN_ERROR

    err = error_payload([])["error"]
    return {
        str(RUN_OK): {
            "name": "SUCCESS",
            "description": "Arguments passed validation and the tool ran; its result (as call_tool "
            "returns it) is on stdout. The command's own exit status is reported as "
            "'returncode' with --format json.",
            "retryable": False,
            "side_effects": "the tool's commands ran",
        },
        str(RUN_ERROR): {
            "name": err["code"],
            "description": "A user-controlled argument was rejected before anything ran (a shell "
            "metacharacter ; | & $ ( ) < > ` or newline, a leading '-' where the value "
            "lands in an option position, or a placeholder no subprocess declaration "
            'covers); stdout holds {"error": {"code": "' + err["code"] + '", '
            '"phase": "' + err["phase"] + '", "errors": [...]}}. The same exit '
            "status, with a message on stderr and no payload, means the manual or tool "
            "could not be loaded or run (e.g. timeout).",
            "retryable": bool(err["retryable"]),
            "side_effects": "none",
        },
    }


def _parameters(inputs) -> dict:
    props = inputs.get("properties") if isinstance(inputs, dict) else None
    req = inputs.get("required") if isinstance(inputs, dict) else None
    req = set(x for x in req if isinstance(x, str)) if isinstance(req, list) else set()
    out: dict[str, Any] = {}
    if not isinstance(props, dict):
        return out
    for name, sch in props.items():
        sch = sch if isinstance(sch, dict) else {}
        p: dict = {}
        t = sch.get("type")
        if isinstance(t, str) or (isinstance(t, list) and all(isinstance(x, str) for x in t)):
            p["type"] = t
        p["required"] = name in req
        # generated manuals write "enum": null etc.; only well-formed values are published
        if sch.get("default") is not None:
            p["default"] = sch["default"]
        if isinstance(sch.get("enum"), list):
            p["enum"] = sch["enum"]
        if sch.get("description") is not None:
            p["description"] = sch["description"]
        out[name] = p
    return out


def tool_contract(tpl) -> dict:
    from ..document.jsonpos import to_python
    from ..template.declarations import report

    rep = report(tpl)
    subprocess = []
    notes = []
    declared = rep.declared if rep is not None else {}
    for inf in rep.inferences if rep is not None else []:
        decl = declared.get(inf.index)
        if inf.sinks:
            r, s = inf.sinks[0]
            notes.append(f"step {inf.index}: placeholder '{r.name}' reaches {s.detail} (evaluated as code)")
        if decl is not None and not decl.problems:
            verified = step_status(inf, decl) == "declared"
            for d in decl.entries:
                item = {"step": inf.step.index}
                item.update(
                    {
                        k: v
                        for k, v in to_python(d.node).items()
                        if k in ("binary", "user_controlled_args", "hardcoded_args")
                    }
                )
                item.setdefault("user_controlled_args", [])
                item.setdefault("hardcoded_args", [])
                item["source"] = "declared"
                item["verified"] = verified
                subprocess.append(item)
            continue
        if decl is not None:
            notes.append(
                f"step {inf.index}: its subprocess declaration is malformed (see {MALFORMED_DECLARATION}); "
                f"showing the inferred one"
            )
        if inf.declarable or (decl is not None and inf.entries):
            for e in inf.entries:
                item = {"step": inf.step.index, **e.to_json(), "source": "inferred", "verified": True}
                subprocess.append(item)
    if rep is None:
        notes.append("not analysed as bash (PowerShell-only template): no subprocess section")
    c: dict[str, Any] = {
        "name": _tool_name(tpl),
        "description": _description(tpl),
        "parameters": _parameters(tpl.inputs),
        "subprocess": subprocess,
        "exit_codes": exit_codes(),
    }
    if c["description"] is None:
        del c["description"]
    if notes:
        c["notes"] = notes
    return c


def _description(tpl) -> str | None:
    doc = tpl.doc
    if doc is None or tpl.origin != "tool":
        return None
    for t in doc.tools:
        if tpl.pointer.startswith(t.pointer + "/"):
            dn = t.node.get("description")
            return dn.value if dn is not None and dn.kind == "string" else None
    return None


def schema_document(doc, tool: str | None = None) -> dict:
    tools = [tool_contract(t) for t in _templates(doc, tool)]
    return {"schema_version": 1, "source": doc.source.path, "tools": tools}


@click.command("schema")
@click.argument("manual", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--tool", default=None, help="Only this tool.")
@click.option(
    "--shell",
    type=click.Choice(["auto", "bash", "powershell", "both"]),
    default="auto",
    help="Which shells to analyse.",
)
def schema_cmd(manual, tool, shell):
    """Print each CLI tool's contract: parameters, subprocess declarations, exit codes.

    The shape follows the CLI Agent Spec's --schema output; it is described by
    the JSON Schema in utcp_lint/data/schema_output.schema.json.
    """
    doc = _load(manual, shell)
    _echo_json(schema_document(doc, tool))
    sys.exit(EXIT_CLEAN)


@click.command("json-schema")
@click.argument("kind", type=click.Choice(["manual", "config", "settings"]))
def json_schema_cmd(kind):
    """Print the JSON Schema of a UTCP manual, a client config, or the [tool.utcp-lint] settings."""
    import os

    from ..models.jsonschema import FILES

    # the shipped copy (scripts/gen_json_schemas.py; tests check it is fresh): no pydantic import
    with open(os.path.join(os.path.dirname(os.path.dirname(__file__)), "data", FILES[kind]), encoding="utf-8") as f:
        click.echo(f.read(), nl=False)
