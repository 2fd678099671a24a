"""Rule documentation, rendered from each rule module's docstring and metadata.

One source, four outputs that must agree:

* ``docs/rules/<ID>.md`` and ``docs/rules/index.md`` (``scripts/gen_rule_docs.py``),
* ``utcp-lint rule ID`` (:func:`rule_text`),
* SARIF ``rules[].help.markdown`` / ``help.text`` / ``helpUri`` / ``fullDescription``.

Everything here is deterministic (sorted, no dates) so a test can tell when
the generated pages are stale.
"""

from __future__ import annotations

import os
import re

from ..core.lazyre import lazy_compile

REPO_URL = "https://github.com/utcp-lint/utcp-lint"
DOCS_URL = REPO_URL + "/blob/main/docs/rules/"
REGEN_COMMAND = "python scripts/gen_rule_docs.py"

_SECTION = lazy_compile(r"^## +(.+?)\s*$", re.M)


def help_uri(rule_id: str) -> str:
    return f"{DOCS_URL}{rule_id}.md"


def sections(rule) -> dict:
    """``{"": intro, "What it does": ..., ...}`` from the rule's docstring."""
    doc = rule.full_doc
    out = {}
    parts = _SECTION.split(doc)
    out[""] = parts[0].strip()
    for i in range(1, len(parts) - 1, 2):
        out[parts[i].strip()] = parts[i + 1].strip()
    return out


def full_description(rule) -> str:
    """One paragraph: the *What it does* section, else the short description."""
    s = sections(rule)
    body = s.get("What it does") or ""
    para = body.split("\n\n", 1)[0].strip()
    return " ".join(para.split()) or rule.short_description


CATEGORIES = ("security", "correctness", "hygiene")


def category(rule) -> str:
    """What the rule is (issue 12): ``security`` (injection, secrets, transport,
    escalation), ``correctness`` (the tool cannot work: registration errors,
    client-variable breakage), ``hygiene`` (suppressions, unused inputs,
    declarations).  The first category among the rule's tags."""
    return next((t for t in (rule.tags or ()) if t in CATEGORIES), "security")


def tags(rule) -> list[str]:
    """The rule's tags, its category first.  Only ``security`` rules carry a
    security-severity (GitHub code scanning files them as security alerts)."""
    out = [category(rule)]
    for t in tuple(rule.tags or ()):
        if t not in out and t not in CATEGORIES:
            out.append(t)
    return out


def _sev_str(rule) -> str:
    v = float(rule.sec_severity)
    v = min(10.0, max(0.1, v))
    return f"{v:.1f}"


def metadata_rows(rule) -> list[tuple[str, str]]:
    return [
        ("Severity", rule.severity),
        ("Confidence", rule.confidence),
        ("Scope", rule.scope),
        ("Tags", ", ".join(tags(rule))),
        ("Security severity", _sev_str(rule) if category(rule) == "security" else "none (not a security rule)"),
        ("Enabled by default", "yes" if rule.default_enabled else "no (select it with `--select " + rule.id + "`)"),
    ]


def _body(rule) -> str:
    """The docstring after its first line (the Markdown sections)."""
    doc = rule.full_doc
    first, _, rest = doc.partition("\n")
    return rest.strip()


def rule_markdown(rule, use_instead: tuple[str, str, str] | None = None) -> str:
    """The page ``docs/rules/<ID>.md`` (also SARIF ``help.markdown``).
    ``use_instead``: (language, text, source) of an example the rule accepts."""
    lines = [f"# {rule.id}: {rule.name}", "", rule.short_description, "", "| | |", "|---|---|"]
    lines += [f"| {k} | {v} |" for k, v in metadata_rows(rule)]
    body = _body(rule)
    if body:
        lines += ["", body]
    if use_instead is not None:
        lang, text, source = use_instead
        lines += [
            "",
            "## Use instead",
            "",
            f"A {'file' if lang == 'python' else 'document'} this rule accepts (`{source}`):",
            "",
            f"```{lang}",
            text.rstrip("\n"),
            "```",
        ]
    lines += [
        "",
        "## Configuration",
        "",
        f"Disable it for a run with `--ignore {rule.id}`, for a project in `pyproject.toml`:",
        "",
        "```toml",
        "[tool.utcp-lint]",
        f'ignore = ["{rule.id}"]',
        "```",
        "",
        "or only for some files:",
        "",
        "```toml",
        "[tool.utcp-lint.per-file-ignores]",
        f'"examples/*.json" = ["{rule.id}"]',
        "```",
        "",
        f"Print this page with `utcp-lint rule {rule.id}`.",
        "",
    ]
    return "\n".join(lines)


