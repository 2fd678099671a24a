"""Issue 25 (cold CPU of the Python scan): the prefilter's ``system`` needle does not count
``system()`` (a call with no argument hands no command: ``platform.system()``, the OS's
name, Python docs "platform -- Access to underlying platform's identifying data") nor a
name ``system`` compared or assigned (``system == "Linux"``, ``system = ...``); every
way code hands ``os.system`` a command still makes the file a candidate.  On the held-out
trees 10 of the 387 scanned files lose their only hit (0.05 CPU-s, none with a finding)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from utcp_lint.pyscan.prefilter import is_candidate, is_candidate_words
from utcp_lint.pyscan.project import words_of

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "pyscan" / "osname"

STILL_CANDIDATES = [
    "import os\nif platform.system() == 'Linux':\n    os.system(cmd)\n",
    "import os\nsystem = os.system\nsystem(cmd)\n",
    "from os import system\nif system == other: system(cmd)\n",
    "import os\nrun = getattr(os, 'system')\n",
    "import os\ngetattr(os, 'system')(cmd)\n",
    "import os\nos.system (cmd)\n",
    "import os\nos.system(\n    cmd)\n",
    "system: Callable = os.system\n",
    "system := os.system\n",
]
NOT_CANDIDATES = [
    "import platform\nif platform.system() == 'Windows':\n    pass\n",
    "import platform\nsystem = platform.system()\nif system != 'Darwin': pass\n",
    "OS = platform.system()\nif OS == 'Linux' or system == 'x': pass\n",
    "self.system = platform.system()\n",
]


@pytest.mark.parametrize("text", STILL_CANDIDATES)
def test_a_command_handed_to_system_keeps_the_file_a_candidate(text: str) -> None:
    assert is_candidate(text)
    assert is_candidate_words(text, words_of(text))


@pytest.mark.parametrize("text", NOT_CANDIDATES)
def test_os_name_checks_alone_are_not_candidates(text: str) -> None:
    assert not is_candidate(text)
    assert not is_candidate_words(text, words_of(text))


def _cli(tree: Path) -> dict:
    out = subprocess.run(
        [sys.executable, "-m", "utcp_lint", "--select", "UL4", "--no-config", "--no-cache", "--format", "json", "."],
        cwd=tree,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def test_cli_reports_the_commands_beside_an_os_name_check_and_nothing_for_the_check_alone() -> None:
    bad = _cli(FIX / "bad")
    assert sorted((f["rule"], f["line"]) for f in bad["findings"]) == [("UL400", 9), ("UL400", 15)]
    good = _cli(FIX / "good")
    assert good["findings"] == [] and good["errors"] == []
    text = (FIX / "good" / "toolchain.py").read_text()
    assert not is_candidate(text) and not is_candidate_words(text, words_of(text))
