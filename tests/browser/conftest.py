"""Fixtures of the browser tests (the harness lives in browser_harness.py)."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

from .browser_harness import CHROMIUM, CHROMIUM_ARGS, LiveServer, Pages


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
        item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the test item, so fixtures can see a failure."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("web-tables")) as server:
        yield server


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), "Chromium is missing: run `make browser`"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def pages(request: pytest.FixtureRequest, browser: Browser,
          live: LiveServer) -> Iterator[Pages]:
    held = Pages(browser, live.url)
    yield held
    failed = any(getattr(request.node, f"report_{when}", None) is not None
                 and getattr(request.node, f"report_{when}").failed for when in ("setup", "call"))
    if failed:
        held.screenshot(request.node.name)
    held.close()
    assert not held.errors, f"errors in the page: {held.errors}"
