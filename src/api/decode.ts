/**
 * The one place where answers are read: every dialect the service has published (see wire.ts) is
 * decoded here into the model the commands use (model.ts). A tolerant reader: unknown fields are
 * ignored (the raw body still travels beside the model for `--json`), a missing optional field is
 * null, aliases live in one table, and only an answer that cannot mean anything (no balance in a
 * balance answer) is an error.
 */
import { UnexpectedResponseError } from "../errors.js";
import { toStatus } from "./status.js";
import type {
  Balance,
  CreatedTransaction,
  H2hDelivery,
  Item,
  LeaderboardEntry,
  ListedLock,
  OwnRanking,
  PaymentChannel,
  SandboxOrder,
  SmmDelivery,
  StockLock,
  TopUp,
  Transaction,
  TransactionLine,
} from "./model.js";
import type {
  WireBalance,
  WireChannel,
  WireCreatedTransaction,
  WireH2hResult,
  WireItem,
  WireLeaderboardEntry,
  WireLock,
  WireOwnRanking,
  WireSandboxOrder,
  WireSmmResult,
  WireTopUp,
  WireTransaction,
  WireTransactionDetail,
  WireTransactionItem,
} from "./wire.js";

type Fields = Record<string, unknown>;

/**
 * Field aliases: the model's name, then every wire name that means it, first match wins. The live
 * service's documented names come before the abstract spec's. A new alias goes here and nowhere else.
 */
export const aliases = {
  rank: ["ranking", "rank", "position"],
  totalTransactions: ["total_trx", "total_transactions", "total_transaction", "transactions", "trx_count"],
  points: ["points", "point"],
  itemId: ["item_id", "variant_id", "id"],
  lineName: ["variant_name", "name", "item_name"],
  quantity: ["quantity", "qty"],
  amount: ["total_amount", "amount", "total"],
  serial: ["sn", "serial_number", "serial"],
  h2hMessage: ["log_message", "dispatch_message", "message"],
  licence: ["product_license", "product_licence", "license", "licence"],
  /** A list of licences per item, one per unit (`licenses:[{product_license, note}]`, live clients §12; webhooks). */
  licences: ["licenses", "licences", "product_licenses"],
  /** Payment channels: the documented `code`/`min_amount`/`max_amount`/`fee`, or `service`/`minimum`/`maximum`/`fee_flat` (live clients §12). */
  channelCode: ["service", "code", "channel"],
  channelType: ["type", "group", "kind"],
  channelMin: ["minimum", "min_amount", "min"],
  channelMax: ["maximum", "max_amount", "max"],
  channelFlatFee: ["fee_flat", "fee", "flat_fee"],
  channelPercentFee: ["fee_percentage", "fee_percent", "percentage_fee"],
  /** A top-up's payment page, its QR link, and the service's own fee and total for it. */
  paymentUrl: ["payment_url", "payment_link", "checkout_url", "url"],
  qrLink: ["qr_link", "qr_url"],
  topUpFee: ["fee", "fees"],
  topUpTotal: ["total", "total_amount", "total_payment"],
  delivered: ["delivered_count", "delivered"],
  refundAmount: ["refund_amount", "refund"],
  lockToken: ["lock_token", "token"],
  remainingSeconds: ["remaining_seconds", "remaining_time", "remaining", "seconds_left", "ttl", "expires_in"],
  minOrder: ["min_order", "minimum_order", "min_qty_order", "minOrder"],
  expiresAt: ["expires_at", "expired_at", "expiry", "expire_at"],
  serverTime: ["server_time", "serverTime", "server_timestamp"],
  totalItems: ["total_items", "total", "total_variants"],
  isDelta: ["is_delta", "delta"],
  accountName: ["account_name", "username", "nickname", "player_name", "name"],
  displayName: ["display_name", "displayName"],
  region: ["region", "country", "server"],
  createdAt: ["created_at", "date", "time", "timestamp", "createdAt"],
  mutationType: ["type", "mutation_type", "category", "kind"],
  direction: ["direction", "flow", "dc"],
  balanceBefore: ["balance_before", "before", "saldo_awal", "previous_balance", "starting_balance"],
  balanceAfter: ["balance_after", "after", "saldo_akhir", "current_balance", "ending_balance"],
  description: ["description", "desc", "keterangan", "remarks", "notes", "note"],
  page: ["current_page", "page"],
  perPage: ["per_page", "perPage", "limit"],
  lastPage: ["last_page", "total_pages", "lastPage"],
  pageTotal: ["total", "total_items", "total_data", "total_rows"],
} as const;

// ---- reading values ----

