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

/** The events that prove an order was made. order.item.sent does too, but always follows order.paid. */
export const settlingEvents = new Set(["order.paid", "order.completed", "order.canceled", "order.refunded"]);

/** The profile and service address the listener runs for: the entries it can speak for (`sentFromHere`). */
export type Here = Pick<Settings, "profile" | "baseUrl">;

/**
 * Settles the purchases a signed event proves, found by its ref_id (the records' index): returns the
 * ref_id once per purchase it settled.
 */
export function settleFromEvent(journal: Journal, event: WebhookEvent, here: Here, nowMs: number): string[] {
  const refId = event.refId;
  if (!settlingEvents.has(event.event) || !refId) return [];
  const settled: string[] = [];
  for (const entry of journal.byRefId(refId))
    if (settleUnknownPurchase(journal, entry, refId, here, { ...outcomeOf(event), by: "webhook" }, nowMs))
      settled.push(refId);
  return settled;
}

function outcomeOf(event: WebhookEvent): OutcomeDetails {
  return {
    ...(event.invoice !== null ? { invoice: event.invoice } : {}),
    ...(event.amount !== null ? { amount: event.amount } : {}),
    ...(event.status ? { status: event.status.text } : {}),
  };
}
