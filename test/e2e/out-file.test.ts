/**
 * `buy --file … --out FILE` writes licences and serials: the file is opened like reseller's own (no
 * links followed, 0600), and never the orders file itself, which truncating would destroy. A refusal
 * comes before anything is bought.
 */
import { linkSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess } from "./commands-harness.js";

const harness = useEmulator();
const orders = "item_id,quantity,note\n12,1,081234567890\n";
const purchases = () => harness.requests.filter((line) => line.startsWith("POST /v1/trx")).length;

describe("buy --file --out", () => {
  it("writes a new results file 0600, whatever the umask", async () => {
    const reseller = resellerInProcess(harness);
    const file = join(reseller.configDir, "orders.csv");
    writeFileSync(file, orders);
    const out = join(reseller.configDir, "results.jsonl");
    writeFileSync(out, "old results\n", { mode: 0o644 });
    const r = await reseller.run(["buy", "--file", file, "--out", out, "--yes"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(readFileSync(out, "utf8")).toMatch(/^\{"row":2,.*"outcome":"bought"/);
  });

  it("refuses a results path that is a symbolic link, writes nothing through it, and buys nothing", async () => {
    const reseller = resellerInProcess(harness);
    const file = join(reseller.configDir, "orders.csv");
    writeFileSync(file, orders.replace("081234567890", "081234567891"));
    const victim = join(reseller.configDir, "someone-elses.txt");
    writeFileSync(victim, "keep me\n");
    const out = join(reseller.configDir, "results.jsonl");
    symlinkSync(victim, out);
    const before = purchases();
    const r = await reseller.run(["buy", "--file", file, "--out", out, "--yes"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/symbolic link/);
    expect(readFileSync(victim, "utf8")).toBe("keep me\n");
    expect(purchases()).toBe(before);
  });

  it("refuses the orders file itself, by any name, and leaves it whole", async () => {
    const reseller = resellerInProcess(harness);
    const file = join(reseller.configDir, "orders.csv");
    const text = orders.replace("081234567890", "081234567892");
    writeFileSync(file, text);
    const hardLink = join(reseller.configDir, "same-orders.csv");
    linkSync(file, hardLink);
    const before = purchases();
    for (const out of [file, join(reseller.configDir, ".", "orders.csv"), hardLink]) {
      const r = await reseller.run(["buy", "--file", file, "--out", out, "--yes"]);
      expect(r.exitCode, out).toBe(2);
      expect(r.stderr).toMatch(/is the orders file/);
      expect(readFileSync(file, "utf8")).toBe(text);
    }
    expect(purchases()).toBe(before);
  });
});
