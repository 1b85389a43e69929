/**
 * An Indonesian mobile number as a customer gives it: `081234567890`, `6281234567890`, `+62 812-3456-7890`.
 * Checked before paying, because a provider refuses a wrong one only after the balance was charged
 * (refunded later). What is sent is the national form, `0812…`, however it was written.
 */
import type { Wording } from "../errors.js";

export const phoneDigits = { min: 10, max: 13 } as const;

/**
 * Why a text is not a mobile number, as what was found (its digits, the number probably meant): the
 * reader finds it once, and whoever shows it words it in the reader's language (`whyNotPhone`).
 */
export type PhoneProblem =
  | { code: "empty" }
  | { code: "digitsOnly" }
  | { code: "notIndonesian" }
  /** `meant`: the number with the 0 left off put back (`0812…` for `812…`), when it has a mobile number's length. */
  | { code: "mobileStart"; meant?: string }
  | { code: "length"; digits: number };

export type PhoneReading =
  /**
   * `number`: the national form the service documents (`081234567890`), what is sent and shown;
   * `written`: the number as written with its separators left out (`+6281234567890`), what an orders
   * file's derived ref_ids have always been made from.
   */
  { ok: true; number: string; written: string } | { ok: false; problem: PhoneProblem };

/** Why a number is refused, in the words of whoever says it. */
export function whyNotPhone(problem: PhoneProblem): Wording {
  return (say) =>
    problem.code === "length"
      ? say.phone.length(problem.digits, phoneDigits.min, phoneDigits.max)
      : say.phone[problem.code];
}

/**
 * What to do about a refused number: `Did you mean 081234567890?` when the number probably meant can
 * be told, then `then` (the way on where the number was given); empty when there is neither.
 */
export function phoneHint(problem: PhoneProblem, then?: Wording): Wording {
  const meant = problem.code === "mobileStart" ? problem.meant : undefined;
  return (say) => [meant === undefined ? "" : say.phone.didYouMean(meant), then?.(say) ?? ""].filter(Boolean).join(" ");
}

/** Reads one number as a customer gave it; never throws. What is wrong with it is data, worded where it is shown. */
export function readPhoneNumber(text: string): PhoneReading {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, problem: { code: "empty" } };
  const compact = trimmed.replace(/[\s\-.()]/g, "");
  if (!/^\+?\d+$/.test(compact)) return { ok: false, problem: { code: "digitsOnly" } };
  // The number as dialled at home: 62… and +62… are 0… without the country code.
  const national = compact.startsWith("+62")
    ? `0${compact.slice(3)}`
    : compact.startsWith("62")
      ? `0${compact.slice(2)}`
      : compact;
  if (compact.startsWith("+") && !compact.startsWith("+62")) return { ok: false, problem: { code: "notIndonesian" } };
  if (!national.startsWith("08")) {
    if (national.startsWith("8") && national.length + 1 >= phoneDigits.min && national.length + 1 <= phoneDigits.max) {
      return { ok: false, problem: { code: "mobileStart", meant: `0${national}` } };
    }
    return { ok: false, problem: { code: "mobileStart" } };
  }
  if (national.length < phoneDigits.min || national.length > phoneDigits.max) {
    return { ok: false, problem: { code: "length", digits: national.length } };
  }
  return { ok: true, number: national, written: compact };
}
