/**
 * The local journal of money-moving requests, kept in the records database (src/records/): every
 * record (intent, attempt, failed attempt, outcome, status) as written, and each request folded into
 * one entry. A purchase whose answer is lost is still written down here, with its ref_id, before
 * anything leaves: `append` returns once the record is committed to disk (synchronous=FULL).
 *
 * Several `reseller` processes may append at once: SQLite lets one write at a time and the others
 * wait (busy timeout); readers never wait for a writer.
 */
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { fileProblem } from "../config/config-dir.js";
import { UsageError } from "../errors.js";
import type { Messages } from "../messages/en.js";
import { databaseProblem, recordsFileName } from "../records/database.js";
import { journalRecords, type SqliteJournal, type Window } from "../records/journal.js";
import { openRecords } from "../records/migrate.js";
import type { JournalEntry, JournalRecord } from "./entries.js";

export function newEntryId(): string {
  return randomBytes(6).toString("hex");
}

export class Journal {
  /** Where the journal is kept: the records database. */
  readonly path: string;
  private opened?: SqliteJournal;

  constructor(readonly dir: string) {
    this.path = join(dir, recordsFileName);
  }

  /** The records, opened on first use (and the journal of an earlier release imported). */
  private get records(): SqliteJournal {
    if (this.opened) return this.opened;
    try {
      // Opened on first use: SQLite's binding is loaded then, never by a command that reads no record.
      this.opened = journalRecords(openRecords(this.dir));
    } catch (error) {
      // Said already with what to do (a link, a network filesystem, an old journal unreadable).
      if (error instanceof UsageError) throw error;
      // Opening creates the database: a dir that cannot be written stops here, before anything is sent.
      const { path } = this;
      throw new UsageError((say) => say.orders.journal.cannotWrite(path, openProblem(error, say)), {
        code: "JOURNAL_UNWRITABLE",
        suggestion: (say) => say.orders.journal.cannotWriteHint,
      });
    }
    return this.opened;
  }

  /** Writes one record; it is on disk (committed, synchronous=FULL) when this returns. */
  append(record: JournalRecord): void {
    this.records.append(record);
  }

  /**
   * Entries newest first by recorded time, within the window when given, a page at a time: a caller
   * that has enough stops iterating, and reading stops with it. Every entry in the window is selected
   * by its recorded time, whatever order a stepped clock wrote them in.
   */
  *newestFirst(window: Window = {}): Generator<JournalEntry, void, undefined> {
    const walk = this.reading(() => this.records.newestFirst(window));
    for (;;) {
      const next = this.reading(() => walk.next());
      if (next.done) return;
      yield next.value;
    }
  }

  /** The entries sent with this ref_id (any profile or service address), newest first. */
  byRefId(refId: string): JournalEntry[] {
    return this.reading(() => this.records.byRefId(refId));
  }

  /** The entries whose outcome or status names this invoice, newest first. */
  byInvoice(invoice: string): JournalEntry[] {
    return this.reading(() => this.records.byInvoice(invoice));
  }

  /** One entry by the journal's own id. */
  byEntryId(id: string): JournalEntry | undefined {
    return this.reading(() => this.records.byEntryId(id));
  }

  /**
   * Entries whose outcome is not known yet (`pending` or `unknown`), oldest first: what `reconcile`
   * asks about (callers still apply `isUnresolved`, since a pending one may be in flight).
   */
  unsettled(): JournalEntry[] {
    return this.reading(() => this.records.unsettled());
  }

  /**
   * This profile's purchases and top-ups at this address that may still change, newest first, within
   * the window and at most `limit`: found by an index, so a big journal of settled orders costs nothing.
   */
  open(where: { profile: string; baseUrl: string } & Window, limit: number): JournalEntry[] {
    return this.reading(() => this.records.open(where, limit));
  }

  /** One-item purchases of this profile at this address since `sinceMs`, newest first, as their rows keep them. */
  itemOutcomes(where: { profile: string; baseUrl: string; sinceMs: number }) {
    return this.reading(() => this.records.itemOutcomes(where));
  }

  /** Purchases recorded since `sinceMs` whose repeat key (`orderRepeatKey` of their lines) is `key`, newest first. */
  byRepeatKey(key: string, sinceMs: number): JournalEntry[] {
    return this.reading(() => this.records.byRepeatKey(key, sinceMs));
  }

  /** A database that cannot be read is said with its path, what is wrong and how to repair it. */
  private reading<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      if (error instanceof UsageError || !(error as { code?: string }).code?.startsWith("SQLITE_")) throw error;
      const problem = databaseProblem(error);
      const { path } = this;
      throw new UsageError((say) => say.orders.journal.cannotRead(path, problem), {
        code: "JOURNAL_UNREADABLE",
        suggestion: (say) => say.orders.journal.cannotReadHint,
      });
    }
  }
}

function openProblem(error: unknown, say: Messages): string {
  return (error as { code?: string }).code?.startsWith("SQLITE_") ? databaseProblem(error) : fileProblem(error, say);
}
