/**
 * The contract's input rules, checked before anything is sent (a broken rule is exit 2, naming it).
 * Used by the argument parsers in src/program.ts and by handlers for values from files and prompts.
 */
import { InputError } from "../errors.js";
import { formatRupiah } from "../output/format.js";
import { amountForms, readAmount } from "./amount.js";
import type { SmmNote } from "../api/model.js";

export const minimumTopUp = 10_000;
export const maxRefIdLength = 191;
export const lockDurationRange = { min: 60, max: 600 } as const;

export function positiveInteger(name: string, value: string | number): number {
  const text = String(value).trim();
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new InputError(`${name} must be a positive whole number, not "${text}".`);
  return n;
}

/**
 * A quantity as people write a count: `1000`, or grouped in thousands the way amounts are (`1.000`,
 * `1,000`, `1 000`). Anything else is refused, with the count it most likely meant when there is one
 * (`1.5` is no count; `1rb` is offered as 1000, never read as it).
 */
export function quantity(name: string, value: string | number): number {
  if (typeof value === "number") return positiveInteger(name, value);
  const text = value.trim();
  if (/^\d{1,3}([.,\s_])\d{3}(\1\d{3})*$/.test(text)) return positiveInteger(name, text.replace(/[.,\s_]/g, ""));
  if (/^\d+$/.test(text)) return positiveInteger(name, text);
  const reading = /^rp|^idr/i.test(text) ? undefined : readAmount(text);
  const meant = reading?.ok && reading.amount > 0 ? [reading.amount] : [];
  throw new InputError(`${name} must be a positive whole number, not "${text}".`, {
    suggestion: `${meant.length ? `Did you mean ${meant.map((n) => `${name} ${n}`).join(" or ")}? ` : ""}Write it as 1000 or 1.000.`,
  });
}

/**
 * An amount of Rupiah as typed (`75000`, `75.000`, `Rp 75.000`, `75rb`, `1,5jt`), above zero. Text that
 * could mean two sums is refused with both readings, never guessed.
 */
export function rupiah(name: string, value: string | number): number {
  const reading = readAmount(value);
  if (!reading.ok) {
    const shown = typeof value === "string" ? value.trim() : String(value);
    throw new InputError(`${name} "${shown}" is not an amount of Rupiah: ${reading.why}.`, {
      suggestion: reading.readings.length
        ? `Did you mean ${reading.readings.map((n) => `${formatRupiah(n)} (${n})`).join(" or ")}? Write it as ${amountForms}.`
        : `Write it as ${amountForms}.`,
    });
  }
  if (reading.amount <= 0) throw new InputError(`${name} must be more than Rp 0.`);
  return reading.amount;
}

export function topUpAmount(value: string | number): number {
  const n = rupiah("--amount", value);
  if (n < minimumTopUp)
    throw new InputError(`--amount must be at least ${formatRupiah(minimumTopUp)}; ${formatRupiah(n)} is less.`);
  return n;
}

export function lockDuration(value: string | number): number {
  const text = String(value).trim();
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(n) || n < lockDurationRange.min || n > lockDurationRange.max) {
    throw new InputError(`--duration must be whole seconds from 60 to 600, not "${text}".`);
  }
  return n;
}

export function refId(value: string): string {
  if (value.length === 0 || value.trim() !== value)
    throw new InputError("--ref-id must not be empty or start or end with spaces.");
  if (value.length > maxRefIdLength)
    throw new InputError(`--ref-id must be at most ${maxRefIdLength} characters; this one has ${value.length}.`);
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new InputError("--ref-id must not contain control characters.");
  return value;
}

/** An SMM note as the service wants it: JSON text with a string `target`. */
export function smmNote(text: string): SmmNote {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InputError('An SMM note must be JSON, e.g. {"target":"https://instagram.com/p/…","opt_smm":[]}.', {
      suggestion: "Use --target (and --opt, --comment) and reseller builds the note for you.",
    });
  }
  if (
    typeof parsed !== "object" ||
    parsed === null ||
    typeof (parsed as SmmNote).target !== "string" ||
    !(parsed as SmmNote).target.trim()
  ) {
    throw new InputError('An SMM note needs a non-empty "target".');
  }
  const note = parsed as SmmNote;
  if (note.opt_smm !== undefined && (!Array.isArray(note.opt_smm) || note.opt_smm.some((o) => typeof o !== "string"))) {
    throw new InputError('"opt_smm" in an SMM note must be a list of strings.');
  }
  if (note.comment_smm !== undefined && typeof note.comment_smm !== "string") {
    throw new InputError('"comment_smm" in an SMM note must be text.');
  }
  return note;
}

export function buildSmmNote(target: string, options: string[], comment?: string): string {
  if (!target.trim()) throw new InputError("--target must not be empty.");
  const note: SmmNote = { target, opt_smm: options };
  if (comment !== undefined) note.comment_smm = comment;
  return JSON.stringify(note);
}

/** A customer's game user id, number or zone: text as the customer gave it, without spaces around or control characters. */
export function customerId(name: string, value: string): string {
  const text = value.trim();
  if (text === "") throw new InputError(`${name} must not be empty.`);
  if (text.length > 191) throw new InputError(`${name} must be at most 191 characters; this one has ${text.length}.`);
  if (/[\u0000-\u001f\u007f]/.test(text)) throw new InputError(`${name} must not contain control characters.`);
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
    `${name} must be ${choices.slice(0, -1).join(", ")} or ${choices.at(-1)}, not "${value}".`,
    meant ? { suggestion: `Did you mean ${name.startsWith("-") ? `${name} ` : ""}${meant}?` } : {},
  );
}

export function transactionStatus(value: string): (typeof transactionStatuses)[number] {
  return choice("--status", value, transactionStatuses, statusWords);
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
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}
