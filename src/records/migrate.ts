/**
 * The files of earlier releases moved into the records database on first use: every importer's old
 * files in one transaction, counts checked, then each renamed with a suffix and kept (never deleted).
 *
 * Safe to interrupt: killed before the commit, nothing was imported and the files are where they
 * were; killed after it, the next run reads them again, finds every record already there (an
 * importer skips a record it holds), and renames them. A second process waits for the first's
 * transaction (BEGIN IMMEDIATE) and then finds nothing new.
 */
import { existsSync, lstatSync, renameSync } from "node:fs";
import { dirname } from "node:path";
import { UsageError } from "../errors.js";
import { syncDirectory } from "../config/config-dir.js";
import { say } from "../messages/messages.js";
import { openRecordsDatabase, type RecordsDatabase } from "./database.js";
import { journalImporter } from "./journal-import.js";
import { type Importer, RenamedMeanwhile } from "./old-files.js";

/**
 * Every importer of the journal's files, in the order they run. The webhook deliveries file and
 * locks.json are imported by their own stores on first use (records/import-deliveries.ts,
 * records/import-stock-locks.ts), each in a transaction of its own and as safe to interrupt.
 */
const importers: Importer[] = [journalImporter];

/** The suffix an imported file is renamed with (then `.imported-2`, … when taken). */
export const importedSuffix = ".imported";

/** How long a process waits for another's import before it says the records are busy. */
const importWaitMs = 10 * 60_000;

const imported = new WeakSet<RecordsDatabase>();

/** The records database of this config dir, with the old files of earlier releases imported. */
export function openRecords(dir: string): RecordsDatabase {
  const db = openRecordsDatabase(dir);
  if (!imported.has(db)) {
    importOldFiles(db, dir);
    imported.add(db);
  }
  return db;
}

function found(dir: string) {
  return importers.flatMap((importer) => importer.find(dir).map((unit) => ({ importer, ...unit })));
}

function importOldFiles(db: RecordsDatabase, dir: string): void {
  if (found(dir).length === 0) return;
  const deadline = Date.now() + importWaitMs;
  const importAll = db.transaction(() => {
    const units = found(dir);
    for (const { importer, files } of units) {
      const count = importer.import(db, files);
      if (count.written + count.present !== count.read || count.added !== count.written)
        throw new UsageError(say.records.importMiscounted(files[0] ?? dir, count.read, count.written, count.added), {
          code: "RECORDS_IMPORT_FAILED",
        });
    }
    return units;
  });
  let units: ReturnType<typeof found>;
  // A big import in a small page cache spills to the log over and over: a larger one while it runs.
  const cacheSize = db.pragma("cache_size", { simple: true }) as number;
  db.pragma("cache_size = -65536");
  try {
    for (;;) {
      try {
        units = importAll.immediate();
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
  for (const { rename } of units) keepAside(rename);
}

/** Renames an imported file (or directory) to a free `.imported` name beside it; gone already is fine. */
function keepAside(path: string): void {
  for (let n = 1; ; n++) {
    const target = `${path}${importedSuffix}${n === 1 ? "" : `-${n}`}`;
    if (existsSync(target) || isLink(target)) continue;
    try {
      renameSync(path, target);
    } catch (error) {
      // Renamed already by another process that imported the same files.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    syncDirectory(dirname(path));
    return;
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
