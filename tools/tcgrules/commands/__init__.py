"""CLI command modules: each defines ``register(subparsers)`` (see :mod:`tcgrules.cli`)."""
