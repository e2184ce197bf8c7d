"""A scripted person for games at a Table: what they type, decision by decision.

The person plays as greedy chooses, except that they first try an illegal move (putting a card
into the Centre Row before drawing), forget to call DOS the first time they could (so the next
bot, which always catches, catches them), and call it every time after being caught. Under
``mattel-2018+target-40`` with seat 0 the person and two greedy bots, seed 127 is a one-round
game in which that person is caught, then calls DOS and goes out, winning the game.

:class:`GapPerson` plays as greedy and answers the table's questions at rule gaps: under
``german`` with four players (:data:`FOUR`) and seed 4, the person's second action ('match 9r with
8r+#b=1') reaches the colour of a Wild # (wilds.wild_number.colour), and a bot's going out later
reaches whether the others draw for a double colour match first.
"""

from __future__ import annotations

from pathlib import Path

from dosrules.engine.events import Caught
from dosrules.play.agents import GreedyAgent
from dosrules.play.simulate import load
from dosrules.play.table import GapQuestion

DATA = Path(__file__).parent / "data" / "games"
RULESET = "mattel-2018+target-40"
SEED, PLAYERS, AGENTS = 127, 3, ["human", "greedy", "greedy"]
FOUR = ["human", "greedy", "greedy", "greedy"]


def short_ruleset():
    return load(RULESET, [DATA])


class ScriptedPerson:
    def __init__(self):
        self.forgetful, self.careful = GreedyAgent(1, forget=1.0), GreedyAgent(2)
        self.tried_illegal = False

    def next_lines(self, table) -> list[str]:
        """The lines the person types at this decision; the last one is a legal move."""
        state = table.state
        seat = table.person_to_act()
        caught = any(isinstance(e, Caught) and e.seat == seat for e in state.events)
        move = str((self.careful if caught else self.forgetful).act(state))
        if not self.tried_illegal:
            self.tried_illegal = True
            return [f"place {table.view().hand[0]}", move]
        return [move]

    def script(self, table) -> list[str]:
        """Every line of a whole game, playing it on ``table``."""
        lines = []
        while not table.over:
            typed = self.next_lines(table)
            for text in typed:
                table.attempt(text)
            lines += typed
        return lines


class GapPerson:
    """Plays as greedy; answers the table's questions from ``answers`` (then '1')."""

    def __init__(self, answers=()):
        self.agent = GreedyAgent(9)
        self.answers = list(answers)
        self.asked: list[GapQuestion] = []

    def next_line(self, table) -> str:
        if table.question is not None:
            self.asked.append(table.question)
            return self.answers.pop(0) if self.answers else "1"
        return str(self.agent.act(table.state))

    def play(self, table, limit: int = 2000) -> list[str]:
        """Play ``table`` to its end; the lines typed."""
        typed = []
        while not table.over and len(typed) < limit:
            line = self.next_line(table)
            typed.append(line)
            if table.question is not None:
                assert table.choose(line) is None
            else:
                assert table.attempt(line).ok
        assert table.over
        return typed
