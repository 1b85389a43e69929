import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/emulator/dialect.js";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess, whileAdvancing, writeCart } from "./commands-harness.js";

const dialects: Dialect[] = ["live", "live-short"];

for (const dialect of dialects) {
  describe(`a day's ledger, ${dialect}`, () => {
    const harness = useEmulator({ dialect });

    it("history's net spend equals the balance's movement to the rupiah; sandbox orders and locks spend nothing", async () => {
      const apiKey = harness.apiKeyOf("Toko Makmur Jaya");
      const reseller = resellerInProcess(harness, apiKey);
      const emulator = harness.emulator;
      const start = harness.accountOf(apiKey).balance;
      const since = new Date(Date.now() - 60_000).toISOString().slice(0, 10);
      const buy = async (args: string[], expected: number, env: Record<string, string> = {}) => {
        const r = await whileAdvancing(emulator, reseller.run(["buy", ...args, "--yes"], { env }), 10, 150);
        expect(r.exitCode, `${args.join(" ")}\n${r.stderr}`).toBe(expected);
        emulator.faults.reset();
        return r;
      };

      // Delivered, waited for.
      await buy(["--item", "11", "--qty", "1", "--note", "081277770001", "--ref-id", "day-1", "--wait"], 0);
      // The provider refuses the player id: refunded whole.
      await buy(["--item", "22", "--qty", "1", "--note", "99997001", "--no-validate", "--wait"], 1);
      // The panel delivers part of the followers: the rest refunded.
      await buy(["--item", "23", "--qty", "300", "--target", "https://instagram.com/partial_day_1", "--wait"], 1);
      // Partly delivered and failed later, with nobody waiting: the refunds reach history by --refresh.
      await buy(["--item", "23", "--qty", "200", "--target", "https://instagram.com/partial_day_2"], 0);
      const cart = writeCart(reseller, [
        { item_id: 11, quantity: 1, note: "081277770002" },
        { item_id: 22, quantity: 1, note: "99997002" },
      ]);
      await buy(["--cart", cart, "--no-validate"], 0);
      await buy(["--item", "22", "--qty", "1", "--note", "99997003", "--no-validate"], 0);
      // Refused: a ref_id of the day used again. Nothing charged.
      await buy(["--item", "11", "--qty", "1", "--note", "081277770003", "--ref-id", "day-1"], 1);
      // The answer is lost after the purchase went through: the retry finds it, one purchase.
      emulator.faults.configure({ drop_after_commit_next: 1, match: { method: "POST", path: "/v1/trx" } });
      await buy(["--item", "12", "--qty", "1", "--note", "081277770004"], 0);
      // A 503 then the answer: bought once.
      emulator.faults.configure({ error_next: 1, error_status: 503, match: { method: "POST", path: "/v1/trx" } });
      await buy(["--item", "11", "--qty", "1", "--note", "081277770005"], 0);
      // Every attempt lost before it reached the service: unknown (exit 5), settled by reconcile as not bought.
      emulator.faults.configure({ drop_before_commit_next: 10, match: { method: "POST", path: "/v1/trx" } });
      await buy(["--item", "11", "--qty", "1", "--note", "081277770006"], 5, { RESELLER_MAX_RETRIES: "1" });
      expect((await reseller.run(["reconcile"])).exitCode).toBe(0);
      // A sandbox order and a stock lock: in history, never spending.
      expect((await reseller.run(["sandbox", "--item", "3", "--qty", "1"])).exitCode).toBe(0);
      expect((await reseller.run(["lock", "add", "--item", "5", "--qty", "1"])).exitCode).toBe(0);
      // A top-up paid through its link.
      expect((await reseller.run(["topup", "--amount", "50000", "--channel", "QRIS", "--yes"])).exitCode).toBe(0);
      const token = harness.accountOf(apiKey).top_ups.at(-1)!.payment_token;
      expect((await fetch(`${emulator.baseUrl}/pay/${token}`, { method: "POST" })).status).toBeLessThan(400);

      // The day ends: every delivery is final.
      emulator.clock.advance(3_600_000);
      const end = harness.accountOf(apiKey).balance;

      // The documented recipe: refresh, then sum `net`.
      const spent = await reseller.run(["history", "--refresh", "--since", since, "--jq", "[.[] | .net // 0] | add"]);
      expect(spent.exitCode, spent.stderr).toBe(0);
      const topUps = harness.accountOf(apiKey).top_ups.filter((t) => t.status === "paid");
      const paidIn = topUps.reduce((sum, t) => sum + t.amount, 0);
      expect(paidIn).toBe(50_000);
      expect(Number(spent.stdout.trim())).toBe(start - end + paidIn);
      // The same, purchase by purchase, against the service's own record of each transaction.
      const service = harness.accountOf(apiKey).transactions;
      const entries = (await reseller.run(["history", "--json"])).json() as any[];
      const purchases = entries.filter((e) => e.what === "purchase" || e.what === "cart");
      for (const e of purchases) {
        expect(e).toHaveProperty("amount");
        expect(e).toHaveProperty("refunded");
        expect(e).toHaveProperty("net");
        // Refused or never sent: nothing charged (a refused ref_id may name another purchase that was).
        const t = service.find((s) => s.ref_id === e.ref_id);
        if (e.verdict === "refused" || e.verdict === "not_sent") expect([e.ref_id, e.net]).toEqual([e.ref_id, 0]);
        else expect([e.ref_id, e.net]).toEqual([e.ref_id, t!.amount - t!.refunded]);
      }
      expect(
        new Set(purchases.map((e) => e.verdict)),
        JSON.stringify(purchases.map((e) => [e.ref_id, e.verdict, e.outcome])),
      ).toEqual(new Set(["delivered", "delivery_failed", "partial", "refused", "not_sent"]));
      // What each entry is, and the paid top-up.
      expect(new Set(entries.map((e) => e.what))).toEqual(
        new Set(["purchase", "cart", "sandbox order", "stock lock", "top-up"]),
      );
      for (const e of entries.filter((x) => x.what === "sandbox order" || x.what === "stock lock"))
        expect(e.net).toBe(0);
      expect(entries.find((e) => e.what === "top-up")).toMatchObject({ status: "paid" });
      // A day of a dozen commands: more than the default 30 s on a busy machine.
    }, 120_000);
  });
}
