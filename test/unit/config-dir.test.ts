/**
 * The config dir's files: opened without following links, created 0600 in a 0700 dir, and a dir or
 * file owned by someone else or open to others said at start (and tightened where the user owns it).
 * Tests run as root here: "owned by someone else" is made with chown to uid 65534, which only root can.
 */
import { en } from "../../src/messages/en.js";
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkConfigDir, localFileNames, readOwnFile, replaceOwnFile } from "../../src/config/config-dir.js";
import { lockCacheFileName } from "../../src/records/stock-locks-table.js";
import { findCachedLock, rememberLock } from "../../src/records/stock-locks.js";
import { configFileName } from "../../src/config/store.js";
import { openJournal } from "../../src/journal/journal.js";
import { recordsFileName } from "../../src/records/database.js";
import { deliveriesFileName } from "../../src/records/import-deliveries.js";
import { DeliveryStore } from "../../src/webhooks/deliveries.js";
import { makeConfigDir } from "../support/cli.js";

const isRoot = process.getuid?.() === 0;
const mode = (path: string) => statSync(path).mode & 0o777;
const code = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return (error as NodeJS.ErrnoException).code;
  }
  return "read";
};

it("checks every file reseller keeps in the dir", () => {
  expect([...localFileNames].sort()).toEqual(
    [configFileName, recordsFileName, lockCacheFileName, deliveriesFileName].sort(),
  );
});

describe("readOwnFile", () => {
  it("reads a file, and says undefined for none", () => {
    const dir = makeConfigDir();
    writeFileSync(join(dir, "config.json"), "{}");
    expect(readOwnFile(join(dir, "config.json"))).toBe("{}");
    expect(readOwnFile(join(dir, "journal.jsonl"))).toBeUndefined();
  });

  it("refuses a symbolic link (ELOOP) instead of reading what it points to", () => {
    const dir = makeConfigDir();
    writeFileSync(join(dir, "real.json"), "{}");
    symlinkSync(join(dir, "real.json"), join(dir, "config.json"));
    expect(code(() => readOwnFile(join(dir, "config.json")))).toBe("ELOOP");
  });

  it("refuses a directory (EISDIR) and a FIFO, without waiting for a writer", () => {
    const dir = makeConfigDir();
    mkdirSync(join(dir, "config.json"));
    expect(code(() => readOwnFile(join(dir, "config.json")))).toBe("EISDIR");
    execFileSync("mkfifo", [join(dir, "journal.jsonl")]);
    expect(code(() => readOwnFile(join(dir, "journal.jsonl")))).toBe("ENOTREG");
  });
});

describe("replaceOwnFile", () => {
  it("creates the file 0600 and a missing dir 0700, and leaves no temporary file", () => {
    const dir = join(makeConfigDir(), "reseller");
    replaceOwnFile(join(dir, "locks.json"), "{}\n");
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, "locks.json"))).toBe(0o600);
    expect(readdirSync(dir)).toEqual(["locks.json"]);
  });

  it("replaces a looser file with one of the owner's alone", () => {
    const dir = makeConfigDir();
    writeFileSync(join(dir, "locks.json"), "old", { mode: 0o644 });
    replaceOwnFile(join(dir, "locks.json"), "new");
    expect(readOwnFile(join(dir, "locks.json"))).toBe("new");
    expect(mode(join(dir, "locks.json"))).toBe(0o600);
  });
});

