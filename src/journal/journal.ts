/**
 * The local journal of money-moving requests: `journal.jsonl` under the config dir, append-only,
 * one JSON record per line and per event (intent, attempt, failed attempt, outcome). A purchase
 * whose answer is lost is still written down here, with its ref_id, before anything leaves.
 *
 * Two `reseller` processes may append at once: each record is one write() to a file opened with
 * O_APPEND, and kept under 4 KiB, so the kernel never interleaves two records. Every record is
 * fsync'd before the call returns, so the intent survives a crash or a SIGKILL right after sending.
 *
 * Reading goes through the store (./store.ts): lookups by ref_id, invoice or entry through a derived
 * index, newest-first reading from the end that stops when the caller does, past months sealed.
 */
import { closeSync, existsSync, fsyncSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { fileProblem, linkRefusedHint, openOwnFileForAppend, syncDirectory } from "../config/config-dir.js";
import { UsageError } from "../errors.js";
import { say } from "../messages/messages.js";
import { activeFileName, JournalStore } from "./store.js";

export const journalFileName = activeFileName;

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
  /** The order's verdict from the whole transaction (a failed line under a "completed" status is delivery_failed). */
  verdict?: string;
  /** What the service refunded, when the verdict is delivery_failed and says how much. */
  refunded?: number;
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

/** How far before `since` newest-first reading goes on: records of concurrent processes land slightly out of time order. */
const clockSlackMs = 10 * 60_000;

export interface NewestFirstOptions {
  /** Only entries whose intent was written at or after this time (ISO 8601); reading stops soon after. */
  since?: string;
}

export class Journal {
  readonly path: string;
  private readonly store: JournalStore;
  /** Lines that could not be read (torn by a crash, not JSON), met by the last read. */
  damaged = 0;

  constructor(
    readonly dir: string,
    options: { now?: () => number } = {},
  ) {
    this.path = join(dir, journalFileName);
    this.store = new JournalStore(dir, options.now);
  }

  /** Appends one record and flushes it to disk before returning. Never reads or waits on the index. */
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

  /** Every readable record in log order (sealed segments, then the active log); a torn line is skipped and counted. Holds them all: prefer the lookups. */
  read(): { records: JournalRecord[]; damaged: number } {
    return this.reading(() => {
      const records: JournalRecord[] = [];
      for (const { record } of this.store.forward()) records.push(record);
      this.damaged = this.store.damaged;
      return { records, damaged: this.damaged };
    });
  }

  /** Entries in the order their intents were written (oldest first). Reads and holds everything: prefer the lookups below. */
  entries(): JournalEntry[] {
    // Folded as read: the entries are held, the records they came from are not.
    return this.reading(() => {
      const entries = foldRecords(records(this.store.forward()));
      this.damaged = this.store.damaged;
      return entries;
    });
  }

  /**
   * Entries newest first (by when their intent was written), read from the end of the journal a
   * chunk at a time: a caller that has enough stops iterating, and reading stops with it
   * (`history --limit`, the repeat check's recent window). Without a limit it is the streaming way
   * to read everything: only records written after an intent still ahead are held.
   */
  *newestFirst(options: NewestFirstOptions = {}): Generator<JournalEntry, void, undefined> {
    const sinceMs = options.since !== undefined ? Date.parse(options.since) : Number.NaN;
    const stopBeforeMs = sinceMs - clockSlackMs;
    const later = new LaterRecords();
    const walk = this.store.backward(Number.isNaN(stopBeforeMs) ? undefined : new Date(stopBeforeMs).toISOString());
    try {
      for (;;) {
        const next = this.reading(() => walk.next());
        if (next.done) break;
        const record = next.value;
        if (record.type !== "intent") {
          later.hold(record);
          continue;
        }
        const after = later.take(record.entry);
        const at = Date.parse(record.at);
        if (at < stopBeforeMs) break;
        if (at < sinceMs) continue;
        const [entry] = foldRecords([record, ...after.reverse()]);
        if (entry) yield entry;
      }
    } finally {
      this.damaged = this.store.damaged;
      walk.return(undefined);
    }
  }

  /** The entries sent with this ref_id (any profile or service address), newest first. */
  byRefId(refId: string): JournalEntry[] {
    return this.fold("r", refId)
      .filter((e) => e.ref_id === refId)
      .reverse();
  }

  /** The entries whose outcome names this invoice, newest first. */
  byInvoice(invoice: string): JournalEntry[] {
    return this.fold("i", invoice)
      .filter((e) => e.invoice === invoice)
      .reverse();
  }

  /** One entry by the journal's own id. */
  byEntryId(id: string): JournalEntry | undefined {
    return this.fold("e", id).find((e) => e.entry === id);
  }

  /**
   * Entries whose outcome is not known yet (`pending` or `unknown`), oldest first: what `reconcile`
   * asks about (callers still apply `isUnresolved`, since a pending one may be in flight). Kept in
   * the index, so finding them reads no log.
   */
  unsettled(): JournalEntry[] {
    return this.fold("open").filter((e) => e.outcome === "pending" || e.outcome === "unknown");
  }

  /** Damaged lines in everything the index covers, without reading the logs. */
  damagedLines(): number {
    return this.reading(() => this.store.damagedCovered());
  }

  private fold(kind: "r" | "i" | "e" | "open", key?: string): JournalEntry[] {
    return this.reading(() => foldRecords(this.store.lookup(kind, key)));
  }

  /** A log that cannot be read is said with its path, what is wrong and how to repair it. */
  private reading<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      const path = (error as { journalPath?: string }).journalPath;
      if (!path) throw error;
      throw new UsageError(say.orders.journal.cannotRead(path, fileProblem(error)), {
        code: "JOURNAL_UNREADABLE",
        suggestion:
          (error as NodeJS.ErrnoException).code === "ELOOP" ? linkRefusedHint() : say.orders.journal.cannotReadHint,
      });
    }
  }
}

