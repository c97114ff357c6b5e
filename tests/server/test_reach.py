"""How far the web table reaches: the address other devices' links use, or that only this
computer can open them."""

from __future__ import annotations

import asyncio
import ipaddress
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from starlette.types import ASGIApp

from spieltisch.server import announcement, create_app
from spieltisch.server.reach import Reach, network_addresses, reach

from .server_harness import running_server


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.1.1"])
def test_a_server_on_a_loopback_address_reaches_this_computer_alone(host: str) -> None:
    assert reach(host, 8000, ["192.168.1.23"]) == Reach(local=True)


@pytest.mark.parametrize(("host", "addresses", "origin"), [
    ("0.0.0.0", ["192.168.1.23", "10.0.0.4"], "http://192.168.1.23:8000"),
    ("::", ["fd00::17"], "http://[fd00::17]:8000"),
    ("0.0.0.0", [], None),
    ("192.168.1.23", ["192.168.1.23"], None),
])
def test_a_server_on_every_address_gives_its_first_network_address(
        host: str, addresses: list[str], origin: str | None) -> None:
    assert reach(host, 8000, addresses) == Reach(origin=origin)


def test_the_network_addresses_found_are_ones_other_devices_can_use() -> None:
    for address in network_addresses():
        ip = ipaddress.ip_address(address)
        assert not (ip.is_loopback or ip.is_link_local or ip.is_unspecified), address


def test_serve_says_where_the_table_opens_and_how_to_let_other_devices_in() -> None:
    assert announcement("127.0.0.1", 8000, Reach(local=True)) == [
        "the web table is at http://127.0.0.1:8000/",
        "only this computer can open it; --host 0.0.0.0 lets other devices on the network in"]
    assert announcement("::", 9000, Reach(origin="http://[fd00::17]:9000")) == [
        "the web table is at http://localhost:9000/",
        "other devices on the network open it at http://[fd00::17]:9000/"]
    assert announcement("::1", 8000, Reach(local=True))[0] == "the web table is at http://[::1]:8000/"
    assert announcement("0.0.0.0", 8000, Reach()) == ["the web table is at http://localhost:8000/"]


def test_the_network_address_is_told_only_to_pages_on_this_computer(tmp_path: Path) -> None:
    far = Reach(origin="http://192.168.1.23:8000")
    with running_server(tmp_path / "here", reach=far) as server:
        assert server.http.get("/api/reach").json() == {"origin": far.origin, "local": False}
    app = create_app(tmp_path / "far", reach=far)
    with ThreadPoolExecutor(1) as thread:  # the test process may run an event loop already
        answer = thread.submit(asyncio.run, asked_from("192.168.1.50", app)).result()
    assert answer == {"origin": None, "local": False}


async def asked_from(address: str, app: ASGIApp) -> object:
    """The app's answer to `GET /api/reach` from a page at `address`."""
    transport = httpx.ASGITransport(app=app, client=(address, 50000))
    async with httpx.AsyncClient(transport=transport, base_url="http://table") as client:
        return (await client.get("/api/reach")).json()


def test_a_server_for_this_computer_alone_says_so_and_one_made_without_a_word_says_nothing(
        tmp_path: Path) -> None:
    with running_server(tmp_path / "alone", reach=Reach(local=True)) as server:
        assert server.http.get("/api/reach").json() == {"origin": None, "local": True}
    with running_server(tmp_path / "unsaid") as server:
        assert server.http.get("/api/reach").json() == {"origin": None, "local": False}
