"""The headline: three to six sentences a player understands, from the comparison's JSON data.

Against the first ruleset (the baseline): the largest effects that are both significant and
larger than their margin, in player terms; the rulesets shown not to matter (every headline
figure equivalent within its margin); whether seats are fair; how long a game is; and the
warnings (differing rules never or rarely exercised). Which figures these are comes first: of the
rulesets filled, when rule gaps void too many rounds of the rulesets as written.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .metrics import HEADLINE, METRICS, metric, seat_words
from .wording import join_words

__all__ = ["headline", "short_names", "FEW_GAMES", "CORE"]

FEW_GAMES = 30  # per-game figures from fewer complete games are marked as such
#: the figures a ruleset must leave unchanged (equivalent) to be "shown not to matter"
CORE = (("per_round", "turns"), ("per_game", "rounds_per_game"), ("per_round", "cards_drawn"),
         ("per_round", "winner_points"))


def short_names(specs: Sequence[str]) -> dict[str, str]:
    """Names for sentences: a composition on the baseline by what it adds (``mattel-2018+reshuffle``
    -> ``reshuffle``), everything else as given."""
    base = specs[0]
    return {s: s[len(base) + 1:] if s.startswith(base + "+") and s != base else s for s in specs}


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%" if round(100 * x) >= 10 else f"{100 * x:.1f}%"


def _effects(tests, base, n, names, voided: Mapping[str, float]) -> list[str]:
    """The largest noticeable effects against the baseline: per ruleset the first of the headline
    figures (in :data:`HEADLINE` order) that changes significantly by more than its margin; the
    three rulesets whose change is largest against its margin."""
    best: dict[str, tuple[int, float, str]] = {}
    for t in tests:
        key = (t["family"], t["metric"])
        if t["players"] != n or t["a"] != base or not t["significant"] or key not in HEADLINE:
            continue
        m = metric(*key)
        size = abs(t["difference"]) / m.margin if m.margin else 0.0
        if size <= 1.0:  # significant, but smaller than a table would notice
            continue
        who = names[t["b"]]
        if voided.get(t["b"], 0.0) > 1.5 * voided.get(base, 0.0):  # partly the gaps' effect: say so here
            who += f" ({_pct(voided[t['b']])} of its rounds void at rule gaps)"
        text = f"with {who}, {m.change(t['difference'])} ({m.value(t['value_b'])} against {m.value(t['value_a'])})"
        rank = HEADLINE.index(key)
        if rank < best.get(t["b"], (len(HEADLINE), 0.0, ""))[0]:
            best[t["b"]] = (rank, size, text)
    top = sorted(best.values(), key=lambda rst: -rst[1])[:3]
    return [text for _, _, text in top]


def _equivalence(tests, base, n, specs, names, noticed) -> tuple[list[str], list[str]]:
    """Rulesets whose core figures are all shown equivalent to the baseline's, and those undecided."""
    same, unsure = [], []
    for spec in specs[1:]:
        if spec in noticed:
            continue
        core = {(t["family"], t["metric"]): t for t in tests
                if t["players"] == n and t["a"] == base and t["b"] == spec and (t["family"], t["metric"]) in CORE}
        if core and all(t["equivalent"] for t in core.values()):
            same.append(names[spec])
        else:
            unsure.append(names[spec])
    return same, unsure


def _seats(rows, n, specs, names) -> str | None:
    rows = {r["ruleset"]: r for r in rows if r["players"] == n}
    if not rows:
        return None
    even = _pct(1 / n)
    by_verdict: dict[str, list[str]] = {}
    for spec in specs:
        if spec in rows:
            by_verdict.setdefault(rows[spec]["verdict"], []).append(spec)
    parts = []
    if "uneven" in by_verdict:
        first = rows[by_verdict["uneven"][0]]
        shares = first["shares"]
        hi = max(range(n), key=lambda k: shares[k])
        lo = min(range(n), key=lambda k: shares[k])
        who = _under(by_verdict["uneven"], specs, names)
        parts.append(f"seats are not even {who}: {seat_words(hi)} wins {_pct(shares[hi])} of the scored rounds "
                     f"and {seat_words(lo)} {_pct(shares[lo])}, against {even} for an even split")
    if "even" in by_verdict:
        parts.append(f"seats are even within ±{100 * rows[by_verdict['even'][0]]['margin']:.0f} points "
                     f"{_under(by_verdict['even'], specs, names)}")
    if "undecided" in by_verdict:
        group = by_verdict["undecided"]
        margin = 100 * rows[group[0]]["margin"]
        scored = min(rows[spec]["n"] for spec in group)
        parts.append(f"no seat is shown to win more often than another {_under(group, specs, names)}, but "
                     f"{scored:,} {'scored' if rows[group[0]]['basis'] == 'every seat' else 'comparable'} rounds"
                     f"{' (the fewest of them)' if len(group) > 1 else ''} are too few to show every seat within "
                     f"±{margin:.0f} points of {even}: a longer run would tell")
    if "untestable" in by_verdict:
        parts.append(f"no two seats hold the same agent {_under(by_verdict['untestable'], specs, names)}, so "
                     "whether a seat wins more cannot be told apart from which agent sits there")
    text = "; ".join(parts)
    if any(r["basis"] == "same-agent seats" for r in rows.values()):
        text += " (comparing only seats that hold the same agent, so that the agents' skill is not read as a seat's)"
    return text[0].upper() + text[1:] + "."


