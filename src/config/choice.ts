/**
 * One of a few words, as a person types it: matched regardless of case, a slip of the keyboard met
 * with the word meant. Settings with a choice (`--lang`) and the flags of commands (`--status`) use it.
 */
import { InputError } from "../errors.js";

/**
 * One of a fixed list, matched regardless of case; anything else is refused naming every choice, with
 * the one meant when it is a known other word for it or a near spelling.
 */
export function choice<T extends string>(
  name: string,
  value: string,
  choices: readonly T[],
  otherWords: Readonly<Record<string, T>> = {},
): T {
  const wanted = value.trim().toLowerCase();
  const found = choices.find((c) => c.toLowerCase() === wanted);
  if (found) return found;
  const meant = Object.hasOwn(otherWords, wanted) ? otherWords[wanted] : closest(wanted, choices);
  throw new InputError(
    (say) => say.orders.input.oneOf(name, choices.slice(0, -1).join(", "), choices.at(-1) ?? "", value),
    meant ? { suggestion: (say) => say.usage.didYouMean(`${name.startsWith("-") ? `${name} ` : ""}${meant}`) } : {},
  );
}

/** The choice a slip of the keyboard most likely meant: a prefix, or one or two letters off. */
export function closest<T extends string>(word: string, choices: readonly T[]): T | undefined {
  const w = word.toLowerCase();
  if (w.length >= 2) {
    const prefixed = choices.filter((c) => c.toLowerCase().startsWith(w) || w.startsWith(c.toLowerCase()));
    if (prefixed.length === 1) return prefixed[0];
  }
  let best: T | undefined;
  let bestDistance = Infinity;
  for (const c of choices) {
    const d = editDistance(w, c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  // One row of the table at a time: the distances from a's first i letters to each start of b.
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let distance = b.length;
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let left = i;
    // From the second column on: `diagonal` is the previous row's column before `above`.
    previous.reduce((diagonal, above, j) => {
      left = Math.min(above + 1, left + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(left);
      return above;
    });
    previous = current;
    distance = left;
  }
  return distance;
}
