"""The distribution installs one import package, utcp_lint (rules at
utcp_lint.rules), never top-level `linter` or `rules`; every sub-package of
linter/ is listed in pyproject.toml; the built wheel imports and runs."""

import os
import subprocess
import sys
import zipfile

try:
    import tomllib
except ImportError:  # pragma: no cover
    tomllib = None

from conftest import ROOT


def test_every_subpackage_is_listed_in_pyproject():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = set(data["tool"]["setuptools"]["packages"])
    found = {"utcp_lint", "utcp_lint.rules"}
    for d in (ROOT / "linter").rglob("__init__.py"):
        rel = d.parent.relative_to(ROOT / "linter")
        if "__pycache__" in rel.parts:
            continue
        found.add(".".join(("utcp_lint",) + rel.parts) if rel.parts else "utcp_lint")
    # data directories (files shipped with the package, no __init__.py) are packages too
    # for setuptools: a missing one is the "absent from the packages configuration" warning
    for d in (ROOT / "linter").rglob("*"):
        if d.is_dir() and d.name != "__pycache__" and not (d / "__init__.py").exists():
            if any(f.is_file() for f in d.iterdir()):
                found.add(".".join(("utcp_lint",) + d.relative_to(ROOT / "linter").parts))
    assert found == listed, f"pyproject packages differ: missing {found - listed}, extra {listed - found}"


def test_wheel_contents_and_import(tmp_path):
    out = tmp_path / "dist"
    r = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr
    (whl,) = out.glob("utcp_lint-*.whl")
    names = zipfile.ZipFile(whl).namelist()
    tops = {n.split("/")[0] for n in names}
    assert "utcp_lint" in tops
    assert "linter" not in tops and "rules" not in tops, tops
    assert any(n.startswith("utcp_lint/rules/ul031_") for n in names)
    assert "utcp_lint/py.typed" in names
    # install the wheel alone into a target dir and import from there
    target = tmp_path / "site"
    r = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(whl)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr
    env = dict(os.environ, PYTHONPATH=str(target))
    code = (
        "import utcp_lint, utcp_lint.rules; from utcp_lint.ruleset.rule import all_rules; "
        "print(utcp_lint.__file__); print(len(all_rules()))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    path, n = r.stdout.split()
    assert path.startswith(str(target)), path
    assert int(n) >= 10


def test_wheel_builds_offline_without_any_warning(tmp_path):
    """``pip wheel`` without build isolation (offline: the backend is the one the test
    extras install) prints no warning: no deprecated ``project.license`` table, no
    package data directory missing from ``packages``."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert data["project"]["license"] == "MIT"  # an SPDX expression, not a table
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PIP_NO_INDEX"] = "1"  # offline: nothing may be fetched
    # build from a copy: the build writes build/ and *.egg-info next to the sources
    import shutil

    src = tmp_path / "src"
    shutil.copytree(
        ROOT,
        src,
        ignore=shutil.ignore_patterns(".git", ".venv", "build", "*.egg-info", "__pycache__", ".*cache*", "fixtures"),
    )
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-v",
            "-w",
            str(tmp_path / "d"),
            ".",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        cwd=src,
    )
    out = r.stdout + r.stderr
    assert r.returncode == 0, out[-3000:]
    bad = [ln for ln in out.splitlines() if "warning" in ln.lower() or "deprecat" in ln.lower() or "absent" in ln]
    assert not bad, "\n".join(bad)
    (whl,) = (tmp_path / "d").glob("utcp_lint-*.whl")
    zf = zipfile.ZipFile(whl)
    assert "utcp_lint/data/schema_output.schema.json" in zf.namelist()
    meta = zf.read(next(n for n in zf.namelist() if n.endswith("dist-info/METADATA"))).decode()
    assert "License-Expression: MIT" in meta
