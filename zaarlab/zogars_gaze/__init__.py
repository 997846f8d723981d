"""Zogar's Gaze: exact combat odds with the optimal hold policy and a hold advisor (the engine comes next)."""

from . import cards, commands, odds  # noqa: F401  registers the data schemas and CLI commands
