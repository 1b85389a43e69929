/**
 * What happened on an account, as lists: its transactions (`GET /v1/trx?page=&per_page=&status=`) and
 * every change of its balance (`GET /v1/balance/mutations?page=&per_page=`), both newest first. Each
 * change of a balance is written down as it happens: a purchase, a refund, a paid top-up, an adjustment
 * from the control surface.
 */
import type { AccountRecord } from "./catalogue.js";
import { transactionProgress, type TransactionStatus } from "./fulfilment.js";
import type { EmulatedService } from "./service.js";
import { ServiceError } from "./service-error.js";
import type { TransactionRecord } from "./state.js";
import { invalidChoiceMessage } from "./validation.js";

export type MutationType = "purchase" | "refund" | "topup" | "adjustment";

export interface MutationRecord {
  id: number;
  apiKey: string;
  at: number;
  type: MutationType;
  /** Signed: what came in is positive. */
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  description: string;
  invoice: string | null;
}

/**
 * Writes down a change the caller has just made to `account.balance` (by `amount`). State files from
 * before the history was kept start it empty.
 */
export function recordMutation(
  service: EmulatedService,
  account: AccountRecord,
  change: { type: MutationType; amount: number; description: string; invoice: string | null },
): void {
  if (change.amount === 0) return;
  const { state } = service;
  state.mutations ??= [];
  const id = (state.mutations.at(-1)?.id ?? 0) + 1;
  state.mutations.push({
    id,
    apiKey: account.apiKey,
    at: service.now(),
    ...change,
    balanceBefore: account.balance - change.amount,
    balanceAfter: account.balance,
  });
  service.changed();
}

export interface PageQuery {
  page: number;
  perPage: number;
}

export interface Page<T> extends PageQuery {
  rows: T[];
  total: number;
  lastPage: number;
}

const DEFAULT_PER_PAGE = 20;
const MAX_PER_PAGE = 100;

function positive(
  query: URLSearchParams,
  name: string,
  fallback: number,
  max: number,
  errors: Record<string, string[]>,
): number {
  const raw = query.get(name);
  if (raw === null || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    errors[name] = [`The ${name.replaceAll("_", " ")} field must be at least 1.`];
    return fallback;
  }
  if (Number(raw) > max) {
    errors[name] = [`The ${name.replaceAll("_", " ")} field must not be greater than ${max}.`];
    return fallback;
  }
  return Number(raw);
}

function readPage(query: URLSearchParams, errors: Record<string, string[]>): PageQuery {
  return {
    page: positive(query, "page", 1, Number.MAX_SAFE_INTEGER, errors),
    perPage: positive(query, "per_page", DEFAULT_PER_PAGE, MAX_PER_PAGE, errors),
  };
}

function pageOf<T>(rows: T[], query: PageQuery): Page<T> {
  const start = (query.page - 1) * query.perPage;
  return {
    ...query,
    rows: rows.slice(start, start + query.perPage),
    total: rows.length,
    lastPage: Math.max(1, Math.ceil(rows.length / query.perPage)),
  };
}

/** The list filter's words (B: pending, paid, completed, canceled; A: failed) and what they select. */
const statusFilter: Readonly<Record<string, TransactionStatus | "none">> = {
  pending: "none",
  paid: "paid",
  completed: "completed",
  success: "completed",
  failed: "failed",
  canceled: "failed",
  cancelled: "failed",
};

export interface ListedTransaction {
  transaction: TransactionRecord;
  status: TransactionStatus;
}

/** `GET /v1/trx`: the caller's transactions, newest first, one status or all; 422 for a status it has no word for. */
export function listTransactions(
  service: EmulatedService,
  account: AccountRecord,
  query: URLSearchParams,
): Page<ListedTransaction> {
  const errors: Record<string, string[]> = {};
  const page = readPage(query, errors);
  const wanted = query.get("status")?.trim().toLowerCase() || null;
  if (wanted !== null && !Object.hasOwn(statusFilter, wanted)) errors.status = [invalidChoiceMessage("status")];
  if (Object.keys(errors).length) throw new ServiceError(422, "VALIDATION_ERROR", errors);
  const now = service.now();
  const rows = service.state.transactions
    .filter((t) => t.apiKey === account.apiKey)
    .map((transaction) => ({ transaction, status: transactionProgress(transaction, now).status }))
    .filter((row) => wanted === null || statusFilter[wanted] === row.status)
    .sort((a, b) => b.transaction.createdAt - a.transaction.createdAt || b.transaction.id - a.transaction.id);
  return pageOf(rows, page);
}

/** `GET /v1/balance/mutations`: the caller's balance changes, newest first. */
export function listMutations(
  service: EmulatedService,
  account: AccountRecord,
  query: URLSearchParams,
): Page<MutationRecord> {
  const errors: Record<string, string[]> = {};
  const page = readPage(query, errors);
  if (Object.keys(errors).length) throw new ServiceError(422, "VALIDATION_ERROR", errors);
  const rows = (service.state.mutations ?? [])
    .filter((m) => m.apiKey === account.apiKey)
    .sort((a, b) => b.at - a.at || b.id - a.id);
  return pageOf(rows, page);
}
