"""The engine's events as lines in the reader's language, rendered from their fields (``kind``
and the dataclass fields, as :meth:`~dosrules.engine.events.Event.as_dict` gives them); the
English lines are the events' own ``str()``, which logs and transcripts keep.

How a dealer was chosen, why a card was drawn or placed, and the reasons a round or game ended
are words of their own (:data:`WORDS`, :mod:`.refusals`)."""

from __future__ import annotations

from ..engine.events import Event
from .phrases import Phrases
from .refusals import translate

__all__ = ["event_line", "LINES", "WORDS"]

LINES = Phrases("events", {
    "dealer": {"en": "seat {seat} deals: {how}{drawn}", "de": "Platz {seat} gibt: {how}{drawn}",
               "ko": "자리 {seat}이(가) 딜러입니다: {how}{drawn}", "eu": "{seat}. jokalariak banatzen du: {how}{drawn}"},
    "dealer.drawn": {"en": " (drew {cards})", "de": " (gezogen: {cards})", "ko": " (뽑은 카드: {cards})",
                     "eu": " (hartutakoak: {cards})"},
    "dealt": {"en": "round {round}: seat {dealer} deals {hand_size} each; Centre Row {row}",
              "de": "Runde {round}: Platz {dealer} gibt jedem {hand_size}; Mittelreihe {row}",
              "ko": "라운드 {round}: 자리 {dealer}이(가) 한 사람에게 {hand_size}장씩 나눠 줍니다; 센터 로우 {row}",
              "eu": "{round}. erronda: {dealer}. jokalariak {hand_size} banatzen dizkio bakoitzari; Erdiko Errenkada {row}"},
    "turn": {"en": "seat {seat} to play; Centre Row {row}", "de": "Platz {seat} ist dran; Mittelreihe {row}",
             "ko": "자리 {seat}의 차례; 센터 로우 {row}", "eu": "{seat}. jokalariaren txanda; Erdiko Errenkada {row}"},
    "matched": {"en": "seat {seat} matches {target} with {cards}", "de": "Platz {seat} deckt {target} mit {cards} ab",
                "ko": "자리 {seat}이(가) {target}에 {cards}(으)로 매치합니다", "eu": "{seat}. jokalariak {target} {cards}-rekin parekatzen du"},
    "bonus": {"en": "seat {seat} earns a {bonus} match bonus: {place_cards} card(s) to the row{extra}",
              "de": "Platz {seat} bekommt einen Bonus für {bonus}: {place_cards} Karte(n) in die Reihe{extra}",
              "ko": "자리 {seat}이(가) {bonus} 보너스를 받습니다: 로우에 {place_cards}장{extra}",
              "eu": "{seat}. jokalariak {bonus} hobaria lortzen du: {place_cards} karta errenkadara{extra}"},
    "bonus.others": {"en": ", every other player draws {n}", "de": ", alle anderen ziehen {n}",
                     "ko": ", 다른 모든 플레이어가 {n}장 뽑습니다", "eu": ", beste jokalari guztiek {n} hartzen dituzte"},
    "drew": {"en": "seat {seat} draws {n} ({reason}): {cards}", "de": "Platz {seat} zieht {n} ({reason}): {cards}",
             "ko": "자리 {seat}이(가) {n}장 뽑습니다({reason}): {cards}", "eu": "{seat}. jokalariak {n} hartzen ditu ({reason}): {cards}"},
    "placed": {"en": "seat {seat} places {card} in the Centre Row ({reason})",
               "de": "Platz {seat} legt {card} in die Mittelreihe ({reason})",
               "ko": "자리 {seat}이(가) {card}을(를) 센터 로우에 놓습니다({reason})",
               "eu": "{seat}. jokalariak {card} jartzen du Erdiko Errenkadan ({reason})"},
    "declared": {"en": "seat {seat} declares {card} in the Centre Row", "de": "Platz {seat} sagt {card} in der Mittelreihe an",
                 "ko": "자리 {seat}이(가) 센터 로우의 {card}을(를) 선언합니다", "eu": "{seat}. jokalariak {card} adierazten du Erdiko Errenkadan"},
    "turn-ended": {"en": "seat {seat} ends the turn; discards {cards}", "de": "Platz {seat} beendet den Zug; legt {cards} ab",
                   "ko": "자리 {seat}이(가) 차례를 끝냅니다; 버림 더미로 {cards}",
                   "eu": "{seat}. jokalariak txanda amaitzen du; bazterketa-pilara {cards}"},
    "refilled": {"en": "Centre Row refilled with {cards}: {row}", "de": "Mittelreihe aufgefüllt mit {cards}: {row}",
                 "ko": "센터 로우를 {cards}(으)로 다시 채움: {row}", "eu": "Erdiko Errenkada berriz beteta {cards}-rekin: {row}"},
    "reshuffled": {"en": "discard pile ({cards} cards) shuffled into a new deck",
                   "de": "Ablagestapel ({cards} Karten) zu einem neuen Nachziehstapel gemischt",
                   "ko": "버림 더미({cards}장)를 섞어 새 뽑기 더미를 만듭니다",
                   "eu": "bazterketa-pila ({cards} karta) nahastuta sorta berri bat egiteko"},
    "buried": {"en": "all-wild Centre Row buried: {cards}", "de": "Mittelreihe nur aus Jokern weggelegt: {cards}",
               "ko": "와일드 카드만 있는 센터 로우를 묻습니다: {cards}", "eu": "komodinez bakarrik osatutako Erdiko Errenkada lurperatuta: {cards}"},
    "dos-called": {"en": "seat {seat} calls DOS", "de": "Platz {seat} ruft DOS", "ko": "자리 {seat}이(가) DOS를 외칩니다",
                   "eu": "{seat}. jokalariak DOS esaten du"},
    "caught": {"en": "seat {catcher} catches seat {seat} not calling DOS: {penalty} card(s), {when}",
               "de": "Platz {catcher} erwischt Platz {seat} beim Nicht-Rufen von DOS: {penalty} Karte(n), {when}",
               "ko": "자리 {catcher}이(가) DOS를 외치지 않은 자리 {seat}을(를) 잡습니다: {penalty}장, {when}",
               "eu": "{catcher}. jokalariak DOS esan ez duen {seat}. jokalaria harrapatzen du: {penalty} karta, {when}"},
    "catch-declined": {"en": "seat {catcher} does not catch seat {seat}", "de": "Platz {catcher} erwischt Platz {seat} nicht",
                       "ko": "자리 {catcher}이(가) 자리 {seat}을(를) 잡지 않습니다", "eu": "{catcher}. jokalariak ez du {seat}. jokalaria harrapatzen"},
    "rule-gap": {"en": "rule gap at {path}: {situation}; {then}", "de": "Regellücke bei {path}: {situation}; {then}",
                 "ko": "{path}에서 규칙의 공백: {situation}; {then}", "eu": "arau-hutsunea hemen: {path}: {situation}; {then}"},
    "round-scored": {"en": "round {round}: seat {winner} goes out and scores {points}; scores {scores}",
                     "de": "Runde {round}: Platz {winner} ist fertig und bekommt {points}; Punktestand {scores}",
                     "ko": "라운드 {round}: 자리 {winner}이(가) 손의 카드를 모두 내고 {points}점을 얻습니다; 점수 {scores}",
                     "eu": "{round}. erronda: {winner}. jokalariak eskua husten du eta {points} puntu lortzen ditu; puntuak {scores}"},
    "round-void": {"en": "round {round} is void: {reason}", "de": "Runde {round} ist ungültig: {reason}",
                   "ko": "라운드 {round}은(는) 무효입니다: {reason}", "eu": "{round}. erronda baliogabea da: {reason}"},
    "game-over": {"en": "game over ({reason}): {who}; scores {scores}", "de": "Spielende ({reason}): {who}; Punktestand {scores}",
                  "ko": "게임 끝({reason}): {who}; 점수 {scores}", "eu": "jokoa amaitu da ({reason}): {who}; puntuak {scores}"},
    "game-over.winner": {"en": "seat {seat} wins", "de": "Platz {seat} gewinnt", "ko": "자리 {seat} 승리",
                         "eu": "{seat}. jokalariak irabazten du"},
    "game-over.none": {"en": "no winner", "de": "kein Sieger", "ko": "승자 없음", "eu": "irabazlerik ez"},
})

