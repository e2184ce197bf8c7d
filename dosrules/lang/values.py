"""A rule's value, its provenance status and the game's phase in the reader's words: ``pass-left``
is "reihum nach links", ``stated`` is "belegt", ``finish`` is "Zug beenden".

English keeps the values as the rulesets write them (they are also what a reader types in a
readings file or on the command line); the other languages say them in words. One table; a test
holds it to every enum value the schema gives a rule.
"""

from __future__ import annotations

from typing import Any

from .phrases import Phrases

__all__ = ["VALUES", "value_words", "status_words", "phase_words"]


def _row(en: str, de: str, ko: str, eu: str) -> dict[str, str]:
    return {"en": en, "de": de, "ko": ko, "eu": eu}


VALUES = Phrases("values", {
    # --- every rule ---
    "true": _row("true", "ja", "예", "bai"),
    "false": _row("false", "nein", "아니요", "ez"),
    "unspecified": _row("unspecified", "nicht festgelegt", "정해지지 않음", "zehaztu gabe"),
    # --- enum values (schemas/ruleset.schema.json) ---
    "blue": _row("blue", "blau", "파란색", "urdina"),
    "green": _row("green", "grün", "초록색", "berdea"),
    "red": _row("red", "rot", "빨간색", "gorria"),
    "yellow": _row("yellow", "gelb", "노란색", "horia"),
    "high-card": _row("high-card", "höchste Karte", "가장 높은 카드", "karta altuena"),
    "redraw-tied": _row("redraw-tied", "nur die Gleichstehenden ziehen neu", "같은 카드를 뽑은 사람만 다시 뽑기",
                        "berdindutakoek bakarrik hartzen dute berriro"),
    "redraw-all": _row("redraw-all", "alle ziehen neu", "모두 다시 뽑기", "denek hartzen dute berriro"),
    "previous-winner": _row("previous-winner", "Sieger der letzten Runde", "지난 라운드 승자", "aurreko irabazlea"),
    "pass-left": _row("pass-left", "reihum nach links", "왼쪽으로 넘김", "ezkerrera"),
    "left-of-dealer": _row("left-of-dealer", "linker Nachbar des Gebers", "딜러의 왼쪽 사람", "banatzailearen ezkerrekoa"),
    "dealer": _row("dealer", "der Geber", "딜러", "banatzailea"),
    "left": _row("left", "nach links", "왼쪽", "ezkerrera"),
    "right": _row("right", "nach rechts", "오른쪽", "eskuinera"),
    "any": _row("any", "jede Abdeckung", "어떤 매치든", "edozein parekatze"),
    "drawn-card": _row("drawn-card", "nur mit der gezogenen Karte", "뽑은 카드로 하는 매치만", "hartutako kartarekin bakarrik"),
    "none": _row("none", "nichts", "아무것도 낼 수 없음", "ezer ez"),
    "place-card": _row("place-card", "eine Karte in die Mittelreihe legen", "센터 로우에 카드 한 장 놓기",
                       "karta bat Erdiko Errenkadan jarri"),
    "keep-and-pass": _row("keep-and-pass", "Karten behalten, der Nächste ist dran", "카드를 들고 차례 넘기기",
                          "kartak gorde eta txanda pasatu"),
    "forbidden": _row("forbidden", "nicht erlaubt", "허용되지 않음", "ez dago baimenduta"),
    "required": _row("required", "Pflicht", "반드시", "derrigorrez"),
    "optional": _row("optional", "freiwillig", "선택", "aukeran"),
    "immediate": _row("immediate", "sofort", "즉시", "berehala"),
    "end-of-turn": _row("end-of-turn", "am Ende des Zuges", "차례가 끝날 때", "txandaren amaieran"),
    "to-minimum": _row("to-minimum", "bis zur Mindestzahl", "최소 장수까지", "gutxieneko kopurura arte"),
    "replace-covered": _row("replace-covered", "jede abgedeckte Karte ersetzen", "가져간 카드마다 한 장씩",
                            "kendutako karta bakoitzeko bat"),
    "after-refill": _row("after-refill", "nach dem Auffüllen", "채운 뒤", "bete ondoren"),
    "before-refill": _row("before-refill", "vor dem Auffüllen", "채우기 전", "bete aurretik"),
    "matcher-declares": _row("matcher-declares", "wer abdeckt, sagt an", "매치하는 사람이 정함", "parekatzen duenak adierazten du"),
    "placer-declares": _row("placer-declares", "wer hinlegt, sagt an", "놓은 사람이 정함", "jarri zuenak adierazten du"),
    "bury-and-reflip": _row("bury-and-reflip", "weglegen und neu aufdecken", "치우고 새 카드 펼치기",
                            "kendu eta karta berriak atera"),
    "printed": _row("printed", "aufgedruckte Farbe", "인쇄된 색", "inprimatutako kolorea"),
    "declared": _row("declared", "angesagte Farbe", "말한 색", "adierazitako kolorea"),
    "any-other-player": _row("any-other-player", "jeder andere Spieler", "다른 누구나", "beste edozein jokalari"),
    "next-player": _row("next-player", "nur der Nächste", "다음 사람만", "hurrengoa bakarrik"),
    "next-action": _row("next-action", "nur direkt nach der Aktion", "그 행동 바로 뒤에만", "ekintzaren ondoren bakarrik"),
    "until-called": _row("until-called", "bis DOS gerufen ist", "DOS를 외칠 때까지", "«DOS!» esan arte"),
    "lapses": _row("lapses", "entfällt", "없어짐", "galdu egiten da"),
    "drawn": _row("drawn", "wird gezogen", "뽑음", "hartu egiten da"),
    "reshuffle-discard": _row("reshuffle-discard", "Ablagestapel neu mischen", "버림 더미 섞기", "bazterketa-pila nahastu"),
    "end-round": _row("end-round", "Runde endet ohne Wertung", "점수 없이 라운드 끝", "erronda puntuaziorik gabe amaitu"),
    # --- provenance ---
    "status.stated": _row("stated", "belegt", "출처에 있음", "iturrian dago"),
    "status.inferred": _row("inferred", "abgeleitet", "해석함", "ondorioztatua"),
    "status.unspecified": _row("unspecified", "offen", "나와 있지 않음", "zehaztu gabe"),
    "status.house": _row("house", "Hausregel", "하우스 룰", "etxeko araua"),
    "status.filled": _row("filled", "ergänzt", "채움", "osatua"),
    # --- what the game waits for (dosrules.engine.phase.Phase) ---
    "phase.turn": _row("turn", "Zug", "차례", "txanda"),
    "phase.ending": _row("ending", "Zugende", "차례 마무리", "txandaren amaiera"),
    "phase.bonus": _row("bonus", "Bonuskarten legen", "보너스 카드 놓기", "hobariaren kartak jarri"),
    "phase.finish": _row("finish", "Zug beenden", "차례 끝내기", "txanda amaitu"),
    "phase.declare": _row("declare", "Joker ansagen", "와일드 카드 선언", "komodina adierazi"),
    "phase.catch": _row("catch", "erwischen", "잡기", "harrapatu"),
    "phase.over": _row("over", "Spiel vorbei", "게임 끝", "partida amaituta"),
})


def value_words(value: Any, lang: str) -> str:
    """A rule's value as written (English), or in words (other languages); a number stays a number."""
    text = str(value).lower() if isinstance(value, bool) else str(value)
    if lang == "en" or text not in VALUES.table or text.startswith(("status.", "phase.")):
        return text
    return VALUES(text, lang)


def status_words(status: str, lang: str) -> str:
    """A provenance status (stated, inferred, unspecified, house, filled) in ``lang``."""
    key = f"status.{status}"
    return VALUES(key, lang) if key in VALUES.table else status


def phase_words(phase: Any, lang: str) -> str:
    """The phase the game waits in, in ``lang``."""
    key = f"phase.{getattr(phase, 'value', phase)}"
    return VALUES(key, lang) if key in VALUES.table else str(getattr(phase, "value", phase))
