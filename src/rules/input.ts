/**
 * The contract's input rules, checked before anything is sent (a broken rule is exit 2, naming it).
 * Used by the flags' parsers the commands declare (src/commands/*.command.ts) and by handlers for values from files and prompts.
 */
import { InputError, type Said, wordIn } from "../errors.js";
import { choice } from "../config/choice.js";
import { formatRupiah } from "../output/format.js";
import { readAmount, whyNotAmount } from "./amount.js";
import type { Messages } from "../messages/en.js";
import type { SmmNote } from "../api/model.js";

export const minimumTopUp = 10_000;
export const maxRefIdLength = 191;
export const lockDurationRange = { min: 60, max: 600 } as const;

/** `name` as the person gave it: a flag (`--qty`), or a file's row and column in the reader's words (`orders.csv baris 2: quantity`). */
export function positiveInteger(name: Said, value: string | number): number {
  const text = String(value).trim();
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new InputError((say) => say.orders.input.positiveWhole(wordIn(name, say), text));
  return n;
}

/** The longest wait a timer holds (2^31 − 1 ms, in whole seconds): Node fires a longer one at once. */
const longestTimerS = Math.floor(0x7fffffff / 1000);

/** A positive whole number of seconds that a timer can wait for (`--exec-timeout`, `--exec-grace`). */
export function timerSeconds(name: Said, value: string | number): number {
  const n = positiveInteger(name, value);
  if (n > longestTimerS)
    throw new InputError((say) =>
      say.orders.input.atMostSeconds(wordIn(name, say), longestTimerS, String(value).trim()),
    );
  return n;
}

/**
 * A quantity as people write a count: `1000`, or grouped in thousands the way amounts are (`1.000`,
 * `1,000`, `1 000`). Anything else is refused, with the count it most likely meant when there is one
 * (`1.5` is no count; `1rb` is offered as 1000, never read as it).
 */
export function quantity(name: Said, value: string | number): number {
  if (typeof value === "number") return positiveInteger(name, value);
  const text = value.trim();
  if (/^\d{1,3}([.,\s_])\d{3}(\1\d{3})*$/.test(text)) return positiveInteger(name, text.replace(/[.,\s_]/g, ""));
  if (/^\d+$/.test(text)) return positiveInteger(name, text);
  const reading = /^rp|^idr/i.test(text) ? undefined : readAmount(text);
  const meant = reading?.ok && reading.amount > 0 ? [reading.amount] : [];
  throw new InputError((say) => say.orders.input.positiveWhole(wordIn(name, say), text), {
    suggestion: (say) =>
      `${meant.length ? `${say.usage.didYouMean(meant.map((n) => `${wordIn(name, say)} ${n}`).join(say.usage.either))} ` : ""}${say.orders.input.writeQuantity}`,
  });
}

/**
 * An amount of Rupiah as typed (`75000`, `75.000`, `Rp 75.000`, `75rb`, `1,5jt`), above zero. Text that
 * could mean two sums is refused with both readings, never guessed.
 */
export function rupiah(name: Said, value: string | number): number {
  const reading = readAmount(value);
  if (!reading.ok) {
    const shown = typeof value === "string" ? value.trim() : String(value);
    const { readings } = reading;
    const writeIt = (say: Messages) => say.orders.amount.writeIt(say.orders.amount.forms);
    const why = whyNotAmount(reading.problem);
    throw new InputError((say) => say.orders.amount.notAmountOfRupiah(wordIn(name, say), shown, why(say)), {
      suggestion: (say) =>
        readings.length
          ? `${say.usage.didYouMean(readings.map((n) => say.orders.amount.reading(formatRupiah(n), n)).join(say.usage.either))} ${writeIt(say)}`
          : writeIt(say),
    });
  }
  if (reading.amount <= 0) throw new InputError((say) => say.orders.amount.moreThanZero(wordIn(name, say)));
  return reading.amount;
}

