"""Maintainer scripts that (re)build hand-curated fixtures; never run by tests or the CLI.

``python -m bench.maintenance.make_reasoning_snippets /path/to/realdata`` and
``python -m bench.maintenance.make_synthetic_logs``.
"""
