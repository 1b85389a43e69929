/**
 * What the journal holds, below both the journal and the records database that keeps it: the records
 * as written (intent, attempt, failed attempt, outcome, status), the entry each request folds into,
 * and whether an entry still needs asking the service.
 */
import { hostname } from "node:os";
import type { LineDelivery } from "../domain/verdict.js";

export type JournalKind = "buy" | "topup" | "lock" | "sandbox";

/**
 * done: it happened (invoice, amount). refused: the service said no; nothing changed.
 * not_sent: it never reached the service. unknown: sent, no answer. not_done: settled later by
 * asking the service: it did not happen (safe to retry with the same ref_id).
 */
export type Outcome = "done" | "refused" | "not_sent" | "unknown" | "not_done";

interface RecordBase {
  v: 1;
  entry: string;
  at: string;
}

export interface IntentRecord extends RecordBase {
  type: "intent";
  kind: JournalKind;
  profile: string;
  base_url: string;
  ref_id: string | null;
  /** What was asked, never the API key. */
  request: Record<string, unknown>;
  pid: number;
  host: string;
}

export interface AttemptRecord extends RecordBase {
  type: "attempt";
  attempt: number;
}

export interface AttemptFailedRecord extends RecordBase {
  type: "attempt_failed";
  attempt: number;
  error: string;
  /** Whether that attempt may have been processed by the service. */
  may_have_reached: boolean;
}

export interface OutcomeDetails {
  invoice?: string;
  amount?: number;
  status?: string;
  /** The service's error code (refused) or a failure code (not_sent, unknown). */
  code?: string;
  http_status?: number;
  reason?: string;
  /** What settled it: the request's own answer, a lookup after a lost answer, `reconcile`, `trx show`, a signed webhook. */
  by?: "answer" | "retry" | "lookup" | "reconcile" | "trx show" | "webhook";
  [extra: string]: unknown;
}

export interface OutcomeRecord extends RecordBase, OutcomeDetails {
  type: "outcome";
  outcome: Outcome;
}

/**
 * What the service said of a request after its outcome: the latest status of a purchase seen by
 * `trx show` or `buy --wait` (paid, then completed or failed). It never changes the outcome.
 */
export interface StatusRecord extends RecordBase {
  type: "status";
  status: string;
  invoice?: string;
  /** The order's verdict from the whole transaction (a failed line under a "completed" status is delivery_failed). */
  verdict?: string;
  /** What the service refunded, when the verdict is delivery_failed and says how much. */
  refunded?: number;
  /** A partial order's lines and what was delivered of each: the books count its revenue by them. */
  delivered?: LineDelivery[];
}

export type JournalRecord = IntentRecord | AttemptRecord | AttemptFailedRecord | OutcomeRecord | StatusRecord;

/** One request as history shows it: its intent folded with everything that happened after. */
export interface JournalEntry {
  entry: string;
  kind: JournalKind;
  profile: string;
  base_url: string;
  ref_id: string | null;
  at: string;
  request: Record<string, unknown>;
  attempts: number;
  /** `pending`: intent written, no outcome yet (in flight, or the process died). */
  outcome: Outcome | "pending";
  invoice?: string;
  amount?: number;
  status?: string;
  /** The verdict and refund the service's transaction gave when last seen (newer journals only). */
  verdict?: string;
  refunded?: number;
  /** A partial order's lines and what was delivered of each, when last seen (absent in older journals). */
  delivered?: LineDelivery[];
  code?: string;
  http_status?: number;
  reason?: string;
  by?: string;
  /** The lock a `lock add` made, once known. */
  lock_token?: string;
  updated_at: string;
  pid: number;
  host: string;
}

/**
 * Folds one record into its entry (undefined before the intent). `done` is a fact about the service
 * and wins over any later record; otherwise the latest outcome stands (reconcile turning `unknown`
 * into `not_done`, say). Returns undefined for a record that has no intent to fold into.
 */
export function foldRecord(entry: JournalEntry | undefined, record: JournalRecord): JournalEntry | undefined {
  if (record.type === "intent")
    return {
      entry: record.entry,
      kind: record.kind,
      profile: record.profile,
      base_url: record.base_url,
      ref_id: record.ref_id,
      at: record.at,
      request: record.request,
      attempts: 0,
      outcome: "pending",
      updated_at: record.at,
      pid: record.pid,
      host: record.host,
    };
  if (!entry) return undefined;
  entry.updated_at = record.at;
  if (record.type === "attempt") entry.attempts = Math.max(entry.attempts, record.attempt);
  else if (record.type === "status") {
    entry.status = record.status;
    if (record.invoice) entry.invoice ??= record.invoice;
    if (record.verdict !== undefined) {
      entry.verdict = record.verdict;
      if (record.refunded !== undefined) entry.refunded = record.refunded;
      else delete entry.refunded;
      if (record.delivered !== undefined) entry.delivered = record.delivered;
      else delete entry.delivered;
    }
  } else if (record.type === "outcome" && entry.outcome !== "done") {
    const { v: _v, entry: _e, at: _at, type: _t, outcome, ...details } = record;
    for (const key of [
      "invoice",
      "amount",
      "status",
      "verdict",
      "refunded",
      "delivered",
      "code",
      "http_status",
      "reason",
      "by",
    ] as const)
      delete entry[key];
    Object.assign(entry, details, { outcome });
  }
  return entry;
}

/** How long a pending entry of a live (or unknowable) process is trusted; after that a pid is likely reused. */
const inFlightTrustMs = 60 * 60_000;

/** Whether the process that wrote a pending entry may still be sending it. */
export function stillInFlight(entry: JournalEntry, nowMs: number): boolean {
  if (entry.outcome !== "pending") return false;
  const young = nowMs - Date.parse(entry.at) < inFlightTrustMs;
  if (entry.host !== hostname()) return young;
  if (entry.pid === process.pid) return true;
  try {
    process.kill(entry.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  // Alive, or not ours to signal.
  return young;
}

/** Needs asking the service: an unknown outcome, or an intent whose process died before it knew. */
export function isUnresolved(entry: JournalEntry, nowMs: number): boolean {
  return entry.outcome === "unknown" || (entry.outcome === "pending" && !stillInFlight(entry, nowMs));
}

/** The status a top-up's entry keeps once its payment link is made: the journal's own word, not the service's. */
export const linkCreatedStatus = "link created";

/**
 * Sent from here, refused as a ref_id the service held, and found to be this very order bought by an
 * earlier run elsewhere (another machine, another profile; `settleEarlierRun`): nothing was bought
 * here, but the purchase stands there.
 */
export function boughtElsewhere(e: JournalEntry): boolean {
  return e.outcome === "not_done" && e.by === "retry" && e.invoice !== undefined;
}

/**
 * Sent, then recorded not bought because a look-up did not find it (`reconcile`, `history`): not
 * settled for good, since the service may have committed the request after it was asked (the process
 * that sent it killed while the service held it). An earlier run's purchase met under the ref_id is not.
 */
export function notFoundWhenAsked(entry: JournalEntry): boolean {
  return entry.outcome === "not_done" && entry.attempts > 0 && entry.invoice === undefined && entry.by !== "retry";
}
