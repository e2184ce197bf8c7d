"""``dosrules serve`` in the reader's language: the words of the web pages around a ruling (the
titles, labels, buttons, hints, the framing of errors, the compare page). The ruling itself is
said by :mod:`.answers`, as ``ask --lang`` says it; :data:`ENDONYMS` names each language in
itself, for the language picker; :func:`card_names` the card picker's cards."""

from __future__ import annotations

from .phrases import Phrases, row as _row

__all__ = ["PAGE", "ENDONYMS", "card_names"]

#: Each language in its own words (the picker shows them the same on every page).
ENDONYMS = {"en": "English", "de": "Deutsch", "ko": "한국어", "eu": "Euskara"}


PAGE = Phrases("web", {
    # --- every page ---
    "nav": _row("Main", "Hauptmenü", "주 메뉴", "Menu nagusia"),
    "nav.rules": _row("Our rules", "Unsere Regeln", "우리 규칙", "Gure arauak"),
    "nav.ask": _row("Can I do this?", "Darf ich das?", "이렇게 해도 되나요?", "Hau egin dezaket?"),
    "nav.options": _row("What may I do?", "Was darf ich tun?", "무엇을 할 수 있나요?", "Zer egin dezaket?"),
    "nav.doc": _row("Rulebook", "Regelheft", "규칙서", "Arau-liburua"),
    "nav.compare": _row("Compare", "Vergleichen", "비교", "Alderatu"),
    "language": _row("Language", "Sprache", "언어", "Hizkuntza"),
    "version": _row("rules version {hash}", "Regelversion {hash}", "규칙 버전 {hash}", "arauen bertsioa {hash}"),
    # --- our rules ---
    "home.lead": _row("We play {label}", "Wir spielen {label}", "우리 규칙: {label}", "Gure arauak: {label}"),
    "home.edition": _row("Edition", "Ausgabe", "판", "Edizioa"),
    "home.house": _row("House rules (applied in this order)", "Hausregeln (in dieser Reihenfolge angewandt)",
                       "하우스 룰(이 순서로 적용)", "Etxeko arauak (ordena honetan ezarriak)"),
    "home.own": _row("Your own house rules:", "Eure eigenen Hausregeln:", "직접 만든 하우스 룰:", "Zuen etxeko arau propioak:"),
    "home.open": _row("What these rules leave open", "Was diese Regeln offenlassen", "이 규칙에 나와 있지 않은 것",
                      "Arau hauek zehazten ez dutena"),
    "home.open-hint": _row("Choose how your table reads each silence, or leave it open (a round that meets it is then "
                           "settled at the table).",
                           "Wählt, wie euer Tisch jede Lücke liest, oder lasst sie offen (eine Runde, die auf sie trifft, "
                           "wird dann am Tisch entschieden).",
                           "테이블에서 각 공백을 어떻게 읽을지 고르거나, 비워 두세요(그 공백을 만난 라운드는 테이블에서 정합니다).",
                           "Aukeratu zuen mahaiak hutsune bakoitza nola irakurtzen duen, edo utzi zabalik (hutsune "
                           "horretara iristen den erronda mahaian erabakiko da)."),
    "home.leave-open": _row("leave open", "offen lassen", "비워 두기", "zabalik utzi"),
    "home.read-by": _row(" — as {who} read it", " — so gelesen von {who}", " — {who}의 읽는 방법", " — {who}-k honela irakurtzen du"),
    "home.use": _row("Use these rules", "Diese Regeln verwenden", "이 규칙 사용하기", "Arau hauek erabili"),
    "home.own-head": _row("Your own house rule", "Eure eigene Hausregel", "직접 만든 하우스 룰", "Zuen etxeko arau propioa"),
    "home.file": _row("A house rule file (.yaml)", "Eine Hausregel-Datei (.yaml)", "하우스 룰 파일(.yaml)",
                      "Etxeko arau baten fitxategia (.yaml)"),
    "home.paste": _row("or paste it", "oder hier einfügen", "또는 붙여 넣기", "edo itsatsi hemen"),
    "home.add": _row("Check and add it", "Prüfen und hinzufügen", "확인하고 추가하기", "Egiaztatu eta gehitu"),
    "home.with": _row("With these rules", "Mit diesen Regeln", "이 규칙으로", "Arau hauekin"),
    "home.ask-hint": _row("settle a dispute", "einen Streit klären", "다툼 해결하기", "eztabaida bat argitu"),
    "home.options-hint": _row("every legal move", "jeder erlaubte Zug", "가능한 모든 행동", "ekintza zilegi guztiak"),
    "home.rulebook": _row("The rulebook", "Das Regelheft", "규칙서", "Arau-liburua"),
    "home.changes": _row("only what our house rules change", "nur was unsere Hausregeln ändern",
                         "하우스 룰이 바꾸는 것만", "gure etxeko arauek aldatzen dutena bakarrik"),
    "home.compare-hint": _row("how our rules change the game", "wie unsere Regeln das Spiel ändern",
                              "우리 규칙이 게임을 어떻게 바꾸는지", "gure arauek jokoa nola aldatzen duten"),
    "home.share": _row("This page's address keeps your choice: share it, and the others see the same rules.",
                       "Die Adresse dieser Seite behält eure Wahl: teilt sie, und die anderen sehen dieselben Regeln.",
                       "이 페이지의 주소에 선택이 담겨 있습니다. 주소를 공유하면 다른 사람도 같은 규칙을 봅니다.",
                       "Orri honen helbideak zuen aukera gordetzen du: partekatu, eta besteek arau berak ikusiko dituzte."),
    # --- a question ---
    "ask.hand": _row("your hand", "deine Hand", "내 손", "zure eskua"),
    "ask.asked": _row("asked", "gefragt", "질문", "galdera"),
    "ask.position": _row("The position", "Die Stellung", "상황", "Egoera"),
    "ask.follows": _row("What follows", "Was folgt", "그다음 일어나는 일", "Ondoren gertatzen dena"),
    "ask.permalink": _row("This ruling's address:", "Die Adresse dieser Antwort:", "이 답의 주소:", "Erantzun honen helbidea:"),
    "ask.share": _row("share this link", "diesen Link teilen", "이 링크를 공유하세요", "partekatu esteka hau"),
    "ask.share-tail": _row("to show it again.", "um sie wieder zu zeigen.", "다시 보여 줄 수 있습니다.",
                           "berriro erakusteko."),
    "ask.change": _row("Change the question", "Die Frage ändern", "질문 바꾸기", "Galdera aldatu"),
    "ask.cards-hint": _row("Cards are written as number and colour: {red} red 7, {green} green 10, {blue} blue, "
                           "{yellow} yellow; {wild} a red Wild #, {dos} a Wild DOS. Tap the cards below, or type.",
                           "Karten schreibt man als Zahl und Farbe: {red} rote 7, {green} grüne 10, {blue} blau, "
                           "{yellow} gelb; {wild} ein roter Joker #, {dos} ein Joker 2. Tippe unten auf die Karten "
                           "oder schreibe sie.",
                           "카드는 숫자와 색으로 씁니다: {red} 빨간색 7, {green} 초록색 10, {blue} 파란색, {yellow} 노란색; "
                           "{wild} 빨간색 와일드 #, {dos} 와일드 DOS. 아래 카드를 누르거나 직접 쓰세요.",
                           "Kartak zenbakiz eta kolorez idazten dira: {red} 7 gorria, {green} 10 berdea, {blue} urdina, "
                           "{yellow} horia; {wild} Wild # gorri bat, {dos} Wild DOS bat. Ukitu beheko kartak, edo idatzi."),
    "ask.your-hand": _row("Your hand", "Deine Hand", "내 손의 카드", "Zure eskua"),
    "ask.picker": _row("Card picker", "Kartenwahl", "카드 고르기", "Karta-hautatzailea"),
    "ask.clear": _row("remove the last card of the field", "die letzte Karte des Feldes entfernen",
                      "칸의 마지막 카드 지우기", "eremuko azken karta kendu"),
    "ask.players": _row("Players", "Spieler", "플레이어 수", "Jokalariak"),
    "ask.called": _row("I have already called DOS", "Ich habe schon DOS gerufen", "이미 DOS를 외쳤습니다", "DOS esan dut jada"),
    "ask.what": _row("What do you want to do?", "Was willst du tun?", "무엇을 하고 싶나요?", "Zer egin nahi duzu?"),
    "ask.then": _row("then", "dann", "그다음", "gero"),
    "ask.then-optional": _row("then (optional)", "dann (freiwillig)", "그다음(선택)", "gero (aukeran)"),
    "ask.actions": _row("Actions:", "Aktionen:", "행동:", "Ekintzak:"),
    "ask.not-sure": _row("Not sure what you may do?", "Nicht sicher, was du darfst?", "무엇을 할 수 있는지 모르겠나요?",
                         "Ez dakizu zer egin dezakezun?"),
    "ask.every-move": _row("See every legal move", "Jeden erlaubten Zug sehen", "가능한 모든 행동 보기",
                           "Ikusi ekintza zilegi guztiak"),
    "ask.next": _row("and who deals the next round", "und wer die nächste Runde gibt", "그리고 다음 라운드의 딜러",
                     "eta nork banatzen duen hurrengo erronda"),
    "ask.also": _row("Also ask under", "Auch fragen nach", "함께 물어볼 규칙", "Galdetu baita hauen arabera ere"),
    "ask.show": _row("Show what I may do", "Zeigen, was ich darf", "할 수 있는 것 보기", "Erakutsi zer egin dezakedan"),
    "ask.ask": _row("Ask", "Fragen", "묻기", "Galdetu"),
    # --- compare ---
    "compare.intro": _row("How does {label} change the game? A comparison simulates many rounds under each ruleset "
                          "and reports what changes, with confidence intervals. It runs in the background; this "
                          "server runs a few at a time.",
                          "Wie ändert {label} das Spiel? Ein Vergleich spielt viele Runden nach jedem Regelsatz durch "
                          "und berichtet, was sich ändert, mit Konfidenzintervallen. Er läuft im Hintergrund; dieser "
                          "Server führt wenige zugleich aus.",
                          "{label} 규칙은 게임을 어떻게 바꿀까요? 비교는 각 규칙으로 많은 라운드를 시뮬레이션하고, "
                          "무엇이 바뀌는지 신뢰 구간과 함께 보고합니다. 비교는 뒤에서 실행되며, 이 서버는 한 번에 몇 개만 실행합니다.",
                          "Nola aldatzen du {label} arau-multzoak jokoa? Alderaketak erronda asko simulatzen ditu "
                          "arau-multzo bakoitzarekin, eta zer aldatzen den jakinarazten du, konfiantza-tarteekin. "
                          "Atzeko planoan doa; zerbitzari honek gutxi batzuk exekutatzen ditu aldi berean."),
    "compare.with": _row("Compare with", "Vergleichen mit", "비교할 규칙", "Alderatu honekin"),
    "compare.rounds": _row("Rounds per ruleset (at most {n})", "Runden je Regelsatz (höchstens {n})",
                           "규칙마다 라운드 수(최대 {n})", "Erronda arau-multzo bakoitzeko (gehienez {n})"),
    "compare.policy": _row("How the players play", "Wie die Spieler spielen", "플레이어의 플레이 방식",
                           "Jokalariek nola jokatzen duten"),
    "policy.casual": _row("casual", "locker", "느긋하게", "lasai"),
    "policy.greedy": _row("greedy", "gierig", "욕심껏", "gutiziaz"),
    "policy.random": _row("random", "zufällig", "무작위로", "ausaz"),
    "compare.start": _row("Start the comparison", "Den Vergleich starten", "비교 시작하기", "Alderaketa hasi"),
    "compare.label": _row("{label} against {others}, {players} players, {rounds} rounds, {policy}",
                          "{label} gegen {others}, {players} Spieler, {rounds} Runden, {policy}",
                          "{label} 대 {others}, 플레이어 {players}명, 라운드 {rounds}회, {policy}",
                          "{label} eta {others}, {players} jokalari, {rounds} erronda, {policy}"),
    "job.waiting": _row("Waiting for a free place…", "Warten auf einen freien Platz…", "빈자리를 기다리는 중…",
                        "Leku libre baten zain…"),
    "job.running": _row("Simulating: {done} of {total} chunks", "Simulation: {done} von {total} Teilen",
                        "시뮬레이션: {total}개 중 {done}개", "Simulatzen: {done} / {total} zati"),
    "job.done": _row("Done.", "Fertig.", "끝났습니다.", "Eginda."),
    "job.open": _row("Open the report", "Den Bericht öffnen", "보고서 열기", "Txostena ireki"),
    "job.report": _row("The comparison's report", "Der Bericht des Vergleichs", "비교 보고서", "Alderaketaren txostena"),
    "job.report-lang": _row("", "(Der Bericht ist auf Englisch.)", "(보고서는 영어로 되어 있습니다.)",
                            "(Txostena ingelesez dago.)"),
    "job.failed": _row("The comparison failed: {error}", "Der Vergleich ist fehlgeschlagen: {error}",
                       "비교가 실패했습니다: {error}", "Alderaketak huts egin du: {error}"),
    # --- the rulebook's bar ---
    "doc.bar": _row("Rulebook", "Regelheft", "규칙서", "Arau-liburua"),
    "doc.back": _row("← Our rules", "← Unsere Regeln", "← 우리 규칙", "← Gure arauak"),
    "doc.whole": _row("the whole rulebook", "das ganze Regelheft", "규칙서 전체", "arau-liburu osoa"),
    # --- errors ---
    "error.bad": _row("That cannot be asked", "Das kann so nicht gefragt werden", "그렇게는 물을 수 없습니다",
                      "Hori ezin da horrela galdetu"),
    "error.english": _row("", "(Die Meldung ist auf Englisch, wie auf der Befehlszeile.)",
                          "(메시지는 명령줄에서처럼 영어로 되어 있습니다.)",
                          "(Mezua ingelesez dago, komando-lerroan bezala.)"),
    "error.large": _row("Too large", "Zu groß", "너무 큽니다", "Handiegia"),
    "error.address": _row("the address is over {n} characters", "die Adresse hat mehr als {n} Zeichen",
                          "주소가 {n}자를 넘습니다", "helbideak {n} karaktere baino gehiago ditu"),
    "error.body": _row("the request body is over {n} bytes", "der Inhalt der Anfrage hat mehr als {n} Bytes",
                       "요청 본문이 {n}바이트를 넘습니다", "eskaeraren edukiak {n} byte baino gehiago ditu"),
    "error.shorten": _row("Shorten the input: a ruling needs a few cards and actions.",
                          "Kürze die Eingabe: eine Antwort braucht wenige Karten und Aktionen.",
                          "입력을 줄이세요. 답에는 카드 몇 장과 행동 몇 개면 됩니다.",
                          "Laburtu sarrera: erantzun batek karta eta ekintza gutxi behar ditu."),
    "error.internal": _row("Internal error", "Interner Fehler", "내부 오류", "Barne-errorea"),
    "error.internal-what": _row("Something went wrong inside dosrules while answering this page.",
                                "Beim Beantworten dieser Seite ist in dosrules etwas schiefgegangen.",
                                "이 페이지에 답하는 동안 dosrules 안에서 문제가 생겼습니다.",
                                "Zerbait gaizki joan da dosrules barruan orri honi erantzutean."),
    "error.internal-fix": _row("The server's log has the details; please report it with the page's address.",
                               "Das Protokoll des Servers hat die Einzelheiten; bitte meldet es mit der Adresse der Seite.",
                               "자세한 내용은 서버 기록에 있습니다. 페이지 주소와 함께 알려 주세요.",
                               "Zerbitzariaren erregistroak ditu xehetasunak; mesedez, jakinarazi orriaren helbidearekin."),
    "error.not-found": _row("Not found", "Nicht gefunden", "찾을 수 없음", "Ez da aurkitu"),
    "error.no-page": _row("There is no such page.", "Diese Seite gibt es nicht.", "그런 페이지는 없습니다.",
                          "Ez dago horrelako orririk."),
    "error.home": _row("Start from the home page.", "Beginne auf der Startseite.", "첫 페이지에서 시작하세요.",
                       "Hasi hasierako orritik."),
    "error.busy": _row("Busy", "Ausgelastet", "사용 중", "Lanpetuta"),
    "error.busy-what": _row("{running} comparison(s) are running and {waiting} waiting, the most this server takes at once.",
                            "{running} Vergleich(e) laufen und {waiting} warten, mehr nimmt dieser Server nicht zugleich an.",
                            "비교 {running}개가 실행 중이고 {waiting}개가 기다리고 있습니다. 이 서버가 한 번에 받을 수 있는 최대입니다.",
                            "{running} alderaketa abian daude eta {waiting} zain, zerbitzari honek aldi berean onartzen "
                            "duen gehiena."),
    "error.busy-fix": _row("Try again when one has finished.", "Versuche es wieder, wenn einer fertig ist.",
                           "하나가 끝나면 다시 시도하세요.", "Saiatu berriro bat amaitzen denean."),
    "error.back": _row("Back", "Zurück", "돌아가기", "Itzuli"),
})


def card_names(lang: str) -> dict[str, str]:
    """The card picker's cards named in ``lang`` ("red 7", "rote 7", "Joker 2"), by notation."""
    from ..engine.words import card_words

    codes = [f"{n}{c}" for c in "rbgy" for n in (1, 3, 4, 5, 6, 7, 8, 9, 10)] + [f"#{c}" for c in "rbgy"] + ["W2"]
    return {code: card_words(code, "", lang) for code in codes}
