/**
 * Rupiah as Indonesians type them, read by one parser wherever an amount or a nominal is typed (flags,
 * prompts, files): `75000`, `75.000`, `Rp 75.000`, `75rb`, `1,5jt`, `1.5jt`. A text that could mean two
 * sums is never guessed: the reader says which readings it sees, so the person picks one.
 */
import { formatRupiah } from "../output/format.js";
import { present, type Wording } from "../errors.js";
import type { Messages } from "../messages/en.js";

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

/**
 * Why a text is not an amount, as what was found (the unit typed, the two sums it could mean): the
 * reader finds it once, and whoever shows it words it in the reader's language (`whyNotAmount`).
 */
export type AmountProblem =
  | { code: "notWhole" }
  | { code: "noNumber" }
  | { code: "notUnit"; unit: string }
  | { code: "twoReadings"; unit: string; asGroups: number; asDecimal: number }
  | { code: "noCents" }
  | { code: "separatorMisplaced" }
  | { code: "decimalWithoutUnit" }
  | { code: "notWholeRupiah"; rupiah: number }
  | { code: "separatorsMisplaced" }
  | { code: "notANumber" }
  | { code: "tooLarge" };

export type AmountReading =
  | { ok: true; amount: number }
  /** `readings` are the sums it could have meant. */
  | { ok: false; problem: AmountProblem; readings: number[] };

/** What completes "… is not an amount of Rupiah: …", in the words of whoever says it. */
export function whyNotAmount(problem: AmountProblem): Wording {
  return (say) => {
    const words = say.orders.amount;
    switch (problem.code) {
      case "notUnit":
        return words.notUnit(problem.unit);
      case "twoReadings":
        return words.twoReadings(problem.unit, formatRupiah(problem.asGroups), formatRupiah(problem.asDecimal));
      case "notWholeRupiah":
        return words.notWholeRupiah(problem.rupiah.toLocaleString("id-ID"));
      default:
        return words[problem.code];
    }
  };
}

const grouped = /^\d{1,3}([.,\s_])\d{3}(\1\d{3})*$/;

function notAmount(problem: AmountProblem, readings: number[] = []): AmountReading {
  return { ok: false, problem, readings: [...new Set(readings.filter((n) => Number.isSafeInteger(n) && n > 0))] };
}

/** A number with a decimal part (`1,5`, `2.25`) times the unit's multiplier, to a thousandth; undefined for any other text. */
function decimalValue(text: string, multiplier: number): number | undefined {
  const match = /^(\d+)[.,](\d+)$/.exec(text);
  if (!match) return undefined;
  const [, whole, fraction] = match as unknown as [string, string, string];
  const value = (Number(whole) + Number(`0.${fraction}`)) * multiplier;
  return Math.round(value * 1000) / 1000;
}

/** Reads one typed amount; never throws. What is wrong with it is data, worded where it is shown. */
export function readAmount(input: string | number): AmountReading {
  if (typeof input === "number") {
    return Number.isSafeInteger(input)
      ? { ok: true, amount: input }
      : notAmount({ code: "notWhole" }, [Math.round(input)]);
  }
  const compact = input
    .trim()
    .replace(/^(rp\.?|idr)\s*/i, "")
    .replace(/,-$/, "")
    .trim();
  if (compact === "") return notAmount({ code: "noNumber" });
  const [, suffixNumber, suffixWord] = /^(.*?\d)\s*([a-z]+)\.?$/i.exec(compact) ?? [];
  const suffix = suffixWord?.toLowerCase();
  let multiplier = 1;
  if (suffixWord !== undefined && suffix !== undefined) {
    const unit = Object.hasOwn(multipliers, suffix) ? multipliers[suffix] : undefined;
    if (unit === undefined) return notAmount({ code: "notUnit", unit: suffixWord });
    multiplier = unit;
  }
  const number = (suffixNumber ?? compact).trim();

  if (/^\d+$/.test(number)) return whole(Number(number) * multiplier);

  // `75.000`, `1.250.000`, `75,000`, `10 000`: separators between groups of three.
  if (grouped.test(number)) {
    const asGroups = Number(number.replace(/[.,\s_]/g, "")) * multiplier;
    const oneSeparator = /^\d{1,3}[.,]\d{3}$/.test(number);
    // `1.500rb` reads as 1.500 thousand or as one and a half thousand: never guess between them.
    if (suffix !== undefined && oneSeparator) {
      const asDecimal = present(decimalValue(number, multiplier), "one separator's decimal reading");
      return notAmount({ code: "twoReadings", unit: suffix, asGroups, asDecimal }, [asGroups, asDecimal]);
    }
    return whole(asGroups);
  }

  // `10.000,00` (cents written out): whole when the cents are zero. `75.500,50` or `75,500.50`: Rupiah
  // have no cents, and the hint is the whole part, never the digits run together (Rp 7.550.050).
  const withCents = /^(\d{1,3}(?:([.,])\d{3})*|\d+)([.,])(\d{1,2})$/.exec(number);
  // Groups 1, 3 and 4 are not optional: a match has them.
  const [, wholeText = "", groupSeparator, centsSeparator, cents = ""] = withCents ?? [];
  if (withCents && suffix === undefined && groupSeparator !== centsSeparator) {
    const wholePart = Number(wholeText.replace(/[.,]/g, ""));
    if (/^0+$/.test(cents) && centsSeparator === ",") return whole(wholePart);
    if (groupSeparator !== undefined || wholeText.length > 3) return notAmount({ code: "noCents" }, [wholePart]);
  }

  // `1,5jt`, `1.5jt`, `2,5rb`: a decimal only makes sense with a unit.
  const decimal = decimalValue(number, multiplier);
  if (decimal !== undefined) {
    if (suffix === undefined) {
      const [wholePart = "", fraction = ""] = number.split(/[.,]/);
      // `50.0000`: a separator in the wrong place.
      if (fraction.length > 3) return notAmount({ code: "separatorMisplaced" }, [Number(wholePart + fraction)]);
      // `1,5`: a unit left out; `10000.5`: Rupiah have no cents.
      if (wholePart.length <= 3)
        return notAmount({ code: "decimalWithoutUnit" }, [
          present(decimalValue(number, 1_000), "a decimal's reading"),
          present(decimalValue(number, 1_000_000), "a decimal's reading"),
        ]);
      return notAmount({ code: "noCents" }, [Number(wholePart)]);
    }
    if (!Number.isInteger(decimal))
      return notAmount({ code: "notWholeRupiah", rupiah: decimal }, [Math.floor(decimal), Math.ceil(decimal)]);
    return whole(decimal);
  }
  if (/^[\d.,\s_]+$/.test(number)) {
    return notAmount({ code: "separatorsMisplaced" }, [Number(number.replace(/[.,\s_]/g, ""))]);
  }
  return notAmount({ code: "notANumber" });
}

function whole(n: number): AmountReading {
  return Number.isSafeInteger(n) ? { ok: true, amount: n } : notAmount({ code: "tooLarge" });
}

/** The amount, or undefined when the text is not one (or could be two). */
export function parseRupiah(text: string): number | undefined {
  const reading = readAmount(text);
  return reading.ok ? reading.amount : undefined;
}

/** The forms an amount may take, for hints: said the same way everywhere, in the words given. */
export function amountForms(say: Messages): string {
  return say.orders.amount.forms;
}
