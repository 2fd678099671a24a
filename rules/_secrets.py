"""Heuristics for secrets, shared by the configuration rules."""

from __future__ import annotations

import re
from functools import cache

from utcp_lint.core.lazyre import compile_pattern

# The patterns are compiled on first use (a clean manual never needs most of them: ≈6 ms
# of a cold start, issue 15).


@cache
def _secret_name_re() -> re.Pattern[str]:
    return compile_pattern(
        r"(^|[_\-.])(token|secret|passw(or)?d|pwd|passphrase|api[_\-]?key|apikey|access[_\-]?key|"
        r"private[_\-]?key|client[_\-]?secret|credential|credentials|auth|authorization|session|cookie|"
        r"bearer|signing[_\-]?key|webhook)([_\-.]|$)|^key$",
        re.IGNORECASE,
    )


@cache
def _cloud_credential_vars() -> re.Pattern[str]:
    return compile_pattern(
        r"^(AWS_(ACCESS_KEY_ID|SECRET_ACCESS_KEY|SESSION_TOKEN)|AZURE_(CLIENT_SECRET|STORAGE_KEY|.*_KEY)|"
        r"GOOGLE_APPLICATION_CREDENTIALS|GCP_.*KEY|GH_TOKEN|GITHUB_TOKEN|GITLAB_TOKEN|NPM_TOKEN|"
        r"OPENAI_API_KEY|ANTHROPIC_API_KEY|HF_TOKEN|DOCKER_PASSWORD|KUBECONFIG|SSH_AUTH_SOCK|"
        r"VAULT_TOKEN|DATABASE_URL|PGPASSWORD|MYSQL_PWD)$",
        re.IGNORECASE,
    )


# Well-known token shapes (prefix + entropy).  Each starts with one of these literals
# (the pattern is case-sensitive): a text without any of them cannot match.
_TOKEN_PREFIXES = ("gh", "github_pat_", "sk-", "xox", "AKIA", "AIza", "glpat-", "eyJ", "-----BEGIN ")


@cache
def _token_value_re() -> re.Pattern[str]:
    return compile_pattern(
        r"(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|sk-[A-Za-z0-9_\-]{20,}|"
        r"xox[abposr]-[A-Za-z0-9\-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_\-]{30,}|"
        r"glpat-[A-Za-z0-9_\-]{20,}|eyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]{10,}|"
        r"-----BEGIN [A-Z ]*PRIVATE KEY-----)"
    )


def has_token_value(text: str) -> bool:
    """``text`` contains a well-known token shape (``ghp_…``, ``AKIA…``, a JWT, a PEM key)."""
    return any(p in text for p in _TOKEN_PREFIXES) and _token_value_re().search(text) is not None


@cache
def _var_ref_re() -> re.Pattern[str]:
    return compile_pattern(r"\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Za-z_][A-Za-z0-9_]*")


PLACEHOLDER_VALUES = {
    "",
    "xxx",
    "xxxx",
    "changeme",
    "your-api-key",
    "your_api_key",
    "<token>",
    "...",
    "todo",
    "none",
    "null",
    "example",
    "dummy",
    "test",
}


def is_reference(value: str) -> bool:
    """True when the value takes its secret from a variable (``${VAR}``/``$VAR``)."""
    return bool(_var_ref_re().search(value))


def looks_like_placeholder(value: str) -> bool:
    v = value.strip().lower()
    return v in PLACEHOLDER_VALUES or v.startswith(("<", "your")) or set(v) <= set("x*.-_ ")


def literal_secret(name: str, value: str) -> bool:
    """A literal (non-reference) value that is, or is named as, a secret."""
    if not isinstance(value, str) or is_reference(value) or looks_like_placeholder(value):
        return False
    if has_token_value(value):
        return True
    if _secret_name_re().search(name):
        # headers like "Authorization: Basic" with a value, or token-ish values
        return len(value.strip()) >= 6
    return False


def secret_variable_name(name: str) -> bool:
    return bool(_cloud_credential_vars().match(name) or _secret_name_re().search(name))


LOOPBACK_HOSTS = {"localhost", "127.0.0.1", "::1", "[::1]", "0:0:0:0:0:0:0:1"}


def is_loopback(host: str) -> bool:
    h = host.lower().strip("[]")
    return h in LOOPBACK_HOSTS or h.startswith("127.") or h.endswith(".localhost") or h == "::1"
