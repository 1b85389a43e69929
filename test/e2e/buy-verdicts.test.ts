/**
 * One verdict per order, in every output of a single buy and a cart: bought, delivered, delivery
 * failed (refunded), refused (nothing charged), unknown. The word reaches --json (`outcome`), the
 * piped row or stderr line, the terminal, and the exit code (0, 0, 1, 1, 5).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { foldRecords } from "../../src/journal/journal.js";
import { closedPort, useEmulator } from "../support/emulator.js";
import { journalRecords, modes, resellerAs, whileAdvancing } from "./commands-harness.js";

const harness = useEmulator();
afterEach(() => harness.emulator.faults.reset());

/** A player id nobody has: the provider refuses it after the purchase, and the service refunds. */
const nobody = (n: number) => `9999${String(n).padStart(4, "0")}`;

describe("single buy --wait", () => {
  for (const [n, mode] of modes.entries()) {
    it(`delivered and delivery failed, ${mode}`, async () => {
      const reseller = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
      const ok = await whileAdvancing(harness.emulator, reseller.run(["buy", "--item", "11", "--qty", "1", "--note", `0812999900${n}1`, "--wait", "--yes"], { mode }), 5, 200);
      expect(ok.exitCode, ok.stderr).toBe(0);
      if (mode === "json") expect(ok.json()).toMatchObject({ outcome: "delivered", data: { status: "completed" } });
      else expect(ok.stderr).toMatch(/Delivered: ref_id RSL-\S+, invoice INV-\S+ \(outcome: delivered\)/);

      const before = harness.accountOf(reseller.apiKey).balance;
      const failed = await whileAdvancing(harness.emulator, reseller.run(["buy", "--item", "22", "--qty", "1", "--note", nobody(n), "--no-validate", "--wait", "--yes"], { mode }), 5, 200);
      expect(failed.exitCode, failed.stderr).toBe(1);
      // Refunded: the balance is back where it was.
      expect(harness.accountOf(reseller.apiKey).balance).toBe(before);
      if (mode === "json") {
        expect(failed.json()).toMatchObject({ outcome: "delivery_failed", refunded: 19_000, data: { status: "failed" } });
        expect(failed.errorJson().error).toMatchObject({ code: "DELIVERY_FAILED", details: { outcome: "delivery_failed", refunded: "Rp 19.000" } });
      } else {
        expect(failed.stderr).toMatch(/Delivery failed: .*Rp 19\.000 refunded/);
        expect(failed.stderr).toMatch(/outcome: delivery_failed/);
      }
      // The journal keeps where it stands, for history.
      const entries = foldRecords(journalRecords(reseller.configDir));
      expect(entries.map((e) => e.status)).toEqual(["completed", "failed"]);
    });
  }
});

describe("cart", () => {
  it("--wait with a line whose delivery failed: exit 1, outcome delivery_failed", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    const cart = join(reseller.configDir, "cart.json");
    writeFileSync(cart, JSON.stringify([{ item_id: 22, quantity: 1, note: nobody(9) }]));
    const r = await whileAdvancing(harness.emulator, reseller.run(["buy", "--cart", cart, "--no-validate", "--wait", "--yes"], { mode: "json" }), 5, 200);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.json()).toMatchObject({ outcome: "delivery_failed", refunded: 19_000 });
  });

  it("without --wait: bought, in every mode", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    const cart = join(reseller.configDir, "cart.json");
    writeFileSync(cart, JSON.stringify([{ item_id: 11, quantity: 1, note: "081299990099" }, { item_id: 3, quantity: 1 }]));
    const json = await reseller.run(["buy", "--cart", cart, "--yes"], { mode: "json" });
    expect(json.exitCode, json.stderr).toBe(0);
    expect(json.json().outcome).toBe("bought");
    const plain = await reseller.run(["buy", "--cart", cart, "--yes"]);
    expect(plain.stdout.trim().split("\t").at(-1)).toBe("bought");
    const table = await reseller.run(["buy", "--cart", cart, "--yes"], { mode: "table" });
    expect(table.stdout).toMatch(/^Outcome +bought$/m);
  });
});

describe("refused and unknown", () => {
  for (const mode of modes) {
    it(`refused (nothing charged) and unknown (sent, no answer), ${mode}`, async () => {
      const reseller = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
      // The service's own refusal at purchase time: a ref_id of yours used before.
      const ref = `used-${mode}`;
      expect((await reseller.run(["buy", "--item", "11", "--qty", "1", "--note", "081299990096", "--ref-id", ref, "--yes"])).exitCode).toBe(0);
      const refused = await reseller.run(["buy", "--item", "11", "--qty", "1", "--note", "081299990096", "--ref-id", ref, "--yes"], { mode });
      expect(refused.exitCode).toBe(1);
      if (mode === "json") expect(refused.errorJson().error).toMatchObject({ code: "REF_ID_ALREADY_EXIST", details: { outcome: "refused" } });
      else expect(refused.stderr).toMatch(/outcome: refused/);

      harness.emulator.faults.configure({ drop_after_commit_next: 0, drop_before_commit_next: 10, match: { method: "POST", path: "/v1/trx" } });
      const lost = await reseller.run(["buy", "--item", "11", "--qty", "1", "--note", "081299990098", "--yes"], { mode, env: { RESELLER_MAX_RETRIES: "1" } });
      harness.emulator.faults.reset();
      // Every answer lost on the way: it may have landed, so unknown (exit 5) until reconcile asks.
      expect(lost.exitCode, lost.stderr).toBe(5);
      if (mode === "json") expect(lost.errorJson().error.details).toMatchObject({ outcome: "unknown" });
      else expect(lost.stderr).toMatch(/outcome: unknown/);
      expect(foldRecords(journalRecords(reseller.configDir)).at(-1)).toMatchObject({ outcome: "unknown" });
    });
  }
  it("the service cannot be reached: exit 4, nothing sent and nothing journaled", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    const r = await reseller.run(["buy", "--item", "11", "--qty", "1", "--note", "081299990097", "--yes"], { mode: "json", env: { RESELLER_BASE_URL: `http://127.0.0.1:${await closedPort()}` } });
    expect(r.exitCode).toBe(4);
    expect(journalRecords(reseller.configDir)).toEqual([]);
  });
});
