/** How the journal's entries read to a reseller, for `history` and `reconcile`. */
import type { ItemNames } from "../catalogue/names.js";
import { stillInFlight, type JournalEntry } from "../journal/entries.js";
import type { RichCell } from "./output.js";
import { customerData } from "../domain/transaction.js";
import type { Messages } from "../messages/messages.js";

/** The outcome in a reseller's words; a buy that did not happen is "not bought". */
export function outcomeCell(entry: JournalEntry, nowMs: number, say: Messages): RichCell {
  let text: string;
  if (entry.outcome === "pending") text = stillInFlight(entry, nowMs) ? "in flight" : "unknown";
  else if (entry.outcome === "not_done")
    text = { buy: "not bought", topup: "no charge", lock: "not held", sandbox: "not done" }[entry.kind] ?? "not done";
  else if (entry.outcome === "not_sent") text = "not sent";
  else text = entry.outcome;
  const tone = text === "done" ? "good" : text === "unknown" ? "warn" : text === "refused" ? "bad" : "dim";
  return { human: say.journalOutcomes[text] ?? text, plain: text.replace(/ /g, "_"), tone };
}

/** One line of a journaled purchase: the item and quantity asked for, and the customer's number or target. */
export interface JournalLine {
  itemId: number | undefined;
  quantity: number | undefined;
  customer: string | null;
}

/** The lines a buy (or sandbox order) asked for, as recorded: counting them reads no customer. */
export function requestedLines(entry: JournalEntry): Record<string, unknown>[] {
  const request = entry.request ?? {};
  const lines = Array.isArray(request.carts)
    ? (request.carts as unknown[])
    : request.item_id !== undefined
      ? [request]
      : [];
  return lines.filter((l): l is Record<string, unknown> => typeof l === "object" && l !== null);
}

/** The lines a buy (or sandbox order) asked for, as its journal entry recorded them. */
export function journalLines(entry: JournalEntry): JournalLine[] {
  return requestedLines(entry).map((l) => ({
    itemId: typeof l.item_id === "number" ? l.item_id : undefined,
    quantity: typeof l.quantity === "number" ? l.quantity : undefined,
    customer: typeof l.note === "string" ? customerData(l.note) : null,
  }));
}

/** `1 × Pulsa Telkomsel 10.000`, one per line of the purchase (the name last, where a cut keeps its end); the id where the kept catalogue has no name. */
export function itemText(lines: JournalLine[], names: ItemNames, say: Messages): string {
  return lines
    .map(
      (l) =>
        `${l.quantity !== undefined ? `${l.quantity} × ` : ""}${l.itemId === undefined ? "?" : (names(l.itemId) ?? say.history.itemId(String(l.itemId)))}`,
    )
    .join(", ");
}

/** Each customer once; `, ` between them for people, `,` for scripts (as the item ids and quantities). */
export const customersOf = (lines: JournalLine[], separator = ", ") =>
  [...new Set(lines.map((l) => l.customer).filter((c): c is string => !!c))].join(separator);