export function isRecord(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A whole number from a JSON number or a numeric string (PHP back ends send both). A number beyond
 * the safe range cannot be a real amount: it is an unexpected answer, never shown as something else.
 */
export function toInteger(value: unknown, where?: string): number | null {
  let n: number | undefined;
  if (typeof value === "number" && Number.isFinite(value)) n = value;
  else if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim())) n = Number(value.trim());
  if (n === undefined) return null;
  if (!Number.isSafeInteger(Math.trunc(n)))
    throw new UnexpectedResponseError((say) =>
      say.service.answerTo(where ?? say.service.theAnswer, say.service.numberTooLarge(String(value).slice(0, 40))),
    );
  return Math.trunc(n);
}

/** A number that may have a fraction (a percentage: `0.7`, `"1.5"`); null when it is not one. */
export function toDecimal(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^-?\d+([.,]\d+)?$/.test(value.trim()))
    return Number(value.trim().replace(",", "."));
  return null;
}

export function toText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/** `is_smm` and friends arrive as true, 1, "1", "true" or "yes". */
export function toFlag(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string") return ["1", "true", "yes", "y", "on"].includes(value.trim().toLowerCase());
  return false;
}

function first(fields: Fields, names: readonly string[]): unknown {
  for (const name of names) if (fields[name] !== undefined && fields[name] !== null) return fields[name];
  return undefined;
}

function integerOf(fields: Fields, names: readonly string[], where: string): number | null {
  for (const name of names) {
    const n = toInteger(fields[name], where);
    if (n !== null) return n;
  }
  return null;
}

function textOf(fields: Fields, names: readonly string[]): string | null {
  return toText(first(fields, names));
}

