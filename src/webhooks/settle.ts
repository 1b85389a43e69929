/**
 * A signed order.paid, order.completed or order.canceled is the service saying the order exists: a
 * purchase the journal holds as unknown (its answer was lost) is settled by it, as `reconcile` would
 * settle it by asking. Only entries of this profile and service address, and never one still in flight.
 */
import type { WebhookEvent } from "../api/model.js";
import type { Settings } from "../config/settings.js";
import type { Journal } from "../journal/journal.js";
import type { OutcomeDetails } from "../journal/entries.js";
import { settleUnknownPurchase } from "../journal/request.js";
import { present } from "../errors.js";

/** The events that prove an order was made. order.item.sent does too, but always follows order.paid. */
export const settlingEvents = new Set(["order.paid", "order.completed", "order.canceled", "order.refunded"]);

/** The profile and service address the listener runs for: the entries it can speak for (`sentFromHere`). */
export type Here = Pick<Settings, "profile" | "baseUrl">;

/**
 * Settles what several events prove with one look at the journal's unsettled entries (the listener
 * gathers the events of a burst): returns, per event, the ref_ids it settled.
 */
export function settleFromEvents(
  journal: Journal,
  events: WebhookEvent[],
  here: Here,
  nowMs: number,
): { event: WebhookEvent; settled: string[] }[] {
  const wanted = new Set(events.flatMap((e) => (settlingEvents.has(e.event) && e.refId ? [e.refId] : [])));
  if (wanted.size === 0) return [];
  const candidates = journal.unsettled().filter((entry) => entry.ref_id !== null && wanted.has(entry.ref_id));
  const done = new Set<string>();
  const results: { event: WebhookEvent; settled: string[] }[] = [];
  for (const event of events) {
    if (!settlingEvents.has(event.event) || !event.refId) continue;
    const settled: string[] = [];
    for (const entry of candidates) {
      if (done.has(entry.entry)) continue;
      if (!settleUnknownPurchase(journal, entry, event.refId, here, { ...outcomeOf(event), by: "webhook" }, nowMs))
        continue;
      done.add(entry.entry);
      settled.push(present(entry.ref_id, "a settled purchase's ref_id"));
    }
    if (settled.length) results.push({ event, settled });
  }
  return results;
}

function outcomeOf(event: WebhookEvent): OutcomeDetails {
  return {
    ...(event.invoice !== null ? { invoice: event.invoice } : {}),
    ...(event.amount !== null ? { amount: event.amount } : {}),
    ...(event.status ? { status: event.status.text } : {}),
  };
}
