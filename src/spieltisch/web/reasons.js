// The games' refusals in German (and those naming an option in English too). The server
// sends each refusal's key, the values in it and its English text; explain() says it in the
// page's language, or in the server's English where this file has no words for the key.
import {addStrings, has, lang, t} from './i18n.js';

/** Irono Ofubi's colours shortened on a German page, for the notation's English initials
 * (Y, G, W, R, B, A); one German letter would not do (Gelb, Grün, Grau). */
export const IRONO_SHORT_DE = {Y: 'Ge', G: 'Gü', W: 'We', R: 'Ro', B: 'Bl', A: 'Gr'};
const COLOURS = 'gelb (Ge), grün (Gü), weiß (We), rot (Ro), blau (Bl), grau (Gr)';
/** Values of Irono Ofubi's refusals that are colours in the notation's letters (not the
 * text typed, which the table quotes as it was typed). */
const IRONO_LETTERS = new Set(['example', 'letters', 'in_play']);

addStrings('reason', {
  // English keeps the server's words, but where they name an option as the terminal does
  // (months=12): there the page names it as the lobby does.
  en: {
    'option.range': '{option}: a whole number from {low} to {high}, not {value}',
    'option.guess': 'Colours named in a guess',
    'option.games': 'Games in the match',
    'option.target': 'Points to win',
    'option.months': 'Months to play',
    'option.rounds': 'Rounds',
    'koikoi.no_end': 'the match needs an end: set Points to win or Months to play',
    'koikoi.months_subtract': 'taking points from the loser needs a number of months (else ' +
      'the match might never end): set Months to play to 1 or more, e.g. 12',
    'koikoi.months_no_oyaken': 'the common rules need a number of months (a month without ' +
      'yaku scores nothing there, so the match might never end): set Months to play to 1 or ' +
      'more, e.g. 12',
  },
  de: {
    'move.not_legal': '{move} ist jetzt kein erlaubter Zug',
    'move.unknown': '„{text}“ ist jetzt kein erlaubter Zug',
    'game.over': 'das Spiel ist vorbei',
    'record.newer': 'diese Partie wurde von einem neueren spieltisch geschrieben (Partieformat {version}; dieses liest Format {known})',
    'match.over': 'die Partie ist vorbei',
    'table.full': 'an diesem Tisch ist jeder Platz besetzt',
    'table.seat_taken': 'Platz {seat} ist nicht frei',
    'name.seat_label': '„{name}“ liest sich wie ein Name, den der Tisch selbst einem Platz gibt (jemandem ohne Namen, einem freien Platz oder einem Computerspieler): wähle einen anderen Namen',
    'table.too_many': 'höchstens {n} neue Tische pro Minute von einer Adresse; warte kurz',
    'table.not_over_play_on': 'eine Partie lässt sich von einer Stellung aus weiterspielen, wenn sie vorbei ist',
    'table.not_over_replay': 'eine Partie lässt sich nachspielen, wenn sie vorbei ist',
    'table.not_over_advice': 'auf eine Partie lässt sich zurückblicken, wenn sie vorbei ist',
    'table.move_seconds': 'die Zeit pro Zug ist eine ganze Zahl von Sekunden von 1 bis {longest}, oder null für kein Limit',
    'option.range': '{option}: eine ganze Zahl von {low} bis {high}, nicht {value}',
    'option.guess': 'Farben pro Rateversuch',
    'option.games': 'Spiele der Partie',
    'option.target': 'Punkte zum Sieg',
    'option.months': 'Anzahl Monate',
    'option.rounds': 'Runden',
    'option.flag': '{option}: true oder false (auch yes/no, on/off, 1/0), nicht {value}',
    'option.subtract': 'Abzug beim Verlierer',
    'option.double_seven': 'ab 7 Punkten doppelt',
    'option.double_koikoi': 'doppelt nach Koi-Koi',
    'advice.too_many': 'höchstens {n} Fragen an den Computer pro Minute von einer Adresse; ' +
      'warte kurz',
    'request.too_large': 'die Anfrage ist größer als die {kib} KiB, die diese Adresse annimmt',
    'advice.one_at_a_time': 'eine Frage an den Computer nach der anderen; warte auf seine Antwort',
    'advice.no_answer': 'es ließ sich keine Antwort finden; versuche es noch einmal',
    'request.not_found': 'unter dieser Adresse gibt es nichts',
    'request.method': 'diese Adresse nimmt nur {methods} an',
    'request.not_object': 'die Anfrage muss ein JSON-Objekt sein',
    'request.long_number': 'eine Zahl in der Anfrage ist länger als die {digits} Stellen, die ' +
      'dieser Server liest',
    'request.expected': 'erwartet wird {shape}',
    // A refusal without words of its own: the server's English.
    'request.refused': '{text}',
    'table.unknown': 'diesen Tisch gibt es nicht',
    'table.not_stored': 'der Tisch ließ sich nicht speichern; versuche es noch einmal',
    'table.not_read': 'der Tisch ließ sich gerade nicht lesen; versuche es noch einmal',
    'table.seat_not_stored': 'der Platz ließ sich nicht speichern; versuche es noch einmal',
    'table.no_seat': 'Platz {seat} gibt es nicht: die Plätze sind von 0 bis {last} nummeriert',
    'table.bad_token': 'dieser Schlüssel gehört zu keinem Platz an diesem Tisch',
    'table.players_play_on': 'nur wer mitgespielt hat, kann die Partie weiterspielen',
    'table.players_advice': 'nur wer mitgespielt hat, kann fragen, was der Computer gespielt hätte',
    'table.seat_count': '{title} hat mit diesen Einstellungen {n} Plätze, nicht {given}',
    'table.one_seat': 'du kannst nur einen Platz nehmen',
    'table.seat_kind': 'ein Platz ist „me“, „bot“ oder „open“, nicht „{kind}“',
    'game.unknown': 'das Spiel „{game}“ gibt es nicht',
    'option.plain': 'die Einstellung „{option}“ muss ein einfacher Wert sein',
    'option.refused': '{title}: {problem}',
    'option.unknown': '{title} hat keine Einstellung {names}; Einstellungen: {known}',
    'option.unknown_many': '{title} hat keine Einstellungen {names}; Einstellungen: {known}',
    'option.unknown_preset': 'die Voreinstellung {preset} gibt es nicht; wähle eine von {presets}',
    'option.players_range': '{title} ist ein Spiel für {least} bis {most} Personen, nicht für {value}',
    'option.players_only': '{title} ist ein Spiel für {n} Personen, nicht für {value}',
    'option.preset_players': 'die Voreinstellung „{preset}“ ist für {n} Personen',
    'option.one_of': '{option}: eins von {allowed}, nicht {value}',
    'option.start': 'wer beginnt (start)',
    'bot.needs_level': 'ein Computerspieler braucht eine Stufe: eine von {levels}',
    'bot.unknown_level': 'die Computerstufe „{level}“ gibt es nicht; wähle eine von {levels}',
    'replay.no_step': 'Schritt {step} gibt es nicht: die Schritte sind von 0 bis {last} nummeriert',
    'replay.over_at_step': 'bei diesem Schritt ist das Spiel vorbei: es bleibt nichts zu spielen',
    'replay.no_move': 'Platz {seat} hat bei Schritt {step} nicht gezogen',
    'replay.timed_out': 'bei Schritt {step} war die Zeit von Platz {seat} um: den Zug hat ein Computerspieler gemacht',
    'record.not_record': 'das ist keine Partie im Format {format}',
    'record.missing': 'das ist keine Partie im Format {format}: „{field}“ fehlt',
    'record.broken': 'das ist keine Partie im Format {format}: etwas darin lässt sich nicht ' +
      'lesen (auf Englisch: {problem})',
    'record.flaw': 'die Partie lässt sich nicht nachspielen: etwas darin passt nicht zum Spiel ' +
      '(auf Englisch: {problem})',
    'record.options': 'die Einstellungen der Partie („options“) müssen ein Objekt sein, nicht {value}',
    'record.game': 'das Spiel der Partie („game“) muss ein Spielname wie „oware“ sein, nicht {value}',
    'record.players': 'die Partie braucht {n} Namen („players“), nicht {value}',
    'record.draws': 'die Zahl der Ziehungen („draws“) muss eine Anzahl sein, nicht {value}',
    'record.events': 'die Ereignisse der Partie („events“) müssen eine Liste sein, nicht {value}',
    'record.after_resignation': 'nach einer Aufgabe kann in der Partie nichts mehr folgen',
    'record.resignation': 'eine Aufgabe nennt einen Platz, nicht {value}',
    'record.timed_out': 'ein Zug nach abgelaufener Zeit ist eine Aktion eines Platzes, nicht {value}',
    'record.no_seat': 'eine Aufgabe nennt Platz {seat}, aber die Plätze sind 0 bis {last}',
    'record.action': 'die Partie nennt die Aktion {action}, aber die Aktionen dieses Spiels ' +
      'sind 0 bis {last}',
    'record.after_end': 'nach dem Ende des Spiels kann in der Partie nur eine Rücknahme folgen',
    'record.take_back': 'eine Rücknahme bis Zug {length} ist hier nicht möglich (gespielte Züge: {made})',
    'record.event': 'ein Ereignis der Partie ist eine Aktionsnummer, ein Zug nach abgelaufener ' +
      'Zeit, eine Rücknahme oder eine Aufgabe, nicht {value}',
    'record.pins': 'die festgehaltenen Ziehungen einer Rücknahme („pins“) sind Paare aus der ' +
      'Nummer eines Zufallsschritts und einer Aktion, nicht {value}',
    'record.deal_open': 'eine Rücknahme in einem Spiel ohne verdeckte Information teilt nichts neu aus',
    'record.deal_state': 'das neue Austeilen einer Rücknahme ist ein Spielstand, nicht {value}',
    'record.deal_seen': 'das neue Austeilen einer Rücknahme ändert, was alle sehen konnten',
    'record.deal_broken': 'das neue Austeilen einer Rücknahme ist kein Spielstand dieses ' +
      'Spiels (auf Englisch: {problem})',

    'oware.not_a_pit': '„{text}“ ist keine Mulde; die Mulden heißen {first} bis {last}',
    'oware.direction': 'nenne auch die Richtung: {pit} ccw (gegen den Uhrzeigersinn) oder ' +
      '{pit} cw (im Uhrzeigersinn)',
    'oware.two_ccw': 'zu zweit wird immer gegen den Uhrzeigersinn verteilt',
    'oware.not_yours': '{pit} ist nicht deine Mulde',
    'oware.empty': '{pit} ist leer',
    'oware.draw': 'wer beginnt, wird erst noch ausgelost',
    'oware.feed': '{pit} gibt deinem Gegner keine Steine, und er hat keine mehr: ' +
      'du musst ihn füttern',

    'irono.hide_one': '„{text}“: verstecke genau eine Farbe, z. B. {example}',
    'irono.drawn': 'wer zuerst versteckt, ist schon ausgelost',
    'irono.now_mark': 'jetzt setzt, wer versteckt, die Markierung auf ein leeres Feld, z. B. b3',
    'irono.now_hide': 'jetzt versteckt, wer versteckt, eine Farbe, die noch im Spiel ist, ' +
      'z. B. Ro',
    'irono.now_guess': 'jetzt rät, wer rät, {n} Farben, die noch im Spiel sind, z. B. {example}',
    'irono.taken': '{field} ist schon besetzt',
    'irono.sold_out': '{letters}: ausverkauft, nicht mehr im Spiel; Farben im Spiel: {in_play}',
    'irono.guess_one': 'rate genau 1 Farbe, nicht {count}',
    'irono.guess_size': 'rate genau {n} verschiedene Farben, nicht {count}',
    'irono.not_a_colour_in': `„{text}“: „{word}“ ist keine Farbe; die Farben sind ${COLOURS}`,
    'irono.not_a_colour': `„{word}“ ist keine Farbe; die Farben sind ${COLOURS}`,
    'irono.name_a_colour': `nenne eine Farbe: ${COLOURS}`,
    'irono.twice': '„{text}“ nennt eine Farbe zweimal',
    'irono.not_a_field': '„{text}“ ist kein Feld; setze die Markierung auf ein leeres Feld ' +
      'a1 bis d4 (Spalte a–d, Reihe 1–4)',

    'colomino.drawing': '„{text}“: gerade wird ein Stein gezogen; schreibe „draw RYGB“',
    'colomino.no_draw': '„{text}“ kann jetzt nicht gezogen werden',
    'colomino.not_a_move': '„{text}“ ist kein Zug; schreibe Feld, Stein und Drehung, ' +
      'z. B. „E1 RYGB r1“ oder „E1 J“',
    'colomino.no_square': 'ein Feld {square} gibt es auf diesem Plan nicht (A1 bis {last})',
    'colomino.joker_rotation': '{move}: ein Joker wird nicht gedreht',
    'colomino.not_in_rack': '{move}: in deiner Leiste ist kein Stein {tile}',
    'colomino.no_joker': '{move}: in deiner Leiste ist kein Joker',
    'colomino.centre_tile': '{move}: nur der Stein {tile} darf auf das Farbquadrat {square}',
    'colomino.centre_alone': '{move}: das Farbquadrat {square} berührt noch keinen Stein',
    'colomino.joker_on_joker': '{move}: auf {square} liegt schon ein Joker',
    'colomino.fresh_joker': '{move}: der Joker auf {square} wurde in diesem Zug gelegt; ' +
      'bedecke ihn in einem späteren Zug',
    'colomino.taken': '{move}: {square} ist besetzt',
    'colomino.unjoined': '{move}: {square} ist nicht über Steine mit der Grundlinie ' +
      '(Reihe 1) verbunden',
    'colomino.mismatch': '{move}: passt nicht zu den Kanten um {square} ({need}: ' +
      'Norden, Osten, Süden, Westen, ? beliebige Farbe); passende Drehungen: {options}',
    'colomino.fits_nowhere': '{move}: {tile} passt in keiner Drehung auf {square} ' +
      '(gebraucht: {need}: Norden, Osten, Süden, Westen, ? beliebige Farbe)',

    'koikoi.hand_first': '{move} geht jetzt nicht: spiele zuerst eine Karte aus deiner Hand',
    'koikoi.not_in_hand': '{card} ist nicht in deiner Hand',
    'koikoi.two_targets': '{card} passt zu zwei Karten auf dem Tisch: wähle eine mit ' +
      '{first} oder {second}',
    'koikoi.no_choice': '{card} hat keine Wahl, was sie nimmt: spiele sie als {card}',
    'koikoi.drawn_takes': 'die gezogene Karte {card} nimmt eine von zweien: {options}',
    'koikoi.decide': 'entscheide zuerst: stop (aufhören und werten) oder koikoi (weiterspielen)',
    'koikoi.type_decision': '„{text}“: schreibe stop oder koikoi',
    'koikoi.no_decision': 'jetzt ist nichts zu entscheiden: spiele eine Karte aus deiner Hand',
    'koikoi.take_drawn': '„{text}“: so nimmt nur die gezogene Karte; spiele zuerst eine ' +
      'Karte aus deiner Hand',
    'koikoi.drawn_cannot_take': 'die gezogene Karte kann {card} nicht nehmen; ' +
      'schreibe {options}',
    'koikoi.cannot_take': '{card} kann {target} nicht nehmen; {why}',
    'koikoi.not_drawn': '{card} ist nicht die gezogene Karte ({drawn}); schreibe {options}',
    'koikoi.no_plain': 'du hast keine Blume des Monats {month} auf der Hand',
    'koikoi.no_plain_on_table': 'auf dem Tisch liegt keine Blume des Monats {month}',
    'koikoi.not_a_card': '„{text}“ ist keine Karte; Karten schreibt man wie 1b, 3r, 9a, 12p3 ' +
      '(Monat + b/a/r/p) oder mit Namen, z. B. pine-crane',
    'koikoi.no_end': 'die Partie braucht ein Ende: setze Punkte zum Sieg oder eine Anzahl ' +
      'Monate',
    'koikoi.months_subtract': 'Abzug beim Verlierer braucht eine Anzahl Monate (sonst endet ' +
      'die Partie vielleicht nie): setze die Anzahl Monate auf 1 oder mehr, z. B. 12',
    'koikoi.months_no_oyaken': 'die üblichen Regeln brauchen eine Anzahl Monate (ein Monat ' +
      'ohne Yaku bringt dort niemandem Punkte, also endet die Partie sonst vielleicht nie): ' +
      'setze die Anzahl Monate auf 1 oder mehr, z. B. 12',

    'okey.not_a_move': '„{text}“ ist kein Zug: schreibe wie auf den Zug-Knöpfen ' +
      '(„R5 nehmen“, „vom Stapel ziehen“, „R5 abwerfen“ oder nur „R5“, „mit R5 beenden“) ' +
      'oder take, draw, discard R5, finish R5',
    'okey.takeable': 'nehmen kannst du {tile}, nicht {typed}',
    'okey.draw_now': '{move} ist jetzt kein Zug: nimm den abgelegten Stein oder ziehe',
    'okey.draw_before_finish': 'nimm erst den abgelegten Stein oder ziehe vom Vorrat, ' +
      'dann beende',
    'okey.draw_before_discard': 'nimm erst den abgelegten Stein oder ziehe vom Vorrat, ' +
      'dann lege ab',
    'okey.discard_now': 'du hast deinen Stein schon: lege jetzt einen ab (oder beende)',
    'okey.opening_discard': 'du beginnst die Runde mit 15 Steinen und nimmst oder ziehst ' +
      'keinen: lege jetzt einen ab (oder beende)',
    'okey.not_on_rack': 'auf deinem Bänkchen liegt kein {tile}',
    'okey.no_finish': 'die 14 Steine ohne {tile} bilden nicht alle Sätze und Folgen: ' +
      'lege ihn stattdessen ab',
    'okey.no_finish_pairs': 'die 14 Steine ohne {tile} bilden nicht alle Sätze und Folgen ' +
      'und auch nicht sieben Paare: lege ihn stattdessen ab',
    'okey.which_tile': 'welcher Stein? schreibe {verb} und den Stein, z. B. {verb} R5',
    'okey.discard_a_tile': '{move} ist jetzt kein Zug: lege einen Stein ab',
    'okey.not_the_okey': 'nur der Okey ist mit * markiert: {tile} ist nicht der Okey{okey}',
    'okey.not_a_tile': '„{text}“ ist kein Stein: schreibe eine Farbe R, Y, B oder K und ' +
      'eine Zahl 1–13 (z. B. R7, K13) oder FJ für einen Platzhalter',
  },
});

/** Colours in the notation's letters (``YGR``) as a German page shortens them
 * (``Ge Gü Ro``); other values and pages keep them. */
function ironoShort(value) {
  if (lang() !== 'de' || typeof value !== 'string' || !/^[YGWRBA]+$/.test(value)) return value;
  return [...value].map((letter) => IRONO_SHORT_DE[letter]).join(' ');
}

/** A refusal in the page's language: the words for `reason.key` (its values, refusals
 * among them, filled in), else the English `text`. */
export function explain(reason, text) {
  if (!reason || typeof reason !== 'object') return text;
  const key = `reason.${reason.key}`;
  if (!has(key)) return reason.text ?? text;
  const params = {};
  for (const [name, value] of Object.entries(reason.params || {})) {
    params[name] = value && typeof value === 'object' ? explain(value, value.text)
      : reason.key.startsWith('irono.') && IRONO_LETTERS.has(name) ? ironoShort(value) : value;
  }
  return t(key, params);
}

/** Why a request to the server failed, in the page's language now: the server out of
 * reach, or its refusal (`explain`). */
export function failure(err) {
  return err?.status === 0 ? t('error.unreachable') : explain(err?.reason, err?.message);
}