function records(value: unknown): Fields[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

// ---- the envelope ----

/** The record under `data`, as most endpoints wrap their answer; the body itself when it has no `data`. */
function dataOf(body: unknown): unknown {
  return isRecord(body) && "data" in body ? body.data : body;
}

function dataRecord(body: unknown, where: string): Fields {
  const data = dataOf(body);
  if (!isRecord(data))
    throw new UnexpectedResponseError((say) => say.service.answerTo(where, say.service.noData(data === null)));
  return data;
}

/** The first list in the answer: `data` itself, or a list under `data.<name>` for one of the names. */
function dataList(body: unknown, names: readonly string[], where: string): Fields[] {
  let data = dataOf(body);
  if (isRecord(data)) data = first(data, names);
  if (!Array.isArray(data))
    throw new UnexpectedResponseError((say) => say.service.answerTo(where, say.service.noList(data === null)));
  return records(data);
}

/**
 * The error code a 2xx body carries instead of a result, if it does: `{"success":false}`, or a bare
 * code and no data. A body that says yes (`success:true` or `status:true`) is a success whatever its
 * message looks like: `{"success":true,"message":"LOCK_RELEASED"}` released the lock.
 */
export function refusalIn2xx(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const said = typeof body.message === "string" ? body.message.trim() : "";
  const isCode = /^[A-Z][A-Z0-9_]{2,}(=.*)?$/.test(said) && said !== "OK" && said !== "SUCCESS";
  if (body.success === false || body.status === false) return isCode ? said : "REFUSED";
  if (body.success === true || body.status === true) return undefined;
  if (isCode && (body.data === undefined || body.data === null)) return said;
  return undefined;
}

// ---- one decoder per endpoint ----

export function decodeBalance(body: unknown): Balance {
  const where = "GET /v1/balance";
  const data = dataRecord(body, where) as WireBalance & Fields;
  const balance = toInteger(data.balance, where);
  if (balance === null) throw new UnexpectedResponseError((say) => say.service.answerTo(where, say.service.noBalance));
  return { balance };
}

/** A `status` that says a channel or variant cannot be used now (`"off"`), or an `active: false`. */
const switchedOffStatus = /^(off|inactive|disabled|nonaktif|deleted|0|false)$/i;

function isSwitchedOff(fields: Fields): boolean {
  const status = fields.status;
  if (status === false || status === 0) return true;
  const text = toText(status);
  return (
    (text !== null && switchedOffStatus.test(text.trim())) || fields.active === false || fields.is_active === false
  );
}

/** `GET /v1/balance/channels` in either key set (aliases above); a channel whose status is off is kept and marked so. */
export function decodeChannels(body: unknown): PaymentChannel[] {
  const where = "GET /v1/balance/channels";
  return dataList(body, ["channels", "items"], where).flatMap((c: WireChannel & Fields) => {
    const code = textOf(c, aliases.channelCode);
    if (code === null) return [];
    const percent = toDecimal(first(c, aliases.channelPercentFee));
    return [
      {
        code,
        name: toText(c.name) ?? code,
        type: textOf(c, aliases.channelType),
        fee: integerOf(c, aliases.channelFlatFee, where) ?? 0,
        feePercent: percent !== null && percent > 0 ? percent : null,
        minAmount: integerOf(c, aliases.channelMin, where),
        maxAmount: integerOf(c, aliases.channelMax, where),
        off: isSwitchedOff(c),
      },
    ];
  });
}

/**
 * `POST /v1/balance`: a payment page, a QR link, or both, with the invoice and the service's own fee and
 * total when it gives them. Only an answer with none of link, QR link or invoice cannot be used.
 */
export function decodeTopUp(body: unknown): TopUp {
  const where = "POST /v1/balance";
  const data = dataRecord(body, where) as WireTopUp & Fields;
  // A link given as "" is no link: there is nothing to open or encode.
  const given = (text: string | null) => (text !== null && text.trim() !== "" ? text : null);
  const paymentUrl = given(textOf(data, aliases.paymentUrl));
  const qrLink = given(textOf(data, aliases.qrLink));
  const invoice = given(toText(data.invoice));
  if (paymentUrl === null && qrLink === null && invoice === null)
    throw new UnexpectedResponseError((say) => say.service.answerTo(where, say.service.noPaymentLink));
  return {
    paymentUrl,
    qrLink,
    invoice,
    amount: toInteger(data.amount, where),
    fee: integerOf(data, aliases.topUpFee, where),
    total: integerOf(data, aliases.topUpTotal, where),
    expiresAt: textOf(data, aliases.expiresAt),
  };
}

/** An item as `GET /v1/item/{id}` or a catalogue row gives it, normalised once here. */
export function decodeItemFields(
  it: WireItem & Fields,
  where: string,
  listedUnder?: { category: unknown; product: unknown },
): Item | null {
  const id = integerOf(it, aliases.itemId, where);
  if (id === null) return null;
  // A nested catalogue's variant: its category and product are those it is listed under, unless it names its own.
  const categoryField =
    listedUnder && (it.category === undefined || it.category === null) ? listedUnder.category : it.category;
  const productField =
    listedUnder && (it.product_name === undefined || it.product_name === null) ? listedUnder.product : it.product_name;
  const process = toText(it.order_process);
  const stockRaw = it.stock;
  const stock = toInteger(stockRaw, where);
  const meta = isRecord(it.provider_meta) ? it.provider_meta : undefined;
  const validation = isRecord(it.validation) ? it.validation : undefined;
  const category = isRecord(categoryField) ? toText(categoryField.name) : toText(categoryField);
  return {
    id,
    name: textOf(it, ["name", "variant_name"]) ?? `item ${id}`,
    productName: toText(productField),
    category,
    sku: toText(it.sku),
    price: toInteger(it.price, where),
    stock: stock !== null && stock >= 0 ? stock : null,
    // The spec's flags, -1, null or no stock field at all: live clients meet each for an unlimited
    // item and the documentation does not say (real-service-notes §13), so each reads as unlimited.
    unlimited:
      toFlag(it.unlimited_stock) ||
      toFlag(it.unlimited) ||
      (stock !== null && stock < 0) ||
      stockRaw === null ||
      stockRaw === undefined,
    minOrder: Math.max(1, integerOf(it, aliases.minOrder, where) ?? 1),
    orderProcess: process,
    isSmm: process === "smm" || toFlag(it.is_smm),
    description: toText(it.description),
    openAmount:
      meta && toFlag(meta.open_denom)
        ? {
            min: toInteger(meta.min_qty, where),
            max: toInteger(meta.max_qty, where),
            step: toInteger(meta.step_qty, where),
            label: toText(meta.qty_label),
          }
        : null,
    requiredFields: records(it.required_fields).flatMap((f) => {
      const key = toText(f.key);
      return key === null
        ? []
        : [
            {
              key,
              label: toText(f.label) ?? key,
              required: f.required === undefined ? true : toFlag(f.required),
              min: toInteger(f.min, where),
              max: toInteger(f.max, where),
            },
          ];
    }),
    accountCheck: validation
      ? { available: toFlag(validation.available), requiresZoneId: toFlag(validation.requires_zone_id) }
      : null,
    disruption: disruptionOf(it),
  };
}

/** The words a variant that can be bought now carries in `status` (live: `"on"`). */
const usableStatus = /^(on|active|aktif|available|tersedia|normal|ready|open|lancar|1|true)$/i;

/**
 * Whether the service says a variant cannot be bought now, in its own word: a `status` that is neither
 * a usable one nor a withdrawal (a word never seen before counts, shown as it came: buying into it
 * would be a guess), or `available:false`.
 */
function disruptionOf(it: WireItem & Fields): string | null {
  const status = toText(it.status)?.trim();
  if (status && !usableStatus.test(status) && !isSwitchedOff(it)) return status;
  for (const key of ["available", "is_available"] as const)
    if (it[key] !== undefined && it[key] !== null && !toFlag(it[key])) return "unavailable";
  return null;
}

export function decodeItem(body: unknown): Item {
  const where = "GET /v1/item";
  const item = decodeItemFields(dataRecord(body, where), where);
  if (!item) throw new UnexpectedResponseError((say) => say.service.answerTo(where, say.service.noItemId));
  return item;
}

function decodeLockFields(lock: WireLock & Fields, where: string): StockLock | null {
  const token = textOf(lock, aliases.lockToken);
  if (token === null) return null;
  return {
    token,
    itemId: toInteger(lock.item_id, where) ?? 0,
    quantity: toInteger(lock.quantity, where) ?? 0,
    lockedAt: toText(lock.locked_at),
    expiresAt: textOf(lock, aliases.expiresAt),
  };
}

export function decodeLock(body: unknown): StockLock {
  const where = "POST /v1/item/lock";
  const lock = decodeLockFields(dataRecord(body, where), where);
  if (!lock) throw new UnexpectedResponseError((say) => say.service.answerTo(where, say.service.noLockToken));
  return lock;
}

/** The list's shape is not documented: `data` as a list, a list under `data.locks`, or a bare list. */
export function decodeLockList(body: unknown, nowMs: number): ListedLock[] {
  const where = "GET /v1/item/lock";
  const source = isRecord(body) && !("data" in body) && "locks" in body ? body.locks : body;
  return dataList(source, ["locks", "items", "data"], where).flatMap((entry) => {
    const lock = decodeLockFields(entry, where);
    return lock ? [{ ...lock, remainingSeconds: remainingSecondsOf(entry, lock, nowMs, where) }] : [];
  });
}

function remainingSecondsOf(entry: Fields, lock: StockLock, nowMs: number, where: string): number | null {
  const n = integerOf(entry, aliases.remainingSeconds, where);
  if (n !== null) return Math.max(0, n);
  const at = lock.expiresAt ? Date.parse(lock.expiresAt) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - nowMs) / 1000));
}

