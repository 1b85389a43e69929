/**
 * The journal of earlier releases, read for the one import into the records database: the active
 * log `journal.jsonl` and the sealed monthly segments under `journal.d/segments/` (its bucket index
 * is derived and not read). The only reader of the JSON Lines format.
 */
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileProblem, linkRefusedHint } from "../config/config-dir.js";
import { UsageError } from "../errors.js";
import type { JournalRecord } from "../journal/entries.js";
import { journalRecords } from "./journal.js";
import { type Importer, oldFileLines, recordOfLine } from "./old-files.js";

export const oldJournalName = "journal.jsonl";
export const oldJournalDirName = "journal.d";

function parseRecord(text: string): JournalRecord | undefined {
  try {
    const value = JSON.parse(text) as Partial<JournalRecord>;
    return value && value.v === 1 && typeof value.entry === "string" && typeof value.type === "string"
      ? (value as JournalRecord)
      : undefined;
  } catch {
    return undefined;
  }
}

function identity(path: string): string | undefined {
  try {
    const stats = lstatSync(path);
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return undefined;
  }
}

export const journalImporter: Importer = {
  find(dir) {
    const units: { rename: string; files: string[] }[] = [];
    const seen = new Set<string>();
    const storeDir = join(dir, oldJournalDirName);
    if (identity(storeDir)) {
      const segmentsDir = join(storeDir, "segments");
      let names: string[] = [];
      try {
        names = readdirSync(segmentsDir).filter((n) => n.endsWith(".jsonl"));
      } catch {
        // No segments: a journal that never turned a month, or only its index.
      }
      // Numbered in the order they were sealed.
      const files = names.sort().map((n) => join(segmentsDir, n));
      for (const file of files) seen.add(identity(file) ?? file);
      units.push({ rename: storeDir, files });
    }
    const active = join(dir, oldJournalName);
    const id = identity(active);
    // A crash between sealing's link and unlink left the active log named as a segment too: read once.
    if (id) units.push({ rename: active, files: seen.has(id) ? [] : [active] });
    return units;
  },

  table: "journal_events",
  make: journalRecords,

  *import(db, files) {
    const journal = journalRecords(db);
    // A first import (the usual case) holds nothing yet: no record needs looking for.
    const check = journal.eventCount() > 0;
    for (const file of files) {
      for (const { text } of oldFileLines(file, (error) => cannotRead(file, error))) {
        const record = recordOfLine(text, '{"v":1,', parseRecord);
        // A torn line is left in the kept file: nothing in it can be trusted.
        if (record) yield journal.importRecord(record, check);
      }
    }
  },
};

function cannotRead(path: string, error: unknown): UsageError {
  return new UsageError((say) => say.orders.journal.cannotRead(path, fileProblem(error, say)), {
    code: "JOURNAL_UNREADABLE",
    suggestion:
      (error as NodeJS.ErrnoException).code === "ELOOP" ? linkRefusedHint : (say) => say.orders.journal.cannotReadHint,
  });
}
