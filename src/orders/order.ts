/**
 * An order as `reseller` sends it: one transaction of one or more lines, each an item the service
 * described and how many of it, with its ref_id. Built by `buy` from flags, a cart file or a row of
 * an orders file; checked line by line with check-line.ts before anything is sent.
 */
import { randomBytes } from "node:crypto";
import type { CartLine, Item } from "../api/model.js";
import { openAmountOf, type TypedCustomer } from "./check-line.js";

export interface OrderLine {
  item: Item;
  quantity: number;
  /** The customer data as sent: in the service's form (0812…, `id|zone`). */
  note?: string;
  /** What the user typed for it, where that differs from what is sent. */
  typed?: TypedCustomer;
}

export interface Order {
  refId: string;
  /** The user chose the ref_id (so a REF_ID_ALREADY_EXIST on the first attempt is theirs). */
  refIdGiven: boolean;
  lines: OrderLine[];
  lockToken?: string;
  /** For orders from a file: which file and which version of it, kept in the journal. */
  source?: { file: string; version: string };
  /** The account name the check found for each line (null where none was checked), for the customer's receipt. */
  accountNames?: (string | null)[];
  /**
   * Bought instead of another order that cost nothing (its item disrupted, refused, its delivery
   * failed and refunded): that order's ref_id and lines. The journal keeps the link, and the repeat
   * check reads the two as one sale to the customer.
   */
  alternativeOf?: { refId: string; carts: CartLine[]; sellingPrices?: (number | null)[] };
}

const refIdAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** The local calendar day of a moment, `20261123`: the day a ref_id names. */
export function dayOf(nowMs: number): string {
  const d = new Date(nowMs);
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, "0")}${String(d.getDate()).padStart(2, "0")}`;
}

/** `RSL-20261121-7KQ2M9XD`: dated so a reseller can tell orders apart, random so two never collide. */
export function generateRefId(nowMs: number): string {
  const bytes = randomBytes(10);
  const tail = Array.from(bytes, (b) => refIdAlphabet[b % refIdAlphabet.length]).join("");
  return `RSL-${dayOf(nowMs)}-${tail}`;
}

export function cartLines(order: Order): CartLine[] {
  return order.lines.map((line) => ({
    item_id: line.item.id,
    quantity: line.quantity,
    ...(line.note !== undefined ? { note: line.note } : {}),
  }));
}

/** What the journal keeps of an order: never the API key, only what was asked. */
export function orderRequest(order: Order): Record<string, unknown> {
  // The items' names as the service gave them, so the ledger reads "Pulsa XL 10.000", not "item 15".
  const names = Object.fromEntries(order.lines.map((l) => [String(l.item.id), l.item.name]));
  return {
    carts: cartLines(order),
    // What the user typed beside what was sent (one per cart line, null where the two are the same).
    ...(order.lines.some((l) => l.typed) ? { typed: order.lines.map((l) => l.typed ?? null) } : {}),
    ...(order.lockToken ? { lock_token: order.lockToken } : {}),
    ...(order.source ? { source: order.source } : {}),
    ...(order.alternativeOf
      ? { alternative_of: { ref_id: order.alternativeOf.refId, carts: order.alternativeOf.carts } }
      : {}),
    item_names: names,
  };
}

/**
 * What one unit of the line costs. An open amount's price is not documented: reseller reads it as the
 * amount asked plus the item's price (its fee), as the emulator charges; the service's answer says what was taken.
 */
export function unitPrice(line: OrderLine): number {
  return (line.item.price ?? 0) + (openAmountOf(line.item, line.note) ?? 0);
}

export function orderTotal(order: Order): number {
  return order.lines.reduce((sum, line) => sum + unitPrice(line) * line.quantity, 0);
}

export function describeOrder(order: Order): string {
  return order.lines.map((l) => `${l.quantity} × ${l.item.name}`).join(", ");
}
