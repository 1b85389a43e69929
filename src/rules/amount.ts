/**
 * Rupiah as Indonesians type them, read by one parser wherever an amount or a nominal is typed (flags,
 * prompts, files): `75000`, `75.000`, `Rp 75.000`, `75rb`, `1,5jt`, `1.5jt`. A text that could mean two
 * sums is never guessed: the reader says which readings it sees, so the person picks one.
 */
import { formatRupiah } from "../output/format.js";
import { present } from "../errors.js";
import { en, type Messages } from "../messages/en.js";

/**
 * What a suffix multiplies by: `rb`/`ribu`/`k` thousands, `jt`/`juta` millions, `miliar` billions. A bare
 * `m` is left out: it is a million in English and a billion (miliar) in Indonesian.
 */
const multipliers: Readonly<Record<string, number>> = {
  k: 1_000,
  rb: 1_000,
  ribu: 1_000,
  jt: 1_000_000,
  juta: 1_000_000,
  miliar: 1_000_000_000,
  milyar: 1_000_000_000,
};

export type AmountReading =
  | { ok: true; amount: number }
  /** `why` completes "… is not an amount of Rupiah: …"; `readings` are the sums it could have meant. */
  | { ok: false; why: string; readings: number[] };

const grouped = /^\d{1,3}([.,\s_])\d{3}(\1\d{3})*$/;

function notAmount(why: string, readings: number[] = []): AmountReading {
  return { ok: false, why, readings: [...new Set(readings.filter((n) => Number.isSafeInteger(n) && n > 0))] };
}

/** A number with a decimal part (`1,5`, `2.25`) times the unit's multiplier, to a thousandth; undefined for any other text. */
function decimalValue(text: string, multiplier: number): number | undefined {
  const match = /^(\d+)[.,](\d+)$/.exec(text);
  if (!match) return undefined;
  const [, whole, fraction] = match as unknown as [string, string, string];
  const value = (Number(whole) + Number(`0.${fraction}`)) * multiplier;
  return Math.round(value * 1000) / 1000;
}

/** Reads one typed amount; never throws. `words` say why it is not one (a refusal reads it again in the words that say it). */
export function readAmount(input: string | number, words: Messages): AmountReading {
  if (typeof input === "number") {
    return Number.isSafeInteger(input)
      ? { ok: true, amount: input }
      : notAmount(words.orders.amount.notWhole, [Math.round(input)]);
  }
  const compact = input
    .trim()
    .replace(/^(rp\.?|idr)\s*/i, "")
    .replace(/,-$/, "")
    .trim();
  if (compact === "") return notAmount(words.orders.amount.noNumber);
  const [, suffixNumber, suffixWord] = /^(.*?\d)\s*([a-z]+)\.?$/i.exec(compact) ?? [];
  const suffix = suffixWord?.toLowerCase();
  let multiplier = 1;
  if (suffixWord !== undefined && suffix !== undefined) {
    const unit = Object.hasOwn(multipliers, suffix) ? multipliers[suffix] : undefined;
    if (unit === undefined) return notAmount(words.orders.amount.notUnit(suffixWord));
    multiplier = unit;
  }
  const number = (suffixNumber ?? compact).trim();

  if (/^\d+$/.test(number)) return whole(words, Number(number) * multiplier);

  // `75.000`, `1.250.000`, `75,000`, `10 000`: separators between groups of three.
  if (grouped.test(number)) {
    const asGroups = Number(number.replace(/[.,\s_]/g, "")) * multiplier;
    const oneSeparator = /^\d{1,3}[.,]\d{3}$/.test(number);
    // `1.500rb` reads as 1.500 thousand or as one and a half thousand: never guess between them.
    if (suffix !== undefined && oneSeparator) {
      const asDecimal = present(decimalValue(number, multiplier), "one separator's decimal reading");
      return notAmount(words.orders.amount.twoReadings(suffix, formatRupiah(asGroups), formatRupiah(asDecimal)), [
        asGroups,
        asDecimal,
      ]);
    }
    return whole(words, asGroups);
  }

  // `10.000,00` (cents written out): whole when the cents are zero. `75.500,50` or `75,500.50`: Rupiah
  // have no cents, and the hint is the whole part, never the digits run together (Rp 7.550.050).
  const withCents = /^(\d{1,3}(?:([.,])\d{3})*|\d+)([.,])(\d{1,2})$/.exec(number);
  // Groups 1, 3 and 4 are not optional: a match has them.
  const [, wholeText = "", groupSeparator, centsSeparator, cents = ""] = withCents ?? [];
  if (withCents && suffix === undefined && groupSeparator !== centsSeparator) {
    const wholePart = Number(wholeText.replace(/[.,]/g, ""));
    if (/^0+$/.test(cents) && centsSeparator === ",") return whole(words, wholePart);
    if (groupSeparator !== undefined || wholeText.length > 3)
      return notAmount(words.orders.amount.noCents, [wholePart]);
  }

  // `1,5jt`, `1.5jt`, `2,5rb`: a decimal only makes sense with a unit.
  const decimal = decimalValue(number, multiplier);
  if (decimal !== undefined) {
    if (suffix === undefined) {
      const [wholePart = "", fraction = ""] = number.split(/[.,]/);
      // `50.0000`: a separator in the wrong place.
      if (fraction.length > 3) return notAmount(words.orders.amount.separatorMisplaced, [Number(wholePart + fraction)]);
      // `1,5`: a unit left out; `10000.5`: Rupiah have no cents.
      if (wholePart.length <= 3)
        return notAmount(words.orders.amount.decimalWithoutUnit, [
          present(decimalValue(number, 1_000), "a decimal's reading"),
          present(decimalValue(number, 1_000_000), "a decimal's reading"),
        ]);
      return notAmount(words.orders.amount.noCents, [Number(wholePart)]);
    }
    if (!Number.isInteger(decimal))
      return notAmount(words.orders.amount.notWholeRupiah(decimal.toLocaleString("id-ID")), [
        Math.floor(decimal),
        Math.ceil(decimal),
      ]);
    return whole(words, decimal);
  }
  if (/^[\d.,\s_]+$/.test(number)) {
    return notAmount(words.orders.amount.separatorsMisplaced, [Number(number.replace(/[.,\s_]/g, ""))]);
  }
  return notAmount(words.orders.amount.notANumber);
}

function whole(words: Messages, n: number): AmountReading {
  return Number.isSafeInteger(n) ? { ok: true, amount: n } : notAmount(words.orders.amount.tooLarge);
}

/** The amount, or undefined when the text is not one (or could be two). */
export function parseRupiah(text: string): number | undefined {
  const reading = readAmount(text, en);
  return reading.ok ? reading.amount : undefined;
}

/** The forms an amount may take, for hints: said the same way everywhere, in the words given. */
export function amountForms(say: Messages): string {
  return say.orders.amount.forms;
}
