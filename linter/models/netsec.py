"""URL checks the network plugins apply, re-implemented (not copied).

* utcp-websocket 1.2.1 ``WebSocketCallTemplate.validate_url`` (a pydantic
  field validator, so it runs at *registration*): ``wss://`` anywhere, or
  ``ws://`` to a host that is loopback in any spelling the resolver accepts.
* utcp-http 1.1.15 ``ensure_secure_url`` (HTTP, SSE, streamable HTTP; manual
  discovery, every tool invocation and every OAuth2 token URL): ``https://``
  anywhere, ``http://`` only to loopback (same wide loopback classifier).
* utcp-gql 1.1.6 has its own ``is_secure_url`` with a narrower loopback set
  (``localhost``/``127.0.0.1``/``::1``/``[::1]`` or an ``ipaddress`` loopback).

All checks run on the URL as written: no variable substitution has happened
when a template is validated.
"""

from __future__ import annotations

import socket
from ipaddress import IPv6Address, ip_address
from typing import Optional
from urllib.parse import urlparse

from ..core.lazyre import compile_pattern

_LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})
_IPV4_SPELLING = compile_pattern(r"^[0-9a-fx.]+$")


def is_loopback_host_wide(host: str) -> bool:
    """Loopback as utcp-http/utcp-websocket classify it (resolver spellings)."""
    if host in _LOOPBACK_NAMES:
        return True
    host = host.rstrip(".")
    if not host:
        return False
    if host in _LOOPBACK_NAMES or host in ("0.0.0.0", "::"):
        return True
    try:
        addr = ip_address(host)
    except ValueError:
        if not _IPV4_SPELLING.match(host):
            return False
        try:
            addr = ip_address(socket.inet_ntoa(socket.inet_aton(host)))
        except (OSError, ValueError):
            return False
    if addr.is_loopback or addr.is_unspecified:
        return True
    if isinstance(addr, IPv6Address):
        mapped = addr.ipv4_mapped
        if mapped is not None and (mapped.is_loopback or mapped.is_unspecified):
            return True
    return False


def is_loopback_host_narrow(host: str) -> bool:
    """Loopback as utcp-gql 1.1.6 classifies it."""
    if host in _LOOPBACK_NAMES:
        return True
    try:
        return ip_address(host).is_loopback
    except ValueError:
        return False


def _scheme_host(url: str) -> Optional[tuple[str, str]]:
    if not isinstance(url, str) or not url:
        return None
    try:
        parsed = urlparse(url)
        host = (parsed.hostname or "").lower()
    except ValueError:
        return None
    return (parsed.scheme or "").lower(), host


def ws_url_accepted(url: str) -> bool:
    """Would utcp-websocket 1.2.1 accept ``url`` as a WebSocketCallTemplate.url?"""
    sh = _scheme_host(url)
    if sh is None:
        return False
    scheme, host = sh
    if scheme not in ("ws", "wss") or not host:
        return False
    return scheme == "wss" or is_loopback_host_wide(host)


def http_url_accepted(url: str, narrow: bool = False) -> bool:
    """Would utcp-http (``narrow``: utcp-gql) let a request go to ``url``?"""
    sh = _scheme_host(url)
    if sh is None:
        return False
    scheme, host = sh
    if scheme not in ("http", "https") or not host:
        return False
    if scheme == "https":
        return True
    return is_loopback_host_narrow(host) if narrow else is_loopback_host_wide(host)


def has_substitution(url: str) -> bool:
    """True when the URL's scheme or host is not literal (``${VAR}``, ``{host}``).

    Variables are substituted before discovery and invocation, so such a URL
    cannot be judged statically.
    """
    head = url.split("/", 3)[:3]
    return any(ch in "".join(head) for ch in "${}")
