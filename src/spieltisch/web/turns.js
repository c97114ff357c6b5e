// The turns played since a seat's own last turn, read from a move log and its movers.

/** Chance lines that begin a game or a round: no turn before them is counted. */
const STARTS = /\bstarts$/;

/**
 * The turns since seat `viewer` last finished one, oldest first: `[{seat, moves}]`,
 * each the moves a seat made in a row (the chance lines among them left out), its own
 * turn in progress last when it is `toMove`. A spectator (`viewer` null) gets those of
 * the seat to move, or the latest turn when no seat is. Counting stops at a line no seat
 * made that begins a round (`startsRound`) and at a seat's earlier turn. Where `joins(i)`
 * (the game's `joinsLog`), the chance line i is the outcome of move i - 1 and stands in
 * its words (Okey's "draws from the pile" for "draw"). What a line ends with after "; "
 * (`State.arrival`: Colomino's "player 3 is skipped") is an entry of its own in its place,
 * `{seat: null, moves: [], arrival}`, and ends the turn before it. Null without `movers`
 * (a record from before they were kept).
 *
 *   turnsSince(['B starts', 'A1', 'B1', 'C1'], [null, 0, 1, 2], 0, 0)
 *     → [{seat: 1, moves: ['B1']}, {seat: 2, moves: ['C1']}]
 */
export function turnsSince(lines, movers, viewer, toMove,
  startsRound = (line) => STARTS.test(line), joins = () => false) {
  return scan(lines, movers, viewer, toMove, startsRound, joins)?.turns ?? null;
}

/**
 * Seat `viewer`'s own latest finished turn, that `turnsSince` counts from: `{seat, moves}`
 * (its moves as there, a chance line's outcome in their place where `joins`), or null
 * where there is none to count from (a spectator, a round's start, no movers).
 *
 *   ownTurnBefore(['B starts', 'A1', 'B1', 'C1'], [null, 0, 1, 2], 0, 0)
 *     → {seat: 0, moves: ['A1']}
 */
export function ownTurnBefore(lines, movers, viewer, toMove,
  startsRound = (line) => STARTS.test(line), joins = () => false) {
  const found = scan(lines, movers, viewer, toMove, startsRound, joins);
  if (!found || found.own < 0) return null;
  const moves = [];
  let outcome = found.outcome;
  for (let i = found.own; i >= 0; i--) {
    const seat = movers[i];
    const said = ownPart(outcome ?? lines[i]);
    outcome = null;
    if (seat === null) {
      if (startsRound(lines[i])) break;
      if (i > 0 && joins(i)) outcome = lines[i];
      continue;
    }
    if (seat !== viewer) break;
    moves.unshift(said);
  }
  return {seat: viewer, moves};
}

/** `turnsSince`'s `turns`, with `own` the index of the line of the viewer's own finished
 * turn where counting stopped (else -1) and the `outcome` that line stands in. */
function scan(lines, movers, viewer, toMove, startsRound, joins) {
  if (!Array.isArray(movers)) return null;
  const me = viewer ?? toMove ?? null;
  const turns = [];
  let current = me !== null && toMove === me;
  let outcome = null;
  for (let i = Math.min(lines.length, movers.length) - 1; i >= 0; i--) {
    const seat = movers[i];
    const used = outcome;
    const said = ownPart(used ?? lines[i]);
    outcome = null;
    if (seat === null && startsRound(lines[i])) return {turns, own: -1, outcome: null};
    const arrival = arrivalOf(lines[i]);
    if (arrival) {  // what came after this line: a turn ended here
      turns.unshift({seat: null, moves: [], arrival});
      current = false;
    }
    if (seat === null) {
      if (i > 0 && joins(i)) outcome = lines[i];
      continue;
    }
    if (seat === me && !current) {
      return {turns, own: viewer === null || viewer === undefined ? -1 : i, outcome: used};
    }
    if (seat !== me) current = false;
    if (turns.length && turns[0].seat === seat) {
      turns[0].moves.unshift(said);
      continue;
    }
    if (turns.some((turn) => turn.seat === seat)
      || (me === null && turns.some((turn) => turn.seat !== null))) break;
    turns.unshift({seat, moves: [said]});
  }
  return {turns, own: -1, outcome: null};
}

/** A log line without what it ends with after "; " (`arrivalOf`). */
function ownPart(line) {
  const cut = line.indexOf('; ');
  return cut < 0 ? line : line.slice(0, cut);
}

/** What a log line ends with after "; ": what happened after its move that no seat chose
 * (Colomino's "player 3 is skipped"), or null. */
function arrivalOf(line) {
  const cut = line.indexOf('; ');
  return cut < 0 ? null : line.slice(cut + 2);
}
