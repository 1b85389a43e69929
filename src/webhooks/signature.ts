/**
 * The service's webhook signature, exactly as documented: the lowercase hex SHA-256 (plain, not HMAC)
 * of `ref_id:invoice:status:webhook_secret`, the three fields read from the body's `data`. `status` is
 * `data.status` for order.paid, order.completed and order.canceled; order.item.sent carries no status
 * of its own and is signed with the literal `item.sent`, webhook.test with `test`. A missing field is
 * signed as "", as the service's own sample code does.
 *
 * Only those three fields are covered: an item's serial number or licence is not, and neither is the
 * event name nor the time. The listener and the emulator's sender both use this one definition.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Wording } from "../errors.js";

/**
 * The signed status each event name must carry, compared without regard to case. The signature
 * covers the status but not the event name, so without this a captured `webhook.test` signature
 * (always `sha256("::test:" + secret)`) would pass as any event whose body says `status: "test"`, and a
 * real `completed` signature would pass as `order.canceled`. `order.refunded` is not documented; one
 * live client handles it, and it is taken as signed with `data.status` `refunded`.
 */
export const statusesOfEvent: Record<string, readonly string[]> = {
  "order.paid": ["paid"],
  "order.completed": ["completed", "success"],
  "order.canceled": ["canceled", "cancelled"],
  "order.refunded": ["refunded"],
  "order.item.sent": ["item.sent"],
  "webhook.test": ["test"],
};
const boundStatuses = new Set(Object.values(statusesOfEvent).flat());

/**
 * Why a delivery whose signature matched is still not what it says it is, or null when it is. An
 * order event names an order by its signed ref_id and invoice, so both must be there; an event not
 * documented may not borrow a status that belongs to a documented one.
 */
export function eventMismatch(event: string, fields: SignedFields): Wording | null {
  const status = fields.status.trim().toLowerCase();
  const bound = statusesOfEvent[event];
  if (bound && !bound.includes(status)) return (say) => say.listener.statusNotOfEvent(event, bound, fields.status);
  if (!bound && boundStatuses.has(status)) return (say) => say.listener.statusOfAnother(event, fields.status);
  if (event.startsWith("order.") && (fields.refId.trim() === "" || fields.invoice.trim() === ""))
    return (say) => say.listener.namesNoOrder(event, fields.refId.trim() === "" ? "ref_id" : "invoice");
  return null;
}

/** The events whose signature does not use `data.status`, and the literal they use instead. */
const statusLiterals: Record<string, string> = { "order.item.sent": "item.sent", "webhook.test": "test" };

/** What one signature covers, each already as the text that is hashed. */
export interface SignedFields {
  refId: string;
  invoice: string;
  status: string;
}

/** A field as the service's PHP interpolates it into the signed text: strings and numbers as they are, anything else "". */
function signedText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** The fields of one event's body that its signature covers. */
export function signedFieldsOf(event: string, body: unknown): SignedFields {
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  return {
    refId: signedText(data.ref_id),
    invoice: signedText(data.invoice),
    status: statusLiterals[event] ?? signedText(data.status),
  };
}

export function webhookSignature(fields: SignedFields, secret: string): string {
  return createHash("sha256")
    .update(`${fields.refId}:${fields.invoice}:${fields.status}:${secret}`, "utf8")
    .digest("hex");
}

/** The signature the service puts in `X-Signature` for this body. */
export function signBody(event: string, body: unknown, secret: string): string {
  return webhookSignature(signedFieldsOf(event, body), secret);
}

/**
 * Whether `given` (the X-Signature header) is the signature of this body, compared in constant time so
 * that how long the answer takes tells nothing about how much of a forged signature was right.
 */
export function signatureMatches(event: string, body: unknown, secret: string, given: string | undefined): boolean {
  const expected = Buffer.from(signBody(event, body, secret), "utf8");
  // Hex is case-blind; the service sends lowercase, a proxy may not.
  const offered = Buffer.from((given ?? "").trim().toLowerCase(), "utf8");
  // timingSafeEqual needs equal lengths; comparing against itself keeps the time the same either way.
  const sameLength = offered.length === expected.length;
  const equal = timingSafeEqual(expected, sameLength ? offered : expected);
  return sameLength && equal && secret !== "";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
