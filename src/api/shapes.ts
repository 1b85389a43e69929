/**
 * Lenient run-time checks of what the service answers: a missing required field is a clear
 * error; extra fields pass through untouched; fields the spec leaves open are read defensively.
 */
import { UnexpectedResponseError } from "../errors.js";
import type {
  Balance,
  CreatedTransaction,
  H2hResult,
  Item,
  LeaderboardEntry,
  ListedLock,
  OwnRanking,
  PaymentChannel,
  SandboxOrder,
  SmmResult,
  StockLock,
  TopUpResult,
  Transaction,
  TransactionDetail,
  TransactionItem,
} from "./types.js";

type Record_ = Record<string, unknown>;

export function isRecord(value: unknown): value is Record_ {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function shapeError(where: string, problem: string): UnexpectedResponseError {
  return new UnexpectedResponseError(`The service's answer to ${where} ${problem}.`);
}

function record(value: unknown, where: string, what: string): Record_ {
  if (!isRecord(value)) throw shapeError(where, `has no ${what} object`);
  return value;
}

function list(value: unknown, where: string, what: string): unknown[] {
  if (!Array.isArray(value)) throw shapeError(where, `has no ${what} list`);
  return value;
}

/** Integers may arrive as numeric strings from some PHP back ends; accept both. */
function toInteger(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === "string" && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

function requireInteger(obj: Record_, key: string, where: string): number {
  const n = toInteger(obj[key]);
  if (n === undefined) throw shapeError(where, `lacks the number \`${key}\``);
  return n;
}

function requireString(obj: Record_, key: string, where: string): string {
  const v = obj[key];
  if (typeof v === "string") return v;
  if (typeof v === "number") return String(v);
  throw shapeError(where, `lacks the text \`${key}\``);
}

function optionalString(obj: Record_, key: string): string | null {
  const v = obj[key];
  if (typeof v === "string") return v;
  if (typeof v === "number") return String(v);
  return null;
}

function optionalInteger(obj: Record_, key: string): number | null {
  return toInteger(obj[key]) ?? null;
}

/** The record under `data`, as most endpoints wrap their answer. */
export function dataOf(body: unknown, where: string): unknown {
  const top = record(body, where, "JSON");
  if (!("data" in top)) throw shapeError(where, "has no `data`");
  return top.data;
}

export function readBalance(body: unknown): Balance {
  const where = "GET /v1/balance";
  const data = record(dataOf(body, where), where, "data");
  return { ...data, balance: requireInteger(data, "balance", where) };
}

export function readChannels(body: unknown): PaymentChannel[] {
  const where = "GET /v1/balance/channels";
  return list(dataOf(body, where), where, "channel").map((entry) => {
    const c = record(entry, where, "channel");
    return { ...c, code: requireString(c, "code", where), name: optionalString(c, "name") ?? requireString(c, "code", where), fee: optionalInteger(c, "fee") ?? 0 };
  });
}

export function readTopUp(body: unknown): TopUpResult {
  const where = "POST /v1/balance";
  const data = record(dataOf(body, where), where, "data");
  return {
    ...data,
    payment_url: requireString(data, "payment_url", where),
    amount: requireInteger(data, "amount", where),
    expires_at: optionalString(data, "expires_at") ?? "",
  };
}

export function readItem(body: unknown): Item {
  const where = "GET /v1/item";
  const data = record(dataOf(body, where), where, "item");
  return {
    ...data,
    id: requireInteger(data, "id", where),
    name: requireString(data, "name", where),
    price: requireInteger(data, "price", where),
    stock: optionalInteger(data, "stock") ?? 0,
    description: optionalString(data, "description") ?? "",
  };
}

/** The spec names min_order but not its place or type: look where services usually put it. */
export function minOrderOf(item: Record_): number {
  const candidates = [item.min_order, item.minimum_order, item.minOrder, isRecord(item.variant) ? item.variant.min_order : undefined];
  for (const c of candidates) {
    const n = toInteger(c);
    if (n !== undefined && n > 0) return n;
  }
  return 1;
}

/** Whether an item needs no lock because its stock is not counted (the spec's "unlimited" items). */
export function isUnlimited(item: Record_): boolean {
  if (item.unlimited_stock === true || item.unlimited === true || item.is_unlimited === true) return true;
  const stock = toInteger(item.stock);
  return stock !== undefined && stock < 0;
}

export function readLock(body: unknown): StockLock {
  const where = "POST /v1/item/lock";
  return lockRecord(dataOf(body, where), where);
}

function lockRecord(value: unknown, where: string): StockLock {
  const data = record(value, where, "lock");
  return {
    ...data,
    lock_token: requireString(data, "lock_token", where),
    item_id: requireInteger(data, "item_id", where),
    quantity: requireInteger(data, "quantity", where),
    locked_at: optionalString(data, "locked_at") ?? "",
    expires_at: optionalString(data, "expires_at") ?? "",
  };
}

/**
 * The list's shape is not shown in the spec: accept `data` as a list, or a list under
 * `data.locks`/`data.items`, or a bare list; the remaining time under any of the usual names.
 */
export function readLockList(body: unknown, nowMs: number): ListedLock[] {
  const where = "GET /v1/item/lock";
  let entries: unknown = body;
  if (isRecord(body)) entries = "data" in body ? body.data : body.locks;
  if (isRecord(entries)) entries = entries.locks ?? entries.items ?? entries.data;
  return list(entries ?? [], where, "lock").map((entry) => {
    const lock = lockRecord(entry, where);
    return { ...lock, remainingSeconds: remainingSecondsOf(lock, nowMs) };
  });
}

export function remainingSecondsOf(lock: Record_, nowMs: number): number | null {
  for (const key of ["remaining_seconds", "remaining_time", "remaining", "seconds_left", "ttl", "expires_in"]) {
    const n = toInteger(lock[key]);
    if (n !== undefined) return Math.max(0, n);
  }
  if (typeof lock.expires_at === "string") {
    const at = Date.parse(lock.expires_at);
    if (!Number.isNaN(at)) return Math.max(0, Math.round((at - nowMs) / 1000));
  }
  return null;
}

export function readCreatedTransaction(body: unknown): CreatedTransaction {
  const where = "POST /v1/trx";
  const data = record(dataOf(body, where), where, "transaction");
  return {
    ...data,
    invoice: requireString(data, "invoice", where),
    ref_id: requireString(data, "ref_id", where),
    status: requireString(data, "status", where),
    price: optionalInteger(data, "price") ?? 0,
    fees: optionalInteger(data, "fees"),
    amount: requireInteger(data, "amount", where),
    created_at: optionalString(data, "created_at") ?? "",
  };
}

function readTransactionItem(value: unknown, where: string): TransactionItem {
  const it = record(value, where, "item");
  return {
    ...it,
    variant_id: optionalInteger(it, "variant_id") ?? 0,
    variant_name: optionalString(it, "variant_name") ?? "",
    product_name: optionalString(it, "product_name") ?? "",
    product_license: optionalString(it, "product_license"),
    seller_note: optionalString(it, "seller_note"),
    description: optionalString(it, "description"),
    price: optionalInteger(it, "price") ?? 0,
    qty: optionalInteger(it, "qty") ?? optionalInteger(it, "quantity") ?? 0,
    note: optionalString(it, "note"),
    order_process: optionalString(it, "order_process") ?? "unknown",
  };
}

export function readTransactionDetail(body: unknown): TransactionDetail {
  const where = "GET /v1/trx";
  const top = record(body, where, "JSON");
  const data = record(top.data, where, "transaction");
  const transaction: Transaction = {
    ...data,
    id: optionalInteger(data, "id") ?? 0,
    ref_id: requireString(data, "ref_id", where),
    invoice: optionalString(data, "invoice") ?? "",
    payment_method: optionalString(data, "payment_method") ?? "",
    status: requireString(data, "status", where),
    price: optionalInteger(data, "price") ?? 0,
    fees: optionalInteger(data, "fees"),
    amount: optionalInteger(data, "amount") ?? 0,
    note: optionalString(data, "note"),
    payment_link: optionalString(data, "payment_link"),
    qr_link: optionalString(data, "qr_link"),
    expired_at: optionalString(data, "expired_at"),
    created_at: optionalString(data, "created_at") ?? "",
    items: Array.isArray(data.items) ? data.items.map((i) => readTransactionItem(i, where)) : [],
  };
  const h2hResults: H2hResult[] = (Array.isArray(top.h2h_results) ? top.h2h_results : []).filter(isRecord).map((r) => ({
    ...r,
    variant_id: optionalInteger(r, "variant_id") ?? 0,
    sn: optionalString(r, "sn") ?? "",
    dispatch_status: optionalString(r, "dispatch_status") ?? "unknown",
    log_message: optionalString(r, "log_message"),
  }));
  const smmResults: SmmResult[] = (Array.isArray(top.smm_results) ? top.smm_results : []).filter(isRecord).map((r) => ({
    ...r,
    variant_id: optionalInteger(r, "variant_id") ?? 0,
    order_id: optionalString(r, "order_id"),
    status: optionalString(r, "status") ?? "unknown",
    start_count: optionalInteger(r, "start_count"),
    remains: optionalInteger(r, "remains"),
  }));
  return { transaction, h2hResults, smmResults };
}

export function readLeaderboard(body: unknown): LeaderboardEntry[] {
  const where = "GET /v1/leaderboard";
  return list(dataOf(body, where), where, "leaderboard").map((entry) => {
    const e = record(entry, where, "entry");
    return { ...e, rank: requireInteger(e, "rank", where), name: optionalString(e, "name") ?? "", total_transactions: optionalInteger(e, "total_transactions") ?? 0 };
  });
}

export function readOwnRanking(body: unknown): OwnRanking {
  const where = "GET /v1/leaderboard/profile";
  const d = record(dataOf(body, where), where, "ranking");
  return { ...d, rank: optionalInteger(d, "rank") ?? 0, total_transactions: optionalInteger(d, "total_transactions") ?? 0, points: optionalInteger(d, "points") ?? 0 };
}

export function readSandboxOrder(body: unknown): SandboxOrder {
  const where = "POST /v1/order/sandbox";
  const d = record(dataOf(body, where), where, "order");
  return { ...d, id: optionalInteger(d, "id") ?? 0, ref_id: requireString(d, "ref_id", where), status: requireString(d, "status", where) };
}
