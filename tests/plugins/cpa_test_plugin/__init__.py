"""A third-party CPA package, as a user would write one (used by tests/test_plugins.py)."""
