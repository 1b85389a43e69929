/**
 * The emulator's --state file holds its API keys and balances: it is written like the config store
 * (a new 0600 file under an unpredictable name, created exclusively, renamed into place) and never
 * read or written through a link someone planted.
 */
import { existsSync, lstatSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { manualClock, startEmulator } from "../../src/emulator/server.js";
import { makeTempDir } from "../support/temp-dir.js";

describe("the emulator's state file", () => {
  it("is created 0600, replaced whole, and leaves no temporary file behind", async () => {
    const dir = makeTempDir("reseller-state-");
    const path = join(dir, "state.json");
    const emulator = await startEmulator({ port: 0, stateFile: path, clock: manualClock() });
    await fetch(`${emulator.baseUrl}/v1/balance`, { headers: { "X-APIKEY": emulator.demoApiKey } });
    await emulator.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, "utf8")).version).toBe(1);
    expect(readdirSync(dir)).toEqual(["state.json"]);
  });

  it("refuses a state path that is a link, and writes nothing through it", async () => {
    const dir = makeTempDir("reseller-state-");
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "someone else's file\n");
    const path = join(dir, "state.json");
    symlinkSync(victim, path);
    await expect(startEmulator({ port: 0, stateFile: path, clock: manualClock() })).rejects.toThrow(/symbolic link/);
    expect(readFileSync(victim, "utf8")).toBe("someone else's file\n");
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
  });

  it("never writes through the old predictable temporary name", async () => {
    const dir = makeTempDir("reseller-state-");
    const path = join(dir, "state.json");
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "untouched\n");
    symlinkSync(victim, `${path}.${process.pid}.tmp`);
    const emulator = await startEmulator({ port: 0, stateFile: path, clock: manualClock() });
    await fetch(`${emulator.baseUrl}/v1/balance`, { headers: { "X-APIKEY": emulator.demoApiKey } });
    await emulator.close();
    expect(readFileSync(victim, "utf8")).toBe("untouched\n");
    expect(existsSync(path)).toBe(true);
  });
});
