"""One module per CLI subcommand group; each has ``register(subparsers)``."""
