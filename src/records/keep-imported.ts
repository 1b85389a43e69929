/**
 * A file of an earlier release whose records are now in the database: renamed, never deleted, so
 * going back to that release is renaming it back. Called only after the import's transaction
 * committed: a crash before the rename leaves the file in place, and importing it again adds
 * nothing (every importer skips what is there already).
 */
import { existsSync, renameSync } from "node:fs";
import { basename, dirname } from "node:path";
import { syncDirectory } from "../config/config-dir.js";

export const importedSuffix = ".imported";

/** Renames `path` to `path.imported` (`.imported.2`… when taken); the new name, or undefined when another process renamed it first. */
export function keepImported(path: string): string | undefined {
  let kept = `${path}${importedSuffix}`;
  for (let n = 2; existsSync(kept); n++) kept = `${path}${importedSuffix}.${n}`;
  try {
    renameSync(path, kept);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  syncDirectory(dirname(path));
  return basename(kept);
}