describe("each file reseller keeps is refused when it is a link, and what it points to left alone", () => {
  const linked = (name: string, content = "") => {
    const dir = makeConfigDir();
    const target = join(makeConfigDir(), "target");
    writeFileSync(target, content);
    symlinkSync(target, join(dir, name));
    return { dir, target, unchanged: () => expect(readFileSync(target, "utf8")).toBe(content) };
  };

  it("the records database: appending and reading are refused (RECORDS_UNSAFE: the purchase then stops before sending)", () => {
    const { dir, unchanged } = linked(recordsFileName);
    expect(
      code(() =>
        openJournal(dir).append({ v: 1, type: "attempt", entry: "e1", at: new Date(0).toISOString(), attempt: 1 }),
      ),
    ).toBe("RECORDS_UNSAFE");
    expect(code(() => openJournal(dir).unsettled())).toBe("RECORDS_UNSAFE");
    unchanged();
  });

  it("the webhook deliveries: the listener refuses to start (WEBHOOK_DELIVERIES_UNREADABLE, exit 2)", () => {
    const { dir, unchanged } = linked(deliveriesFileName, '{"key":"k1"}\n');
    let error: unknown;
    try {
      new DeliveryStore(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      code: "WEBHOOK_DELIVERIES_UNREADABLE",
      exitCode: 2,
      message: expect.stringMatching(/symbolic link/),
    });
    unchanged();
  });

  it("the lock cache of an earlier release that is a link: never read through, kept aside as a link, the lock noted in the records", async () => {
    const { dir, target, unchanged } = linked(
      lockCacheFileName,
      '{"profiles":{"default":[{"lock_token":"LCK-THERE","item_id":1,"quantity":1}]}}',
    );
    await rememberLock(dir, "default", {
      token: "LCK-LINK01",
      itemId: 3,
      quantity: 1,
      lockedAt: null,
      expiresAt: null,
    });
    expect(lstatSync(join(dir, `${lockCacheFileName}.imported`)).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, `${lockCacheFileName}.imported`))).toBe(target);
    expect(await findCachedLock(dir, "default", "LCK-THERE", 0)).toBeUndefined();
    expect(await findCachedLock(dir, "default", "LCK-LINK01", 0)).toBeDefined();
    unchanged();
  });
});

describe("checkConfigDir", () => {
  it("a dir that does not exist yet, or cannot (a path through a file): nothing to say here", () => {
    expect(checkConfigDir(join(makeConfigDir(), "not-yet"), en)).toEqual([]);
    const file = join(makeConfigDir(), "a-file");
    writeFileSync(file, "");
    expect(checkConfigDir(join(file, "reseller"), en)).toEqual([]);
  });

  it("the user's own 0700 dir with 0600 files: nothing to say", () => {
    const dir = makeConfigDir();
    writeFileSync(join(dir, "config.json"), "{}", { mode: 0o600 });
    expect(checkConfigDir(dir, en)).toEqual([]);
  });

  it("tightens a loose dir and loose files the user owns, says so in one line, and only once", () => {
    const dir = makeConfigDir();
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, "config.json"), "{}");
    chmodSync(join(dir, "config.json"), 0o644);
    writeFileSync(join(dir, "records.db"), "");
    chmodSync(join(dir, "records.db"), 0o664);
    const notices = checkConfigDir(dir, en);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`${dir} (0755 → 0700)`);
    expect(notices[0]).toContain(`${join(dir, "config.json")} (0644 → 0600)`);
    expect(notices[0]).toContain(`${join(dir, "records.db")} (0664 → 0600)`);
    expect([mode(dir), mode(join(dir, "config.json")), mode(join(dir, "records.db"))]).toEqual([0o700, 0o600, 0o600]);
    expect(checkConfigDir(dir, en)).toEqual([]);
  });

  it("leaves a loose dir that holds more than reseller's files as it is, and says why", () => {
    const dir = makeConfigDir();
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, "notes.txt"), "someone else's");
    const notices = checkConfigDir(dir, en);
    expect(mode(dir)).toBe(0o755);
    expect(notices).toEqual([expect.stringMatching(/open to others \(0755\) and holds more than reseller's files/)]);
  });

  it("a link is left for the command that opens it to refuse", () => {
    const dir = makeConfigDir();
    writeFileSync(join(dir, "elsewhere.json"), "{}", { mode: 0o644 });
    symlinkSync(join(dir, "elsewhere.json"), join(dir, "config.json"));
    checkConfigDir(dir, en);
    expect(mode(join(dir, "elsewhere.json"))).toBe(0o644);
  });

  it.skipIf(!isRoot)("a dir owned by another user is warned about and left alone", () => {
    const dir = makeConfigDir();
    chmodSync(dir, 0o755);
    chownSync(dir, 65534, 65534);
    const notices = checkConfigDir(dir, en);
    expect(notices).toEqual([
      expect.stringMatching(
        new RegExp(`^Owned by another user: the config dir ${dir} \\(uid 65534\\)\\..*can read your API key`),
      ),
    ]);
    expect(mode(dir)).toBe(0o755);
  });

  it.skipIf(!isRoot)("a file owned by another user is warned about and left alone", () => {
    const dir = makeConfigDir();
    writeFileSync(join(dir, "config.json"), "{}", { mode: 0o644 });
    chownSync(join(dir, "config.json"), 65534, 65534);
    expect(checkConfigDir(dir, en)).toEqual([expect.stringContaining(`${join(dir, "config.json")} (uid 65534)`)]);
    expect(mode(join(dir, "config.json"))).toBe(0o644);
  });
});
