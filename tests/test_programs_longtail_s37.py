"""Program facts of the long tail (issue 23, session 37): the table states them, the
analyses read them (end to end through the CLI), and each bad/good fixture pair holds."""

from __future__ import annotations

from conftest import FIXTURES, lint_json

from utcp_lint.template import programs


def _vars(name: str) -> set:
    return {c.option for c in programs.env_options(name)}


def test_jvm_option_variables_by_program():
    # every JVM reads JAVA_TOOL_OPTIONS; only the java launcher (and scripts exec'ing it)
    # reads JDK_JAVA_OPTIONS (measured: keytool ignores it)
    assert {"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS"} <= _vars("java")
    assert "JAVA_TOOL_OPTIONS" in _vars("keytool") and "JDK_JAVA_OPTIONS" not in _vars("keytool")
    assert {"MAVEN_OPTS", "JAVA_TOOL_OPTIONS"} <= _vars("mvn")
    assert {"GRADLE_OPTS", "JAVA_OPTS"} <= _vars("gradle")
    assert all(c.mode == "options" and c.source for c in programs.env_options("sbt"))
    assert _vars("tar") == set()


def test_jvm_option_variables_end_to_end():
    _code, out = lint_json("--select", "UL151", FIXTURES / "rules" / "UL151" / "bad_jvm_option_environment.json")
    got = {(f["tool"], f["severity"]) for f in out["findings"]}
    assert ("java_version_heap", "error") in got and ("mvn_version_heap", "error") in got
    assert len(out["findings"]) == 6
    _code, out = lint_json(FIXTURES / "rules" / "UL151" / "good_jvm_option_environment.json")
    assert [f for f in out["findings"] if f["severity"] in ("error", "warning")] == []
