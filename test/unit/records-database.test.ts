/**
 * The records database as it is opened: a file of the user's alone, WAL with synchronous=FULL, one
 * connection per process and dir, and never through a link or in something that is not a file.
 */
import { mkdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeRecordsDatabases, openRecordsDatabase, recordsFileName } from "../../src/records/database.js";
import { makeConfigDir } from "../support/cli.js";

afterEach(() => closeRecordsDatabases());

const refusal = (open: () => unknown) => {
  try {
    open();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return "opened";
};

describe("openRecordsDatabase", () => {
  it("creates records.db 0600 in a new 0700 dir, in WAL mode with synchronous=FULL, once per process", () => {
    const dir = join(makeConfigDir(), "new");
    const db = openRecordsDatabase(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, recordsFileName)).mode & 0o777).toBe(0o600);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    // 2 is FULL: a commit is on disk before it returns.
    expect(db.pragma("synchronous", { simple: true })).toBe(2);
    expect(db.pragma("busy_timeout", { simple: true })).toBeGreaterThan(0);
    expect(openRecordsDatabase(dir)).toBe(db);
  });

  it("makes a looser existing file 0600", () => {
    const dir = makeConfigDir();
    writeFileSync(join(dir, recordsFileName), "", { mode: 0o644 });
    openRecordsDatabase(dir);
    expect(statSync(join(dir, recordsFileName)).mode & 0o777).toBe(0o600);
  });

  it("refuses a database or a config dir that is a link, and a directory in the database's place", () => {
    const linkedFile = makeConfigDir();
    symlinkSync(join(makeConfigDir(), "elsewhere.db"), join(linkedFile, recordsFileName));
    expect(refusal(() => openRecordsDatabase(linkedFile))).toBe("RECORDS_UNSAFE");

    const linkedDir = join(makeConfigDir(), "linked");
    symlinkSync(makeConfigDir(), linkedDir);
    expect(refusal(() => openRecordsDatabase(linkedDir))).toBe("RECORDS_UNSAFE");

    const notAFile = makeConfigDir();
    mkdirSync(join(notAFile, recordsFileName));
    expect(refusal(() => openRecordsDatabase(notAFile))).toBe("RECORDS_UNSAFE");
  });
});
