/**
 * Text no customer data holds, refused before anything is sent, whichever door it comes through: a
 * NUL byte (cut short or refused somewhere along the way, an order then fails after it was charged)
 * and a megabyte note (a pasted file, a runaway script).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerAs } from "./commands-harness.js";

const harness = useEmulator();
const purchases = () => harness.requests.filter((line) => line.startsWith("POST /v1/trx")).length;

describe("notes no customer data holds", () => {
  it("a NUL byte in an orders file's note: exit 2, the row named, nothing bought", async () => {
    const reseller = resellerAs(harness);
    const file = join(reseller.configDir, "orders.csv");
    writeFileSync(file, "item_id,quantity,note\n12,1,081234567890\n12,1,0812\u00003456789\n");
    const before = purchases();
    const r = await reseller.run(["buy", "--file", file, "--yes"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/NUL byte/);
    expect(r.stderr).toMatch(/orders\.csv/);
    expect(purchases()).toBe(before);
  });

  it("a megabyte note in a JSON Lines file: exit 2, nothing bought", async () => {
    const reseller = resellerAs(harness);
    const file = join(reseller.configDir, "orders.jsonl");
    writeFileSync(file, `${JSON.stringify({ item_id: 12, quantity: 1, note: "0812".repeat(256 * 1024) })}\n`);
    const before = purchases();
    const r = await reseller.run(["buy", "--file", file, "--yes"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/the note is 1024 KB; at most 64 KB is sent/);
    expect(purchases()).toBe(before);
  });

  it("a note of ordinary length still buys", async () => {
    const reseller = resellerAs(harness);
    const r = await reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--yes"]);
    expect(r.exitCode, r.stderr).toBe(0);
  });
});
