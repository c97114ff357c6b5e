"""Browser tests of the web table (Playwright driving Debian's Chromium)."""