export function topUpAmount(value: string | number): number {
  const n = rupiah("--amount", value);
  if (n < minimumTopUp)
    throw new InputError((say) => say.orders.input.topUpAtLeast(formatRupiah(minimumTopUp), formatRupiah(n)));
  return n;
}

export function lockDuration(value: string | number): number {
  const text = String(value).trim();
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < lockDurationRange.min || n > lockDurationRange.max) {
    throw new InputError((say) => say.orders.input.duration(text));
  }
  return n;
}

/** `name` as the person gave it: `--ref-id`, or a file's row and column (`orders.csv line 2: ref_id`). */
export function refId(value: string, name: Said = "--ref-id"): string {
  if (value.length === 0 || value.trim() !== value)
    throw new InputError((say) => say.orders.input.refIdSpaces(wordIn(name, say)));
  if (value.length > maxRefIdLength)
    throw new InputError((say) => say.orders.input.tooLong(wordIn(name, say), maxRefIdLength, value.length));
  if (/[\u0000-\u001f\u007f]/.test(value))
    throw new InputError((say) => say.orders.input.controlCharacters(wordIn(name, say)));
  return value;
}

/** An SMM note as the service wants it: JSON text with a string `target`; `where` names a file's row (`orders.csv line 2: `). */
export function smmNote(text: string, where: Said = ""): SmmNote {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InputError((say) => wordIn(where, say) + say.orders.input.smmJson, {
      suggestion: (say) => say.orders.input.smmJsonHint,
    });
  }
  if (
    typeof parsed !== "object" ||
    parsed === null ||
    typeof (parsed as SmmNote).target !== "string" ||
    !(parsed as SmmNote).target.trim()
  ) {
    throw new InputError((say) => wordIn(where, say) + say.orders.input.smmTarget);
  }
  const note = parsed as SmmNote;
  if (note.opt_smm !== undefined && (!Array.isArray(note.opt_smm) || note.opt_smm.some((o) => typeof o !== "string"))) {
    throw new InputError((say) => wordIn(where, say) + say.orders.input.smmOptions);
  }
  if (note.comment_smm !== undefined && typeof note.comment_smm !== "string") {
    throw new InputError((say) => wordIn(where, say) + say.orders.input.smmComment);
  }
  return note;
}

export function buildSmmNote(target: string, options: string[], comment?: string): string {
  if (!target.trim()) throw new InputError((say) => say.orders.input.notEmpty("--target"));
  const note: SmmNote = { target, opt_smm: options };
  if (comment !== undefined) note.comment_smm = comment;
  return JSON.stringify(note);
}

/** A customer's game user id, number or zone: text as the customer gave it, without spaces around or control characters. */
export function customerId(name: string, value: string): string {
  const text = value.trim();
  if (text === "") throw new InputError((say) => say.orders.input.notEmpty(name));
  if (text.length > 191) throw new InputError((say) => say.orders.input.tooLong(name, 191, text.length));
  if (/[\u0000-\u001f\u007f]/.test(text)) throw new InputError((say) => say.orders.input.controlCharacters(name));
  return text;
}

/** The statuses `trx list --status` can ask for, as the service words them. */
export const transactionStatuses = ["pending", "paid", "completed", "failed", "canceled"] as const;

/** What a reseller may type for a status in their own words, for the "did you mean". */
const statusWords: Readonly<Record<string, (typeof transactionStatuses)[number]>> = {
  gagal: "failed",
  fail: "failed",
  sukses: "completed",
  success: "completed",
  berhasil: "completed",
  selesai: "completed",
  complete: "completed",
  done: "completed",
  batal: "canceled",
  dibatalkan: "canceled",
  cancelled: "canceled",
  cancel: "canceled",
  menunggu: "pending",
  proses: "pending",
  processing: "pending",
  dibayar: "paid",
  lunas: "paid",
};

export function transactionStatus(value: string): (typeof transactionStatuses)[number] {
  return choice("--status", value, transactionStatuses, statusWords);
}
