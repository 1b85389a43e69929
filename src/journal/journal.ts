/**
 * The local journal of money-moving requests: `journal.jsonl` under the config dir, append-only,
 * one JSON record per line and per event (intent, attempt, failed attempt, outcome). A purchase
 * whose answer is lost is still written down here, with its ref_id, before anything leaves.
 *
 * Two `reseller` processes may append at once: each record is one write() to a file opened with
 * O_APPEND, and kept under 4 KiB, so the kernel never interleaves two records. Every record is
 * fsync'd before the call returns, so the intent survives a crash or a SIGKILL right after sending.
 */
import { closeSync, existsSync, fsyncSync, openSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { fileProblem, linkRefusedHint, openOwnFileForAppend, readOwnFile } from "../config/config-dir.js";
import { UsageError } from "../errors.js";

export const journalFileName = "journal.jsonl";

/** The requests that move money or hold stock. */
export type JournalKind = "buy" | "topup" | "lock" | "sandbox";

/**
 * done: it happened (invoice, amount). refused: the service said no; nothing changed.
 * not_sent: it never reached the service. unknown: sent, no answer. not_done: settled later by
 * asking the service: it did not happen (safe to retry with the same ref_id).
 */
export type Outcome = "done" | "refused" | "not_sent" | "unknown" | "not_done";

/** Keeps each record below PIPE_BUF-like sizes, so one write() is one record even under contention. */
export const maxRecordBytes = 4000;

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

export function newEntryId(): string {
  return randomBytes(6).toString("hex");
}

export class Journal {
  readonly path: string;

  constructor(readonly dir: string) {
    this.path = join(dir, journalFileName);
  }

  /** Appends one record and flushes it to disk before returning. */
  append(record: JournalRecord): void {
    const line = Buffer.from(`${JSON.stringify(fitRecord(record))}\n`, "utf8");
    const created = !existsSync(this.path);
    // Never through a link: the journal is refused rather than written wherever one points.
    const fd = openOwnFileForAppend(this.path);
    try {
      let written = 0;
      // A regular file takes the whole buffer in one write(); the loop only guards the impossible.
      while (written < line.length) written += writeSync(fd, line, written, line.length - written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (created) syncDirectory(this.dir);
  }

  /** Every readable record in file order; a line torn by a crash is skipped (and counted). */
  read(): { records: JournalRecord[]; damaged: number } {
    let text: string | undefined;
    try {
      text = readOwnFile(this.path);
    } catch (error) {
      throw new UsageError(`Cannot read the journal at ${this.path}: ${fileProblem(error)}.`, {
        code: "JOURNAL_UNREADABLE",
        suggestion:
          (error as NodeJS.ErrnoException).code === "ELOOP"
            ? linkRefusedHint
            : "Make it a readable file of yours again (`reseller config path` shows the dir); it is the record of what was bought.",
      });
    }
    if (text === undefined) return { records: [], damaged: 0 };
    const records: JournalRecord[] = [];
    let damaged = 0;
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      const record = parseLine(line);
      if (record) records.push(record);
      else damaged++;
    }
    return { records, damaged };
  }

  /** Entries in the order their intents were written (oldest first). Reads everything: prefer the lookups below. */
  entries(): JournalEntry[] {
    return foldRecords(this.read().records);
  }

  /**
   * Entries newest first (by when their intent was written). A caller that has enough stops
   * iterating, and reading stops with it: `history --limit`, the repeat check's recent window.
   */
  *newestFirst(): Generator<JournalEntry, void, undefined> {
    const all = this.entries();
    for (let i = all.length - 1; i >= 0; i--) yield all[i]!;
  }

  /** The entries sent with this ref_id (any profile or service address), newest first. */
  byRefId(refId: string): JournalEntry[] {
    return this.entries().filter((e) => e.ref_id === refId).reverse();
  }

  /** The entries whose outcome names this invoice, newest first. */
  byInvoice(invoice: string): JournalEntry[] {
    return this.entries().filter((e) => e.invoice === invoice).reverse();
  }

  /** One entry by the journal's own id. */
  byEntryId(id: string): JournalEntry | undefined {
    return this.entries().find((e) => e.entry === id);
  }

  /**
   * Entries whose outcome is not known yet (`pending` or `unknown`), oldest first: what `reconcile`
   * asks about (callers still apply `isUnresolved`, since a pending one may be in flight).
   */
  unsettled(): JournalEntry[] {
    return this.entries().filter((e) => e.outcome === "pending" || e.outcome === "unknown");
  }
}

function parseLine(line: string): JournalRecord | undefined {
  const attempt = (text: string): JournalRecord | undefined => {
    try {
      const value = JSON.parse(text) as Partial<JournalRecord>;
      return value && value.v === 1 && typeof value.entry === "string" && typeof value.type === "string" ? (value as JournalRecord) : undefined;
    } catch {
      return undefined;
    }
  };
  const whole = attempt(line);
  if (whole) return whole;
  // A record torn by a power loss leaves no newline, so the next record lands on its line: keep that one.
  const last = line.lastIndexOf('{"v":1,');
  return last > 0 ? attempt(line.slice(last)) : undefined;
}

/** Shortens what was asked (notes, long carts) so a record stays one small write. */
function fitRecord(record: JournalRecord): JournalRecord {
  if (Buffer.byteLength(JSON.stringify(record)) <= maxRecordBytes) return record;
  if (record.type === "intent") {
    const shortened: IntentRecord = { ...record, request: shorten(record.request, 200) as Record<string, unknown> };
    if (Buffer.byteLength(JSON.stringify(shortened)) <= maxRecordBytes) return shortened;
    const carts = Array.isArray(record.request.carts) ? record.request.carts.length : undefined;
    return { ...record, request: { truncated: true, ...(carts !== undefined ? { cart_lines: carts } : {}) } };
  }
  if (record.type === "outcome") return { ...record, reason: record.reason?.slice(0, 500) };
  return record;
}

function shorten(value: unknown, maxText: number): unknown {
  if (typeof value === "string") return value.length > maxText ? `${value.slice(0, maxText)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => shorten(v, maxText));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v, maxText)]));
  return value;
}

/** Makes the new file's name durable too: fsync of the file alone does not cover its directory entry. */
function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some platforms cannot open a directory; the file's own fsync is the best they offer.
  }
}

/**
 * Folds records into entries. `done` is a fact about the service and wins over any later record;
 * otherwise the latest outcome stands (reconcile turning `unknown` into `not_done`, say).
 */
export function foldRecords(records: JournalRecord[]): JournalEntry[] {
  const entries = new Map<string, JournalEntry>();
  for (const record of records) {
    if (record.type === "intent") {
      entries.set(record.entry, {
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
      });
      continue;
    }
    const entry = entries.get(record.entry);
    if (!entry) continue;
    entry.updated_at = record.at;
    if (record.type === "attempt") entry.attempts = Math.max(entry.attempts, record.attempt);
    else if (record.type === "status") {
      entry.status = record.status;
      if (record.invoice) entry.invoice ??= record.invoice;
    } else if (record.type === "outcome" && entry.outcome !== "done") {
      const { v: _v, entry: _e, at: _at, type: _t, outcome, ...details } = record;
      for (const key of ["invoice", "amount", "status", "code", "http_status", "reason", "by"] as const) delete entry[key];
      Object.assign(entry, details, { outcome });
    }
  }
  return [...entries.values()];
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
