/**
 * A records database written by a newer release of reseller (a higher user_version, tables this
 * release does not know): refused before anything is read or sent, on the built CLI.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerAs } from "./commands-harness.js";

const harness = useEmulator();

describe("a records database of a newer release", () => {
  it("buy and history refuse it (exit 2), name the version and say to upgrade; nothing is sent", async () => {
    const apiKey = harness.apiKeyOf("Kios Reload 24 Jam");
    const reseller = resellerAs(harness, apiKey);
    const first = await reseller.run(["history", "--no-refresh"], { mode: "json" });
    expect(first.exitCode, first.stderr).toBe(0);
    // What a later release would do to it: a new table, its version raised.
    const db = new Database(join(reseller.configDir, "records.db"));
    expect(db.pragma("user_version", { simple: true })).toBe(1);
    db.exec("CREATE TABLE journal_tags (entry TEXT NOT NULL, tag TEXT NOT NULL)");
    db.pragma("user_version = 7");
    db.close();
    const before = harness.accountOf(apiKey).transactions.length;

    const buy = await reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "081234569911", "--yes"], {
      mode: "json",
    });
    expect(buy.exitCode, buy.stderr).toBe(2);
    expect(buy.errorJson().error).toMatchObject({
      code: "RECORDS_NEWER",
      details: { records_version: 7, known_version: 1 },
    });
    expect(buy.errorJson().error.message).toContain("records version 7");
    expect(buy.errorJson().error.suggestion).toContain("Upgrade reseller");
    expect(harness.accountOf(apiKey).transactions.length).toBe(before);

    const history = await reseller.run(["history", "--no-refresh"], { env: { RESELLER_LANG: "id" } });
    expect(history.exitCode).toBe(2);
    expect(history.stderr).toContain("versi catatan 7");
    expect(history.stderr).toContain("Perbarui reseller");
  });
});
