"""Caps that make every game end, shared by play, simulate, the referee and the command line (a
light module: the CLI reads it at start-up). docs/limits.md lists every limit of dosrules and
why it has its value."""

TURN_CAP = 1000  # turns in one round: a round that reaches it never ends by itself
MAX_ROUNDS_PER_GAME = 1000  # rounds in one game, void ones included
