/**
 * A file of orders says what it cost: the summary names what was spent, what was refunded and the
 * balance after. A re-run with --wait lists again the serials and licences of the orders bought
 * before, in the same rows, without buying anything; and a --wait of more than ten rows prints no
 * Node warning (one listener on Ctrl-C for every wait, not one each).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatRupiah } from "../../src/output/format.js";
import { useEmulator } from "../support/emulator.js";
import { resellerAs, whileAdvancing, pipedRows } from "./commands-harness.js";

const harness = useEmulator();

describe("buy --file, the money and the hand-over", () => {
  it("13 rows with --wait: no warning, the spend and the balance after; the re-run lists each licence again", async () => {
    const apiKey = harness.apiKeyOf("Rumah Game Murah");
    const reseller = resellerAs(harness, apiKey);
    const file = join(reseller.configDir, "orders.csv");
    // Licences (auto) and two phone top-ups, one of which the provider refuses (refunded).
    const rows = [...Array.from({ length: 11 }, () => "3,1,"), "11,1,081299995501", "22,1,99995502"];
    writeFileSync(file, `item_id,quantity,note\n${rows.join("\n")}\n`);
    const before = harness.accountOf(apiKey).balance;
    const bought = harness.accountOf(apiKey).transactions.length;
    const running = reseller.start(["buy", "--file", file, "--wait", "--no-validate", "--yes"]);
    // Every order bought and waiting at once before any is delivered: thirteen waits side by side.
    const deadline = Date.now() + 20_000;
    while (harness.accountOf(apiKey).transactions.length < bought + 13) {
      expect(Date.now(), "all 13 orders bought").toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }
    // …and each has looked once (not delivered yet) and is sleeping until its next look.
    const looks = () => harness.requests.filter((line) => /GET \S*\/v1\/trx\/BLK-/.test(line)).length;
    while (looks() < 13) {
      expect(Date.now(), "a first look at each order").toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }
    const first = await whileAdvancing(harness.emulator, running.done, 5, 200);
    expect(first.exitCode, first.stderr).toBe(1);
    expect(first.stderr).not.toMatch(/Warning|MaxListeners/);
    const after = harness.accountOf(apiKey).balance;
    const results = pipedRows(first.stdout);
    const amounts = results.reduce((sum, r) => sum + Number(r[5]), 0);
    expect(first.stderr).toContain(
      `Spent ${formatRupiah(amounts)}, Rp 19.000 refunded: ${formatRupiah(before - after)} in all; balance now ${formatRupiah(after)}.`,
    );

    const count = harness.accountOf(apiKey).transactions.length;
    const again = await reseller.run(["buy", "--file", file, "--wait", "--no-validate", "--yes"]);
    expect(harness.accountOf(apiKey).transactions.length).toBe(count);
    const rerun = pipedRows(again.stdout);
    expect(rerun).toHaveLength(13);
    // Each row bought before, with what to hand over as the first run gave it.
    const handOver = (rs: string[][]) => Object.fromEntries(rs.map((r) => [r[0], [r[2], r.slice(11).join(" ")]]));
    expect(handOver(rerun)).toEqual(handOver(results));
    expect(rerun.filter((r) => r[2] === "delivered").every((r) => r[11])).toBe(true);
    expect(again.stderr).toMatch(/13 of them bought before, not sent again/);
    expect(again.stderr).toContain(`Spent Rp 0; balance now ${formatRupiah(after)}.`);

    // The failed row bought before says its refund and what it cost in the end, as the first run's did.
    const json = await reseller.run(["buy", "--file", file, "--no-validate", "--yes"], { mode: "json" });
    const failed = json.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line))
      .find((r) => r.outcome === "delivery_failed");
    expect(failed).toMatchObject({ sent: false, refunded: 19_000, net: failed.amount - 19_000 });

    const table = await reseller.run(["buy", "--file", file, "--wait", "--no-validate", "--yes"], {
      mode: "table",
      env: { COLUMNS: "200" },
    });
    expect(table.stdout).toMatch(/delivered \(before\)/);
    expect(table.stdout).toContain(results[0]![11]!);
  });
});
