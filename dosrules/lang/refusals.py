"""The engine's own sentences in the reader's language: why an action is illegal
(``engine.explain.why_not`` and the match requirements), what a rule gap met (``RuleGap.situation``)
and why a round or game ended (``RoundVoid.reason``, ``GameOver.reason``).

The engine writes them in English, from a fixed set of patterns. :data:`PATTERNS` lists each
pattern once with its translations; :func:`translate` recognises a sentence by its English
pattern and says it in ``lang`` with the same fields (seats, cards, numbers, rule paths: the
facts stay as they are). A field named ``t_…`` is an English phrase of its own, translated
in turn; one named ``n_…`` is an action in notation ("match 7r with 3r+4r"), said in words. A sentence no pattern knows stays English (the test over the dispute catalogue and
the engine's messages keeps that from happening).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .phrases import Phrases

__all__ = ["translate", "PATTERNS"]

# (English pattern, German, Korean, Basque); fields in braces
_ROWS: list[tuple[str, str, str, str]] = [
    # --- why_not (engine/explain.py) ---
    ("the game is over", "das Spiel ist vorbei", "게임이 끝났습니다", "jokoa amaitu da"),
    ("seat {a} has not missed a DOS call; seat {b} has",
     "Platz {a} hat keinen DOS-Ruf verpasst, Platz {b} schon",
     "자리 {a}은(는) DOS 외치기를 놓치지 않았습니다. 놓친 것은 자리 {b}입니다",
     "{a}. jokalariak ez du DOS esatea ahaztu; {b}. jokalariak bai"),
    ("seat {a} may only catch seat {b} ('catch-dos {c}') or 'pass'",
     "Platz {a} darf nur Platz {b} erwischen ('catch-dos {c}') oder 'pass' sagen",
     "자리 {a}은(는) 자리 {b}을(를) 잡거나('catch-dos {c}') 'pass'만 할 수 있습니다",
     "{a}. jokalariak {b}. jokalaria harrapa dezake ('catch-dos {c}') edo 'pass' esan, besterik ez"),
    ("only the next player may catch a missed DOS call, and seat {a} let it pass",
     "nur der nächste Spieler darf einen verpassten DOS-Ruf erwischen, und Platz {a} hat ihn durchgehen lassen",
     "놓친 DOS 외치기는 다음 플레이어만 잡을 수 있는데, 자리 {a}이(가) 그냥 넘어갔습니다",
     "hurrengo jokalariak bakarrik harrapa dezake ahaztutako DOS deia, eta {a}. jokalariak pasatzen utzi du"),
    ("there is no missed DOS call to catch now: a catch comes right after the player's next action",
     "es gibt jetzt keinen verpassten DOS-Ruf zu erwischen: erwischt wird direkt nach der nächsten Aktion des Spielers",
     "지금 잡을 놓친 DOS 외치기가 없습니다: 잡기는 그 플레이어의 다음 행동 바로 뒤에 합니다",
     "orain ez dago harrapatzeko DOS dei ahaztutik: jokalariaren hurrengo ekintzaren ondoren harrapatzen da"),
    ("'pass' declines a catch, and no catch is open",
     "'pass' verzichtet aufs Erwischen, und gerade ist nichts zu erwischen",
     "'pass'는 잡기를 포기하는 것인데, 지금은 잡을 기회가 없습니다",
     "'pass'-ek harrapatzeari uko egiten dio, eta orain ez dago ezer harrapatzeko"),
    ("the card to declare is {a}, not {b}", "anzusagen ist die {a}, nicht {b}",
     "선언할 카드는 {b}이(가) 아니라 {a}입니다", "adierazi beharreko karta {a} da, ez {b}"),
    ("seat {a} must first declare the {b} that entered the Centre Row as {t_c}",
     "Platz {a} muss zuerst die {b}, die in die Mittelreihe kam, ansagen: {t_c}",
     "자리 {a}은(는) 먼저 센터 로우에 들어온 {b}을(를) 선언해야 합니다: {t_c}",
     "{a}. jokalariak lehenik Erdiko Errenkadara sartu den {b} adierazi behar du: {t_c}"),
    ("a colour, e.g. W2=r", "eine Farbe, z. B. W2=r", "색, 예: W2=r", "kolore bat, adib. W2=r"),
    ("a number, e.g. {a}=5", "eine Zahl, z. B. {a}=5", "숫자, 예: {a}=5", "zenbaki bat, adib. {a}=5"),
    ("wilds in the Centre Row are not declared when they enter it",
     "Joker werden beim Hineinlegen in die Mittelreihe nicht angesagt",
     "센터 로우에 들어오는 와일드 카드는 선언하지 않습니다",
     "Erdiko Errenkadara sartzen diren komodinak ez dira adierazten"),
    ("no wild in the Centre Row is waiting for a declaration",
     "kein Joker in der Mittelreihe wartet auf eine Ansage",
     "센터 로우에 선언을 기다리는 와일드 카드가 없습니다",
     "Erdiko Errenkadako komodinik ez dago adierazpenaren zain"),
    ("'{a}' is not legal here", "'{a}' ist hier nicht erlaubt", "여기서는 '{a}'를 할 수 없습니다",
     "'{a}' ez da zilegi hemen"),
    ("this ruleset has no DOS call", "dieser Regelsatz kennt keinen DOS-Ruf", "이 규칙에는 DOS 외치기가 없습니다",
     "arau-multzo honek ez du DOS deirik"),
    ("the sources of this ruleset say nothing about a DOS call, so {t_a} is a rule gap",
     "die Quellen dieses Regelsatzes sagen nichts über einen DOS-Ruf, also ist {t_a} eine Regellücke",
     "이 규칙의 출처는 DOS 외치기에 대해 아무 말도 하지 않으므로, {t_a}은(는) 규칙의 공백입니다",
     "arau-multzo honen iturriek ez dute DOS deiaz ezer esaten; beraz, {t_a} arau-hutsunea da"),
    ("the sources of this ruleset do not say at what hand size DOS is called, so {t_a} is a rule gap",
     "die Quellen dieses Regelsatzes sagen nicht, bei wie vielen Handkarten DOS gerufen wird, also ist {t_a} eine Regellücke",
     "이 규칙의 출처는 손에 카드가 몇 장일 때 DOS를 외치는지 말하지 않으므로, {t_a}은(는) 규칙의 공백입니다",
     "arau-multzo honen iturriek ez dute esaten zenbat kartarekin esaten den DOS; beraz, {t_a} arau-hutsunea da"),
    ("catching a player who did not call DOS", "das Erwischen eines Spielers, der DOS nicht gerufen hat",
     "DOS를 외치지 않은 플레이어 잡기", "DOS esan ez duen jokalaria harrapatzea"),
    ("letting a missed call pass", "das Durchgehenlassen eines verpassten Rufs", "놓친 외치기를 넘어가기",
     "ahaztutako deia pasatzen uztea"),
    ("calling DOS", "das Rufen von DOS", "DOS 외치기", "DOS esatea"),
    ("DOS is called holding exactly {a} cards; seat {b} holds {c}",
     "DOS wird bei genau {a} Karten gerufen; Platz {b} hat {c}",
     "DOS는 카드가 정확히 {a}장일 때 외칩니다. 자리 {b}은(는) {c}장을 들고 있습니다",
     "DOS zehazki {a} kartarekin esaten da; {b}. jokalariak {c} ditu"),
    ("seat {a} has already called DOS", "Platz {a} hat DOS schon gerufen", "자리 {a}은(는) 이미 DOS를 외쳤습니다",
     "{a}. jokalariak DOS esan du jada"),
    ("{t_a} is not possible now: seat {b} owes {c} bonus card(s) to the Centre Row ('place X')",
     "{t_a} geht jetzt nicht: Platz {b} schuldet der Mittelreihe noch {c} Bonuskarte(n) ('place X')",
     "지금은 {t_a}을(를) 할 수 없습니다: 자리 {b}은(는) 센터 로우에 보너스 카드 {c}장을 놓아야 합니다('place X')",
     "{t_a} ezin da orain: {b}. jokalariak {c} hobari-karta jarri behar ditu Erdiko Errenkadan ('place X')"),
    ("{t_a} is not possible now: the card is placed and the turn must end ('end')",
     "{t_a} geht jetzt nicht: die Karte liegt, und der Zug muss enden ('end')",
     "지금은 {t_a}을(를) 할 수 없습니다: 카드를 놓았으니 차례를 끝내야 합니다('end')",
     "{t_a} ezin da orain: karta jarri da eta txanda amaitu behar da ('end')"),
    ("{t_a} is not possible now: the turn is over ('end' or 'call-dos')",
     "{t_a} geht jetzt nicht: der Zug ist vorbei ('end' oder 'call-dos')",
     "지금은 {t_a}을(를) 할 수 없습니다: 차례가 끝났습니다('end' 또는 'call-dos')",
     "{t_a} ezin da orain: txanda amaitu da ('end' edo 'call-dos')"),
    ("a match", "ein Abdecken", "매치", "parekatzea"),
    ("drawing", "das Ziehen", "카드 뽑기", "karta hartzea"),
    ("seat {a} holds only {b} {c}", "Platz {a} hat nur {b}× {c}", "자리 {a}은(는) {c}을(를) {b}장만 들고 있습니다",
     "{a}. jokalariak {b} {c} baino ez ditu"),
    ("seat {a} holds no {b}", "Platz {a} hat keine {b}", "자리 {a}에게는 {b}이(가) 없습니다", "{a}. jokalariak ez du {b}"),
    ("there is no {a} in the Centre Row", "in der Mittelreihe liegt keine {a}", "센터 로우에 {a}이(가) 없습니다",
     "Erdiko Errenkadan ez dago {a}"),
    ("the {a} in the Centre Row was declared {b} when it entered the row",
     "die {a} in der Mittelreihe wurde beim Hineinlegen als {b} angesagt",
     "센터 로우의 {a}은(는) 들어올 때 {b}(으)로 선언되었습니다",
     "Erdiko Errenkadako {a} {b} gisa adierazi zen errenkadara sartu zenean"),
    ("{a} counts {b}, not {c}: a single match needs an equal number",
     "{a} zählt {b}, nicht {c}: einfaches Abdecken braucht dieselbe Zahl",
     "{a}은(는) {c}이(가) 아니라 {b}입니다: 싱글 매치는 같은 숫자여야 합니다",
     "{a}-k {b} balio du, ez {c}: parekatze bakunak zenbaki bera behar du"),
    ("{a}+{b} add up to {c}, not {d}", "{a}+{b} ergeben {c}, nicht {d}", "{a}+{b}의 합은 {d}이(가) 아니라 {c}입니다",
     "{a}+{b} batuta {c} da, ez {d}"),
    ("a Wild DOS played from hand takes the colour you declare: write W2=r, W2=b, ...",
     "ein Joker 2 aus der Hand hat die Farbe, die du ansagst: schreib W2=r, W2=b, ...",
     "손에서 내는 와일드 DOS는 선언한 색이 됩니다: W2=r, W2=b, ...처럼 쓰세요",
     "eskutik jokatutako Wild DOS-ak zuk adierazitako kolorea hartzen du: idatzi W2=r, W2=b, ..."),
    ("a Wild # played from hand takes the number you declare: write {a}=5",
     "ein Joker # aus der Hand zählt die Zahl, die du ansagst: schreib {a}=5",
     "손에서 내는 와일드 #는 선언한 숫자가 됩니다: {a}=5처럼 쓰세요",
     "eskutik jokatutako Wild #-ak zuk adierazitako zenbakia hartzen du: idatzi {a}=5"),
    ("a Wild # counts {a} to {b}, not {c}", "ein Joker # zählt {a} bis {b}, nicht {c}",
     "와일드 #는 {c}이(가) 아니라 {a}~{b}입니다", "Wild # batek {a}-tik {b}-ra balio du, ez {c}"),
    ("in a Centre Row of only wild cards the matcher declares {t_a}",
     "in einer Mittelreihe nur aus Jokern sagt der Abdeckende an: {t_a}",
     "와일드 카드만 있는 센터 로우에서는 매치하는 사람이 선언합니다: {t_a}",
     "komodinak bakarrik dituen Erdiko Errenkadan parekatzen duenak adierazten du: {t_a}"),
    ("the colour of a Wild DOS: write W2=r, ...", "die Farbe eines Jokers 2: schreib W2=r, ...",
     "와일드 DOS의 색: W2=r, ...처럼 쓰세요", "Wild DOS baten kolorea: idatzi W2=r, ..."),
    ("a number: write {a}=7", "eine Zahl: schreib {a}=7", "숫자: {a}=7처럼 쓰세요", "zenbaki bat: idatzi {a}=7"),
    ("the matcher declares the colour of a Wild DOS in the Centre Row: write W2=r, ...",
     "die Farbe eines Jokers 2 in der Mittelreihe sagt der Abdeckende an: schreib W2=r, ...",
     "센터 로우의 와일드 DOS 색은 매치하는 사람이 선언합니다: W2=r, ...처럼 쓰세요",
     "Erdiko Errenkadako Wild DOS baten kolorea parekatzen duenak adierazten du: idatzi W2=r, ..."),
    ("these rules do not say who names the colour of a Wild DOS lying in the Centre Row, so matching it is a rule "
     "gap, with a colour named or without (write it as W2 to play on to the gap)",
     "diese Regeln sagen nicht, wer die Farbe eines Jokers 2 in der Mittelreihe bestimmt; ihn abzudecken ist also "
     "eine Regellücke, mit genannter Farbe oder ohne (schreib W2, um bis zur Lücke zu spielen)",
     "이 규칙은 센터 로우에 놓인 와일드 DOS의 색을 누가 정하는지 말하지 않으므로, 색을 말하든 말하지 않든 그 카드에 "
     "매치하는 것은 규칙의 공백입니다(공백까지 진행하려면 W2로 쓰세요)",
     "arau hauek ez dute esaten nork izendatzen duen Erdiko Errenkadako Wild DOS baten kolorea; beraz, hura "
     "parekatzea arau-hutsunea da, kolorea esanda edo esan gabe (idatzi W2 hutsuneraino jokatzeko)"),
    ("a Wild # in the Centre Row is matched as a declared number: write {a}=7",
     "ein Joker # in der Mittelreihe wird als angesagte Zahl abgedeckt: schreib {a}=7",
     "센터 로우의 와일드 #는 선언한 숫자로 매치합니다: {a}=7처럼 쓰세요",
     "Erdiko Errenkadako Wild # bat adierazitako zenbaki gisa parekatzen da: idatzi {a}=7"),
    ("seat {a} has already drawn this turn", "Platz {a} hat in diesem Zug schon gezogen",
     "자리 {a}은(는) 이번 차례에 이미 카드를 뽑았습니다", "{a}. jokalariak karta hartu du jada txanda honetan"),
    ("a player draws instead of matching, so only before making any match",
     "man zieht statt abzudecken, also nur, bevor man etwas abgedeckt hat",
     "카드는 매치 대신 뽑는 것이므로, 아무것도 매치하기 전에만 뽑을 수 있습니다",
     "parekatu beharrean hartzen da karta; beraz, ezer parekatu aurretik bakarrik"),
    ("a match is available, and a player may not draw while one is",
     "es gibt eine Möglichkeit abzudecken, und solange es sie gibt, darf man nicht ziehen",
     "매치할 수 있는 카드가 있으므로 카드를 뽑을 수 없습니다",
     "parekatzeko aukera dago, eta aukera dagoen bitartean ezin da kartarik hartu"),
    ("seat {a} must first put the bonus card(s) owed into the Centre Row ('place X')",
     "Platz {a} muss zuerst die geschuldeten Bonuskarten in die Mittelreihe legen ('place X')",
     "자리 {a}은(는) 먼저 보너스 카드를 센터 로우에 놓아야 합니다('place X')",
     "{a}. jokalariak lehenik zor dituen hobari-kartak Erdiko Errenkadan jarri behar ditu ('place X')"),
    ("a turn is a match or a draw: match or draw before ending the turn",
     "ein Zug ist Abdecken oder Ziehen: deck ab oder zieh, bevor du den Zug beendest",
     "차례에는 매치하거나 카드를 뽑아야 합니다: 차례를 끝내기 전에 매치하거나 뽑으세요",
     "txanda bat parekatzea edo karta hartzea da: parekatu edo hartu txanda amaitu aurretik"),
    ("one card has been placed; the turn must end now ('end')",
     "eine Karte wurde gelegt; der Zug muss jetzt enden ('end')",
     "카드 한 장을 놓았습니다. 이제 차례를 끝내야 합니다('end')",
     "karta bat jarri da; txanda orain amaitu behar da ('end')"),
    ("the turn is over ('end' or 'call-dos')", "der Zug ist vorbei ('end' oder 'call-dos')",
     "차례가 끝났습니다('end' 또는 'call-dos')", "txanda amaitu da ('end' edo 'call-dos')"),
    ("a card goes from hand into the Centre Row only after a draw without a match, or as a colour bonus card at the "
     "end of the turn",
     "eine Karte kommt aus der Hand nur nach einem Ziehen ohne Abdecken in die Mittelreihe, oder als Farbbonus am Ende des Zuges",
     "손의 카드는 뽑은 뒤 매치하지 못했을 때나, 차례 끝의 컬러 보너스 카드로만 센터 로우에 놓습니다",
     "eskuko karta bat Erdiko Errenkadara parekatu gabeko hartze baten ondoren bakarrik doa, edo txandaren "
     "amaierako kolore-hobari gisa"),
    ("a wild put into the Centre Row is declared by its placer: write {a}=...",
     "einen Joker, der in die Mittelreihe kommt, sagt an, wer ihn legt: schreib {a}=...",
     "센터 로우에 놓는 와일드 카드는 놓는 사람이 선언합니다: {a}=...처럼 쓰세요",
     "Erdiko Errenkadan jarritako komodina jartzen duenak adierazten du: idatzi {a}=..."),
    ("a card put into the Centre Row is placed as it is: write {a}",
     "eine Karte kommt so, wie sie ist, in die Mittelreihe: schreib {a}",
     "센터 로우에 놓는 카드는 그대로 놓습니다: {a}처럼 쓰세요",
     "Erdiko Errenkadan jarritako karta dagoen bezala jartzen da: idatzi {a}"),
    ("not one of the legal actions", "keine der erlaubten Aktionen", "허용된 행동이 아닙니다",
     "ez da ekintza zilegietako bat"),
    # --- requirements.py ---
    ("no match may be made after drawing", "nach dem Ziehen darf nicht abgedeckt werden",
     "카드를 뽑은 뒤에는 매치할 수 없습니다", "karta hartu ondoren ezin da parekatu"),
    ("after drawing, only the drawn card may be played, and it no longer can be",
     "nach dem Ziehen darf nur die gezogene Karte gespielt werden, und das geht nicht mehr",
     "뽑은 뒤에는 뽑은 카드만 낼 수 있는데, 그 카드는 이제 낼 수 없습니다",
     "hartu ondoren, hartutako karta bakarrik joka daiteke, eta hori ezin da jada"),
    ("after drawing, only a match with the drawn card ({a}) may be made",
     "nach dem Ziehen darf nur mit der gezogenen Karte ({a}) abgedeckt werden",
     "뽑은 뒤에는 뽑은 카드({a})로만 매치할 수 있습니다",
     "hartu ondoren, hartutako kartarekin ({a}) bakarrik pareka daiteke"),
    ("single matches are not allowed", "einfaches Abdecken ist nicht erlaubt", "싱글 매치는 허용되지 않습니다",
     "parekatze bakunak ez dira zilegi"),
    ("double matches are not allowed", "doppeltes Abdecken ist nicht erlaubt", "더블 매치는 허용되지 않습니다",
     "parekatze bikoitzak ez dira zilegi"),
    ("the {a} in the Centre Row has already been matched this turn",
     "die {a} in der Mittelreihe wurde in diesem Zug schon abgedeckt",
     "센터 로우의 {a}은(는) 이번 차례에 이미 매치되었습니다",
     "Erdiko Errenkadako {a} txanda honetan parekatu da jada"),
    ("no more than {a} Centre Row cards may be matched in a turn",
     "in einem Zug dürfen höchstens {a} Karten der Mittelreihe abgedeckt werden",
     "한 차례에 센터 로우 카드를 {a}장까지만 매치할 수 있습니다",
     "txanda batean Erdiko Errenkadako {a} karta gehienez pareka daitezke"),
    ("a match must also match the row card's colour", "beim Abdecken muss auch die Farbe der Reihenkarte passen",
     "매치할 때는 로우 카드의 색도 맞아야 합니다", "parekatzean errenkadako kartaren koloreak ere bat etorri behar du"),
    ("after drawing without matching, a card from hand goes into the Centre Row first ('place X')",
     "nach einem Ziehen ohne Abdecken kommt zuerst eine Karte aus der Hand in die Mittelreihe ('place X')",
     "뽑은 뒤 매치하지 못하면 먼저 손의 카드 한 장을 센터 로우에 놓습니다('place X')",
     "parekatu gabe hartu ondoren, eskuko karta bat jartzen da lehenik Erdiko Errenkadan ('place X')"),
    ("after drawing without matching, the player keeps the card and the turn passes ('end')",
     "nach einem Ziehen ohne Abdecken behält man die Karte, und der nächste ist dran ('end')",
     "뽑은 뒤 매치하지 못하면 카드를 가지고 차례가 넘어갑니다('end')",
     "parekatu gabe hartu ondoren, jokalariak karta gordetzen du eta txanda pasatzen da ('end')"),
    ("a match that is possible after drawing must be made",
     "ist nach dem Ziehen Abdecken möglich, muss abgedeckt werden",
     "뽑은 뒤 매치할 수 있으면 매치해야 합니다", "hartu ondoren parekatzea posible bada, parekatu egin behar da"),
    # --- situations of a rule gap (RuleGap.situation) ---
    ("seat {a} matches after drawing ({n_b})", "Platz {a} deckt nach dem Ziehen ab ({n_b})",
     "자리 {a}이(가) 뽑은 뒤 매치합니다({n_b})", "{a}. jokalariak hartu ondoren parekatzen du ({n_b})"),
    ("seat {a} makes a single match ({n_b})", "Platz {a} deckt einfach ab ({n_b})", "자리 {a}이(가) 싱글 매치를 합니다({n_b})",
     "{a}. jokalariak parekatze bakuna egiten du ({n_b})"),
    ("seat {a} makes a double match ({n_b})", "Platz {a} deckt doppelt ab ({n_b})", "자리 {a}이(가) 더블 매치를 합니다({n_b})",
     "{a}. jokalariak parekatze bikoitza egiten du ({n_b})"),
    ("seat {a} matches {b}, already matched this turn, again",
     "Platz {a} deckt {b}, in diesem Zug schon abgedeckt, noch einmal ab",
     "자리 {a}이(가) 이번 차례에 이미 매치된 {b}에 다시 매치합니다",
     "{a}. jokalariak {b} berriro parekatzen du, txanda honetan parekatu ondoren"),
    ("seat {a} matches more than {b} cards of a wide Centre Row",
     "Platz {a} deckt mehr als {b} Karten einer breiten Mittelreihe ab",
     "자리 {a}이(가) 넓은 센터 로우에서 {b}장보다 많이 매치합니다",
     "{a}. jokalariak Erdiko Errenkada zabal bateko {b} karta baino gehiago parekatzen ditu"),
    ("seat {a} matches a Wild # lying in the Centre Row ({n_b}): its placer named it when it entered the row, and the "
     "position does not say as what",
     "Platz {a} deckt einen Joker # in der Mittelreihe ab ({n_b}): wer ihn hineinlegte, hat ihn angesagt, und die "
     "Stellung sagt nicht, als was",
     "자리 {a}이(가) 센터 로우의 와일드 #에 매치합니다({n_b}): 놓은 사람이 들어올 때 선언했지만, 무엇으로 선언했는지 알 수 없습니다",
     "{a}. jokalariak Erdiko Errenkadako Wild # bat parekatzen du ({n_b}): jarri zuenak adierazi zuen, eta posizioak ez "
     "du esaten zer gisa"),
    ("seat {a} matches a Wild # lying in the Centre Row ({n_b})", "Platz {a} deckt einen Joker # in der Mittelreihe ab ({n_b})",
     "자리 {a}이(가) 센터 로우의 와일드 #에 매치합니다({n_b})",
     "{a}. jokalariak Erdiko Errenkadako Wild # bat parekatzen du ({n_b})"),
    ("who names the colour of the Wild DOS seat {a} matches in the Centre Row ({n_b}): its placer named it when it "
     "entered the row, and the position does not say as what",
     "wer die Farbe des Jokers 2 bestimmt, den Platz {a} in der Mittelreihe abdeckt ({n_b}): wer ihn hineinlegte, hat "
     "ihn angesagt, und die Stellung sagt nicht, als was",
     "자리 {a}이(가) 센터 로우에서 매치하는 와일드 DOS의 색을 누가 정하는지({n_b}): 놓은 사람이 선언했지만, 무엇으로 선언했는지 알 수 없습니다",
     "nork izendatzen duen {a}. jokalariak Erdiko Errenkadan parekatzen duen Wild DOS-aren kolorea ({n_b}): jarri "
     "zuenak adierazi zuen, eta posizioak ez du esaten zer gisa"),
    ("who names the colour of the Wild DOS seat {a} matches in the Centre Row ({n_b})",
     "wer die Farbe des Jokers 2 bestimmt, den Platz {a} in der Mittelreihe abdeckt ({n_b})",
     "자리 {a}이(가) 센터 로우에서 매치하는 와일드 DOS의 색을 누가 정하는지({n_b})",
     "nork izendatzen duen {a}. jokalariak Erdiko Errenkadan parekatzen duen Wild DOS-aren kolorea ({n_b})"),
    ("whether {n_a} earns a colour bonus", "ob „{n_a}“ einen Farbbonus bringt", "‘{n_a}’이(가) 컬러 보너스를 받는지",
     "«{n_a}»-k kolore-hobaria ematen duen"),
    ("seat {a} matches without matching colour ({n_b})", "Platz {a} deckt ohne passende Farbe ab ({n_b})",
     "자리 {a}이(가) 색을 맞추지 않고 매치합니다({n_b})", "{a}. jokalariak kolorea bat etorri gabe parekatzen du ({n_b})"),
    ("seat {a} earns a {t_b} match bonus", "Platz {a} bekommt einen Bonus für {t_b}",
     "자리 {a}이(가) {t_b} 보너스를 받습니다", "{a}. jokalariak {t_b} hobaria lortzen du"),
    ("single-colour", "einfache Farbübereinstimmung", "싱글 컬러 매치", "kolore-parekatze bakunaren"),
    ("double-colour", "doppelte Farbübereinstimmung", "더블 컬러 매치", "kolore-parekatze bikoitzaren"),
    ("seat {a}'s colour match makes the others draw {b} card(s), and the deck holds {c}",
     "der Farbbonus von Platz {a} lässt die anderen {b} Karte(n) ziehen, und der Nachziehstapel hat {c}",
     "자리 {a}의 컬러 매치로 다른 플레이어들이 {b}장을 뽑아야 하는데, 뽑기 더미에는 {c}장이 있습니다",
     "{a}. jokalariaren kolore-parekatzeak besteei {b} karta harrarazten die, eta sortak {c} ditu"),
    ("seat {a} draws although a match is possible", "Platz {a} zieht, obwohl Abdecken möglich ist",
     "자리 {a}이(가) 매치할 수 있는데도 카드를 뽑습니다", "{a}. jokalariak karta hartzen du parekatzea posible izan arren"),
    ("seat {a} drew, made no match, and ends the turn ({b}), legal or not by whether a match was possible, which "
     "rests on {c}",
     "Platz {a} hat gezogen, nicht abgedeckt und beendet den Zug ({b}); ob das erlaubt ist, hängt davon ab, ob "
     "Abdecken möglich war, und das an {c}",
     "자리 {a}이(가) 뽑고 매치하지 않은 채 차례를 끝냅니다({b}). 허용 여부는 매치할 수 있었는지에 달렸고, 그것은 {c}에 달렸습니다",
     "{a}. jokalariak karta hartu du, ez du parekatu, eta txanda amaitzen du ({b}); zilegi den ala ez parekatzea "
     "posible zen araberakoa da, eta hori {c}-ren araberakoa"),
    ("seat {a} drew, made no match, and ends the turn", "Platz {a} hat gezogen, nicht abgedeckt und beendet den Zug",
     "자리 {a}이(가) 뽑고 매치하지 않은 채 차례를 끝냅니다",
     "{a}. jokalariak karta hartu du, ez du parekatu, eta txanda amaitzen du"),
    ("seat {a} keeps {b} bonus card(s) instead of putting them into the Centre Row",
     "Platz {a} behält {b} Bonuskarte(n), statt sie in die Mittelreihe zu legen",
     "자리 {a}이(가) 보너스 카드 {b}장을 센터 로우에 놓지 않고 가집니다",
     "{a}. jokalariak {b} hobari-karta gordetzen ditu, Erdiko Errenkadan jarri beharrean"),
    ("seat {a} catches seat {b} not calling DOS, after the next player let it pass",
     "Platz {a} erwischt Platz {b} beim Nicht-Rufen von DOS, nachdem der nächste Spieler es durchgehen ließ",
     "다음 플레이어가 넘어간 뒤, 자리 {a}이(가) DOS를 외치지 않은 자리 {b}을(를) 잡습니다",
     "{a}. jokalariak DOS esan ez duen {b}. jokalaria harrapatzen du, hurrengo jokalariak pasatzen utzi ondoren"),
    ("seat {a} catches seat {b} not calling DOS, after an earlier chance to catch it was let pass",
     "Platz {a} erwischt Platz {b} beim Nicht-Rufen von DOS, nachdem eine frühere Gelegenheit dazu verstrichen ist",
     "앞선 잡을 기회가 지나간 뒤, 자리 {a}이(가) DOS를 외치지 않은 자리 {b}을(를) 잡습니다",
     "{a}. jokalariak DOS esan ez duen {b}. jokalaria harrapatzen du, harrapatzeko lehenagoko aukera pasatzen utzi ondoren"),
    ("seat {a} catches seat {b} not calling DOS", "Platz {a} erwischt Platz {b} beim Nicht-Rufen von DOS",
     "자리 {a}이(가) DOS를 외치지 않은 자리 {b}을(를) 잡습니다", "{a}. jokalariak DOS esan ez duen {b}. jokalaria harrapatzen du"),
    ("seat {a} catches seat {b} in the middle of their turn", "Platz {a} erwischt Platz {b} mitten in dessen Zug",
     "자리 {a}이(가) 차례 중인 자리 {b}을(를) 잡습니다", "{a}. jokalariak {b}. jokalaria harrapatzen du bere txandaren erdian"),
    ("seat {a} goes out on a turn with a double colour match",
     "Platz {a} legt die letzte Karte in einem Zug mit doppeltem Farbbonus ab",
     "자리 {a}이(가) 더블 컬러 매치를 한 차례에 손의 카드를 모두 냅니다",
     "{a}. jokalariak eskua husten du kolore-parekatze bikoitza egin duen txandan"),
    ("seat {a} places bonus cards and the row is refilled",
     "Platz {a} legt Bonuskarten, und die Reihe wird aufgefüllt",
     "자리 {a}이(가) 보너스 카드를 놓고 로우를 다시 채웁니다",
     "{a}. jokalariak hobari-kartak jartzen ditu eta errenkada berriz betetzen da"),
    ("{a} Centre Row card(s) were covered and {b} remain",
     "{a} Karte(n) der Mittelreihe wurden abgedeckt, und {b} bleiben liegen",
     "센터 로우 카드 {a}장이 덮였고 {b}장이 남았습니다",
     "Erdiko Errenkadako {a} karta estali dira eta {b} geratzen dira"),
    ("the deck is empty and {t_a}", "der Nachziehstapel ist leer, und {t_a}", "뽑기 더미가 비었는데 {t_a}",
     "sorta hutsik dago eta {t_a}"),
    ("seat {a} must draw a card ({t_b})", "Platz {a} muss eine Karte ziehen ({t_b})",
     "자리 {a}이(가) 카드를 뽑아야 합니다({t_b})", "{a}. jokalariak karta bat hartu behar du ({t_b})"),
    ("the Centre Row must be refilled", "die Mittelreihe muss aufgefüllt werden", "센터 로우를 다시 채워야 합니다",
     "Erdiko Errenkada berriz bete behar da"),
    ("draw", "Ziehen", "뽑기", "hartzea"), ("bonus", "Bonus", "보너스", "hobaria"),
    ("penalty", "Strafe", "벌칙", "zigorra"),
    ("who plays first; seat {a} by lot", "wer anfängt; Platz {a} per Los", "누가 먼저 하는지; 제비뽑기로 자리 {a}",
     "nor hasten den; zozketaz {a}. jokalaria"),
    ("who deals round {a}; seat {b} by lot", "wer Runde {a} gibt; Platz {b} per Los",
     "라운드 {a}의 딜러가 누구인지; 제비뽑기로 자리 {b}", "nork banatzen duen {a}. erronda; zozketaz {b}. jokalaria"),
    ("seat {a} drew {b} for first dealer; seat {c} deals by lot",
     "Platz {a} zog {b} für den ersten Geber; Platz {c} gibt per Los",
     "첫 딜러를 정할 때 자리 {a}이(가) {b}을(를) 뽑았습니다. 제비뽑기로 자리 {c}이(가) 딜러입니다",
     "{a}. jokalariak {b} atera zuen lehen banatzailea aukeratzeko; zozketaz {c}. jokalariak banatzen du"),
    ("seats {a} tied on {b} high-card draws in a row; seat {c} deals by lot",
     "die Plätze {a} waren bei {b} Ziehungen nacheinander gleich hoch; Platz {c} gibt per Los",
     "자리 {a}이(가) 높은 카드 뽑기에서 {b}번 연속 비겼습니다. 제비뽑기로 자리 {c}이(가) 딜러입니다",
     "{a} jokalariak berdindu ziren {b} aldiz jarraian karta altuenean; zozketaz {c}. jokalariak banatzen du"),
    ("seats {a} tied for the highest card in the draw for first dealer; seat {b} deals by lot",
     "die Plätze {a} zogen beim Ermitteln des ersten Gebers gleich hohe Karten; Platz {b} gibt per Los",
     "첫 딜러를 정하는 뽑기에서 자리 {a}이(가) 가장 높은 카드로 비겼습니다. 제비뽑기로 자리 {b}이(가) 딜러입니다",
     "{a} jokalariak berdindu ziren lehen banatzailea aukeratzeko karta altuenean; zozketaz {b}. jokalariak banatzen du"),
    ("which way play passes; to the {t_a} by lot", "in welche Richtung gespielt wird; per Los nach {t_a}",
     "어느 방향으로 진행하는지; 제비뽑기로 {t_a}", "jokoa zein norabidetan doan; zozketaz {t_a}"),
    ("left", "links", "왼쪽", "ezkerrera"), ("right", "rechts", "오른쪽", "eskuinera"),
    ("seat {a} starts a turn with a Centre Row of only wild cards ({b})",
     "Platz {a} beginnt einen Zug mit einer Mittelreihe nur aus Jokern ({b})",
     "자리 {a}이(가) 와일드 카드만 있는 센터 로우로 차례를 시작합니다({b})",
     "{a}. jokalariak komodinak bakarrik dituen Erdiko Errenkadarekin hasten du txanda ({b})"),
    # --- why a round or game ended (RoundVoid.reason, GameOver.reason) ---
    ("rule gap at {a}", "Regellücke bei {a}", "{a}에서 규칙의 공백", "arau-hutsunea hemen: {a}"),
    ("the deck ran out: {t_a} (deck_exhaustion: end-round)",
     "der Nachziehstapel ist aufgebraucht: {t_a} (deck_exhaustion: end-round)",
     "뽑기 더미가 떨어졌습니다: {t_a} (deck_exhaustion: end-round)",
     "sorta agortu da: {t_a} (deck_exhaustion: end-round)"),
    ("seat {a} reached {b}", "Platz {a} hat {b} erreicht", "자리 {a}이(가) {b}점에 도달했습니다",
     "{a}. jokalariak {b} lortu ditu"),
    ("stopped: round {a} reached {b} turns without a winner",
     "beendet: Runde {a} erreichte {b} Züge ohne Sieger", "멈춤: 라운드 {a}이(가) 승자 없이 {b}차례에 이르렀습니다",
     "geldituta: {a}. errondak {b} txanda izan ditu irabazlerik gabe"),
    ("stopped after {a} rounds", "nach {a} Runden beendet", "{a}라운드 후 멈춤", "{a} erronda ondoren geldituta"),
    ("stopped: {a} rounds in a row ended before their first action",
     "beendet: {a} Runden nacheinander endeten vor ihrer ersten Aktion",
     "멈춤: {a}라운드 연속으로 첫 행동 전에 끝났습니다",
     "geldituta: {a} erronda jarraian amaitu ziren lehen ekintzaren aurretik"),
    ("seat {a} goes out while a DOS penalty of {b} card(s) waits for the end of the turn",
     "Platz {a} ist fertig, während eine DOS-Strafe von {b} Karte(n) auf das Zugende wartet",
     "자리 {a}이(가) 차례 끝에 받을 DOS 벌칙 {b}장이 남은 채 손의 카드를 모두 냅니다",
     "{a}. jokalariak eskua husten du, {b} kartako DOS zigorra txandaren amaieraren zain dagoela"),
    # --- an answer's notes, filled steps and slips (disputes) ---
    ("then the rules don't say {t_a} ({b}); the table agrees (the engine drew a lot), and the answer does not change",
     "danach sagen die Regeln nicht: {t_a} ({b}); die Runde einigt sich (das Programm hat gelost), und an der "
     "Antwort ändert das nichts",
     "그다음 규칙에 나와 있지 않은 점: {t_a} ({b}). 테이블에서 정하며(프로그램은 제비를 뽑음) 답은 바뀌지 않습니다",
     "gero arauek ez dute esaten: {t_a} ({b}); mahaiak adosten du (programak zozketa egin du), eta erantzuna ez da aldatzen"),
    ("the round ended after '{a}'; the actions after it were not taken",
     "die Runde endete nach '{a}'; die Aktionen danach wurden nicht ausgeführt",
     "'{a}' 뒤에 라운드가 끝났습니다. 그 뒤의 행동은 하지 않았습니다",
     "erronda '{a}' ondoren amaitu zen; ondorengo ekintzak ez ziren egin"),
    ("the question is asked in phase '{a}', not '{b}'", "die Frage wird in Phase '{a}' gestellt, nicht '{b}'",
     "질문은 '{b}'이(가) 아니라 '{a}' 단계에서 합니다", "galdera '{a}' fasean egiten da, ez '{b}'"),
    ("seat {a} did not call DOS and seat {b} could catch it before '{c}'; the question does not say, so nobody "
     "catches ('pass')",
     "Platz {a} hat DOS nicht gerufen, und Platz {b} könnte das vor '{c}' erwischen; die Frage sagt nichts dazu, "
     "also erwischt niemand ('pass')",
     "자리 {a}이(가) DOS를 외치지 않아 자리 {b}이(가) '{c}' 전에 잡을 수 있었지만, 질문에 나와 있지 않으므로 아무도 잡지 않습니다('pass')",
     "{a}. jokalariak ez du DOS esan eta {b}. jokalariak harrapa zezakeen '{c}' aurretik; galderak ez du esaten, "
     "beraz inork ez du harrapatzen ('pass')"),
    ("seat {a} declares the {b} that entered the Centre Row before '{c}'; the question does not say how, so '{d}' "
     "(the first declaration the rules allow; add 'declare {e}' to choose)",
     "Platz {a} sagt die {b}, die in die Mittelreihe kam, vor '{c}' an; die Frage sagt nicht wie, also '{d}' (die "
     "erste Ansage, die die Regeln erlauben; mit 'declare {e}' wählst du selbst)",
     "자리 {a}이(가) '{c}' 전에 센터 로우에 들어온 {b}을(를) 선언합니다. 질문에 방법이 나와 있지 않으므로 '{d}'(규칙이 "
     "허용하는 첫 선언; 직접 고르려면 'declare {e}'를 더하세요)",
     "{a}. jokalariak Erdiko Errenkadara sartu den {b} adierazten du '{c}' aurretik; galderak ez du esaten nola, "
     "beraz '{d}' (arauek onartzen duten lehen adierazpena; aukeratzeko gehitu 'declare {e}')"),
    ("'{a}' does not say the declaration the rules ask for; taken as '{b}' ({t_c})",
     "'{a}' nennt nicht die Ansage, die die Regeln verlangen; genommen als '{b}' ({t_c})",
     "'{a}'에는 규칙이 요구하는 선언이 없습니다. '{b}'(으)로 봅니다({t_c})",
     "'{a}'-k ez du arauek eskatzen duten adierazpena esaten; '{b}' gisa hartuta ({t_c})"),
    ("the only declaration the rules allow here", "die einzige Ansage, die die Regeln hier erlauben",
     "여기서 규칙이 허용하는 유일한 선언", "arauek hemen onartzen duten adierazpen bakarra"),
    ("the choice that earns a colour bonus", "die Wahl, die einen Farbbonus bringt", "컬러 보너스를 받는 선택",
     "kolore-hobaria ematen duen aukera"),
    ("no choice earns a colour bonus", "keine Wahl bringt einen Farbbonus", "어떤 선택도 컬러 보너스를 받지 못함",
     "aukera batek ere ez du kolore-hobaririk ematen"),
    ("'{a}' leaves the declaration of the wild to its placer; taken as '{b}' (the first the rules allow)",
     "'{a}' überlässt die Ansage des Jokers dem, der ihn gelegt hat; genommen als '{b}' (die erste, die die Regeln erlauben)",
     "'{a}'은(는) 와일드 카드의 선언을 놓은 사람에게 맡깁니다. '{b}'(으)로 봅니다(규칙이 허용하는 첫 선언)",
     "'{a}'-k komodinaren adierazpena jarri zuenari uzten dio; '{b}' gisa hartuta (arauek onartzen duten lehena)"),
    ("'{a}' declares nothing: a wild that entered the Centre Row is declared as {t_b}",
     "'{a}' sagt nichts an: ein Joker, der in die Mittelreihe kam, wird angesagt als {t_b}",
     "'{a}'에는 선언이 없습니다: 센터 로우에 들어온 와일드 카드는 {t_b}(으)로 선언합니다",
     "'{a}'-k ez du ezer adierazten: Erdiko Errenkadara sartutako komodina {t_b} gisa adierazten da"),
    ("a colour", "Farbe", "색", "kolore bat"), ("a number", "Zahl", "숫자", "zenbaki bat"),
    ("a Wild DOS in a match needs its colour: W2={a}", "ein Joker 2 braucht beim Abdecken seine Farbe: W2={a}",
     "매치에 쓰는 와일드 DOS에는 색이 필요합니다: W2={a}", "parekatze bateko Wild DOS-ak bere kolorea behar du: W2={a}"),
    ("a Wild # in a match needs its number: {a}={b}", "ein Joker # braucht beim Abdecken seine Zahl: {a}={b}",
     "매치에 쓰는 와일드 #에는 숫자가 필요합니다: {a}={b}", "parekatze bateko Wild #-ak bere zenbakia behar du: {a}={b}"),
    ("a Wild # in the Centre Row is matched as a number: {a}={b}",
     "ein Joker # in der Mittelreihe wird als Zahl abgedeckt: {a}={b}",
     "센터 로우의 와일드 #는 숫자로 매치합니다: {a}={b}", "Erdiko Errenkadako Wild # bat zenbaki gisa parekatzen da: {a}={b}"),
    ("seat {a} holds only one {b}", "Platz {a} hat nur eine {b}", "자리 {a}에게는 {b}이(가) 한 장뿐입니다",
     "{a}. jokalariak {b} bakarra du"),
    ("seat {a} holds no cards", "Platz {a} hat keine Karten", "자리 {a}에게는 카드가 없습니다", "{a}. jokalariak ez du kartarik"),
    ("not open now", "gerade nicht möglich", "지금은 할 수 없음", "orain ez dago aukerarik"),
    # --- a legal match described ("what may I do now?", disputes/options.py) ---
    ("single match", "einfaches Abdecken", "싱글 매치", "parekatze bakuna"),
    ("double match", "doppeltes Abdecken", "더블 매치", "parekatze bikoitza"),
    ("{t_a} match: {t_b} card(s) from your hand into the row at the end of the turn, every other player draws {t_c}",
     "{t_a}: {t_b} Karte(n) aus deiner Hand am Ende des Zuges in die Reihe, alle anderen ziehen {t_c}",
     "{t_a}: 차례 끝에 손의 카드 {t_b}장을 로우에 놓고, 다른 모든 플레이어가 {t_c}장 뽑습니다",
     "{t_a}: eskuko {t_b} karta errenkadara txandaren amaieran, beste jokalari guztiek {t_c} hartzen dituzte"),
    ("{t_a} match: {t_b} card(s) from your hand into the row at the end of the turn",
     "{t_a}: {t_b} Karte(n) aus deiner Hand am Ende des Zuges in die Reihe",
     "{t_a}: 차례 끝에 손의 카드 {t_b}장을 로우에 놓습니다",
     "{t_a}: eskuko {t_b} karta errenkadara txandaren amaieran"),
    ("single colour", "einfacher Farbbonus", "싱글 컬러 매치", "kolore-parekatze bakuna"),
    ("double colour", "doppelter Farbbonus", "더블 컬러 매치", "kolore-parekatze bikoitza"),
    ("an unspecified number of", "eine nicht festgelegte Zahl", "정해지지 않은 수의", "zehaztu gabeko kopuru bat"),
    ("an unspecified number", "eine nicht festgelegte Zahl", "정해지지 않은 수", "zehaztu gabeko kopuru bat"),
    ("or declared otherwise ({a} ways in all)", "oder anders angesagt ({a} Möglichkeiten insgesamt)",
     "또는 다르게 선언(모두 {a}가지)", "edo beste modu batera adierazita ({a} modu guztira)"),
    ("{t_a}; {t_b}", "{t_a}; {t_b}", "{t_a}; {t_b}", "{t_a}; {t_b}"),
    ("no card or two cards in seat {a}'s hand add up to the number of a Centre Row card ({b})",
     "keine Karte und keine zwei Karten auf der Hand von Platz {a} ergeben die Zahl einer Karte der Mittelreihe ({b})",
     "자리 {a}의 손에는 센터 로우 카드({b})의 숫자가 되는 카드 한 장이나 두 장이 없습니다",
     "{a}. jokalariaren eskuko karta batek edo bik ez dute Erdiko Errenkadako karta baten zenbakia ematen ({b})"),
    ("the Centre Row is empty", "die Mittelreihe ist leer", "센터 로우가 비었습니다", "Erdiko Errenkada hutsik dago"),
    ("'{a}': {t_b}", "'{a}': {t_b}", "'{a}': {t_b}", "'{a}': {t_b}"),
    # --- why the table cannot choose a reading (play/gapchoice.py) ---
    ("it would change the game already played: action {a} ('{n_b}') would not be legal: {t_c}",
     "das würde das bisherige Spiel ändern: Aktion {a} ({n_b}) wäre nicht erlaubt: {t_c}",
     "이미 한 게임이 바뀝니다: 행동 {a}({n_b})이(가) 허용되지 않습니다: {t_c}",
     "jokatutakoa aldatuko luke: {a}. ekintza ({n_b}) ez litzateke zilegi: {t_c}"),
    ("it would change the game already played: action {a} ('{n_b}') would not be legal",
     "das würde das bisherige Spiel ändern: Aktion {a} ({n_b}) wäre nicht erlaubt",
     "이미 한 게임이 바뀝니다: 행동 {a}({n_b})이(가) 허용되지 않습니다",
     "jokatutakoa aldatuko luke: {a}. ekintza ({n_b}) ez litzateke zilegi"),
    ("it would change the game already played: event {a} would be '{b}', not '{c}'",
     "das würde das bisherige Spiel ändern: Ereignis {a} wäre '{b}', nicht '{c}'",
     "이미 한 게임이 바뀝니다: 사건 {a}이(가) '{c}'이(가) 아니라 '{b}'이(가) 됩니다",
     "jokatutakoa aldatuko luke: {a}. gertaera '{b}' litzateke, ez '{c}'"),
    ("it would change the game already played: after action {a} play would go on with {b}",
     "das würde das bisherige Spiel ändern: nach Aktion {a} ginge es weiter mit {b}",
     "이미 한 게임이 바뀝니다: 행동 {a} 뒤에 {b}(으)로 이어집니다",
     "jokatutakoa aldatuko luke: {a}. ekintzaren ondoren honela jarraituko luke: {b}"),
    ("it would change the game already played: at the deal play would go on with {b}",
     "das würde das bisherige Spiel ändern: beim Geben ginge es weiter mit {b}",
     "이미 한 게임이 바뀝니다: 딜에서 {b}(으)로 이어집니다",
     "jokatutakoa aldatuko luke: banaketan honela jarraituko luke: {b}"),
]


def _regex(template: str) -> re.Pattern:
    out, pos = [], 0
    for m in re.finditer(r"\{(\w+)\}", template):
        out.append(re.escape(template[pos:m.start()]))
        out.append(f"(?P<{m.group(1)}>.+?)")
        pos = m.end()
    out.append(re.escape(template[pos:]))
    return re.compile("".join(out), re.DOTALL)


PATTERNS = Phrases("refusals", {en: {"en": en, "de": de, "ko": ko, "eu": eu} for en, de, ko, eu in _ROWS})


@lru_cache(maxsize=1)
def _compiled() -> list[tuple[str, re.Pattern]]:
    return [(en, _regex(en)) for en, *_ in _ROWS]


def _field(name: str, value: str, lang: str) -> str:
    """A field in ``lang``: ``t_…`` an English phrase, translated in turn; ``n_…`` an action in
    notation, said in words with its cards as written; any other field as it is."""
    if name.startswith("t_"):
        return translate(value, lang)
    if name.startswith("n_"):
        from ..engine.words import action_words

        return action_words(value, lang, notation=True)
    return value


@lru_cache(maxsize=4096)
def translate(text: str | None, lang: str) -> str | None:
    """``text`` (one of the engine's English sentences) in ``lang``; unknown text as it is."""
    if text is None or lang == "en":
        return text
    for key, rx in _compiled():
        m = rx.fullmatch(text)
        if m is None:
            continue
        fields = {k: _field(k, v, lang) for k, v in m.groupdict().items()}
        return PATTERNS(key, lang, **fields)
    return text


def known(text: str) -> bool:
    """True if a pattern says ``text`` (the tests' check that no engine sentence is left English)."""
    return any(rx.fullmatch(text) for _, rx in _compiled())
