/**
 * An Indonesian mobile number as a customer gives it: `081234567890`, `6281234567890`, `+62 812-3456-7890`.
 * Checked before paying, because a provider refuses a wrong one only after the balance was charged
 * (refunded later). What is sent is the national form, `0812…`, however it was written.
 */
import type { Messages } from "../messages/en.js";

export const phoneDigits = { min: 10, max: 13 } as const;

export type PhoneReading =
  /**
   * `number`: the national form the service documents (`081234567890`), what is sent and shown;
   * `written`: the number as written with its separators left out (`+6281234567890`), what an orders
   * file's derived ref_ids have always been made from.
   */
  { ok: true; number: string; written: string } | { ok: false; why: string; suggestion?: string };

/** `words` say why a number is refused: a refusal reads it again in the words that say it. */
export function readPhoneNumber(text: string, words: Messages): PhoneReading {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, why: words.phone.empty };
  const compact = trimmed.replace(/[\s\-.()]/g, "");
  if (!/^\+?\d+$/.test(compact)) return { ok: false, why: words.phone.digitsOnly };
  // The number as dialled at home: 62… and +62… are 0… without the country code.
  const national = compact.startsWith("+62")
    ? `0${compact.slice(3)}`
    : compact.startsWith("62")
      ? `0${compact.slice(2)}`
      : compact;
  if (compact.startsWith("+") && !compact.startsWith("+62")) return { ok: false, why: words.phone.notIndonesian };
  if (!national.startsWith("08")) {
    if (national.startsWith("8") && national.length + 1 >= phoneDigits.min && national.length + 1 <= phoneDigits.max) {
      return {
        ok: false,
        why: words.phone.mobileStart,
        suggestion: words.phone.didYouMean(`0${national}`),
      };
    }
    return { ok: false, why: words.phone.mobileStart };
  }
  if (national.length < phoneDigits.min || national.length > phoneDigits.max) {
    return {
      ok: false,
      why: words.phone.length(national.length, phoneDigits.min, phoneDigits.max),
    };
  }
  return { ok: true, number: national, written: compact };
}