/**
 * `POST /v1/trx`. Any 2xx JSON is a purchase the service accepted, whatever it chose to say about
 * it: A answers `paid` with the money, B `pending` with `total_amount`, others may say less.
 */
export function decodeCreatedTransaction(body: unknown): CreatedTransaction {
  const where = "POST /v1/trx";
  const data = dataOf(body);
  const d: WireCreatedTransaction & Fields = isRecord(data) ? data : {};
  return {
    refId: toText(d.ref_id),
    invoice: toText(d.invoice),
    status: toStatus(d.status),
    amount: integerOf(d, aliases.amount, where),
    price: toInteger(d.price, where),
    fees: toInteger(d.fees, where),
    createdAt: toText(d.created_at),
  };
}

/**
 * Every licence of an item: the list (`licenses:[{product_license}]`, one per unit) first, then
 * `product_license` (one per line), each once. Live clients meet either, or both. A list entry is one
 * unit's licence, so a line break inside it is shown as a space: it stays on its line, and a line of it
 * cannot pass for a line of its own (`FAKE: Status SUKSES`) in a receipt.
 */
export function licencesOf(it: Fields): string[] {
  const licences = new Set<string>();
  const listedLines = new Set<string>();
  const listed = first(it, aliases.licences);
  for (const entry of Array.isArray(listed) ? listed : []) {
    const text = isRecord(entry) ? textOf(entry, aliases.licence) : toText(entry);
    if (text === undefined || text === null || text.trim() === "") continue;
    const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
    for (const line of lines) listedLines.add(line);
    const [only, ...more] = lines;
    licences.add(only !== undefined && more.length === 0 ? only : lines.map((line) => line.trim()).join(" "));
  }
  // The same licences again, one per line: a line the list already holds is not a licence of its own.
  for (const line of textOf(it, aliases.licence)?.split("\n") ?? [])
    if (line.trim() !== "" && !listedLines.has(line.replace(/\r$/, ""))) licences.add(line);
  return [...licences];
}

function decodeLine(it: WireTransactionItem & Fields, where: string): TransactionLine {
  const process = toText(it.order_process);
  const licences = licencesOf(it);
  return {
    itemId: integerOf(it, ["variant_id", "item_id"], where),
    name: textOf(it, aliases.lineName),
    productName: toText(it.product_name),
    quantity: integerOf(it, aliases.quantity, where),
    price: toInteger(it.price, where),
    note: toText(it.note),
    orderProcess: process,
    isSmm: process === "smm" || toFlag(it.is_smm),
    licence: licences.length ? licences.join("\n") : null,
    sellerNote: toText(it.seller_note),
    status: toStatus(it.status),
  };
}

const failedSerial = /^\s*failed\s*:?\s*/i;

