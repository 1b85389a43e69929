/**
 * An order event, confirmed with the service before it is handed on. The signature covers only
 * ref_id, invoice and status: an event's items (serial numbers, licences) are not signed, so a body
 * replayed under a real signature could carry anyone's serials. With an API key at hand, the listener
 * asks `GET /v1/trx/{ref_id}` and hands on the service's own answer in the event's shape:
 *
 * - `data` is the service's order (its items, amounts and results; results beside `data` moved in,
 *   each h2h result also on its item as `h2h_results`, licences as `licenses[]` on every item), with
 *   `data.status` kept as signed, so a --forward-to target can still verify the signature;
 * - `confirmed` says so: `{by, at, status}`, `status` being the service's own at that moment;
 * - `order.item.sent` carries the service's line for the item the body names as `data.item`: the first
 *   line of that item not handed on before (every item of one order is signed alike, so a replayed
 *   item.sent naming another line can hand on only a line the service shows sent, and each line once).
 */
import { isTransactionNotFound } from "../api/codes.js";
import { decodeWebhookEvent, isRecord } from "../api/decode.js";
import type { Transaction, WebhookEvent } from "../api/model.js";
import { isFinal } from "../api/status.js";
import { orderVerdict, outcomeFields } from "../domain/verdict.js";
import type { ServiceClient } from "../api/client.js";
import { ServiceError, type Wording } from "../errors.js";
import { en, type Messages } from "../messages/en.js";
import type { ReceivedDelivery } from "./deliveries.js";

type Fields = Record<string, unknown>;

export type Confirmation =
  | { ok: true; payload: Fields; event: WebhookEvent; line?: string; transaction: Transaction }
  | { ok: false; reason: string; said: Wording };

/** Not confirmed: why, in English for the deliveries file and worded in the reader's language for the screen. */
function refusal(why: (words: Messages["listener"]) => string): { ok: false; reason: string; said: Wording } {
  return { ok: false, reason: why(en.listener), said: (say) => why(say.listener) };
}

/** Order events are confirmed; `webhook.test` and events with no order behind them are not. */
export function needsConfirming(event: string): boolean {
  return event.startsWith("order.");
}

/**
 * The service's word on this delivery's order. A refusal (`{ok: false}`) means it must not be handed
 * on; a thrown error (no answer, a 5xx, a 404 that is not the service's TRX_NOT_FOUND) means ask again later.
 */
