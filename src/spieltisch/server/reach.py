"""Who can reach the web table: this computer only, or other devices on its network too.

The links the page hands out (an invite, a spectator's link, a seat for another device)
are for other devices. A page opened at ``localhost`` would write ``localhost`` into
them, which names the other device itself; `Reach` tells the page the address to use
instead, or that there is none because the server listens on this computer alone.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass

WILDCARDS = ("0.0.0.0", "::", "")
"""Hosts that listen on every address of the computer."""

_LOOPBACK_NAMES = ("localhost", "ip6-localhost", "ip6-loopback")


@dataclass(frozen=True)
class Reach:
    """What the page is told about other devices: `origin`, the server's address on the
    network (``http://192.168.1.23:8000``), or `local`, that only this computer can
    reach it. Both unset when the server does not know (another server runs the app).
    """

    origin: str | None = None
    local: bool = False


UNKNOWN = Reach()
"""What an app made without a word on its reach tells the page: nothing."""


def reach(host: str, port: int, addresses: Iterable[str] | None = None) -> Reach:
    """How far a server listening on `host`:`port` reaches; `addresses` are the computer's
    own on its network (found when not given).

    >>> reach("127.0.0.1", 8000)
    Reach(origin=None, local=True)
    >>> reach("0.0.0.0", 8000, ["192.168.1.23"])
    Reach(origin='http://192.168.1.23:8000', local=False)
    >>> reach("::", 8080, ["2001:db8::5"])
    Reach(origin='http://[2001:db8::5]:8080', local=False)
    >>> reach("192.168.1.23", 8000)
    Reach(origin=None, local=False)
    """
    if is_loopback(host):
        return Reach(local=True)
    if host not in WILDCARDS:
        return Reach()
    found = network_addresses() if addresses is None else list(addresses)
    if not found:
        return Reach()
    address = ipaddress.ip_address(found[0])
    shown = f"[{address}]" if address.version == 6 else str(address)
    return Reach(origin=f"http://{shown}:{port}")


def is_loopback(host: str) -> bool:
    """Whether `host` names this computer only (``localhost``, ``127.0.0.1``, ``::1``).

    >>> [is_loopback(h) for h in ("localhost", "127.0.0.5", "::1", "0.0.0.0", "example.org")]
    [True, True, True, False, False]
    """
    if host.lower() in _LOOPBACK_NAMES or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def network_addresses() -> list[str]:
    """This computer's addresses that other devices on its network can use, the one its
    route outwards leaves from first; none on a computer without a network.

    Finding the route sends nothing: a UDP socket is only pointed at an address of the
    documentation range.
    """
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        named = socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM)
    except OSError:
        named = []
    found += [str(info[4][0]) for info in named]
    return list(dict.fromkeys(a for a in found if _usable(a)))


def _usable(address: str) -> bool:
    """Whether another device could reach this computer at `address`."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)
