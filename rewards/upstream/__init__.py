"""Faithful reimplementations of open-r1's reward functions at named upstream commits, bugs included.

Each module reproduces, with our own code, what ``src/open_r1/rewards.py`` paid at one commit of
https://github.com/huggingface/open-r1, so a past training run can be re-scored and diagnosed. Fixtures
under ``fixtures/upstream/`` hold the values the real upstream code returned; tests hold us to them.
"""