export async function confirmWithService(
  client: ServiceClient,
  delivery: ReceivedDelivery,
  original: unknown,
  nowIso: string,
  lineHandedOn: (line: string) => boolean = () => false,
): Promise<Confirmation> {
  let answer: unknown;
  let transaction: Transaction;
  try {
    const read = await client.getTransaction(delivery.ref_id);
    answer = read.body;
    transaction = read.data;
  } catch (error) {
    // Only the service's own word drops an event: its JSON error naming the order unknown. A 404 from
    // anything in front of it (a proxy's HTML page, a router's ROUTE_NOT_FOUND, a bare "Not Found")
    // says nothing about the order, so it is asked again later, like a 5xx.
    if (error instanceof ServiceError && error.status === 404 && isTransactionNotFound(error.code))
      return refusal((w) => w.unknownOrder(delivery.ref_id, error.code));
    throw error;
  }
  const value =
    isRecord(answer) && "value" in answer && "text" in answer ? (answer as { value: unknown }).value : answer;
  const top: Fields = isRecord(value) ? value : {};
  const service: Fields = isRecord(top.data) ? { ...top.data } : {};
  const invoice = typeof service.invoice === "string" ? service.invoice : null;
  if (invoice !== null && invoice !== delivery.invoice)
    return refusal((w) => w.otherInvoice(delivery.ref_id, invoice, delivery.invoice));

  const body: Fields = isRecord(original) ? original : {};
  const sent: Fields = isRecord(body.data) ? body.data : {};
  // The short guide's answer names no order_process; the event's items do, and an order.item.sent
  // is only ever about a manual item: a manual item's seller_note is its delivery.
  const manual = new Set(
    [...listOf(sent.items), ...listOf(sent.item)]
      .filter((item) => item.order_process === "manual" || delivery.event === "order.item.sent")
      .map((item) => item.variant_id ?? item.item_id),
  );
  const items = (Array.isArray(service.items) ? service.items : [])
    .filter(isRecord)
    .map((item) => withLicences({ ...item }, manual.has(item.variant_id ?? item.item_id)));
  const results = listOf(service.h2h_results ?? top.h2h_results);
  for (const item of items) {
    const id = item.variant_id ?? item.item_id;
    const result =
      results.find((r) => (r.variant_id ?? r.item_id) === id) ??
      (items.length === 1 && results.length === 1 ? results[0] : undefined);
    if (result && !isRecord(item.h2h_results)) item.h2h_results = result;
  }
  if (service.smm_results === undefined && top.smm_results !== undefined) service.smm_results = top.smm_results;
  // Each result now sits on its item; one that matched no item stays in the list.
  const unmatched = results.filter((r) => !items.some((item) => item.h2h_results === r));
  if (unmatched.length) service.h2h_results = unmatched;
  else delete service.h2h_results;
  const serviceStatus = typeof service.status === "string" ? service.status : null;

  let data: Fields;
  let lineName: string | undefined;
  if (delivery.event === "order.item.sent") {
    const named = isRecord(sent.item) ? sent.item : {};
    const id = named.variant_id ?? named.item_id;
    const lines = items
      .map((item, index) => ({ item, name: `${delivery.ref_id}#${index}` }))
      .filter(({ item }) => (item.variant_id ?? item.item_id) === id);
    if (!lines.length)
      return refusal((w) =>
        w.noSuchItem(delivery.ref_id, id === undefined || id === null ? w.noItemNamed : String(id)),
      );
    const sentLines = lines.filter(({ item }) => hasLicence(item));
    if (!sentLines.length) return refusal((w) => w.nothingSentYet(String(id), delivery.ref_id));
    const next = sentLines.find(({ name }) => !lineHandedOn(name));
    if (!next) return refusal((w) => w.handedOnAlready(String(id), delivery.ref_id));
    const line = next.item;
    lineName = next.name;
    data = {
      invoice: delivery.invoice,
      ref_id: delivery.ref_id,
      transaction_status: serviceStatus,
      item: {
        ...line,
        ...(typeof named.order_item_id === "string" ? { order_item_id: named.order_item_id } : {}),
        status: "sent",
      },
    };
  } else {
    data = {
      ...service,
      items,
      ref_id: delivery.ref_id,
      invoice: delivery.invoice,
      status: signedStatusText(sent.status, delivery.signed_status),
    };
  }
  const payload: Fields = {
    event: delivery.event,
    timestamp: typeof body.timestamp === "string" ? body.timestamp : null,
    data,
    // The order's verdict as every other output says it: partial with the service's refund, say.
    confirmed: { by: "GET /v1/trx", at: nowIso, status: serviceStatus, ...verdictOf(transaction) },
  };
  return {
    ok: true,
    payload,
    transaction,
    event: decodeWebhookEvent(payload, delivery.event),
    ...(lineName ? { line: lineName } : {}),
  };
}

/** The verdict's fields as a buy's --json and a bulk row carry them, `delivered` of a partial order too. */
function verdictOf(t: Transaction) {
  return outcomeFields(orderVerdict(t, isFinal(t.status)), t.amount);
}

/** The status exactly as the body wrote it (the signature covers that text), else the signed text. */
function signedStatusText(written: unknown, signed: string): string {
  return typeof written === "string" ? written : signed;
}

function listOf(value: unknown): Fields[] {
  if (isRecord(value)) return [value];
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/**
 * `licenses[]` on every item, from the list when the service sent one, else from `product_license`
 * (a manual item's delivery, from `seller_note`, as its order.item.sent carries it). `namedManual`:
 * the event names the item manual, for an answer that names no `order_process`.
 */
function withLicences(item: Fields, namedManual: boolean): Fields {
  if (Array.isArray(item.licenses)) return item;
  const manual = item.order_process === "manual" || (item.order_process === undefined && namedManual);
  const text =
    typeof item.product_license === "string" && item.product_license !== ""
      ? item.product_license
      : manual && typeof item.seller_note === "string"
        ? item.seller_note
        : null;
  item.licenses = text
    ? text
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => ({ product_license: l, note: null }))
    : [];
  return item;
}

function hasLicence(item: Fields): boolean {
  const list = Array.isArray(item.licenses) ? item.licenses : [];
  return (
    list.some((l) =>
      isRecord(l)
        ? typeof l.product_license === "string" && l.product_license !== ""
        : typeof l === "string" && l !== "",
    ) ||
    (typeof item.seller_note === "string" && item.seller_note !== "")
  );
}