#: the words of an event's fields (how a dealer was chosen, why a card was drawn or placed, ...)
WORDS = Phrases("event-words", {
    "high-card": {"en": "high-card", "de": "höchste Karte", "ko": "가장 높은 카드", "eu": "karta altuena"},
    "lot": {"en": "lot", "de": "Los", "ko": "제비뽑기", "eu": "zozketa"},
    "previous-winner": {"en": "previous-winner", "de": "Sieger der letzten Runde", "ko": "지난 라운드 승자",
                        "eu": "aurreko irabazlea"},
    "same-dealer": {"en": "same-dealer", "de": "derselbe Geber", "ko": "같은 딜러", "eu": "banatzaile bera"},
    "pass-left": {"en": "pass-left", "de": "reihum nach links", "ko": "왼쪽으로 넘김", "eu": "ezkerrera"},
    "single-colour": {"en": "single-colour", "de": "einfache Farbübereinstimmung", "ko": "싱글 컬러 매치",
                      "eu": "kolore-parekatze bakunaren"},
    "double-colour": {"en": "double-colour", "de": "doppelte Farbübereinstimmung", "ko": "더블 컬러 매치",
                      "eu": "kolore-parekatze bikoitzaren"},
    "draw": {"en": "draw", "de": "Ziehen", "ko": "뽑기", "eu": "hartzea"},
    "bonus": {"en": "bonus", "de": "Bonus", "ko": "보너스", "eu": "hobaria"},
    "penalty": {"en": "penalty", "de": "Strafe", "ko": "벌칙", "eu": "zigorra"},
    "failed-draw": {"en": "failed-draw", "de": "Ziehen ohne Abdecken", "ko": "뽑았지만 매치 못 함",
                    "eu": "parekatu gabeko hartzea"},
    "declined-match": {"en": "declined-match", "de": "Abdecken ausgelassen", "ko": "매치하지 않음",
                       "eu": "parekatzeari uko"},
    "now": {"en": "now", "de": "sofort", "ko": "즉시", "eu": "berehala"},
    "end-of-turn": {"en": "end-of-turn", "de": "am Ende des Zuges", "ko": "차례가 끝날 때", "eu": "txandaren amaieran"},
    "voids": {"en": "the round is void", "de": "die Runde ist ungültig", "ko": "라운드는 무효입니다",
              "eu": "erronda baliogabea da"},
    "by-lot": {"en": "settled by lot", "de": "per Los entschieden", "ko": "제비뽑기로 정함", "eu": "zozketaz erabakita"},
})


