/** How the journal's entries read to a reseller, for `history` and `reconcile`. */
import { stillInFlight, type JournalEntry } from "../journal/journal.js";
import type { RichCell } from "./output.js";

/** The outcome in a reseller's words; a buy that did not happen is "not bought". */
export function outcomeCell(entry: JournalEntry, nowMs: number): RichCell {
  let text: string;
  if (entry.outcome === "pending") text = stillInFlight(entry, nowMs) ? "in flight" : "unknown";
  else if (entry.outcome === "not_done") text = { buy: "not bought", topup: "no charge", lock: "not held", sandbox: "not done" }[entry.kind] ?? "not done";
  else if (entry.outcome === "not_sent") text = "not sent";
  else text = entry.outcome;
  const tone = text === "done" ? "good" : text === "unknown" ? "warn" : text === "refused" ? "bad" : "dim";
  return { human: text, plain: text.replace(/ /g, "_"), tone };
}
