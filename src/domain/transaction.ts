/**
 * A transaction's facts that orders, the journal and the screens all read: the line a result
 * belongs to, how much of an SMM order arrived, the customer an SMM note names. Below both orders
 * and output, so neither reaches into the other for them.
 */
import type { SmmDelivery, Transaction, TransactionLine } from "../api/model.js";

/** How much of an SMM order has arrived: the service's delivered count, else quantity minus what remains. */
export function deliveredCount(quantity: number | null | undefined, smm: SmmDelivery): number | null {
  if (smm.delivered !== null) return smm.delivered;
  if (!quantity || smm.remains === null) return null;
  return Math.max(0, quantity - smm.remains);
}

export function deliveredPercent(quantity: number | null | undefined, smm: SmmDelivery): number | undefined {
  const delivered = deliveredCount(quantity, smm);
  if (!quantity || delivered === null) return undefined;
  return Math.max(0, Math.min(100, Math.floor((delivered / quantity) * 100)));
}

/** The line a result belongs to: by item id, else (a dialect that names no id) the only line there is. */
export function lineOf(t: Transaction, itemId: number | null): TransactionLine | undefined {
  if (itemId === null) return t.lines.length === 1 ? t.lines[0] : undefined;
  return t.lines.find((l) => l.itemId === itemId);
}

/** The customer's target of an SMM note (the JSON's `target`), or the note as written. */
export function customerData(note: string | null | undefined): string | null {
  if (!note) return null;
  try {
    const parsed = JSON.parse(note) as { target?: unknown };
    if (parsed && typeof parsed === "object" && typeof parsed.target === "string") return parsed.target;
  } catch {
    // A plain note: a phone number or a user id.
  }
  return note;
}
