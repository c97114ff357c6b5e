"""The adapters pass their libraries' own test suites for every registered game."""
