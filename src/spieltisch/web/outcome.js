// How a finished game came out, in words: shared by the table, its replay and the lobby.
import {listed, t} from './i18n.js';

/** A score as people write it: whole numbers plain, others to two places. */
export function formatScore(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

/** The seats with the best return. */
function winners(returns) {
  const best = Math.max(...returns);
  return returns.map((r, i) => (r === best ? i : -1)).filter((i) => i >= 0);
}

/** How a finished game came out for `seat`: 'won' alone at the top, 'drawn' sharing it,
 * else 'lost'. */
export function outcomeOf(returns, seat) {
  const top = winners(returns);
  if (!top.includes(seat)) return 'lost';
  return top.length > 1 ? 'drawn' : 'won';
}

/** Who won a finished game (and who resigned), from its ``result`` and the seats' names. */
export function outcomeText(result, names) {
  const top = winners(result.returns);
  const outcome = top.length === result.returns.length ? t('table.draw')
    : t('table.wins', {name: listed(top.map((i) => names[i])), n: top.length});
  if (result.resigned === undefined) return outcome;
  return `${t('table.resigned', {name: names[result.resigned]})} · ${outcome}`;
}
