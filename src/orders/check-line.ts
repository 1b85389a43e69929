/**
 * The one check of an order line against its item, whichever door it came through: `buy` flags, a
 * cart file, a row of an orders file. Each door only says where the line is (`cart line 2: `); the
 * rules and their words are here, so the three can never disagree again.
 */
import type { Item } from "../api/model.js";
import { InputError, UsageError } from "../errors.js";
import { buildSmmNote, smmNote } from "../rules/input.js";

/** A line as the user wrote it: the customer data as a note, or (SMM) a target to build one from. */
export interface LineInput {
  quantity: number;
  note?: string;
  target?: string;
  opt: string[];
  comment?: string;
}

/** How the item is delivered; an SMM item is `smm` even where the live service files it under h2h. */
export function orderProcessOf(item: Item): string {
  return item.isSmm ? "smm" : (item.orderProcess ?? "");
}

function itemWords(item: Item): string {
  return `item ${item.id} (${item.name})`;
}

/** A line the item does not accept: exit 2, nothing sent, the line named by `where`. */
function refuse(where: string, message: string, options: { code?: string; suggestion?: string } = {}): never {
  const text = `${where}${message}`;
  throw options.code ? new UsageError(text, { code: options.code, suggestion: options.suggestion }) : new InputError(text, { suggestion: options.suggestion });
}

/**
 * Checks one line and returns the note to send: the SMM JSON built from a target, or the note as given.
 * `where` prefixes every message ("" for flags, "cart line 2: ", "orders.csv order 3: ").
 */
export function checkLine(item: Item, line: LineInput, where: string): string | undefined {
  if (line.quantity < item.minOrder) {
    refuse(where, `the minimum order of ${itemWords(item)} is ${item.minOrder}; got ${line.quantity}.`, {
      code: "MINIMUM_ORDER_NOT_MET",
      suggestion: `Buy at least ${item.minOrder}.`,
    });
  }
  const smmParts = line.target !== undefined || line.opt.length > 0 || line.comment !== undefined;
  const process = orderProcessOf(item);
  if (process === "smm") {
    if (line.target !== undefined && line.note !== undefined) refuse(where, "give either a note (the SMM JSON) or a target, not both.");
    if (line.target === undefined && (line.opt.length > 0 || line.comment !== undefined)) refuse(where, "opt and comment need a target: the SMM note must name one.");
    if (line.target !== undefined) return buildSmmNote(line.target, line.opt, line.comment);
    if (line.note === undefined) {
      refuse(where, `${itemWords(item)} is SMM: give a target (or a JSON note with one).`, { suggestion: "For example: --target https://instagram.com/tokoku" });
    }
    try {
      smmNote(line.note);
    } catch (error) {
      if (error instanceof UsageError) error.message = `${where}${error.message}`;
      throw error;
    }
    return line.note;
  }
  if (smmParts) refuse(where, `target, opt and comment are for SMM items; ${itemWords(item)} is ${process || "not SMM"}.`, { suggestion: "Give the customer data as the note." });
  // A provider delivery needs a destination; without it the order would only fail and be refunded.
  if (process === "h2h" && !line.note?.trim()) {
    refuse(where, `${itemWords(item)} is h2h: the note must give the destination (a phone number or game user id).`, { suggestion: "For example: --note 081234567890" });
  }
  return line.note;
}