function decodeH2h(r: WireH2hResult & Fields, where: string): H2hDelivery {
  const serial = textOf(r, aliases.serial);
  const status = toStatus(r.dispatch_status ?? r.status);
  // B sends no dispatch status: a failed dispatch is only told by `sn: "failed: <reason>"`.
  const failed =
    status?.kind === "failed" || status?.kind === "canceled" || (serial !== null && failedSerial.test(serial));
  const failure = failed && serial ? serial.replace(failedSerial, "") || null : null;
  return {
    itemId: integerOf(r, ["variant_id", "item_id"], where),
    serial,
    status,
    failed,
    failure,
    message: textOf(r, aliases.h2hMessage),
  };
}

function decodeSmm(r: WireSmmResult & Fields, where: string): SmmDelivery {
  return {
    itemId: integerOf(r, ["variant_id", "item_id"], where),
    orderId: toText(r.order_id),
    status: toStatus(r.status),
    startCount: toInteger(r.start_count, where),
    remains: toInteger(r.remains, where),
    delivered: integerOf(r, aliases.delivered, where),
    refundAmount: integerOf(r, aliases.refundAmount, where),
    providerStatus: toText(r.provider_status),
    manualRefundPending: toFlag(r.partial_refund_pending_manual),
  };
}

/** Results beside `data` (A, the spec) or inside it (B): both read the same. */
function resultList(inside: unknown, beside: unknown): Fields[] {
  const pick = Array.isArray(inside) || isRecord(inside) ? inside : beside;
  return isRecord(pick) ? [pick] : records(pick);
}

/** `GET /v1/trx/{ref_id|invoice}` in every dialect. */
export function decodeTransaction(body: unknown): Transaction {
  const where = "GET /v1/trx";
  const top: WireTransactionDetail & Fields = isRecord(body) ? body : {};
  const d = dataRecord(body, where) as WireTransaction & Fields;
  const lines = records(d.items).map((it) => decodeLine(it, where));
  const h2h = resultList(d.h2h_results, top.h2h_results).map((r) => decodeH2h(r, where));
  return {
    id: toInteger(d.id, where),
    refId: toText(d.ref_id),
    invoice: toText(d.invoice),
    status: toStatus(d.status),
    price: toInteger(d.price, where),
    fees: toInteger(d.fees, where),
    amount: integerOf(d, ["amount", "total_amount", "total"], where),
    paymentMethod: textOf(d, ["payment_method", "payment_code"]),
    note: toText(d.note),
    paymentLink: toText(d.payment_link),
    expiresAt: toText(d.expired_at),
    createdAt: toText(d.created_at),
    lines,
    h2h,
    smm: resultList(d.smm_results, top.smm_results).map((r) => decodeSmm(r, where)),
  };
}

export function decodeLeaderboard(body: unknown): LeaderboardEntry[] {
  const where = "GET /v1/leaderboard";
  return dataList(body, ["leaderboard", "ranking", "rankings", "items"], where).map(
    (e: WireLeaderboardEntry & Fields) => ({
      rank: integerOf(e, aliases.rank, where),
      name: toText(e.name),
      totalTransactions: integerOf(e, aliases.totalTransactions, where),
    }),
  );
}

export function decodeOwnRanking(body: unknown): OwnRanking {
  const where = "GET /v1/leaderboard/profile";
  const d = dataRecord(body, where) as WireOwnRanking & Fields;
  return {
    rank: integerOf(d, aliases.rank, where),
    totalTransactions: integerOf(d, aliases.totalTransactions, where),
    points: integerOf(d, aliases.points, where),
  };
}

export function decodeSandboxOrder(body: unknown): SandboxOrder {
  const where = "POST /v1/order/sandbox";
  const data = dataOf(body);
  const d: WireSandboxOrder & Fields = isRecord(data) ? data : {};
  return {
    id: toInteger(d.id, where),
    refId: toText(d.ref_id),
    invoice: toText(d.invoice),
    status: toStatus(d.status),
  };
}

// ---- webhooks: the events the service pushes, and the endpoints that configure them ----

import type { AnswerField, WebhookAnswer, WebhookEvent, WebhookItem, WebhookSecret, WebhookSettings } from "./model.js";
import type {
  WireWebhookData,
  WireWebhookEvent,
  WireWebhookItem,
  WireWebhookSecret,
  WireWebhookSettings,
} from "./wire.js";

/** Names for the webhook fields; the configuration answers are not documented, so `PUT`'s own names come first. */
export const webhookAliases = {
  callbackUrl: ["callback_url", "webhook_url", "url"],
  enabled: ["webhook_enabled", "enabled", "is_enabled", "is_active", "active"],
  secret: ["webhook_secret", "secret"],
  licences: aliases.licences,
} as const;

