/**
 * One verdict after sending, for a single buy, a cart and a bulk row alike: an auth error (401/403)
 * to the purchase itself, once it was sent, is `unknown` until `reconcile` settles it, never
 * `not_sent` and never without an outcome; the journal keeps it unresolved for reconcile.
 */
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess, writeCart } from "./commands-harness.js";

const harness = useEmulator({ dialect: "live" });

/** The next purchase is answered 401 by whatever stands in front of the service, unprocessed. */
const refuseTheKeyOnce = () =>
  harness.emulator.faults.configure({ error_next: 1, error_status: 401, match: { method: "POST", path: "/v1/trx" } });

/** What the journal recorded (--no-refresh): a plain history would ask the service and settle it. */
const unresolved = async (reseller: ReturnType<typeof resellerInProcess>) =>
  (await reseller.run(["history", "--unresolved", "--json", "--no-refresh"]))
    .json()
    .map((e: { ref_id: string }) => e.ref_id);

describe("an auth error after the purchase was sent", () => {
  it("a single buy: outcome unknown (exit 3, the key first), and unresolved in the journal", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    refuseTheKeyOnce();
    const r = await reseller.run(
      ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "AUTH-AFTER-1", "--yes"],
      { mode: "json" },
    );
    harness.emulator.faults.reset();
    expect(r.exitCode, r.stderr).toBe(3);
    expect(r.errorJson().error).toMatchObject({ details: { outcome: "unknown" } });
    expect(await unresolved(reseller)).toContain("AUTH-AFTER-1");

    const person = resellerInProcess(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    refuseTheKeyOnce();
    const said = await person.run([
      "buy",
      "--item",
      "12",
      "--qty",
      "1",
      "--note",
      "081234567890",
      "--ref-id",
      "AUTH-AFTER-2",
      "--yes",
    ]);
    harness.emulator.faults.reset();
    expect(said.exitCode).toBe(3);
    expect(said.stderr).toMatch(/outcome: unknown/);
  });

  it("a cart: the same", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sumber Rejeki Cell"));
    const cart = writeCart(reseller, [{ item_id: 12, quantity: 1, note: "081234567891" }]);
    refuseTheKeyOnce();
    const r = await reseller.run(["buy", "--cart", cart, "--ref-id", "AUTH-CART-1", "--yes"], { mode: "json" });
    harness.emulator.faults.reset();
    expect(r.exitCode, r.stderr).toBe(3);
    expect(r.errorJson().error).toMatchObject({ details: { outcome: "unknown" } });
    expect(await unresolved(reseller)).toContain("AUTH-CART-1");
  });

  it("a bulk row: unknown and sent, never not_sent", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Jaya Abadi Digital"));
    const orders = join(reseller.configDir, "orders.csv");
    writeFileSync(orders, "item_id,quantity,note,ref_id\n12,1,081234567892,AUTH-ROW-1\n");
    refuseTheKeyOnce();
    const r = await reseller.run(["buy", "--file", orders, "--yes", "--json"]);
    harness.emulator.faults.reset();
    const row = JSON.parse(r.stdout.trim().split("\n")[0]!);
    expect(row).toMatchObject({ ref_id: "AUTH-ROW-1", outcome: "unknown", sent: true, exit_code: 3 });
    expect(await unresolved(reseller)).toContain("AUTH-ROW-1");
  });
});
