// Whether a lesson's move is much worse than the coach's: read from the mean values the Hard bot's search gave each
// move it tried (the hint's `values`). No DOM: unit-tested.

/** The share of the spread between the best and the worst move tried a move must lose to be "much worse". */
const SHARE = 0.5;
/** ... and the least it must lose against the largest value's size (values near nothing are noise). */
const FLOOR = 0.1;

/** Whether `action` did much worse than `best` in the search's `values` ({action: mean value}); false for a move
 * the search did not try. */
export function muchWorse(values, best, action) {
  if (!values || action === best || !(action in values) || !(best in values)) return false;
  const all = Object.values(values);
  const gap = values[best] - values[action];
  const spread = Math.max(...all) - Math.min(...all);
  const size = Math.max(...all.map(Math.abs));
  return gap > 0 && gap >= SHARE * spread && gap >= FLOOR * size;
}
