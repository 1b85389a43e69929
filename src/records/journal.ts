/**
 * The journal's statements: one row per request in `journal_orders` (folded as each event comes) and
 * every record as written in `journal_events`, append-only. The only SQL of the journal; commands open
 * it through src/journal/journal.ts, which imports an earlier release's journal first.
 */
import type { Statement } from "better-sqlite3";
import { UsageError } from "../errors.js";
import { foldRecord, type JournalEntry, type JournalRecord } from "../journal/entries.js";
import { orderRepeatKey, requestRepeatKey } from "../rules/customer.js";
import { createTables, databaseProblem, recordsHint, type RecordsDatabase } from "./database.js";

/**
 * A purchase or top-up that may still change on the service: in flight, unknown, or done under a
 * status that is not final (a top-up not paid). Generous on purpose (a status it does not know is
 * open): the caller decides with the verdict's rules; a row left out would never be brought up to
 * date. The query repeats it word for word, so SQLite uses the partial index below.
 */
const openOrder = `(kind IN ('buy', 'topup') AND (outcome IN ('pending', 'unknown') OR (outcome = 'done'
  AND (verdict = 'bought' OR (verdict IS NULL AND (status IS NULL OR lower(trim(status)) NOT IN
  ('completed', 'complete', 'success', 'successful', 'succeeded', 'done', 'sukses', 'berhasil', 'partial',
   'canceled', 'cancelled', 'failed', 'failure', 'error', 'refunded', 'expired'))))
  AND NOT (kind = 'topup' AND status = 'paid'))))`;

