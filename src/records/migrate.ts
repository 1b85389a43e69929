/**
 * The files of earlier releases moved into the records database on first use, whichever command
 * comes first: the journal's, the webhook deliveries file and the lock cache, all in one transaction,
 * counts checked, then each renamed with a suffix and kept (never deleted).
 *
 * Safe to interrupt: killed before the commit, nothing was imported and the files are where they
 * were; killed after it, the next run reads them again, finds every record already there (an
 * importer skips a record it holds), and renames them. A second process waits for the first's
 * transaction (BEGIN IMMEDIATE) and then finds nothing new.
 */
import { existsSync, lstatSync, renameSync } from "node:fs";
import { basename, dirname } from "node:path";
import { UsageError, type Wording } from "../errors.js";
import { syncDirectory } from "../config/config-dir.js";
import { openRecordsDatabase, type RecordsDatabase, refuseReadOnly } from "./database.js";
import { deliveriesImporter } from "./import-deliveries.js";
import { journalImporter } from "./journal-import.js";
import { stockLocksImporter } from "./stock-locks-table.js";
import { type ImportCount, type Importer, RenamedMeanwhile } from "./old-files.js";

/** Every importer, in the order they run, all in the one transaction. */
const importers: Importer[] = [journalImporter, deliveriesImporter, stockLocksImporter];

/** The suffix an imported file is renamed with (then `.imported-2`, … when taken). */
export const importedSuffix = ".imported";

/** How long a process waits for another's import before it says the records are busy. */
const importWaitMs = 10 * 60_000;

/** Per database opened: what its import found wrong, until the listener takes it to say. */
const imported = new WeakMap<RecordsDatabase, Wording[]>();

/**
 * The records database of this config dir, with the old files of earlier releases imported. One this
 * user may only read is refused with why (the system's own error), unless the caller only `reads`.
 */
export function openRecords(dir: string, reads = false): RecordsDatabase {
  const db = openRecordsDatabase(dir);
  if (!reads) refuseReadOnly(db);
  if (!imported.has(db)) imported.set(db, importOldFiles(db, dir).problems);
  return db;
}

/** What this process's import found wrong in the old files (damaged lines skipped), said once. */
export function takeImportProblems(db: RecordsDatabase): Wording[] {
  const problems = imported.get(db) ?? [];
  imported.set(db, []);
  return problems;
}

function found(dir: string) {
  return importers.flatMap((importer) => importer.find(dir).map((unit) => ({ importer, ...unit })));
}

/** Each old file's count, and the names the files were kept under. */
export interface Imported {
  counts: ImportCount[];
  kept: string[];
  problems: Wording[];
}

/**
 * Imports every old file found in `dir` in one transaction (waiting for another process's), then
 * renames them. Exported for tests, which run it again on one connection.
 */
export function importOldFiles(db: RecordsDatabase, dir: string): Imported {
  if (found(dir).length === 0) return { counts: [], kept: [], problems: [] };
  const deadline = Date.now() + importWaitMs;
  const importAll = db.transaction(() => {
    const units = found(dir);
    const counts = units.map(({ importer, files }) => imports(db, dir, importer, files));
    return { units, counts };
  });
  let done: ReturnType<typeof importAll>;
  // A big import in a small page cache spills to the log over and over: a larger one while it runs.
  const cacheSize = db.pragma("cache_size", { simple: true }) as number;
  db.pragma("cache_size = -65536");
  try {
    for (;;) {
      try {
        done = importAll.immediate();
        break;
      } catch (error) {
        // Another process is importing (or writing): its import may take longer than one busy timeout.
        // Or it imported these files and renamed one as this one read them: looked for again.
        const again = (error as { code?: string }).code === "SQLITE_BUSY" || error instanceof RenamedMeanwhile;
        if (!again || Date.now() > deadline) throw error;
      }
    }
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
  }
  const kept = done.units.flatMap(({ rename }) => keepAside(rename) ?? []);
  return { counts: done.counts, kept, problems: done.counts.flatMap((count) => count.problems ?? []) };
}

/** One kind's records imported and counted, the count of what was written checked against the database's own. */
function imports(db: RecordsDatabase, dir: string, importer: Importer, files: string[]): ImportCount {
  importer.make(db);
  const rows = db.prepare(`SELECT COUNT(*) FROM ${importer.table}`).pluck();
  const before = rows.get() as number;
  const count: ImportCount = { read: 0, written: 0, present: 0, added: 0 };
  const problems: Wording[] = [];
  for (const written of importer.import(db, files, problems)) {
    count.read++;
    if (written) count.written++;
    else count.present++;
  }
  count.added = (rows.get() as number) - before;
  if (count.added !== count.written)
    throw new UsageError(
      (say) => say.records.importMiscounted(files[0] ?? dir, count.read, count.written, count.added),
      { code: "RECORDS_IMPORT_FAILED" },
    );
  if (problems.length > 0) count.problems = problems;
  return count;
}

/**
 * Renames an imported file (or directory) to a free `.imported` name beside it: the name, or
 * undefined when another process that imported the same files renamed it first.
 */
function keepAside(path: string): string | undefined {
  for (let n = 1; ; n++) {
    const target = `${path}${importedSuffix}${n === 1 ? "" : `-${n}`}`;
    if (existsSync(target) || isLink(target)) continue;
    try {
      renameSync(path, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    syncDirectory(dirname(path));
    return basename(target);
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
