/**
 * The local records database: `records.db` in the config dir, SQLite through better-sqlite3. It holds
 * what this machine must never lose or count twice: the journal of money-moving requests, the webhook
 * deliveries the listener answered, and the stock-lock cache. SQLite gives what the files of our own
 * design had to build by hand: atomic transactions, a write-ahead log that survives a crash, indexes,
 * and one writer at a time across processes.
 *
 * Opened lazily, once per run of the program and config dir, and closed when the run ends: commands
 * that touch no record (balance, items, --help, completion) never load the native binding.
 */
import {
  closeSync,
  constants,
  existsSync,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  statfsSync,
} from "node:fs";
import { dirname, join } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { fileProblem } from "../config/config-dir.js";
import { UsageError, type Wording } from "../errors.js";
import type { Messages } from "../messages/en.js";
import { requirePackage } from "../packages.js";

export const recordsFileName = "records.db";

export type RecordsDatabase = BetterSqlite3.Database;

/** How long a statement waits for another process's write to finish before it gives up (SQLITE_BUSY). */
const busyTimeoutMs = 15_000;

/**
 * Filesystems whose locking SQLite cannot trust (statfs f_type): NFS, SMB/CIFS, 9p, FUSE (sshfs and
 * most network mounts). Two machines writing one database there can corrupt it.
 */
const networkFilesystems = new Map<number, string>([
  [0x6969, "NFS"],
  [0x517b, "SMB"],
  [0xff534d42, "CIFS"],
  [0xfe534d42, "SMB2"],
  [0x01021997, "9p"],
  [0x65735546, "FUSE"],
  [0x564c, "NCP"],
  [0x73757245, "Coda"],
  [0x6b414653, "AFS"],
]);

const opened = new Map<string, RecordsDatabase>();
/** Why a database was opened for reading only: the system's refusal to open it for writing. */
const readOnlyBecause = new WeakMap<RecordsDatabase, unknown>();
/** Runs of the program under way in this process (main()): their connections are closed when the last ends. */
let runsUnderWay = 0;

/** The records database of this config dir, opened (and created, 0600) on first use in this process. */
export function openRecordsDatabase(dir: string): RecordsDatabase {
  const path = join(dir, recordsFileName);
  const known = opened.get(path);
  if (known?.open) return known;
  refuseUnsafePlace(dir, path);
  const notWritable = ownFile(path);
  const readonly = notWritable !== undefined;
  // Only here: every run loads this module (recordsRunStarts), most never open records.
  const Database = requirePackage<typeof BetterSqlite3>("better-sqlite3");
  const db = new Database(path, { timeout: busyTimeoutMs, readonly, fileMustExist: readonly });
  if (readonly) readOnlyBecause.set(db, notWritable);
  // WAL: readers never wait for a writer, and a commit is one append to the log. FULL: a commit is
  // on disk (the log fsync'd) before it returns, so "recorded" survives a power cut, not only a crash.
  if (!readonly) walMode(db);
  db.pragma("synchronous = FULL");
  db.pragma("foreign_keys = ON");
  // SQLite's own default page cache (2 MiB), not better-sqlite3's 16: lookups go by index and touch
  // few pages, and a walk of a year of orders (history --json) would otherwise hold 16 MiB of them.
  db.pragma("cache_size = -2000");
  try {
    ownVersion(db, path);
  } catch (error) {
    db.close();
    throw error;
  }
  opened.set(path, db);
  return db;
}

/** Throws, for a database this user may only read, why it cannot be written (the system's refusal). */
export function refuseReadOnly(db: RecordsDatabase): void {
  if (readOnlyBecause.has(db)) throw readOnlyBecause.get(db);
}

/**
 * The records' schema this release reads and writes (`PRAGMA user_version`). A later release that
 * changes the tables raises it and migrates an older database; this one refuses a newer one rather
 * than read columns and tables it does not know, or write rows a newer release would misread.
 */
export const recordsVersion = 1;

/**
 * Refuses a database of a newer release (exit 2, before anything is read or sent), and stamps one of
 * this release's schema. 0 is a new database, or one made before the version was kept, whose tables
 * are this release's: its tables are made (IF NOT EXISTS) by the modules that use them, as ever.
 * Stamping is a write: a database that cannot be written (read only) is read as it is, unstamped.
 */
function ownVersion(db: RecordsDatabase, path: string): void {
  const version = (): number => Number(db.pragma("user_version", { simple: true }));
  const found = version();
  if (found > recordsVersion)
    throw new UsageError((say) => say.records.newerVersion(path, found, recordsVersion), {
      code: "RECORDS_NEWER",
      details: { path, records_version: found, known_version: recordsVersion },
      suggestion: (say) => say.records.newerVersionHint,
    });
  if (found === recordsVersion) return;
  try {
    // Under the write lock: two processes stamping a new database at once both read 0, one writes.
    db.transaction(() => {
      if (version() < recordsVersion) db.pragma(`user_version = ${recordsVersion}`);
    }).immediate();
  } catch (error) {
    if (!(error as { code?: string }).code?.startsWith("SQLITE_READONLY")) throw error;
  }
}

/**
 * Turns the write-ahead log on. The first change of a new database's mode needs the file to itself,
 * and SQLite answers BUSY at once rather than through the busy timeout when another process has it
 * open (processes starting together on a new config dir): tried again until the timeout.
 */