function decodeWebhookItem(it: WireWebhookItem & Fields, where: string): WebhookItem {
  const line = decodeLine(it, where);
  // order.completed gives one h2h object per item; a list is read the same.
  const h2h = resultList(it.h2h_results, undefined).map((r) => decodeH2h(r, where));
  return {
    itemId: line.itemId,
    orderItemId: toText(it.order_item_id),
    name: line.name,
    productName: line.productName,
    orderProcess: line.orderProcess,
    quantity: line.quantity,
    status: line.status,
    serials: h2h.flatMap((d) => (!d.failed && d.serial ? [d.serial] : [])),
    failures: h2h.flatMap((d) => (d.failed ? [d.failure ?? d.message ?? "failed"] : [])),
    licences: line.licence?.split("\n") ?? [],
  };
}

/**
 * An event's body, as the listener received it. The event name is the body's, else the X-Event
 * header's; anything missing is null, and an event never heard of is still read.
 */
export function decodeWebhookEvent(body: unknown, eventHeader?: string): WebhookEvent {
  const where = "a webhook";
  const top: WireWebhookEvent & Fields = isRecord(body) ? body : {};
  const d: WireWebhookData & Fields = isRecord(top.data) ? top.data : {};
  const items = [...records(d.items), ...(isRecord(d.item) ? [d.item] : [])].map((it) => decodeWebhookItem(it, where));
  // Results for the whole order, inside `data` (a list, as one live client reads `data.h2h_results[0].sn`)
  // or beside it, as GET /v1/trx gives them: each joins its item by id, else the only or first item.
  for (const r of resultList(d.h2h_results, top.h2h_results)) {
    const result = decodeH2h(r, where);
    let item = items.find((it) => result.itemId !== null && it.itemId === result.itemId) ?? items[0];
    if (!item) {
      item = {
        itemId: result.itemId,
        orderItemId: null,
        name: null,
        productName: null,
        orderProcess: null,
        quantity: null,
        status: null,
        serials: [],
        failures: [],
        licences: [],
      };
      items.push(item);
    }
    if (result.failed) item.failures.push(result.failure ?? result.message ?? "failed");
    else if (result.serial && !item.serials.includes(result.serial)) item.serials.push(result.serial);
  }
  return {
    event: toText(top.event) ?? eventHeader ?? "unknown",
    timestamp: toText(top.timestamp),
    refId: toText(d.ref_id),
    invoice: toText(d.invoice),
    status: toStatus(d.status ?? d.transaction_status),
    amount: integerOf(d, ["amount", "total_amount", "total"], where),
    refundAmount: integerOf(d, aliases.refundAmount, where),
    items,
  };
}

/** Every field of a record, for an answer whose shape is not documented. */
function answerFields(value: unknown): AnswerField[] {
  if (!isRecord(value))
    return value === undefined || value === null
      ? []
      : [{ name: "data", value: typeof value === "string" ? value : JSON.stringify(value) }];
  return Object.entries(value).map(([name, v]) => ({
    name,
    value:
      v === null || v === undefined
        ? null
        : typeof v === "string"
          ? v
          : typeof v === "object"
            ? JSON.stringify(v)
            : String(v),
  }));
}

/** The part of an answer that carries its result: `data`, or the body without its envelope words. */
function resultFields(body: unknown): Fields | unknown {
  if (isRecord(body) && "data" in body) return body.data;
  if (!isRecord(body)) return body;
  const { message: _m, status: _s, success: _ok, ...rest } = body;
  return rest;
}

function messageOf(body: unknown): string | null {
  return isRecord(body) ? toText(body.message) : null;
}

/** The name under which one of `names` holds a value; else the first present, even as null. */
function nameOf(fields: Fields, names: readonly string[]): string | undefined {
  return (
    names.find((name) => fields[name] !== undefined && fields[name] !== null) ??
    names.find((name) => Object.hasOwn(fields, name))
  );
}

/** `GET /v1/webhook`: not documented. Never refused for its shape: what it holds is shown. */
export function decodeWebhookSettings(body: unknown): WebhookSettings {
  const result = resultFields(body);
  const d: WireWebhookSettings & Fields = isRecord(result) ? result : {};
  const urlName = nameOf(d, webhookAliases.callbackUrl);
  const enabledName = nameOf(d, webhookAliases.enabled);
  return {
    url: urlName === undefined ? null : toText(d[urlName]),
    enabled: enabledName === undefined || d[enabledName] === null ? null : toFlag(d[enabledName]),
    message: messageOf(body),
    fields: answerFields(result).filter((f) => f.name !== urlName && f.name !== enabledName),
  };
}

/** `PUT /v1/webhook` and `POST /v1/webhook/test`: not documented; the message and whatever else came. */
export function decodeWebhookAnswer(body: unknown): WebhookAnswer {
  return { message: messageOf(body), fields: answerFields(resultFields(body)) };
}