def _verdict(t) -> str:
    """"more" / "less" (significant and larger than the margin), "same" (shown within it), "open"."""
    if t is None:
        return "none"
    if t["significant"] and abs(t["difference"]) > (t["margin"] or 0.0):
        return "more" if t["difference"] > 0 else "less"
    return "same" if t["equivalent"] else "open"


def _drama_words(t) -> str:
    """A drama test's two values in words: "70% of games are won from behind, against 82%"."""
    if t["metric"] == "comebacks":
        return f"{_pct(t['value_b'])} of games are won from behind, against {_pct(t['value_a'])}"
    return f"{t['value_b']:.1f} lead changes a game, against {t['value_a']:.1f}"


def _design(tests, base, n, specs, names, sims) -> list[str]:
    """The game as a designer judges it, per ruleset against the baseline: does the better player
    win more often (skill), are games more dramatic (won from behind, lead changes), is the lead
    settled later, do rounds end more suddenly, does one ruleset favour a seat in games won."""
    found = {(t["b"], t["metric"]): t for t in tests
             if t["players"] == n and t["a"] == base and t["family"] == "design"}
    out = []
    for spec in specs[1:]:
        parts, unsure = [], []
        skill = found.get((spec, "skill"))
        v = _verdict(skill)
        if v != "none":
            values = f"skill {skill['value_b']:.2f} against {skill['value_a']:.2f}"
            if v in ("more", "less"):
                parts.append(f"the better player wins {v} often: {values}")
            elif v == "same":
                parts.append(f"the better player wins as often ({values})")
            else:
                unsure.append(f"the better player's edge ({values})")
        drama = [(_verdict(t), t) for t in (found.get((spec, "comebacks")), found.get((spec, "lead_changes")))
                 if t is not None]
        if drama:
            moved = [(v, t) for v, t in drama if v in ("more", "less")]
            if moved:
                parts.append(f"games are {moved[0][0]} dramatic ({_drama_words(moved[0][1])})")
            elif all(v == "same" for v, _ in drama):
                parts.append(f"games are as dramatic ({_drama_words(drama[0][1])})")
            else:
                unsure.append(f"drama ({_drama_words(drama[0][1])})")
        settled = found.get((spec, "lead_settled"))
        if _verdict(settled) in ("more", "less"):
            parts.append(f"the winner takes the lead for good {'later' if settled['difference'] > 0 else 'earlier'} "
                         f"(after {_pct(settled['value_b'])} of the game, against {_pct(settled['value_a'])})")
        sudden = found.get((spec, "one_turn_rounds"))
        if _verdict(sudden) in ("more", "less"):
            parts.append(f"rounds end {'more' if sudden['difference'] > 0 else 'less'} suddenly ("
                         f"{_pct(sudden['value_b'])} are won in one turn by a player who was not closest to going "
                         f"out, against {_pct(sudden['value_a'])})")
        for name, who in (("first_player_edge", "the first player"), ("dealer_edge", "the first dealer")):
            t = found.get((spec, name))
            if _verdict(t) in ("more", "less"):  # an edge is a share of games won less an even share
                parts.append(f"{who} wins {_pct(t['value_b'] + 1 / n)} of the games, against "
                             f"{_pct(t['value_a'] + 1 / n)}")
        if unsure:
            parts.append("too close to call: " + join_words(unsure))
        if parts:
            out.append(f"As a game, under {names[spec]}: " + "; ".join(parts) + ".")
    uneven = [spec for spec in specs if sims[(spec, n)].get("design", {}).get("seat_spread", {}).get("uneven")]
    if uneven:
        out.append(f"Games are not won evenly from every seat under {join_words([names[s] for s in uneven])} "
                   "(chi-square test of the game winners' seats): see the design profile.")
    return out


