"""UL411 precision (issue 25, pyA33): a document handed on unchanged is not command text.

End to end through the CLI on ``fixtures/pyscan/crossmod_docs``. The ``good`` tree is an
experiment runner's shape (also a scheduler's): dispatchers hand an experiment document,
an activity of it, or a task object on unchanged (``run_activity(activity)``,
``pool.submit(execute_activity, experiment, activity)``, ``submit(job)``) to the public
function that reads a field of it (``activity["provider"]``, ``job.command``) and runs it
in a shell. That sink keeps its own finding; the dispatch layers that a caller of the tree
feeds get none (the outermost call, where the document comes in, keeps its). The ``bad``
tree holds the nearest true shapes: a caller that builds the document from its own text
(a dict display, ``dict(activity, provider=...)``), and callees that use their parameter
as text (``line.strip()``, ``"make " + task`` even beside a ``task.name`` lookup).
"""

from conftest import FIXTURES, lint_json, marked_lines

TREE = FIXTURES / "pyscan" / "crossmod_docs"


def _findings(tree):
    _code, out = lint_json("--no-cache", "--no-config", "--select", "UL4", "--project-root", ".", ".", cwd=tree)
    assert not out["errors"], out["errors"]
    return out["findings"]


def _at(fs, rule):
    return sorted((f["path"], f["line"]) for f in fs if f["rule"] == rule)


def test_dispatchers_handing_a_document_on_are_not_reported():
    fs = _findings(TREE / "good")
    # the inner layers, each fed by a caller of the tree, are quiet; the outermost calls,
    # where the document comes in (a file named on the command line, a public function's
    # parameter, a queue's items), keep theirs (``# OUTER``)
    assert _at(fs, "UL411") == sorted(marked_lines(TREE / "good", "# OUTER")), _at(fs, "UL411")
    # the public functions that run a field of the document keep their own findings
    assert _at(fs, "UL401") == [("runner/provider.py", 13), ("runner/provider.py", 17)]


def test_callers_making_the_text_are_reported():
    fs = _findings(TREE / "bad")
    assert _at(fs, "UL411") == sorted(marked_lines(TREE / "bad"))
    for f in fs:
        assert f["line"] >= 1 and f["column"] >= 1 and f["severity"] in ("error", "warning"), f
        assert f["confidence"] in ("high", "medium", "low"), f


def test_classify_shapes():
    import ast

    from utcp_lint.pyscan.docparams import DOC, PASS, classify

    src = """
def f(doc, obj, text, path, handed, rebound, listy, joined):
    a = doc["provider"]
    b = obj.command
    c = text.strip()
    d = path.name
    g(handed)
    rebound = load(rebound.get("ref"))
    e = listy[0]
    h = " ".join(joined)
    if doc is None or "x" in doc:
        pass
"""
    fn = ast.parse(src).body[0]
    got = classify(fn, [a.arg for a in fn.args.args], set())
    # an object's attribute is neutral: ``obj`` (read only so) is no document
    assert got == {"doc": DOC, "handed": PASS, "rebound": DOC}
    call = fn.body[4].value  # g(handed): a sink call makes it text
    assert "handed" not in classify(fn, ["handed"], {id(call)})