function walMode(db: RecordsDatabase): void {
  const giveUpAt = Date.now() + busyTimeoutMs;
  for (;;) {
    try {
      db.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > giveUpAt) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}

/**
 * Runs a schema's idempotent statements. Where the tables stand, that only reads, and a reader never
 * waits for a writer. A `CREATE ... IF NOT EXISTS` that does write reads the schema first and then
 * upgrades to writing; when another process made its tables in between (processes starting at once
 * on a new database), SQLite answers BUSY at once rather than waiting out the busy timeout: then
 * again with the write lock taken first (BEGIN IMMEDIATE), which waits its turn.
 */
export function createTables(db: RecordsDatabase, sql: string): void {
  try {
    db.exec(sql);
  } catch (error) {
    if (!(error as { code?: string }).code?.startsWith("SQLITE_BUSY")) throw error;
    db.transaction(() => db.exec(sql)).immediate();
  }
}

/** Closes every database this process opened: tests, which open config dirs one after another. */
export function closeRecordsDatabases(): void {
  for (const db of opened.values()) if (db.open) db.close();
  opened.clear();
}

/** A failure of the database in SQLite's own words, with its code when they do not say it. */
export function databaseProblem(error: unknown): string {
  const e = error as { code?: string; message?: string } | undefined;
  return e?.code && e.message && !e.message.includes(e.code)
    ? `${e.message} (${e.code})`
    : (e?.message ?? String(error));
}

/** What went wrong with the records, in SQLite's words for its own failures, else the system's. */
export function recordsProblem(error: unknown, say: Messages): string {
  return (error as { code?: string }).code?.startsWith("SQLITE_") ? databaseProblem(error) : fileProblem(error, say);
}

/**
 * The system's refusals to open a file for writing (no permission, a read-only filesystem): an existing
 * database is then read only, and the remedy is to make it writable.
 */
const writingRefused = ["EACCES", "EPERM", "EROFS"];

/** The ways the records fail that each have their own remedy (full, busy, damaged, read only), by error code. */
const remedies: [RegExp, (path: string) => Wording][] = [
  [/^(ENOSPC|EDQUOT|SQLITE_FULL)/, () => (say) => say.settings.freeDisk],
  [/^SQLITE_(BUSY|LOCKED)/, () => (say) => say.orders.journal.busyHint(busyTimeoutMs / 1000)],
  [/^SQLITE_(CORRUPT|NOTADB)/, (path) => (say) => say.orders.journal.damagedHint(path)],
  [
    new RegExp(`^(${[...writingRefused, "SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM"].join("|")})`),
    (path) => (say) => say.orders.journal.readOnlyHint(dirname(path)),
  ],
];

/**
 * What to do about records at `path` that could not be opened, read or written, by what went wrong;
 * `otherwise` for a failure none of these explains.
 */
export function recordsHint(
  error: unknown,
  path: string,
  otherwise: Wording = (say) => say.orders.journal.cannotWriteHint,
): Wording {
  const code = (error as { code?: string } | undefined)?.code ?? "";
  return remedies.find(([codes]) => codes.test(code))?.[1](path) ?? otherwise;
}

/**
 * A run of the program begins; what this returns ends it. A run alone in the process starts with no
 * database open and closes what it opened when it ends, so that each run of a program calling main()
 * again and again reads its config dir's records as they are on disk then, as a new process does: a
 * connection kept open would go on reading a database since replaced at that path (a backup restored,
 * another shop's dir), and an earlier release's files put in the dir would never be imported.
 */
export function recordsRunStarts(): () => void {
  if (runsUnderWay === 0) closeRecordsDatabases();
  runsUnderWay += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    runsUnderWay -= 1;
    if (runsUnderWay === 0) closeRecordsDatabases();
  };
}

/**
 * Never through a link (the dir or the file), never on a network filesystem: refused with what to do,
 * before SQLite creates anything.
 */
function refuseUnsafePlace(dir: string, path: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const [place, isDir] of [
    [dir, true],
    [path, false],
  ] as const) {
    let stats: ReturnType<typeof lstatSync> | undefined;
    try {
      stats = lstatSync(place);
    } catch {
      continue;
    }
    if (stats.isSymbolicLink())
      throw new UsageError((say) => say.records.isLink(place), {
        code: "RECORDS_UNSAFE",
        suggestion: (say) => say.records.isLinkHint,
      });
    if (!isDir && !stats.isFile())
      throw new UsageError((say) => say.records.notAFile(place), { code: "RECORDS_UNSAFE" });
  }
  let kind: string | undefined;
  try {
    kind = networkFilesystems.get(Number(statfsSync(dir).type));
  } catch {
    // statfs is not everywhere (Windows): nothing to detect there.
  }
  if (kind)
    throw new UsageError((say) => say.records.networkFilesystem(dir, kind), {
      code: "RECORDS_UNSAFE",
      suggestion: (say) => say.records.networkFilesystemHint,
    });
}

/**
 * Creates the file 0600 before SQLite opens it (SQLite would create it with the umask's mode), and
 * makes an existing one 0600: it holds what was bought. SQLite gives its WAL and shared-memory files
 * the database's own mode. For an existing file this user may not write (a copy kept read only, a
 * read-only filesystem), returns why: it is opened for reading.
 */
function ownFile(path: string): unknown {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
  } catch (error) {
    if (writingRefused.includes((error as NodeJS.ErrnoException).code ?? "") && existsSync(path)) return error;
    throw error;
  }
  try {
    if ((fstatSync(fd).mode & 0o777) !== 0o600) fchmodSync(fd, 0o600);
  } finally {
    closeSync(fd);
  }
  return undefined;
}
