/**
 * The local journal of money-moving requests, kept in the records database (src/records/journal.ts):
 * every record (intent, attempt, failed attempt, outcome, status) as written, and each request folded
 * into one entry. A purchase whose answer is lost is still written down here, with its ref_id, before
 * anything leaves: `append` returns once the record is committed to disk (synchronous=FULL).
 */
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { UsageError } from "../errors.js";
import { recordsFileName, recordsHint, recordsProblem } from "../records/database.js";
import { type Journal, journalRecords } from "../records/journal.js";
import { openRecords } from "../records/migrate.js";

export { Journal } from "../records/journal.js";

export function newEntryId(): string {
  return randomBytes(6).toString("hex");
}

/**
 * What a command opens the journal for:
 * - `reading` (history, trx show, a plan): records this user may only read serve it, and what it
 *   would note is not kept;
 * - `writing` (reconcile, pending): it must keep what it learns, so records it may only read are
 *   refused before anything is asked;
 * - `sending` (a purchase, a top-up): writing, on the way to a money-moving request, which a failure
 *   stops before it leaves ("nothing was sent").
 */
export type JournalMode = "reading" | "writing" | "sending";

/**
 * The journal of this config dir, its records database opened (and the journal of an earlier release
 * imported) on first use in this process: SQLite's binding is loaded then, never by a command that
 * reads no record.
 */
export function openJournal(dir: string, mode: JournalMode = "reading"): Journal {
  try {
    return journalRecords(openRecords(dir, mode === "reading"));
  } catch (error) {
    // Said already with what to do (a link, a network filesystem, an old journal unreadable).
    if (error instanceof UsageError) throw error;
    // Opening creates the database: a dir that cannot be written stops here, before anything is sent.
    throw unwritable(join(dir, recordsFileName), error, mode === "sending" ? "cannotWrite" : "cannotOpen");
  }
}

/**
 * Records that could not be opened or written at `path`, said with what to do about the way they
 * failed; `message` says which: `cannotWrite` for a command on its way to send (nothing was sent),
 * `cannotOpen` for any other.
 */
export function unwritable(
  path: string,
  error: unknown,
  message: "cannotWrite" | "cannotOpen" = "cannotWrite",
): UsageError {
  return new UsageError((say) => say.orders.journal[message](path, recordsProblem(error, say)), {
    code: "JOURNAL_UNWRITABLE",
    suggestion: recordsHint(error, path),
  });
}