def _agents(rows, n, specs, names) -> str | None:
    """A mixed policy: the agent that wins most above what its seats would win if agents did not matter."""
    rows = [r for r in rows if r["players"] == n]
    if not rows:
        return None
    best = []
    for spec in specs:
        r = next((r for r in rows if r["ruleset"] == spec), None)
        if r is None or not r["agents"]:
            continue
        a = max(r["agents"], key=lambda a: (a["rounds"]["rate"] or 0.0) - a["fair"])
        if a["rounds"]["rate"] is not None:
            best.append((spec, a))
    if not best:
        return None
    parts = []
    for i, (spec, a) in enumerate(best):
        lo, hi = a["rounds"]["ci95"]
        games = f" and {_pct(a['games']['rate'])}" if a["games"]["rate"] is not None else ""
        if i == 0:
            parts.append(f"{a['agent']} ({a['seats']} of {n} seats) wins {_pct(a['rounds']['rate'])} of the scored "
                         f"rounds ({_pct(lo)} to {_pct(hi)}){games + ' of the games' if games else ''} "
                         f"under {names[spec]}")
        else:
            who = "" if a["agent"] == best[0][1]["agent"] else f"{a['agent']} "
            parts.append(f"{who}{_pct(a['rounds']['rate'])} ({_pct(lo)} to {_pct(hi)}){games} under {names[spec]}")
    moved = "the agents move one seat each game" if rows[0]["seats"] == "rotate" else "the agents keep their seats"
    fair = best[0][1]["fair"]
    return f"Agents: {'; '.join(parts)}, against {_pct(fair)} if the agents played alike ({moved})."


def _under(group, specs, names) -> str:
    if len(group) == len(specs) and len(specs) > 1:
        return "under every ruleset"
    return "under " + join_words([names[s] for s in group])


def _length(sims, tests, base, n, specs, names) -> str | None:
    rpg = METRICS[("per_game", "rounds_per_game")]
    cell = sims[(base, n)]
    g, t = cell["per_game"]["rounds_per_game"], cell["per_round"]["turns"]
    if g["mean"] is None:
        return (f"No game was completed under {names[base]}; a round takes {t['mean']:.1f} turns."
                if t["mean"] is not None else None)
    few = f" (from only {g['n']} complete games)" if g["n"] < FEW_GAMES else ""
    text = f"A game lasts {g['mean']:.1f} rounds of {t['mean']:.1f} turns under {names[base]}{few}"
    longer = [tt for tt in tests if tt["players"] == n and tt["a"] == base and tt["family"] == "per_game"
              and tt["metric"] == "rounds_per_game" and tt["significant"] and abs(tt["difference"]) > rpg.margin]
    others = [f"{tt['value_b']:.1f} under {names[tt['b']]}" for tt in longer]
    rest = [s for s in specs[1:] if s not in {tt["b"] for tt in longer}]
    if others:
        text += "; " + join_words(others)
    if rest:
        values = [sims[(s, n)]["per_game"]["rounds_per_game"]["mean"] for s in rest]
        values = [v for v in values if v is not None]
        if values:
            lo, hi = min(values), max(values)
            span = f"{lo:.1f}" if round(lo, 1) == round(hi, 1) else f"{lo:.1f} to {hi:.1f}"
            text += f"; {span} under {'the others' if others or len(rest) > 1 else names[rest[0]]}"
    return text + "."


def _gaps(doc, n, specs, names) -> list[str]:
    """Which rulesets' rounds rule gaps void, and which figures the report gives: of the rulesets
    filled (the comparison's own figures then) or as written."""
    rows = [g for g in doc.get("gap_heavy", []) if g["players"] == n]
    if not rows:
        return []
    paths: dict[str, float] = {}
    for g in rows:
        for p, r in g["paths"].items():
            paths[p] = max(paths.get(p, 0.0), r)
    top = sorted(paths, key=lambda p: -paths[p])[:2]
    if len({_pct(g["void_share"]) for g in rows}) == 1:
        who = "every ruleset's rounds" if len(rows) == len(specs) else \
            f"the rounds of {join_words([names[g['ruleset']] for g in rows])}"
        which = f"{_pct(rows[0]['void_share'])} of {who}"
    else:
        which = join_words([f"{_pct(g['void_share'])} of the rounds of {names[g['ruleset']]}" for g in rows])
    filling = doc.get("filling")
    if filling:
        count = len({x["path"] for r in filling["rulesets"] if r["players"] == n for x in r["readings"]})
        s = doc["settings"]
        amount = f"{s['games']:,} games" if s.get("games") else f"{s['rounds']:,} rounds"
        return [f"Every figure here is of the rulesets with their silences filled ({count} silence"
                f"{'s' if count != 1 else ''}, each read the same named way under every ruleset, {amount} each): "
                f"as written, rule gaps void {which} (mostly {join_words(top)}), so their figures would measure "
                "the silences; the rulesets as written are the secondary table (--no-fill compares them)."]
    way_out = "--no-fill was given; without it every ruleset is filled with the same named readings"
    return [f"Rule gaps void {which} (mostly {join_words(top)}): those rounds stop where the sources are "
            f"silent, so part of {'its' if len(rows) == 1 else 'their'} figures measures the silences, not the "
            f"game ({way_out})."]


