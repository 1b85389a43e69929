/**
 * One customer, one key, however the customer data was written: the repeat check, receipts and
 * reports compare and show customers through this module, and check-line.ts sends the forms it makes.
 * A mobile number is its national form (`+62 857 4444 5555` is 085744445555, as the service's
 * documentation writes numbers); a game account is its id and zone in the service's form
 * (`12345678|1234`, whether written `12345678(1234)`, `12345678 1234` or with `--zone-id`); an SMM
 * target is the page it names (scheme, `www.`, a trailing slash, query and fragment aside).
 */
import { customerData } from "../domain/transaction.js";
import { readPhoneNumber } from "./phone.js";

/** `12345678(1234)`, `12345678|1234`, `12345678 1234`: a game user id with its zone, as notes write them. */
const idWithZone = /^\s*([^\s(|]+)\s*(?:\(\s*([^()\s]+)\s*\)|[|\s]\s*([^\s|()]+))\s*$/;

/** The customer id and zone a plain note gives. */
export function splitCustomerNote(note: string): { customerId: string; zoneId?: string } {
  const match = idWithZone.exec(note);
  if (!match) return { customerId: note.trim() };
  // The id's group is not optional: a match has it.
  const [, customerId = "", zoneInParentheses, zoneAfter] = match;
  const zoneId = zoneInParentheses ?? zoneAfter;
  return { customerId, ...(zoneId !== undefined ? { zoneId } : {}) };
}

/** A game account as the service takes it in a note: `id|zone` (the documentation's `123456789|1234`). */
export function gameAccountNote(customerId: string, zoneId: string): string {
  return `${customerId}|${zoneId}`;
}

/** A link to a page without a scheme: a host with a dot and a known-looking top-level name, then a path. */
const pageLink = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:www\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})(?::\d+)?([/?#].*)?$/i;

/**
 * The page an SMM link names: host without `www.` and case, the path without a trailing slash, no
 * query or fragment, except a video's `v` on a `/watch` page (YouTube's), which is the page itself.
 */
function pageKey(text: string): string | undefined {
  const match = pageLink.exec(text);
  if (!match) return undefined;
  // The host's group is not optional: a match has it.
  const [, host = "", rest = ""] = match;
  const path = rest.replace(/[?#].*$/, "").replace(/\/+$/, "");
  const video = path === "/watch" ? /[?&]v=([^&#]+)/.exec(rest)?.[1] : undefined;
  return `${host.toLowerCase()}${path}${video !== undefined ? `?v=${video}` : ""}`;
}

/**
 * The one key of a customer: a mobile number in its national form, an SMM link as its page, a game
 * account as `id|zone`, anything else trimmed with its inner spaces closed up. Case-folded, so two
 * spellings that read alike are the same customer, which only ever asks before buying, never buys twice.
 */
export function customerKey(customer: string): string {
  const phone = readPhoneNumber(customer);
  if (phone.ok) return phone.number;
  const text = customer.trim();
  const page = pageKey(text);
  if (page !== undefined) return page.toLowerCase();
  const { customerId, zoneId } = splitCustomerNote(text);
  const key = zoneId !== undefined ? gameAccountNote(customerId, zoneId) : text;
  return key.toLowerCase().replace(/\s+/g, "");
}

/** The customer as a receipt or a report shows it: a mobile number in its national form, else as sent. */
export function shownCustomer(note: string | null | undefined): string | null {
  const customer = customerData(note);
  if (customer === null) return null;
  const phone = readPhoneNumber(customer);
  return phone.ok ? phone.number : customer;
}

/** A note in customer terms: a JSON note (SMM, open amount) with its target as its key, else the note's key. */
export function noteKey(note: string | undefined): string {
  if (note === undefined) return "";
  try {
    const parsed = JSON.parse(note) as Record<string, unknown>;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed) && typeof parsed.target === "string") {
      const fields = Object.keys(parsed)
        .sort()
        .map((k) => [k, k === "target" ? customerKey(parsed.target as string) : parsed[k]]);
      return JSON.stringify(fields);
    }
  } catch {
    // A plain note: a phone number or a user id.
  }
  return customerKey(note);
}

/** What makes two order lines the same order for the repeat check: item, quantity and the customer by its one key (rules/customer.ts). */
export function repeatKey(itemId: number, quantity: number, note: string | undefined): string {
  return JSON.stringify([itemId, quantity, noteKey(note)]);
}

/** The repeat key of a whole order: its lines' keys in a fixed order (a cart is the same cart however its lines are listed). */
export function orderRepeatKey(lines: { itemId: number; quantity: number; note?: string | undefined }[]): string {
  const keys = lines.map((l) => repeatKey(l.itemId, l.quantity, l.note));
  const [only, ...others] = keys;
  return only !== undefined && others.length === 0 ? only : JSON.stringify(keys.sort());
}

/** The repeat key of a purchase as the journal keeps its request: undefined when a line cannot be read. */
export function requestRepeatKey(request: Record<string, unknown> | undefined): string | undefined {
  // An alternative is the sale of the order it stands in for: the same customer must not get both.
  const instead = request?.alternative_of as { carts?: unknown } | undefined;
  const asked = Array.isArray(instead?.carts) ? instead.carts : request?.carts;
  const carts = Array.isArray(asked) ? (asked as { item_id?: unknown; quantity?: unknown; note?: unknown }[]) : [];
  const lines = carts.flatMap((line) =>
    typeof line?.item_id === "number" && typeof line.quantity === "number"
      ? [{ itemId: line.item_id, quantity: line.quantity, note: typeof line.note === "string" ? line.note : undefined }]
      : [],
  );
  return lines.length && lines.length === carts.length ? orderRepeatKey(lines) : undefined;
}
