/**
 * `history` says where each order stands now, not only what the purchase's own answer said: the
 * status `buy --wait` and `trx show` saw last, the item and the customer; and it names every entry
 * the way the reseller does (the ref_id, a lock's token), never by the journal's own id.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess, whileAdvancing, pipedRows } from "./commands-harness.js";

const harness = useEmulator();

// Piped history rows by position: time, kind, ref_id, outcome, amount, detail, item, customer, status, invoice.

describe("history shows each order's latest known status", () => {
  it("buy --wait: completed, not the paid the purchase answered", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const r = await whileAdvancing(
      harness.emulator,
      reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "late-1", "--wait"]),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const [row] = pipedRows((await reseller.run(["history"])).stdout);
    expect(row!.slice(1, 4)).toEqual(["buy", "late-1", "done"]);
    expect(row!.slice(6, 9)).toEqual(["1 × Pulsa Telkomsel 10.000", "081234567890", "completed"]);
    expect(row![9]).toMatch(/^INV-/);
  });

  it("trx show later: the status it saw is what history shows", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const target = "https://instagram.com/tokoku";
    expect(
      (await reseller.run(["buy", "--item", "23", "--qty", "100", "--target", target, "--ref-id", "late-2"])).exitCode,
    ).toBe(0);
    expect(pipedRows((await reseller.run(["history"])).stdout)[0]!.slice(6, 9)).toEqual([
      "100 × Instagram Followers Indonesia",
      target,
      "paid",
    ]);
    harness.emulator.clock.advance(3600_000);
    const shown = await reseller.run(["trx", "show", "late-2"]);
    const status = shown.stdout.split("\n")[0]!.split("\t")[3];
    expect(status).not.toBe("paid");
    expect(pipedRows((await reseller.run(["history"])).stdout)[0]![8]).toBe(status);
    const table = await reseller.run(["history"], { mode: "table", env: { COLUMNS: "200" } });
    // The link stands whole beside the table, with the ref_id: copied to the customer, never cut.
    expect(table.stdout).toMatch(
      new RegExp(
        `│ 100 × Instagram Followers Indonesia +│ ${status === "completed" ? "delivered" : "bought"} +│ Rp 3\\.500 +│ +${target.replace(/[./]/g, "\\$&")} +late-2 `,
      ),
    );
  });

  it("a lock add is named by its token, a top-up by nothing: never the journal's own id", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Cahaya Voucher"));
    const token = (await reseller.run(["lock", "add", "--item", "3", "--qty", "1"])).stdout.trim();
    expect(token).toMatch(/^LCK-/);
    expect((await reseller.run(["topup", "--amount", "20000", "--channel", "QRIS", "--yes"])).exitCode).toBe(0);
    const json = (await reseller.run(["history"], { mode: "json" })).json();
    const ids: string[] = json.map((e: { entry: string }) => e.entry);
    const rows = pipedRows((await reseller.run(["history"])).stdout);
    expect(rows.map((r) => [r[1], r[2], r[6]])).toEqual([
      ["topup", "", "top-up QRIS"],
      ["lock", token, "1 × item 3"],
    ]);
    const table = await reseller.run(["history"], { mode: "table", env: { COLUMNS: "200" } });
    expect(table.stdout).toContain(token);
    for (const id of ids) expect(table.stdout + rows.flat().join(" ")).not.toContain(id);
  });
});
