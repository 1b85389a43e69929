/**
 * A manual item delivers a seller's note. The live service's detail names each item's process in the
 * reference's shape, and names none in the short guide's: in both, the note reaches the customer's
 * receipt and what a bulk run hands over.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/emulator/dialect.js";
import { makeConfigDir } from "../support/cli.js";
import { runInProcess } from "../support/run-main.js";
import { useEmulator } from "../support/emulator.js";
import { json, useHostileServer } from "../support/hostile-server.js";
import { resellerInProcess } from "./commands-harness.js";

const delivered = "Joki selesai, akun sudah Legend V. Silakan ganti password akun Anda.";

for (const dialect of ["live", "live-short"] as Dialect[]) {
  describe(`a manual item's delivery in the ${dialect} dialect`, () => {
    const harness = useEmulator({ dialect });

    it("is on the customer's receipt and among what a bulk run hands over", async () => {
      const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
      const ref = `manual-${dialect}`;
      const bought = await reseller.run([
        "buy",
        "--item",
        "10",
        "--qty",
        "1",
        "--note",
        "akun: joki@contoh.id",
        "--ref-id",
        ref,
        "--yes",
      ]);
      expect(bought.exitCode, bought.stderr).toBe(0);
      harness.emulator.clock.advance(300_000);
      // The service completes a manual order once its time has passed, on the next look.
      const shown = (await reseller.run(["trx", "show", ref, "--json"])).json();
      expect(shown.data?.status ?? shown.status).toBe("completed");

      const receipt = (await reseller.run(["receipt", ref, "--json"])).json();
      expect(receipt.lines[0].seller_note).toBe(delivered);

      // The same order in a file: bought before, so nothing is sent, and --wait shows what it delivered.
      const orders = join(reseller.configDir, "orders.csv");
      writeFileSync(orders, `item_id,quantity,note,ref_id\n10,1,akun: joki@contoh.id,${ref}\n`);
      const bulk = await reseller.run(["buy", "--file", orders, "--wait", "--json"]);
      expect(bulk.exitCode, bulk.stderr).toBe(0);
      expect(JSON.parse(bulk.stdout.trim().split("\n")[0]!).hand_over).toEqual([delivered]);
    });
  });
}

describe("a seller's note on an item that is not manual", () => {
  const server = useHostileServer();
  const internal = "catatan internal: modal Rp 9.000 dari supplier B";
  const delivery = "akun: joki@contoh.id | sandi: Rahasia123";
  server.routes.set(
    "GET /v1/trx/NOTE-1",
    json(200, {
      message: "OK",
      data: {
        invoice: "INV-NOTE-1",
        ref_id: "NOTE-1",
        status: "completed",
        amount: 185_000,
        created_at: "2026-11-26T10:00:00+07:00",
        items: [
          {
            variant_id: 12,
            variant_name: "Telkomsel 10K",
            price: 10_000,
            qty: 1,
            note: "081234567890",
            order_process: "h2h",
            seller_note: internal,
          },
          {
            variant_id: 10,
            variant_name: "Joki Rank",
            price: 175_000,
            qty: 1,
            note: "akun: joki",
            order_process: "manual",
            seller_note: delivery,
          },
        ],
      },
      h2h_results: [{ variant_id: 12, sn: "SN123456789", dispatch_status: "completed" }],
    }),
  );
  const run = (args: string[], env: Record<string, string> = {}) =>
    runInProcess(args, {
      env: {
        RESELLER_BASE_URL: server.baseUrl,
        RESELLER_API_KEY: "sk_live_note0123456789abcdef",
        RESELLER_CONFIG_DIR: makeConfigDir(),
        ...env,
      },
    });

  it("is not handed over by trx show, in its table or its piped rows, as the receipt does not: a manual item's is", async () => {
    const piped = await run(["trx", "show", "NOTE-1"]);
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(piped.stdout.split("\n").filter((l) => l.startsWith("seller_note\t"))).toEqual([
      `seller_note\t10\t${delivery}`,
    ]);
    expect(piped.stdout).not.toContain(internal);

    const table = await run(["trx", "show", "NOTE-1"], { RESELLER_FORCE_TTY: "1", COLUMNS: "200" });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toContain(delivery);
    expect(table.stdout).not.toContain("catatan internal");

    const receipt = (await run(["receipt", "NOTE-1", "--json"])).json();
    expect(receipt.lines.map((l: { seller_note: string | null }) => l.seller_note)).toEqual([null, delivery]);
  });
});