def _unexercised(entries, n, policy, names) -> str | None:
    """The differing rules play never or rarely reached, and the rulesets left untested by it."""
    rows = [e for e in entries if e["players"] == n and e["status"] != "exercised"]
    if not rows:
        return None
    total = len({e["path"] for e in entries if e["players"] == n})
    tested = {spec for e in entries if e["players"] == n and e["status"] == "exercised" for spec in e["differs_in"]}
    parts = []
    for e in rows:
        untested = [names[s] for s in e["differs_in"] if s not in tested]
        what = f"{e['path']} ({e['never'] if e['status'] == 'never' else 'rarely reached'})"
        parts.append(what + (f", so {join_words(untested)} went untested" if untested else ""))
    verb = "was" if len(rows) == 1 else "were"
    return (f"{len(rows)} of the {total} differing rules {verb} never or rarely put to the test under "
            f"policy {policy}: {'; '.join(parts)}. For those, \"no difference\" means \"not tested\": "
            "see the warnings for what would test them.")


def _untested(entries, n) -> set[str]:
    """Rulesets every one of whose differences from the others play never reached."""
    tested = {spec for e in entries if e["players"] == n and e["status"] == "exercised" for spec in e["differs_in"]}
    return {spec for e in entries if e["players"] == n and e["status"] == "never"
            for spec in e["differs_in"]} - tested


def headline(doc: Mapping[str, Any]) -> list[str]:
    """The sentences, for every player count compared (prefixed "With N players" when several)."""
    specs = [r["spec"] for r in doc["rulesets"]]
    names = short_names(specs)
    base = specs[0]
    sims = {(x["ruleset"], x["players"]): x["summary"] for x in doc["simulation"]}
    tests = doc["effects"]["tests"]
    players = doc["settings"]["players"]
    out: list[str] = []
    for n in players:  # first: when rule gaps void many rounds, the figures measure them too
        for sentence in _gaps(doc, n, specs, names):
            out.append(_with(f"With {n} players, " if len(players) > 1 else "", sentence))
    for n in players:
        prefix = f"With {n} players, " if len(players) > 1 else ""
        voided = {} if doc.get("filling") else {g["ruleset"]: g["void_share"] for g in doc.get("gap_heavy", [])
                                                 if g["players"] == n}
        effects = _effects(tests, base, n, names, voided)
        noticed = {t["b"] for t in tests if t["players"] == n and t["a"] == base and t["significant"]
                   and (t["family"], t["metric"]) in HEADLINE and abs(t["difference"]) > metric(t["family"],
                                                                                               t["metric"]).margin}
        if effects:
            out.append(_with(prefix, f"Against {names[base]}: " + "; ".join(effects) + "."))
        elif len(specs) > 1:
            out.append(_with(prefix, f"No ruleset changes a headline figure (turns, rounds per game, cards "
                                     f"drawn, points) by more than its margin against {names[base]}."))
        same, unsure = _equivalence(tests, base, n, specs, names, noticed | _untested(doc.get("exercised", []), n))
        margins = ", ".join(f"{METRICS[k].label} ±{METRICS[k].margin:g}" for k in CORE)
        parts = []
        if same:
            parts.append(f"{join_words(same)} {'makes' if len(same) == 1 else 'make'} no difference a player "
                         f"would notice (within {margins})")
        if unsure:
            parts.append(f"too close to call for {join_words(unsure)}: more rounds would decide")
        if parts:
            text = "; ".join(parts)
            out.append(_with(prefix, text[0].upper() + text[1:] + "."))
        for sentence in (*_design(tests, base, n, specs, names, sims),
                         _agents(doc.get("agents", []), n, specs, names),
                         _seats(doc.get("seat_fairness", []), n, specs, names),
                         _length(sims, tests, base, n, specs, names)):
            if sentence:
                out.append(_with(prefix, sentence))
    for n in players:
        sentence = _unexercised(doc.get("exercised", []), n, doc["settings"]["policy"], names)
        if sentence:
            out.append(_with(f"With {n} players, " if len(players) > 1 else "", sentence))
    return out


def _with(prefix: str, sentence: str) -> str:
    """``With 4 players, a game lasts ...``: a sentence behind a prefix starts in lower case."""
    if not prefix:
        return sentence
    first = sentence.split(" ", 1)[0]
    return prefix + (sentence if (first.isupper() and len(first) > 1) or any(ch.isdigit() for ch in first) else
                     sentence[0].lower() + sentence[1:])
