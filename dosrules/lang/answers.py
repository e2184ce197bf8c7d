"""``dosrules ask`` in the reader's language: the words of an answer (the plain sentence, the
detailed one, the verdict, what follows, the deciding rules, "what may I do now?") and of the
position asked about. One table; the disputes' renderers say everything through it."""

from __future__ import annotations

from .phrases import Phrases

__all__ = ["SAY", "asks", "inside_sentence"]


def _row(en: str, de: str, ko: str, eu: str) -> dict[str, str]:
    return {"en": en, "de": de, "ko": ko, "eu": eu}


# Korean: an action in words always ends in the noun form -기 (뽑기, 끝내기, 매치하기), so it takes 를.
SAY = Phrases("answers", {
    # --- the position ---
    "new-game": _row("a new game of {n} players{draw}", "ein neues Spiel mit {n} Spielern{draw}",
                     "{n}명이 하는 새 게임{draw}", "{n} jokalariko joko berria{draw}"),
    "new-game.draw": _row("; drawn for first dealer, seat 0 first: {cards}", "; gezogen für den ersten Geber, Platz 0 zuerst: {cards}",
                          "; 첫 딜러를 정하려고 뽑은 카드(자리 0부터): {cards}", "; lehen banatzailea aukeratzeko hartutakoak, 0. jokalaria lehenik: {cards}"),
    "pos.row": _row("row: {cards}; seat {seat} to play", "Reihe: {cards}; Platz {seat} ist dran",
                    "로우: {cards}; 자리 {seat}의 차례", "errenkada: {cards}; {seat}. jokalariaren txanda"),
    "pos.seat": _row("seat {seat}: {cards}", "Platz {seat}: {cards}", "자리 {seat}: {cards}", "{seat}. jokalaria: {cards}"),
    "pos.unknown": _row("{n} unknown cards", "{n} unbekannte Karten", "모르는 카드 {n}장", "{n} karta ezezagun"),
    "pos.none": _row("(no cards)", "(keine Karten)", "(카드 없음)", "(kartarik ez)"),
    "pos.empty": _row("(empty)", "(leer)", "(비어 있음)", "(hutsik)"),
    "pos.unknown-top": _row("(unknown)", "(unbekannt)", "(모름)", "(ezezaguna)"),
    "pos.deck-exact": _row("deck (top first): {cards}", "Nachziehstapel (oberste zuerst): {cards}",
                           "뽑기 더미(위부터): {cards}", "sorta (goikoa lehenik): {cards}"),
    "pos.deck-top": _row("deck top: {cards}{size}", "oben auf dem Nachziehstapel: {cards}{size}",
                         "뽑기 더미 위: {cards}{size}", "sortaren gainean: {cards}{size}"),
    "pos.deck-size": _row(", {n} cards", ", {n} Karten", ", {n}장", ", {n} karta"),
    "pos.discard": _row("discard: {cards}", "Ablagestapel: {cards}", "버림 더미: {cards}", "bazterketa-pila: {cards}"),
    "pos.called": _row("called DOS: seat(s) {seats}", "DOS gerufen: Platz {seats}", "DOS를 외친 자리: {seats}",
                       "DOS esan dute: {seats}. jokalaria(k)"),
    "pos.before": _row("already this turn: {actions}", "schon in diesem Zug: {actions}", "이번 차례에 이미: {actions}",
                       "txanda honetan jada: {actions}"),
    "pos.asked": _row("asked: {actions}{next}", "gefragt: {actions}{next}", "질문: {actions}{next}", "galdera: {actions}{next}"),
    "pos.asked-next": _row(" (and who deals the next round)", " (und wer die nächste Runde gibt)",
                           " (그리고 다음 라운드의 딜러)", " (eta nork banatzen duen hurrengo erronda)"),
    "pos.asked-options": _row("asked: what may the player do now?", "gefragt: was darf der Spieler jetzt tun?",
                              "질문: 플레이어가 지금 무엇을 할 수 있나요?", "galdera: zer egin dezake jokalariak orain?"),
    # --- a question asked on the command line ---
    "inline.title": _row("A question at the table", "Eine Frage am Tisch", "테이블에서 나온 질문", "Mahaiko galdera bat"),
    "inline.question": _row("{actions}", "Darf ich {actions}?", "다음을 해도 됩니까? {actions}", "{actions} dezaket?"),
    "inline.then": _row(" then ", ", dann ", ", 그다음 ", ", gero "),
    # --- verdicts ---
    "legal": _row("LEGAL", "ERLAUBT", "허용", "ZILEGI"),
    "illegal": _row("ILLEGAL", "NICHT ERLAUBT", "불허", "EZ ZILEGI"),
    "rule-gap": _row("RULE GAP", "REGELLÜCKE", "규칙의 공백", "ARAU-HUTSUNEA"),
    "legal.badge": _row("legal", "erlaubt", "허용", "zilegi"),
    "illegal.badge": _row("illegal", "nicht erlaubt", "불허", "ez zilegi"),
    "rule-gap.badge": _row("rule gap", "Regellücke", "규칙의 공백", "arau-hutsunea"),
    "slip.badge": _row("no question", "keine Frage", "질문 성립 안 함", "galderarik ez"),
    "head.slip": _row("THE QUESTION DOES NOT ARISE at '{step}': {slip}", "DIE FRAGE STELLT SICH NICHT bei '{step}': {slip}",
                      "'{step}'에서 질문이 성립하지 않습니다: {slip}", "GALDERA EZ DA SORTZEN hemen: '{step}': {slip}"),
    "step.start": _row("the start of the turn", "Beginn des Zuges", "차례 시작", "txandaren hasiera"),
    "step.start-game": _row("the start of the game", "Beginn des Spiels", "게임 시작", "partidaren hasiera"),
    "head.at": _row(" at '{step}'", " bei '{step}'", " ('{step}'에서)", " hemen: '{step}'"),
    "head.before": _row(" (already this turn)", " (schon in diesem Zug)", " (이번 차례에 이미)", " (txanda honetan jada)"),
    "head.silent": _row(" — the rules don't say ({path})", " — die Regeln sagen es nicht ({path})",
                        " — 규칙에 나와 있지 않습니다({path})", " — arauek ez dute esaten ({path})"),
    "head.lot": _row(" (the table decides; the engine draws by lot and the round is not void)",
                     " (die Runde entscheidet; das Programm lost, und die Runde bleibt gültig)",
                     " (테이블에서 정합니다; 프로그램은 제비를 뽑고 라운드는 무효가 되지 않습니다)",
                     " (mahaiak erabakitzen du; programak zozketa egiten du eta erronda ez da baliogabea)"),
    # --- details ---
    "then": _row("then: row {row}{covered}; {hands}; deck {deck}; phase {phase}, seat {seat} to act",
                 "danach: Reihe {row}{covered}; {hands}; Nachziehstapel {deck}; Phase {phase}, Platz {seat} ist dran",
                 "그다음: 로우 {row}{covered}; {hands}; 뽑기 더미 {deck}; 단계 {phase}, 자리 {seat}의 차례",
                 "gero: errenkada {row}{covered}; {hands}; sorta {deck}; fasea {phase}, {seat}. jokalariaren txanda"),
    "then.covered": _row(" (matched, to be discarded: {cards})", " (abgedeckt, kommt auf den Ablagestapel: {cards})",
                         " (매치됨, 버릴 카드: {cards})", " (parekatuta, baztertzeko: {cards})"),
    "then.holds": _row("seat {seat} holds {n}", "Platz {seat} hat {n}", "자리 {seat} {n}장", "{seat}. jokalariak {n}"),
    "deal": _row("seat {dealer} deals round {round} ({how}){first}", "Platz {dealer} gibt Runde {round} ({how}){first}",
                 "자리 {dealer}이(가) 라운드 {round}의 딜러({how}){first}", "{dealer}. jokalariak banatzen du {round}. erronda ({how}){first}"),
    "deal.first": _row(", seat {seat} plays first{lot}", ", Platz {seat} fängt an{lot}", ", 자리 {seat}이(가) 먼저 합니다{lot}",
                       ", {seat}. jokalariak hasten du{lot}"),
    "deal.lot": _row(" (by lot: the rules don't say)", " (per Los: die Regeln sagen es nicht)",
                     " (제비뽑기: 규칙에 나와 있지 않음)", " (zozketaz: arauek ez dute esaten)"),
    "label.deal": _row("deal: {text}", "Geben: {text}", "딜: {text}", "banaketa: {text}"),
    "label.scores": _row("scores: {text}", "Punkte: {text}", "점수: {text}", "puntuak: {text}"),
    "Label.scores": _row("Scores: {text}", "Punkte: {text}", "점수: {text}", "Puntuak: {text}"),
    "scores": _row("seat {seat} scores {points}", "Platz {seat} bekommt {points}", "자리 {seat} {points}점",
                   "{seat}. jokalariak {points} puntu"),
    "label.instead": _row("legal instead: {actions}{more}", "stattdessen erlaubt: {actions}{more}",
                          "대신 할 수 있는 것: {actions}{more}", "horren ordez zilegi: {actions}{more}"),
    "instead.more": _row(" ... ({n} in all)", " ... ({n} insgesamt)", " ... (모두 {n}개)", " ... ({n} guztira)"),
    "label.readings": _row("the rules don't say ({path}); under each reading:",
                           "die Regeln sagen es nicht ({path}); je nach Lesart:",
                           "규칙에 나와 있지 않습니다({path}). 읽는 방법마다:",
                           "arauek ez dute esaten ({path}); irakurketa bakoitzean:"),
    "Label.readings": _row("The rules don't say ({path}). Under each reading:",
                           "Die Regeln sagen es nicht ({path}). Je nach Lesart:",
                           "규칙에 나와 있지 않습니다({path}). 읽는 방법마다:",
                           "Arauek ez dute esaten ({path}). Irakurketa bakoitzean:"),
    "chosen-by": _row("chosen by: {who}", "so gelesen von: {who}", "이렇게 읽는 규칙: {who}", "honela irakurtzen dute: {who}"),
    "chosen-by.md": _row("chosen by {who}", "so gelesen von {who}", "이렇게 읽는 규칙: {who}", "honela irakurtzen dute: {who}"),
    "nobody": _row("no shipped ruleset", "kein mitgelieferter Regelsatz", "제공된 규칙 중 없음", "emandako arau-multzorik ez"),
    "label.decided": _row("decided by:", "entschieden durch:", "결정한 규칙:", "erabakitzen dutenak:"),
    "Label.decided": _row("Decided by:", "Entschieden durch:", "결정한 규칙:", "Erabakitzen dutenak:"),
    "counted": _row("no ruleset reads it otherwise; the answer is counted with this number",
                    "kein Regelsatz liest sie anders; die Antwort ist mit dieser Zahl gezählt",
                    "다르게 읽는 규칙은 없습니다. 답은 이 숫자로 셉니다",
                    "ez du arau-multzo batek beste modu batera irakurtzen; erantzuna zenbaki honekin kontatzen da"),
    "with": _row("with {value}: {what}", "mit {value}: {what}", "{value}(으)로 읽으면: {what}", "{value} balioarekin: {what}"),
    "silent-source": _row("the source is silent", "die Quelle schweigt", "출처에 나와 있지 않음", "iturriak ez du ezer esaten"),
    "label.consulted": _row("also consulted: {paths}", "außerdem gelesen: {paths}", "함께 살펴본 규칙: {paths}",
                            "kontsultatutako beste batzuk: {paths}"),
    "Label.consulted": _row("Also consulted: {paths}", "Außerdem gelesen: {paths}", "함께 살펴본 규칙: {paths}",
                            "Kontsultatutako beste batzuk: {paths}"),
    "label.note": _row("note: {text}", "Hinweis: {text}", "참고: {text}", "oharra: {text}"),
    "label.filled": _row("filled in: {text}", "ergänzt: {text}", "채운 단계: {text}", "osatuta: {text}"),
    "label.follows": _row("what follows:", "was folgt:", "그다음 일어나는 일:", "ondoren gertatzen dena:"),
    "Label.follows": _row("What follows:", "Was folgt:", "그다음 일어나는 일:", "Ondoren gertatzen dena:"),
    "expected": _row("expected {verdict}: {how}", "erwartet {verdict}: {how}", "예상 {verdict}: {how}", "espero zena {verdict}: {how}"),
    "expected.ok": _row("as expected", "wie erwartet", "예상대로", "espero bezala"),
    "expected.bad": _row("NOT AS EXPECTED — {what}", "NICHT WIE ERWARTET — {what}", "예상과 다름 — {what}", "EZ ESPERO BEZALA — {what}"),
    "summary.legal": _row("legal", "erlaubt", "허용", "zilegi"),
    "summary.at": _row("{verdict} at '{step}'{path}", "{verdict} bei '{step}'{path}", "'{step}'에서 {verdict}{path}",
                       "{verdict} hemen: '{step}'{path}"),
    "summary.slip": _row("the question does not arise ({slip})", "die Frage stellt sich nicht ({slip})",
                         "질문이 성립하지 않습니다({slip})", "galdera ez da sortzen ({slip})"),
    "as-taken": _row(" as {actions}", " als {actions}", " ({actions}로)", " ({actions} gisa)"),
    "as-taken.paren": _row(" (as {actions})", " (als {actions})", " ({actions}로)", " ({actions} gisa)"),
    "more-events": _row("; ... ({n} more)", "; ... ({n} weitere)", "; ... ({n}개 더)", "; ... ({n} gehiago)"),
    "diff.replace": _row("but then '{event}'", "aber dann '{event}'", "하지만 그다음 '{event}'", "baina gero '{event}'"),
    "diff.insert": _row("and also '{event}'", "und außerdem '{event}'", "그리고 또 '{event}'", "eta gainera '{event}'"),
    "diff.delete": _row("without '{event}'", "ohne '{event}'", "'{event}' 없이", "'{event}' gabe"),
    "diff.deal": _row("but then {deal}", "aber dann {deal}", "하지만 그다음 {deal}", "baina gero {deal}"),
    "diff.other": _row("other consequences", "andere Folgen", "다른 결과", "beste ondorio batzuk"),
    # --- rulesets in a sentence ---
    "all.editions": _row("{all} editions", "{all} Ausgaben", "{all} 판", "{all} edizioen"),
    "all.rulesets": _row("{all} rulesets", "{all} Regelsätzen", "{all} 규칙", "{all} arau-multzoen"),
    "all.2": _row("both", "beiden", "두", "bi"), "all.3": _row("all three", "allen drei", "세", "hiru"),
    "all.4": _row("all four", "allen vier", "네", "lau"), "all.5": _row("all five", "allen fünf", "다섯", "bost"),
    "all.n": _row("all {n}", "allen {n}", "{n}개", "{n}"),
    "and": _row("{a} and {b}", "{a} und {b}", "{a}, {b}", "{a} eta {b}"),
    # --- the plain sentence ---
    "under": _row("under {who}, {words}", "nach {who}: {words}", "{who}에서는 {words}", "{who} arauetan, {words}"),
    "everyone": _row("{words} (under {who})", "{words} (nach {who})", "{words} ({who} 모두)", "{words} ({who} arauetan)"),
    "yes": _row("yes, {words}", "ja, {words}", "예, {words}", "bai, {words}"),
    "you-may": _row("you may {actions}", "du darfst {actions}", "다음을 할 수 있습니다: {actions}", "{actions} dezakezu"),
    "seat-may": _row("seat {seat} may {action}", "Platz {seat} darf {action}", "자리 {seat}은(는) {action}를 할 수 있습니다",
                     "{seat}. jokalariak {action} dezake"),
    "then-join": _row("{a}, then {b}", "{a} und dann {b}", "{a}, 그다음 {b}", "{a}, eta gero {b}"),
    "deals-next": _row("seat {seat} deals the next round", "Platz {seat} gibt die nächste Runde",
                       "자리 {seat}이(가) 다음 라운드의 딜러입니다", "{seat}. jokalariak banatzen du hurrengo erronda"),
    "must-call": _row("you must call DOS now that you hold {n} cards: if you don't, another player can catch you "
                      "and you draw {p} cards",
                      "du musst DOS rufen, weil du jetzt {n} Karten hast: sonst kann dich ein anderer Spieler erwischen, "
                      "und du ziehst {p} Karten",
                      "이제 카드가 {n}장이므로 DOS를 외쳐야 합니다: 외치지 않으면 다른 플레이어가 잡을 수 있고, 그러면 {p}장을 뽑습니다",
                      "DOS esan behar duzu, orain {n} karta dituzulako: esaten ez baduzu, beste jokalari batek harrapa "
                      "zaitzake, eta {p} karta hartuko dituzu"),
    "and-must": _row("{words}, and {must}", "{words}, und {must}", "{words}. 그리고 {must}", "{words}, eta {must}"),
    "exposed": _row("{words}, but you hold {n} cards and have not called DOS: another player can catch you, and then "
                    "you draw {p} cards",
                    "{words}, aber du hast {n} Karten und hast DOS nicht gerufen: ein anderer Spieler kann dich "
                    "erwischen, und dann ziehst du {p} Karten",
                    "{words}. 하지만 카드가 {n}장인데 DOS를 외치지 않았으므로, 다른 플레이어가 잡을 수 있고 그러면 {p}장을 뽑습니다",
                    "{words}, baina {n} karta dituzu eta ez duzu DOS esan: beste jokalari batek harrapa zaitzake, eta "
                    "orduan {p} karta hartuko dituzu"),
    "no": _row("no, you may not {action}{reason}", "nein, du darfst nicht {action}{reason}",
               "아니요, {action}를 할 수 없습니다{reason}", "ez, ezin duzu {action}{reason}"),
    "gap": _row("the rules don't say {what}, so agree on it at your table before you play on",
                "die Regeln sagen {what}; einigt euch am Tisch darauf, bevor ihr weiterspielt",
                "규칙에 {what} 나와 있지 않으니, 계속하기 전에 테이블에서 정하세요",
                "arauek ez dute esaten {what}; adostu mahaian jokatzen jarraitu aurretik"),
    "gap.none": _row("the rules don't say", "die Regeln sagen es nicht", "규칙에 나와 있지 않습니다", "arauek ez dute esaten"),
    "gap.topic": _row("anything about {topic}", "nichts zu diesem Punkt ({topic})", "‘{topic}’에 대해",
                      "ezer honi buruz: {topic}"),
    "gap.asks": _row("{topic}", "nicht, {topic}", "{topic}", "{topic}"),
    "gap.plain": _row("the rules don't say what happens here, so agree on it at your table before you play on",
                      "die Regeln sagen nicht, was hier geschieht; einigt euch am Tisch darauf, bevor ihr weiterspielt",
                      "규칙에 여기서 어떻게 하는지 나와 있지 않으니, 계속하기 전에 테이블에서 정하세요",
                      "arauek ez dute esaten hemen zer gertatzen den; adostu mahaian jokatzen jarraitu aurretik"),
    "slip": _row("the question does not arise ({slip})", "die Frage stellt sich nicht ({slip})",
                 "질문이 성립하지 않습니다({slip})", "galdera ez da sortzen ({slip})"),
    # --- the detailed sentence ---
    "h.deal": _row("under {who} {deal}", "nach {who}: {deal}", "{who}에서는 {deal}", "{who} arauetan: {deal}"),
    "h.deal-words": _row("seat {dealer} deals round {round}{first}", "Platz {dealer} gibt Runde {round}{first}",
                         "자리 {dealer}이(가) 라운드 {round}의 딜러{first}", "{dealer}. jokalariak banatzen du {round}. erronda{first}"),
    "h.deal-first": _row(" and seat {seat} plays first", " und Platz {seat} fängt an", ", 자리 {seat}이(가) 먼저 합니다",
                         " eta {seat}. jokalariak hasten du"),
    "h.yes": _row("under {who} you may {actions}", "nach {who} darfst du {actions}", "{who}에서는 다음을 할 수 있습니다: {actions}",
                  "{who} arauetan {actions} dezakezu"),
    "h.no": _row("under {who} you may not {action}{before}: {reason}{path}{silent}",
                 "nach {who} darfst du nicht {action}{before}: {reason}{path}{silent}",
                 "{who}에서는 {action}를 할 수 없습니다{before}: {reason}{path}{silent}",
                 "{who} arauetan ezin duzu {action}{before}: {reason}{path}{silent}"),
    "h.taken": _row(" (the question takes it as done)", " (die Frage nimmt es als geschehen)", " (질문에서는 이미 한 것으로 봅니다)",
                    " (galderak egintzat hartzen du)"),
    "h.silent": _row(" — but the rules don't say{path}: {readings}", " — aber die Regeln sagen es nicht{path}: {readings}",
                     " — 하지만 규칙에 나와 있지 않습니다{path}: {readings}", " — baina arauek ez dute esaten{path}: {readings}"),
    "h.slip": _row("under {who} the question does not arise: {slip}", "nach {who} stellt sich die Frage nicht: {slip}",
                   "{who}에서는 질문이 성립하지 않습니다: {slip}", "{who} arauetan galdera ez da sortzen: {slip}"),
    "h.gap": _row("{who} does not say{path} — {reason}; {then}{read}", "nach {who} ist es offen{path} — {reason}; {then}{read}",
                  "{who}에는 나와 있지 않습니다{path} — {reason}; {then}{read}",
                  "{who} arauetan ez da esaten{path} — {reason}; {then}{read}"),
    "h.gap.many": _row("{who} do not say{path} — {reason}; {then}{read}", "nach {who} ist es offen{path} — {reason}; {then}{read}",
                       "{who}에는 나와 있지 않습니다{path} — {reason}; {then}{read}",
                       "{who} arauetan ez da esaten{path} — {reason}; {then}{read}"),
    "h.lot": _row("the table decides (the engine draws by lot)", "die Runde entscheidet (das Programm lost)",
                  "테이블에서 정합니다(프로그램은 제비를 뽑음)", "mahaiak erabakitzen du (programak zozketa egiten du)"),
    "h.void": _row("the round is void", "die Runde ist ungültig", "라운드는 무효입니다", "erronda baliogabea da"),
    "h.read": _row("read as {value}{who}: {verdict}{rule}", "gelesen als {value}{who}: {verdict}{rule}",
                   "{value}(으)로 읽으면{who}: {verdict}{rule}", "{value} gisa irakurrita{who}: {verdict}{rule}"),
    "h.read-who": _row(" (as {who} does)", " (wie {who})", " ({who}처럼)", " ({who}-k bezala)"),
    "h.read-who.many": _row(" (as {who} do)", " (wie {who})", " ({who}처럼)", " ({who}-k bezala)"),
    "lead.yes": _row("Yes — ", "Ja — ", "예 — ", "Bai — "), "lead.no": _row("No — ", "Nein — ", "아니요 — ", "Ez — "),
    "lead.gap": _row("The rules don't say — ", "Die Regeln sagen es nicht — ", "규칙에 나와 있지 않습니다 — ",
                     "Arauek ez dute esaten — "),
    "lead.depends": _row("It depends on the rules: ", "Es hängt von den Regeln ab: ", "규칙에 따라 다릅니다: ",
                         "Arauen araberakoa da: "),
    # --- what may I do now? ---
    "o.who": _row("seat {seat}", "Platz {seat}", "자리 {seat}", "{seat}. jokalariak"),
    "o.who-any": _row("the player to act", "der Spieler am Zug", "차례인 플레이어", "txanda duen jokalariak"),
    "o.question": _row("What may {who} do now?", "Was darf {who} jetzt tun?", "{who}은(는) 지금 무엇을 할 수 있나요?",
                       "Zer egin dezake {who} orain?"),
    "o.blocked": _row("under {who} the position is not reached", "nach {who} wird die Stellung nicht erreicht",
                      "{who}에서는 이 상황에 이르지 않습니다", "{who} arauetan ez da egoera honetara iristen"),
    "o.not-reached": _row("the position is not reached: {why}", "die Stellung wird nicht erreicht: {why}",
                          "이 상황에 이르지 않습니다: {why}", "ez da egoera honetara iristen: {why}"),
    "o.over": _row("the round is over", "die Runde ist vorbei", "라운드가 끝났습니다", "erronda amaitu da"),
    "o.kinds": _row("under {who}: {kinds}", "nach {who}: {kinds}", "{who}에서는: {kinds}", "{who} arauetan: {kinds}"),
    "o.or": _row("{a} or {b}", "{a} oder {b}", "{a} 또는 {b}", "{a} edo {b}"),
    "o.nothing": _row("nothing", "nichts", "아무것도 없음", "ezer ez"),
    "o.head": _row("{spec}: seat {seat} to act (phase {phase})", "{spec}: Platz {seat} ist dran (Phase {phase})",
                   "{spec}: 자리 {seat}의 차례(단계 {phase})", "{spec}: {seat}. jokalariaren txanda (fasea {phase})"),
    "o.seat-badge": _row("seat {seat} to act", "Platz {seat} ist dran", "자리 {seat}의 차례", "{seat}. jokalariaren txanda"),
    "o.no": _row("{title}: no — {why}", "{title}: nein — {why}", "{title}: 아니요 — {why}", "{title}: ez — {why}"),
    "o.yes": _row("{title}: yes{ways}", "{title}: ja{ways}", "{title}: 예{ways}", "{title}: bai{ways}"),
    "o.ways": _row(" ({n} ways)", " ({n} Möglichkeiten)", " ({n}가지)", " ({n} modu)"),
    "o.one": _row("{title}: yes — '{action}'{gap}", "{title}: ja — '{action}'{gap}", "{title}: 예 — '{action}'{gap}",
                  "{title}: bai — '{action}'{gap}"),
    "o.any": _row("{title}: yes, any of: {actions}", "{title}: ja, eine davon: {actions}", "{title}: 예, 다음 중 하나: {actions}",
                  "{title}: bai, hauetako edozein: {actions}"),
    "o.gap": _row(" — the rules don't say ({path}): the round would be void",
                  " — die Regeln sagen es nicht ({path}): die Runde wäre ungültig",
                  " — 규칙에 나와 있지 않습니다({path}): 라운드가 무효가 됩니다",
                  " — arauek ez dute esaten ({path}): erronda baliogabea litzateke"),
    "o.gap.badge": _row("the rules don't say ({path})", "die Regeln sagen es nicht ({path})", "규칙에 나와 있지 않음({path})",
                        "arauek ez dute esaten ({path})"),
    "o.yes.badge": _row("yes", "ja", "예", "bai"), "o.no.badge": _row("no", "nein", "아니요", "ez"),
    "kind.match": _row("match", "abdecken", "매치", "parekatu"),
    "kind.draw": _row("draw", "ziehen", "카드 뽑기", "karta hartu"),
    "kind.place": _row("put a card into the Centre Row", "eine Karte in die Mittelreihe legen", "센터 로우에 카드 놓기",
                       "karta bat Erdiko Errenkadan jarri"),
    "kind.end": _row("end the turn", "den Zug beenden", "차례 끝내기", "txanda amaitu"),
    "kind.call-dos": _row("call DOS", "DOS rufen", "DOS 외치기", "DOS esan"),
    "kind.catch-dos": _row("catch the missed DOS call", "den verpassten DOS-Ruf erwischen", "놓친 DOS 외치기 잡기",
                           "ahaztutako DOS deia harrapatu"),
    "kind.pass": _row("let it go", "durchgehen lassen", "넘어가기", "pasatzen utzi"),
    "kind.declare": _row("declare the wild that entered the Centre Row", "den Joker ansagen, der in die Mittelreihe kam",
                         "센터 로우에 들어온 와일드 카드 선언하기", "Erdiko Errenkadara sartu den komodina adierazi"),
    # --- the HTML page ---
    "html.new-game": _row("A new game", "Ein neues Spiel", "새 게임", "Joko berria"),
    "html.players": _row("{n} players", "{n} Spieler", "{n}명", "{n} jokalari"),
    "html.drawn": _row("drawn for dealer (seat 0 first)", "für den Geber gezogen (Platz 0 zuerst)",
                       "딜러를 정하려고 뽑은 카드(자리 0부터)", "banatzailea aukeratzeko hartuak (0. jokalaria lehenik)"),
    "html.row": _row("Centre Row", "Mittelreihe", "센터 로우", "Erdiko Errenkada"),
    "html.seat": _row("seat {seat}", "Platz {seat}", "자리 {seat}", "{seat}. jokalaria"),
    "html.called": _row("DOS called", "DOS gerufen", "DOS 외침", "DOS esanda"),
    "html.deck": _row("deck", "Nachziehstapel", "뽑기 더미", "sorta"),
    "html.top-first": _row("deck (top first)", "Nachziehstapel (oberste zuerst)", "뽑기 더미(위부터)", "sorta (goikoa lehenik)"),
    "html.in-all": _row("{n} cards in all", "{n} Karten insgesamt", "모두 {n}장", "{n} karta guztira"),
    "html.n-cards": _row("{n} cards", "{n} Karten", "{n}장", "{n} karta"),
    "html.no-cards": _row("no cards", "keine Karten", "카드 없음", "kartarik ez"),
    "html.none": _row("(none)", "(keine)", "(없음)", "(bat ere ez)"),
    "html.discard": _row("discard", "Ablagestapel", "버림 더미", "bazterketa-pila"),
    "html.to-play": _row("to play", "am Zug", "차례", "txanda"),
    "html.before": _row("Already this turn:", "Schon in diesem Zug:", "이번 차례에 이미:", "Txanda honetan jada:"),
    "html.asked": _row("Asked:", "Gefragt:", "질문:", "Galdera:"),
    "html.then": _row("then", "dann", "그다음", "gero"),
    "html.reading": _row("reading", "Lesart", "읽는 방법", "irakurketa"),
    "html.outcome": _row("then", "dann", "결과", "orduan"),
    "html.chosen": _row("chosen by", "so gelesen von", "이렇게 읽는 규칙", "honela irakurtzen dute"),
    "html.footer": _row("Answered by dosrules from the rulesets' own values; each clause is quoted from the source the "
                        "ruleset cites.",
                        "Beantwortet von dosrules aus den Werten der Regelsätze; jede Stelle ist aus der Quelle zitiert, "
                        "die der Regelsatz nennt.",
                        "dosrules가 규칙 파일의 값으로 답했습니다. 각 조항은 규칙 파일이 인용한 출처에서 그대로 옮겼습니다.",
                        "dosrules-ek erantzuna arau-multzoen balioetatik; klausula bakoitza arau-multzoak aipatzen duen "
                        "iturritik hartua da."),
})