const schema = `
CREATE TABLE IF NOT EXISTS journal_orders (
  seq INTEGER PRIMARY KEY,
  entry TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  profile TEXT NOT NULL,
  base_url TEXT NOT NULL,
  ref_id TEXT,
  item_id INTEGER,
  quantity INTEGER,
  repeat_key TEXT,
  at TEXT NOT NULL,
  at_ms INTEGER NOT NULL,
  outcome TEXT NOT NULL,
  invoice TEXT,
  amount INTEGER,
  status TEXT,
  verdict TEXT,
  refunded INTEGER,
  updated_at TEXT NOT NULL,
  folded TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS journal_orders_ref_id ON journal_orders(ref_id) WHERE ref_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS journal_orders_invoice ON journal_orders(invoice) WHERE invoice IS NOT NULL;
CREATE INDEX IF NOT EXISTS journal_orders_at ON journal_orders(at_ms, seq);
CREATE INDEX IF NOT EXISTS journal_orders_repeat ON journal_orders(repeat_key, at_ms) WHERE repeat_key IS NOT NULL;
CREATE INDEX IF NOT EXISTS journal_orders_unsettled ON journal_orders(seq) WHERE outcome IN ('pending', 'unknown');
CREATE INDEX IF NOT EXISTS journal_orders_not_found ON journal_orders(profile, base_url, at_ms)
  WHERE kind = 'buy' AND outcome = 'not_done' AND invoice IS NULL;
-- pending reads what may still change by journal_orders_open, as the books do.
DROP INDEX IF EXISTS journal_orders_not_final;
CREATE INDEX IF NOT EXISTS journal_orders_open ON journal_orders(profile, base_url, at_ms) WHERE ${openOrder};
CREATE TABLE IF NOT EXISTS journal_events (
  seq INTEGER PRIMARY KEY,
  entry TEXT NOT NULL,
  type TEXT NOT NULL,
  at TEXT NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS journal_events_entry ON journal_events(entry);
CREATE TABLE IF NOT EXISTS journal_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/**
 * Rows read a page at a time by newest-first walks: bounded memory, and no statement held open between
 * pages. Small, because a page is alive through every young collection while it is walked, and what
 * survives them makes V8 grow its young generation: pages of 500 took `history --json` of 100k orders
 * from 70 to 95 MiB (docs/performance.md).
 */
const pageSize = 50;

export interface Window {
  /** Recorded at or after (ms). */
  sinceMs?: number;
  /** Recorded before (ms). */
  untilMs?: number;
}

export interface ItemOutcome {
  item_id: number;
  outcome: string;
  verdict: string | null;
  status: string | null;
}

interface Row {
  seq: number;
  at_ms: number;
  folded: string;
}

/** The first line of a one-line order: its item and quantity, kept in their own columns. */
function firstLine(request: Record<string, unknown>): { item?: number; quantity?: number } {
  const carts = Array.isArray(request.carts) ? (request.carts as { item_id?: unknown; quantity?: unknown }[]) : [];
  const line = carts.length === 1 ? carts[0] : undefined;
  return {
    ...(typeof line?.item_id === "number" ? { item: line.item_id } : {}),
    ...(typeof line?.quantity === "number" ? { quantity: line.quantity } : {}),
  };
}

function msOf(at: string): number {
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? 0 : ms;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function textOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/**
 * What the repeat key of a request is made by, today: a few spellings through `orderRepeatKey`. When a
 * release normalises customers otherwise, the stored keys are made again from each request.
 */
function repeatKeyFingerprint(): string {
  return orderRepeatKey([
    { itemId: 1, quantity: 1, note: "+62 812-3456-7890" },
    { itemId: 2, quantity: 1, note: "12345678(1234)" },
    { itemId: 3, quantity: 1, note: '{"target":"https://www.Example.com/shop/?x=1","quantity":100}' },
    { itemId: 4, quantity: 2, note: " Player One " },
  ]);
}

/** What the fold of this release keeps beyond the first: 2, a partial order's lines' deliveries. */
const foldVersion = "2";

const prepared = new WeakMap<RecordsDatabase, Journal>();

/** The journal's records in this database; the schema made (idempotent) the first time in a process. */
export function journalRecords(db: RecordsDatabase): Journal {
  let records = prepared.get(db);
  if (!records) {
    records = new Journal(db);
    // Made inside a transaction (an import of an earlier release's journal), the schema goes with it
    // when it rolls back: kept only once it stands for good.
    if (!db.inTransaction) prepared.set(db, records);
  }
  return records;
}

/**
 * The journal's queries, as the commands need them. Several `reseller` processes may append at once:
 * SQLite lets one write at a time and the others wait (busy timeout); readers never wait for a writer.
 */
export class Journal {
  /** Where the journal is kept: the records database. */
  readonly path: string;
  private readonly insertEvent: Statement;
  private readonly insertOrder: Statement;
  private readonly updateOrder: Statement;
  private readonly foldedOf: Statement;
  private readonly holds: Statement;
  private readonly appendOne: (record: JournalRecord, check?: () => void) => void;

  constructor(private readonly db: RecordsDatabase) {
    this.path = db.name;
    // A database opened read only is read as its tables stand: an earlier release's may lack a newer
    // index, which no query names (SQLite uses each one where it is), and its rows get no new keys.
    const writable = !db.readonly;
    if (writable) createTables(db, schema);
    this.insertEvent = db.prepare("INSERT INTO journal_events (entry, type, at, record) VALUES (?, ?, ?, ?)");
    this.insertOrder = db.prepare(
      `INSERT OR IGNORE INTO journal_orders (entry, kind, profile, base_url, ref_id, item_id, quantity, repeat_key,
         at, at_ms, outcome, invoice, amount, status, verdict, refunded, updated_at, folded)
       VALUES (@entry, @kind, @profile, @base_url, @ref_id, @item_id, @quantity, @repeat_key,
         @at, @at_ms, @outcome, @invoice, @amount, @status, @verdict, @refunded, @updated_at, @folded)`,
    );
    this.updateOrder = db.prepare(
      `UPDATE journal_orders SET outcome = @outcome, invoice = @invoice, amount = @amount, status = @status,
         verdict = @verdict, refunded = @refunded, updated_at = @updated_at, folded = @folded WHERE entry = @entry`,
    );
    this.foldedOf = db.prepare("SELECT folded FROM journal_orders WHERE entry = ?").pluck();
    this.holds = db.prepare("SELECT 1 FROM journal_events WHERE entry = ? AND record = ?").pluck();
    // IMMEDIATE: the write lock is taken at BEGIN, so two processes folding the same order never
    // both read it and one fail on upgrading (SQLITE_BUSY would not wait).
    this.appendOne = db.transaction((record: JournalRecord, check?: () => void) => {
      check?.();
      this.write(record);
    }).immediate;
    if (writable) {
      this.refreshRepeatKeys();
      this.refoldPartialOrders();
    }
  }

  /**
   * Writes one record; it is on disk (committed, synchronous=FULL) when this returns. `check` (reading
   * this journal) runs first in the same transaction, under the write lock, so no other process's
   * record comes between what it read and this one; a refusal it throws leaves nothing written.
   */
  append(record: JournalRecord, check?: () => void): void {
    this.appendOne(record, check);
  }

  /** One record, inside the caller's transaction (an append, or an import of many). */
  write(record: JournalRecord): void {
    this.insertEvent.run(record.entry, record.type, String(record.at), JSON.stringify(record));
    if (record.type === "intent") {
      const entry = foldRecord(undefined, record);
      if (!entry) return;
      const line = firstLine(record.request ?? {});
      this.insertOrder.run({
        ...this.columns(entry),
        // An old journal's intent may lack a field: kept as empty rather than refused.
        kind: String(entry.kind ?? ""),
        profile: String(entry.profile ?? ""),
        base_url: String(entry.base_url ?? ""),
        ref_id: textOrNull(entry.ref_id),
        item_id: line.item ?? null,
        quantity: line.quantity ?? null,
        repeat_key: entry.kind === "buy" ? (requestRepeatKey(entry.request) ?? null) : null,
        at: String(entry.at ?? ""),
        at_ms: msOf(String(entry.at)),
      });
      return;
    }
    const folded = this.foldedOf.get(record.entry) as string | undefined;
    // A record whose intent is not here (a torn line in an old journal) is kept as an event only.
    if (folded === undefined) return;
    const entry = foldRecord(JSON.parse(folded) as JournalEntry, record);
    if (entry) this.updateOrder.run(this.columns(entry));
  }

  private columns(entry: JournalEntry) {
    return {
      entry: entry.entry,
      outcome: entry.outcome,
      invoice: textOrNull(entry.invoice),
      amount: numberOrNull(entry.amount),
      status: textOrNull(entry.status),
      verdict: textOrNull(entry.verdict),
      refunded: numberOrNull(entry.refunded),
      updated_at: String(entry.updated_at ?? ""),
      folded: JSON.stringify(entry),
    };
  }

  /**
   * Entries newest first by recorded time, within the window when given, a page at a time: a caller
   * that has enough stops iterating, and reading stops with it. Every entry in the window is selected
   * by its recorded time, whatever order a stepped clock wrote them in.
   */
  *newestFirst(window: Window = {}): Generator<JournalEntry, void, undefined> {
    const since = window.sinceMs ?? Number.MIN_SAFE_INTEGER;
    const next = this.reading(() =>
      this.db.prepare(
        // A row value: the index on (at_ms, seq) is entered just past the last row, never scanned from the
        // top; the first page starts before the window's end, as if after a row at its very edge.
        `SELECT seq, at_ms, folded FROM journal_orders WHERE at_ms >= ? AND (at_ms, seq) < (?, ?)
         ORDER BY at_ms DESC, seq DESC LIMIT ${pageSize}`,
      ),
    );
    let after = { at_ms: window.untilMs ?? Number.MAX_SAFE_INTEGER, seq: Number.MIN_SAFE_INTEGER };
    for (;;) {
      const page = this.reading(() => next.all(since, after.at_ms, after.seq) as Row[]);
      for (const row of page) yield JSON.parse(row.folded) as JournalEntry;
      const last = page.at(-1);
      if (!last || page.length < pageSize) return;
      after = last;
    }
  }

  /** The entries sent with this ref_id (any profile or service address), newest first. */
  byRefId(refId: string): JournalEntry[] {
    return this.entries("WHERE ref_id = ? ORDER BY seq DESC", refId);
  }

  /** The entries whose outcome or status names this invoice, newest first. */
  byInvoice(invoice: string): JournalEntry[] {
    return this.entries("WHERE invoice = ? ORDER BY seq DESC", invoice);
  }

  /** One entry by the journal's own id. */
  byEntryId(entry: string): JournalEntry | undefined {
    const folded = this.reading(() => this.foldedOf.get(entry) as string | undefined);
    return folded === undefined ? undefined : (JSON.parse(folded) as JournalEntry);
  }

  /**
   * Entries whose outcome is not known yet (`pending` or `unknown`), oldest first: what `reconcile`
   * asks about (callers still apply `isUnresolved`, since a pending one may be in flight).
   */
  unsettled(): JournalEntry[] {
    return this.entries("WHERE outcome IN ('pending', 'unknown') ORDER BY seq");
  }

  /**
   * This profile's purchases and top-ups at this address that may still change, newest first, within
   * the window and at most `limit`: found by an index, so a big journal of settled orders costs nothing.
   */
  open(where: { profile: string; baseUrl: string } & Window, limit: number): JournalEntry[] {
    return this.entries(
      `WHERE profile = ? AND base_url = ? AND at_ms >= ? AND at_ms < ? AND ${openOrder}
       ORDER BY at_ms DESC, seq DESC LIMIT ?`,
      where.profile,
      where.baseUrl,
      where.sinceMs ?? Number.MIN_SAFE_INTEGER,
      where.untilMs ?? Number.MAX_SAFE_INTEGER,
      limit,
    );
  }

  /**
   * This profile's purchases at this address since `sinceMs` (and before `untilMs`, when given)
   * settled not bought with no invoice (a look-up found nothing, or nothing was sent), newest first:
   * found by a partial index.
   */
  notDoneSince(where: { profile: string; baseUrl: string; sinceMs: number } & Window): JournalEntry[] {
    return this.entries(
      `WHERE profile = ? AND base_url = ? AND at_ms >= ? AND at_ms < ?
       AND kind = 'buy' AND outcome = 'not_done' AND invoice IS NULL ORDER BY at_ms DESC, seq DESC`,
      where.profile,
      where.baseUrl,
      where.sinceMs,
      where.untilMs ?? Number.MAX_SAFE_INTEGER,
    );
  }

  /** One-item purchases of this profile at this address since `sinceMs`, newest first, as their rows keep them. */
  itemOutcomes(where: { profile: string; baseUrl: string; sinceMs: number }): ItemOutcome[] {
    return this.reading(
      () =>
        this.db
          .prepare(
            `SELECT item_id, outcome, verdict, status FROM journal_orders
             WHERE at_ms >= ? AND kind = 'buy' AND item_id IS NOT NULL AND profile = ? AND base_url = ?
             ORDER BY at_ms DESC, seq DESC`,
          )
          .all(where.sinceMs, where.profile, where.baseUrl) as ItemOutcome[],
    );
  }

  /** Purchases recorded since `sinceMs` whose repeat key (`orderRepeatKey` of their lines) is `key`, newest first. */
  byRepeatKey(key: string, sinceMs: number): JournalEntry[] {
    return this.entries("WHERE repeat_key = ? AND at_ms >= ? ORDER BY at_ms DESC, seq DESC", key, sinceMs);
  }

  /** Records the events table holds. */
  eventCount(): number {
    return this.db.prepare("SELECT count(*) FROM journal_events").pluck().get() as number;
  }

  /** Writes a record read from an old journal unless (`check`) it is held already; returns whether it was written. */
  importRecord(record: JournalRecord, check: boolean): boolean {
    if (check && this.holds.get(record.entry, JSON.stringify(record)) !== undefined) return false;
    this.write(record);
    return true;
  }

  /** The entries of the orders `where` selects (its order and limit included), as folded. */
  private entries(where: string, ...params: unknown[]): JournalEntry[] {
    const rows = this.reading(
      () =>
        this.db
          .prepare(`SELECT folded FROM journal_orders ${where}`)
          .pluck()
          .all(...params) as string[],
    );
    return rows.map((folded) => JSON.parse(folded) as JournalEntry);
  }

  /** A database that cannot be read is said with its path, what is wrong and how to repair it. */
  private reading<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      if (!(error as { code?: string }).code?.startsWith("SQLITE_")) throw error;
      const { path } = this;
      const problem = databaseProblem(error);
      throw new UsageError((say) => say.orders.journal.cannotRead(path, problem), {
        code: "JOURNAL_UNREADABLE",
        suggestion: recordsHint(error, path, (say) => say.orders.journal.cannotReadHint),
      });
    }
  }

  /**
   * Partial orders folded before the fold kept each line's delivery are folded again from their
   * events, once: their status records held the lines all along, and the books count by them.
   */
  private refoldPartialOrders(): void {
    this.onceFor("fold", foldVersion, () => {
      const events = this.db.prepare("SELECT record FROM journal_events WHERE entry = ? ORDER BY seq").pluck();
      const partial = this.db.prepare("SELECT entry FROM journal_orders WHERE verdict = 'partial'").pluck();
      for (const order of partial.all() as string[]) {
        let entry: JournalEntry | undefined;
        for (const record of events.all(order) as string[])
          entry = foldRecord(entry, JSON.parse(record) as JournalRecord);
        if (entry) this.updateOrder.run(this.columns(entry));
      }
    });
  }

  /** Stored repeat keys made by another normalisation of customers are made again, once. */
  private refreshRepeatKeys(): void {
    this.onceFor("repeat_key", repeatKeyFingerprint(), () => {
      const update = this.db.prepare("UPDATE journal_orders SET repeat_key = ? WHERE seq = ?");
      const rows = this.db.prepare("SELECT seq, folded FROM journal_orders WHERE kind = 'buy'").all() as {
        seq: number;
        folded: string;
      }[];
      for (const row of rows)
        update.run(requestRepeatKey((JSON.parse(row.folded) as JournalEntry).request) ?? null, row.seq);
    });
  }

  /**
   * `work` done once for the records, when the mark `name` in journal_meta is not yet `value`: read
   * again inside the write lock, so two processes opening old records at once do it once.
   */
  private onceFor(name: string, value: string, work: () => void): void {
    const read = this.db.prepare("SELECT value FROM journal_meta WHERE name = ?").pluck();
    if (read.get(name) === value) return;
    this.db
      .transaction(() => {
        if (read.get(name) === value) return;
        work();
        this.db.prepare("INSERT OR REPLACE INTO journal_meta (name, value) VALUES (?, ?)").run(name, value);
      })
      .immediate();
  }
}
