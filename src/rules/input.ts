/**
 * The contract's input rules, checked before anything is sent (a broken rule is exit 2, naming it).
 * Used by the argument parsers in src/program.ts and by handlers for values from files and prompts.
 */
import { InputError } from "../errors.js";
import { parseRupiah } from "../output/format.js";
import type { SmmNote } from "../api/model.js";

export const minimumTopUp = 10_000;
export const maxRefIdLength = 191;
export const lockDurationRange = { min: 60, max: 600 } as const;

export function positiveInteger(name: string, value: string | number): number {
  const text = String(value).trim();
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new InputError(`${name} must be a positive whole number, not "${text}".`);
  return n;
}

export function topUpAmount(value: string | number): number {
  const n = typeof value === "number" ? value : parseRupiah(value);
  if (n === undefined || !Number.isSafeInteger(n)) throw new InputError(`--amount must be a whole number of Rupiah, not "${value}".`);
  if (n < minimumTopUp) throw new InputError(`--amount must be at least 10000 (Rp 10.000); got ${n}.`);
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
  if (value.length === 0 || value.trim() !== value) throw new InputError("--ref-id must not be empty or start or end with spaces.");
  if (value.length > maxRefIdLength) throw new InputError(`--ref-id must be at most ${maxRefIdLength} characters; this one has ${value.length}.`);
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new InputError("--ref-id must not contain control characters.");
  return value;
}

/** An SMM note as the service wants it: JSON text with a string `target`. */
export function smmNote(text: string): SmmNote {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InputError("An SMM note must be JSON, e.g. {\"target\":\"https://instagram.com/p/…\",\"opt_smm\":[]}.", {
      suggestion: "Use --target (and --opt, --comment) and reseller builds the note for you.",
    });
  }
  if (typeof parsed !== "object" || parsed === null || typeof (parsed as SmmNote).target !== "string" || !(parsed as SmmNote).target.trim()) {
    throw new InputError("An SMM note needs a non-empty \"target\".");
  }
  const note = parsed as SmmNote;
  if (note.opt_smm !== undefined && (!Array.isArray(note.opt_smm) || note.opt_smm.some((o) => typeof o !== "string"))) {
    throw new InputError("\"opt_smm\" in an SMM note must be a list of strings.");
  }
  if (note.comment_smm !== undefined && typeof note.comment_smm !== "string") {
    throw new InputError("\"comment_smm\" in an SMM note must be text.");
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
