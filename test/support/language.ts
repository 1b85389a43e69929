/**
 * Checks that a screen speaks Indonesian: the locale a reseller in Indonesia has, and the English
 * words of the tool's own still left on a screen.
 */
import { ansi } from "./golden-screens.js";

export const indonesian = { LANG: "id_ID.UTF-8" };

/**
 * English words of the tool's own left on a screen: small words no Indonesian sentence, item name or
 * channel name of the fixtures has. Flags, quoted commands (`reseller login`), environment variables,
 * addresses, file paths, names with digits and "API key" (which Indonesian resellers write so too) are left out first.
 */
export const englishWords = [
  "the",
  "is",
  "are",
  "was",
  "not",
  "and",
  "of",
  "to",
  "with",
  "for",
  "your",
  "you",
  "this",
  "from",
  "no",
  "has",
  "did",
  "mean",
  "see",
  "usage",
  "options",
  "commands",
  "error",
  "hint",
  "balance",
  "expires",
  "left",
  "switched",
  "fee",
  "limits",
  "held",
  "nothing",
  "item",
  "qty",
  "time",
  "code",
  "channel",
  "outcome",
  "unknown",
  "check",
  "run",
  "number",
  "note",
  "key",
  "accept",
];
export function englishIn(screen: string, words: readonly string[] = englishWords): string[] {
  const found = screen
    .replace(ansi, "")
    // As Indonesian resellers write it too.
    .replace(/\bAPI key\b/g, " ")
    .replace(/`[^`]*`/g, " ")
    // Flags and their values' names, example lines, a help list's command or flag column, field and
    // setting names (provider_qty, repeat_window) and JSON keys.
    .replace(/--[\w-]+|<[^>]*>|^ +\$ .*$|^ {2}\S.*? {2,}|\b[a-z]+_[a-z_]+\b|\{[^}]*\}/gm, " ")
    .replace(/\b[A-Z][A-Z0-9_]{2,}\b/g, " ")
    .replace(/https?:\S+/g, " ")
    // File paths, and names with digits in them (ref ids, tokens, a temp dir's): random letters
    // between digits can spell a word ("RSL-20261121-7NO2…", "…/reseller-tmp-4is9Qx").
    .replace(/(^|[\s(])\/[^\s)]+/gm, "$1 ")
    .replace(/\b\w*\d\w*\b/g, " ")
    .toLowerCase()
    .split(/[^a-z]+/);
  return [...new Set(found.filter((word) => words.includes(word)))];
}

/** The service's status words and the labels of the tool's own that an order's screens show. */
export const statusWords = [
  ...englishWords,
  "completed",
  "paid",
  "failed",
  "pending",
  "partial",
  "canceled",
  "cancelled",
  "outcome",
  "provider",
  "delivered",
  "processing",
  "refunded",
  "bought",
];