def _cards(cards) -> str:
    return " ".join(map(str, cards)) or "-"


def _word(value: str, lang: str) -> str:
    return WORDS(value, lang) if value in WORDS.table else value


def event_line(e: Event, lang: str = "en") -> str:
    """One line for event ``e`` in ``lang`` (English: ``str(e)``), the same facts in every language."""
    k = e.kind
    f = dict(zip(e.fields, e.values()))
    if k == "dealer":
        drawn = LINES("dealer.drawn", lang, cards=_cards(c if c else "-" for c in e.draws)) if e.draws else ""
        return LINES(k, lang, seat=e.seat, how=_word(e.how, lang), drawn=drawn)
    if k in ("dealt", "turn"):
        return LINES(k, lang, **{**f, "row": _cards(e.row)})
    if k == "matched":
        return LINES(k, lang, seat=e.seat, target=e.target, cards="+".join(map(str, e.cards)))
    if k == "bonus":
        extra = LINES("bonus.others", lang, n=e.others_draw) if e.others_draw else ""
        return LINES(k, lang, seat=e.seat, bonus=_word(e.bonus, lang), place_cards=e.place_cards, extra=extra)
    if k == "drew":
        return LINES(k, lang, seat=e.seat, n=len(e.cards), reason=_word(e.reason, lang), cards=_cards(e.cards))
    if k == "placed":
        return LINES(k, lang, seat=e.seat, card=e.card, reason=_word(e.reason, lang))
    if k == "turn-ended":
        return LINES(k, lang, seat=e.seat, cards=_cards(e.discarded))
    if k in ("refilled", "buried"):
        return LINES(k, lang, **{n: _cards(v) for n, v in f.items()})
    if k == "caught":
        return LINES(k, lang, **{**f, "when": _word(e.when, lang)})
    if k == "rule-gap":
        return LINES(k, lang, path=e.path, situation=translate(e.situation, lang),
                     then=WORDS("voids" if e.voids else "by-lot", lang))
    if k == "round-scored":
        return LINES(k, lang, round=e.round, winner=e.winner, points=e.points, scores=list(e.scores))
    if k == "round-void":
        return LINES(k, lang, round=e.round, reason=translate(e.reason, lang))
    if k == "game-over":
        who = LINES("game-over.winner", lang, seat=e.winner) if e.winner is not None else LINES("game-over.none", lang)
        return LINES(k, lang, reason=translate(e.reason, lang), who=who, scores=list(e.scores))
    return LINES(k, lang, **f) if k in LINES.table else str(e)