/** `POST /v1/webhook/secret`. An answer without a recognisable secret is still shown, field by field. */
export function decodeWebhookSecret(body: unknown): WebhookSecret {
  const result = resultFields(body);
  const d: WireWebhookSecret & Fields = isRecord(result) ? result : {};
  const secretName = isRecord(result) ? nameOf(d, webhookAliases.secret) : undefined;
  const secret = secretName !== undefined ? toText(d[secretName]) : isRecord(result) ? null : toText(result);
  const found = secret !== null && secret.trim() !== "";
  return {
    secret: found ? secret.trim() : null,
    message: messageOf(body),
    fields: found
      ? answerFields(result).filter((f) => f.name !== secretName && !(secretName === undefined && f.name === "data"))
      : answerFields(result),
  };
}

// ---- the catalogue: `GET /v1/item` ----

import type { CataloguePage } from "./model.js";
import type { WireCatalogue, WireCatalogueCategory } from "./wire.js";

/**
 * `GET /v1/item` in either shape: A's flat variants (`category` a name), or B's categories →
 * products → variants, whose category and product names are carried down onto each variant. The list
 * may also sit under `data.items` / `data.data` (a paginator). One Item per variant, under the
 * variant's id: that id is what is bought.
 */
export function decodeCatalogue(body: unknown): CataloguePage {
  const where = "GET /v1/item";
  const top: WireCatalogue & Fields = isRecord(body) ? body : {};
  let list = dataOf(body);
  const paginator = isRecord(list) ? list : undefined;
  if (paginator) list = first(paginator, ["items", "data", "categories", "variants"]);
  if (!Array.isArray(list))
    throw new UnexpectedResponseError((say) => say.service.answerTo(where, say.service.noList(list === null)));

  const items: Item[] = [];
  const withdrawn: number[] = [];
  const add = (variant: Fields, listedUnder?: { category: unknown; product: unknown }) => {
    const item = decodeItemFields(variant, where, listedUnder);
    if (!item) return;
    // A variant the service no longer sells (a delta's way of taking one out).
    if (isSwitchedOff(variant)) withdrawn.push(item.id);
    else items.push(item);
  };
  for (const entry of records(list)) {
    if (!Array.isArray(entry.products)) {
      add(entry);
      continue;
    }
    const category = entry as WireCatalogueCategory & Fields;
    for (const product of records(category.products)) {
      const listedUnder = { category: category.name, product: product.name };
      for (const variant of records(product.variants)) add(variant, listedUnder);
    }
  }

  const meta: Fields = isRecord(top.meta) ? top.meta : (paginator ?? {});
  const isDelta = first(meta, aliases.isDelta);
  return {
    items,
    withdrawn,
    serverTime: textOf(top, aliases.serverTime) ?? textOf(meta, aliases.serverTime),
    totalItems: integerOf(meta, aliases.totalItems, where),
    lastPage: integerOf(meta, aliases.lastPage, where),
    isDelta: isDelta === undefined ? null : toFlag(isDelta),
  };
}

// ---- before paying: `POST /v1/item/validate`; afterwards: `GET /v1/trx` and `GET /v1/balance/mutations` ----

import type {
  AccountCheckResult,
  BalanceHistory,
  BalanceMutation,
  Pagination,
  TransactionList,
  TransactionSummary,
} from "./model.js";
import type { WireAccountCheck, WireBalanceMutation, WirePagination, WireTransactionListEntry } from "./wire.js";

/** Flags with which a 2xx can say the account does not exist. */
const accountFoundFlags = ["valid", "is_valid", "found", "exists", "status"] as const;

/**
 * The account behind a customer id. A 2xx that says the account is not there (`valid: false`) is read
 * as not found; one that names nobody and says nothing either way cannot be read.
 */
export function decodeAccountCheck(body: unknown): AccountCheckResult {
  const where = "POST /v1/item/validate";
  const d = dataRecord(body, where) as WireAccountCheck & Fields;
  const accountName = textOf(d, aliases.accountName);
  const displayName = textOf(d, aliases.displayName);
  const flag = accountFoundFlags.find(
    (name) =>
      typeof d[name] === "boolean" ||
      typeof d[name] === "number" ||
      (typeof d[name] === "string" && /^(true|false|0|1)$/i.test(String(d[name]))),
  );
  const saysMissing = flag !== undefined && !toFlag(d[flag]);
  if (!saysMissing && accountName === null && displayName === null) {
    throw new UnexpectedResponseError((say) => say.service.answerTo(where, say.service.namesNoAccount));
  }
  const cached = d.cached === undefined || d.cached === null ? null : toFlag(d.cached);
  return {
    found: !saysMissing,
    accountName,
    displayName,
    region: textOf(d, aliases.region),
    cached,
    details: answerFields(isRecord(d.details) ? d.details : undefined),
  };
}