def rule_text(rule) -> str:
    """What ``utcp-lint rule ID`` prints: a header, the metadata, the docs."""
    head = f"{rule.id} {rule.name}"
    lines = [head, "=" * len(head), "", rule.short_description, ""]
    width = max(len(k) for k, _ in metadata_rows(rule))
    lines += [f"{k + ':':{width + 1}} {v}" for k, v in metadata_rows(rule)]
    body = _body(rule)
    if body:
        lines += ["", body]
    lines += [
        "",
        f'Disable: --ignore {rule.id}  or  [tool.utcp-lint] ignore = ["{rule.id}"]',
        f"Online:  {help_uri(rule.id)}",
    ]
    return "\n".join(lines) + "\n"


def index_markdown(rules: dict) -> str:
    """``docs/rules/index.md``: one table row per rule, by id."""
    lines = [
        "# utcp-lint rules",
        "",
        "Generated from the rule modules by `" + REGEN_COMMAND + "`; do not edit by hand.",
        "",
        "| ID | Name | Severity | Confidence | Default | Description |",
        "|---|---|---|---|---|---|",
    ]
    for rid in sorted(rules):
        r = rules[rid]
        desc = r.short_description.replace("|", "\\|")
        lines.append(
            f"| [{rid}]({rid}.md) | {r.name} | {r.severity} | {r.confidence} | "
            f"{'on' if r.default_enabled else 'opt-in'} | {desc} |"
        )
    lines.append("")
    return "\n".join(lines)


#: the rule fixtures of a checkout (absent from an installed wheel: pages are generated from a checkout)
FIXTURES = os.path.join(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "fixtures", "rules"
)
_MAX_EXAMPLE_LINES = 60


def use_instead(rule_id: str, fixtures: str = FIXTURES) -> tuple[str, str, str] | None:
    """The page's "Use instead" example: the smallest ``good_*`` fixture of the rule
    (which tests/test_rule_fixtures.py proves the rule accepts).  A manual longer than
    60 lines is cut to its first tool (tests/test_rule_docs.py lints what the page shows)."""
    import glob
    import json

    d = os.path.join(fixtures, rule_id)
    # a fixture that is good because it is suppressed shows no fix: the others first
    cands = sorted(
        glob.glob(os.path.join(d, "good_*")),
        key=lambda p: ("suppress" in os.path.basename(p), os.path.getsize(p), p),
    )
    for p in cands:
        try:
            with open(p, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError):
            continue
        if "\ufeff" in text or any(not (ch.isprintable() or ch in "\n\t") for ch in text):
            continue  # a page shows what a reader can copy: no invisible characters
        source = "fixtures/rules/" + rule_id + "/" + os.path.basename(p)
        if p.endswith(".py"):
            return "python", text, source
        if not p.endswith(".json"):
            continue
        if len(text.splitlines()) > _MAX_EXAMPLE_LINES:
            try:
                data = json.loads(text)
            except ValueError:
                continue
            if isinstance(data, dict) and isinstance(data.get("tools"), list) and len(data["tools"]) > 1:
                data = dict(data, tools=data["tools"][:1])
                text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
                source += ", its first tool"
        return "json", text, source
    return None


def generate(rules: dict, fixtures: str = FIXTURES) -> dict:
    """``{file name: content}`` for every generated page in docs/rules/."""
    out = {}
    for rid, r in rules.items():
        mod = getattr(r, "module", None)
        src = f"rules/{mod}.py" if mod else "the rule's module"
        out[f"{rid}.md"] = (
            f"<!-- Generated from {src} by `{REGEN_COMMAND}`: edit the rule's "
            f"docstring, not this file. -->\n" + rule_markdown(r, use_instead(rid, fixtures))
        )
    out["index.md"] = index_markdown(rules)
    return out
