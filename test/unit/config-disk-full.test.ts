/**
 * Saving the config on a disk that is full, read-only or not the user's to write.
 * The file system's refusal is simulated at the syscall reseller makes (open, write, rename), as a
 * full disk cannot be made in a test: the file is named, the problem said in words, exit 2, and the
 * old file is left whole with no temporary file beside it.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { en } from "../../src/messages/en.js";
import type { ResellerError } from "../../src/errors.js";

const disk = vi.hoisted(() => ({
  failing: undefined as undefined | { call: "openSync" | "writeSync" | "fsyncSync" | "renameSync"; code: string },
}));

vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  const failable = <K extends "openSync" | "writeSync" | "fsyncSync" | "renameSync">(call: K) =>
    ((...args: unknown[]) => {
      // Only writes fail: a full or read-only disk still reads.
      const writing =
        call !== "openSync" || (typeof args[1] === "number" && (args[1] & actual.constants.O_CREAT) !== 0);
      if (disk.failing?.call === call && writing)
        throw Object.assign(new Error(`${disk.failing.code}: simulated`), { code: disk.failing.code });
      return (actual[call] as (...a: unknown[]) => unknown)(...args);
    }) as (typeof actual)[K];
  const mocked = {
    ...actual,
    openSync: failable("openSync"),
    writeSync: failable("writeSync"),
    fsyncSync: failable("fsyncSync"),
    renameSync: failable("renameSync"),
  };
  return { ...mocked, default: mocked };
});

const { ConfigStore } = await import("../../src/config/store.js");
const { printError } = await import("../../src/output/print-error.js");
const { makeConfigDir } = await import("../support/cli.js");

afterEach(() => {
  disk.failing = undefined;
});

function printed(error: unknown): { text: string; exitCode: number } {
  let text = "";
  const exitCode = printError(error, {
    say: en,
    stderr: { write: (s: string) => (text += s) },
    json: false,
    verbose: false,
    paint: (_t, s) => s,
  });
  return { text, exitCode };
}

async function saving(call: NonNullable<typeof disk.failing>["call"], code: string) {
  const dir = makeConfigDir();
  const path = join(dir, "config.json");
  const before = `${JSON.stringify({ profiles: { default: { base_url: "https://api.example.com", max_retries: "abc" } } })}\n`;
  writeFileSync(path, before, { mode: 0o600 });
  disk.failing = { call, code };
  const error = await new ConfigStore(dir)
    .writeProfile("default", { base_url: "https://api.example.com", max_retries: 3 })
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  disk.failing = undefined;
  return { error, dir, path, before };
}

describe("config set on a disk that refuses the write", () => {
  it.each([
    ["writeSync", "ENOSPC", "the disk is full (ENOSPC)", /Free some disk space/],
    ["writeSync", "EDQUOT", "the disk quota is used up (EDQUOT)", /Free some disk space/],
    ["fsyncSync", "ENOSPC", "the disk is full (ENOSPC)", /Free some disk space/],
    ["openSync", "EROFS", "the file system is read-only (EROFS)", /writable.*RESELLER_CONFIG_DIR/],
    ["openSync", "EACCES", "permission denied (EACCES)", /writable.*RESELLER_CONFIG_DIR/],
    ["renameSync", "EPERM", "permission denied (EPERM)", /writable.*RESELLER_CONFIG_DIR/],
  ] as const)(
    "%s fails with %s: CONFIG_UNWRITABLE naming the file, exit 2, the old file whole",
    async (call, code, words, hint) => {
      const { error, dir, path, before } = await saving(call, code);
      expect(error).toMatchObject({ code: "CONFIG_UNWRITABLE", exitCode: 2 });
      expect((error as Error).message).toBe(`Cannot save the config file ${path}: ${words}; nothing was changed.`);
      expect((error as ResellerError).suggestionIn(en)).toMatch(hint);
      const { text, exitCode } = printed(error);
      expect(exitCode).toBe(2);
      expect(text).not.toMatch(/bug/i);
      expect(readFileSync(path, "utf8")).toBe(before);
      expect(readdirSync(dir)).toEqual(["config.json"]);
    },
  );
});