#: How an indirect question starts (en, de, eu: its first word) or ends (ko: -지), so that a
#: rule's description reads "the rules don't say who deals the next round" and not "… anything
#: about who deals …".
_QUESTION_STARTS = {
    "en": ("who", "whether", "what", "which", "how", "when"),
    "de": ("ob", "wer", "wie", "was", "wann", "welche", "welcher", "wo", "womit", "in welche", "bei wie"),
}
# Basque: the question word may stand later ("jokoa zein norabidetan doan"); Korean: the clause ends in -지.
_QUESTION_WORDS = {"eu": {"nork", "nor", "zer", "zein", "nola", "noiz", "zenbat", "ea", "non"}}
_QUESTION_ENDS = {"ko": ("지",)}


def asks(text: str, lang: str) -> bool:
    """True when ``text`` (a rule description's head) is an indirect question in ``lang``."""
    low = text.lower()
    return (any(low == w or low.startswith(w + " ") for w in _QUESTION_STARTS.get(lang, ()))
            or bool(set(low.split()) & _QUESTION_WORDS.get(lang, set()))
            or low.endswith(_QUESTION_ENDS.get(lang, ())))


_ARTICLES = {"de": {"die", "der", "das", "ein", "eine"}}


def inside_sentence(text: str, lang: str) -> str:
    """A rule description's head as it reads inside a sentence: lower-cased where its first word is
    a question word or an article (English always), kept where it is a noun or a card's name
    (German *Punkte*, Basque *Wild #*)."""
    first = text.split()[0].lower() if text.split() else ""
    if lang == "en" or asks(text, lang) and lang != "ko" and first != "wild" or first in _ARTICLES.get(lang, ()):
        return text[:1].lower() + text[1:]
    return text