/** Page numbers wherever the answer keeps them; null when it keeps none. */
function paginationOf(sources: unknown[], where: string): Pagination | null {
  for (const source of sources) {
    if (!isRecord(source)) continue;
    const p = source as WirePagination & Fields;
    const pagination = {
      page: integerOf(p, aliases.page, where),
      perPage: integerOf(p, aliases.perPage, where),
      total: integerOf(p, aliases.pageTotal, where),
      lastPage: integerOf(p, aliases.lastPage, where),
    };
    if (Object.values(pagination).some((v) => v !== null)) return pagination;
  }
  return null;
}

/** A list of rows: `data` itself, or under one of `names` inside it (a wrapper or a Laravel paginator). */
function rowsAndPagination(
  body: unknown,
  names: readonly string[],
  where: string,
): { rows: Fields[]; pagination: Pagination | null } {
  const top: Fields = isRecord(body) ? body : {};
  const data = dataOf(body);
  const rows = dataList(body, names, where);
  const inner = isRecord(data) ? data : undefined;
  return { rows, pagination: paginationOf([inner?.pagination, inner?.meta, top.meta, top.pagination, inner], where) };
}

/** The fields of a row beyond the ones read into the model, for showing as they came. */
function otherFields(row: Fields, known: readonly string[]): import("./model.js").AnswerField[] {
  const rest: Fields = {};
  for (const [name, value] of Object.entries(row)) if (!known.includes(name)) rest[name] = value;
  return answerFields(rest);
}

const transactionRowFields = [
  "id",
  "ref_id",
  "invoice",
  "status",
  "price",
  "fees",
  "amount",
  "total_amount",
  "total",
  ...aliases.createdAt,
] as const;

/** `GET /v1/trx` in either shape, newest first whatever order the service listed them in. */
export function decodeTransactionList(body: unknown): TransactionList {
  const where = "GET /v1/trx";
  const { rows, pagination } = rowsAndPagination(body, ["transactions", "data", "items", "trx"], where);
  const transactions: TransactionSummary[] = rows.map((t: WireTransactionListEntry & Fields) => ({
    id: toInteger(t.id, where),
    refId: toText(t.ref_id),
    invoice: toText(t.invoice),
    status: toStatus(t.status),
    amount: integerOf(t, ["amount", "total_amount", "total"], where),
    price: toInteger(t.price, where),
    fees: toInteger(t.fees, where),
    createdAt: textOf(t, aliases.createdAt),
    fields: otherFields(t, transactionRowFields),
  }));
  return { transactions: newestFirst(transactions, (t) => t.createdAt), pagination };
}

/** Sorted by time, newest first; rows whose time cannot be read keep their place after the rest. */
function newestFirst<T>(rows: T[], timeOf: (row: T) => string | null): T[] {
  const at = (row: T) => {
    const text = timeOf(row);
    const ms = text === null ? Number.NaN : Date.parse(text);
    return Number.isNaN(ms) ? -Infinity : ms;
  };
  return rows
    .map((row, index) => ({ row, index, ms: at(row) }))
    .sort((a, b) => b.ms - a.ms || a.index - b.index)
    .map((r) => r.row);
}

const credits = /^(credit|cr|in|kredit|masuk|\+|plus|topup|top_up|refund)$/i;
const debits = /^(debit|db|out|debet|keluar|-|minus|purchase)$/i;

const mutationRowFields = [
  "id",
  "invoice",
  "amount",
  ...aliases.createdAt,
  ...aliases.mutationType,
  ...aliases.direction,
  ...aliases.balanceBefore,
  ...aliases.balanceAfter,
  ...aliases.description,
] as const;

/**
 * `GET /v1/balance/mutations`, whose fields are not documented: each row's time, type, signed amount,
 * balances before and after and description, and every other field as it came. The sign comes from
 * the amount itself, else its direction, else the balances either side.
 */
export function decodeBalanceHistory(body: unknown): BalanceHistory {
  const where = "GET /v1/balance/mutations";
  const { rows, pagination } = rowsAndPagination(body, ["mutations", "data", "items", "history"], where);
  const mutations: BalanceMutation[] = rows.map((m: WireBalanceMutation & Fields) => {
    const before = integerOf(m, aliases.balanceBefore, where);
    const after = integerOf(m, aliases.balanceAfter, where);
    let amount = toInteger(m.amount, where);
    const direction = textOf(m, aliases.direction)?.trim() ?? "";
    if (amount !== null && amount > 0) {
      if (debits.test(direction)) amount = -amount;
      else if (!credits.test(direction) && before !== null && after !== null && after < before) amount = -amount;
    }
    if (amount === null && before !== null && after !== null) amount = after - before;
    return {
      time: textOf(m, aliases.createdAt),
      type: textOf(m, aliases.mutationType) ?? (direction || null),
      amount,
      balanceBefore: before,
      balanceAfter: after,
      description: textOf(m, aliases.description),
      invoice: toText(m.invoice),
      fields: otherFields(m, mutationRowFields),
    };
  });
  return { mutations: newestFirst(mutations, (m) => m.time), pagination };
}