/** How many records newest-first reading holds in its young map before moving the unmatched ones on. */
const youngRecords = 1024;

/**
 * The records a newest-first walk has met before their intent, by entry. Most meet their intent
 * within a few records, so they go into a young map replaced whole every `youngRecords` records;
 * only the few still waiting then (an outcome settled weeks later) move to a long-lived map. One
 * map taking a set and a delete per record kept rebuilding its table in V8's old space: a year of
 * orders left tens of MiB of dead tables behind, so peak memory grew with the journal.
 */
class LaterRecords {
  private young = new Map<string, JournalRecord[]>();
  private youngCount = 0;
  private readonly old = new Map<string, JournalRecord[]>();

  hold(record: JournalRecord): void {
    const held = this.young.get(record.entry);
    if (held) held.push(record);
    else this.young.set(record.entry, [record]);
    if (++this.youngCount < youngRecords) return;
    for (const [entry, records] of this.young) {
      const older = this.old.get(entry);
      if (older) older.push(...records);
      else this.old.set(entry, records);
    }
    this.young = new Map();
    this.youngCount = 0;
  }

  /** This entry's records in the order they were met (newest first), no longer held. */
  take(entry: string): JournalRecord[] {
    const older = this.old.get(entry);
    if (older) this.old.delete(entry);
    const young = this.young.get(entry);
    if (young) this.young.delete(entry);
    return older && young ? older.concat(young) : (older ?? young ?? []);
  }
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
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v, maxText)]));
  return value;
}

/**
 * Folds records into entries. `done` is a fact about the service and wins over any later record;
 * otherwise the latest outcome stands (reconcile turning `unknown` into `not_done`, say).
 */
export function foldRecords(records: Iterable<JournalRecord>): JournalEntry[] {
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
      if (record.verdict !== undefined) {
        entry.verdict = record.verdict;
        if (record.refunded !== undefined) entry.refunded = record.refunded;
        else delete entry.refunded;
      }
    } else if (record.type === "outcome" && entry.outcome !== "done") {
      const { v: _v, entry: _e, at: _at, type: _t, outcome, ...details } = record;
      for (const key of [
        "invoice",
        "amount",
        "status",
        "verdict",
        "refunded",
        "code",
        "http_status",
        "reason",
        "by",
      ] as const)
        delete entry[key];
      Object.assign(entry, details, { outcome });
    }
  }
  return [...entries.values()];
}

function* records(located: Iterable<{ record: JournalRecord }>): Generator<JournalRecord> {
  for (const { record } of located) yield record;
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
