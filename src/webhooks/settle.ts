/**
 * A signed order.paid, order.completed or order.canceled is the service saying the order exists: a
 * purchase the journal holds as unknown (its answer was lost) is settled by it, as `reconcile` would
 * settle it by asking. Only entries of this profile and service address, and never one still in flight.
 */
import type { WebhookEvent } from "../api/model.js";
import { isUnresolved, type Journal, type OutcomeDetails } from "../journal/journal.js";

/** The events that prove an order was made. order.item.sent does too, but always follows order.paid. */
export const settlingEvents = new Set(["order.paid", "order.completed", "order.canceled"]);

export interface Here {
  profile: string;
  /** The profile's service address; when none is configured, the profile alone decides. */
  baseUrl: string | undefined;
}

/** Settles what the event proves; returns the ref_ids settled. */
export function settleFromEvent(journal: Journal, event: WebhookEvent, here: Here, nowMs: number): string[] {
  if (!settlingEvents.has(event.event) || !event.refId) return [];
  const settled: string[] = [];
  for (const entry of journal.byRefId(event.refId)) {
    if (entry.kind !== "buy" || entry.ref_id !== event.refId || entry.profile !== here.profile) continue;
    if (here.baseUrl !== undefined && entry.base_url !== here.baseUrl) continue;
    if (!isUnresolved(entry, nowMs)) continue;
    const details: OutcomeDetails = {
      ...(event.invoice !== null ? { invoice: event.invoice } : {}),
      ...(event.amount !== null ? { amount: event.amount } : {}),
      ...(event.status ? { status: event.status.text } : {}),
    };
    journal.append({ v: 1, type: "outcome", entry: entry.entry, at: new Date(nowMs).toISOString(), outcome: "done", ...details, by: "webhook" });
    settled.push(entry.ref_id);
  }
  return settled;
}
