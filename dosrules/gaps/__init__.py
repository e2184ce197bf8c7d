"""Silences and their readings: which rulesets choose which, and which silences change the game.

Modules: ``choices`` (who chooses which reading, with citations), ``catalogue`` (a ruleset's
silences with readings and the verifier's reachability: :func:`~.catalogue.describe_silences`,
:func:`~.catalogue.describe_silence`), ``measure`` (the baseline filling and the simulation of
every reading: :func:`~.measure.baseline_filling`, :func:`~.measure.measure_silences`),
``effects`` (paired effects, TOST, Holm, groups), ``report`` and ``plots`` (text, JSON, HTML with a
forest plot per silence). Readings themselves and filling are part of the ruleset language:
:mod:`dosrules.ruleset.readings`, :mod:`dosrules.ruleset.fill`.
"""
