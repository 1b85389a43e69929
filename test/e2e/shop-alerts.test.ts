/**
 * The alerts a reseller's cron job or shop bot runs: `balance --below` (exit 1 and one line on
 * stderr when under) and `items --changes` (what changed in the catalogue since the copy before),
 * through main() (test/support/run-main.ts) against the emulator, the price changed with the
 * emulator's control API.
 */
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess, type Reseller } from "./commands-harness.js";

const harness = useEmulator();
const made: Reseller[] = [];
const reseller = () => {
  const r = resellerInProcess(harness);
  made.push(r);
  return r;
};
afterAll(() => {
  for (const r of made) rmSync(r.configDir, { recursive: true, force: true });
});

/** A new price through the emulator's control API, as a test of the live service could not do otherwise. */
async function changePrice(id: number, price: number): Promise<void> {
  const response = await fetch(`${harness.emulator.baseUrl}/__emulator/items/${id}`, {
    method: "POST",
    headers: { "X-APIKEY": harness.emulator.demoApiKey, "Content-Type": "application/json" },
    body: JSON.stringify({ price }),
  });
  expect(response.status).toBe(200);
}

describe("balance --below", () => {
  it("under the amount: exit 1 and one line on stderr naming both amounts", async () => {
    harness.emulator.setBalance(harness.emulator.demoApiKey, 80_000);
    const r = await reseller().run(["balance", "--below", "100rb"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("balance\t80000\n");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("Rp 80.000");
    expect(r.stderr).toContain("Rp 100.000");
  });

  it("at or over the amount: exit 0 and nothing on stderr, whichever way the amount is typed", async () => {
    harness.emulator.setBalance(harness.emulator.demoApiKey, 100_000);
    for (const amount of ["100000", "100.000", "Rp 100.000", "100rb"]) {
      const r = await reseller().run(["balance", "--below", amount]);
      expect(r.exitCode, amount).toBe(0);
      expect(r.stderr).toBe("");
    }
    const json = await reseller().run(["balance", "--below", "1jt"], { mode: "json" });
    expect(json.exitCode).toBe(1);
    expect(json.json().data.balance).toBe(100_000);
  });

  it("an amount that is not one is a usage error before anything is asked", async () => {
    const r = await reseller().run(["balance", "--below", "banyak"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("--below");
  });
});

describe("items --changes", () => {
  it("after the emulator changes a price: the old and the new price, then nothing until the next change", async () => {
    const shop = reseller();
    // The first --changes has only the copy it fetched now: nothing to compare with yet.
    const first = await shop.run(["items", "--changes"]);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stdout).toBe("");
    const before = (await shop.run(["items", "--json"])).json().items.find((i: any) => i.id === 13);

    harness.emulator.clock.advance(5_000);
    await changePrice(13, before.price + 1_000);
    const piped = await shop.run(["items", "--changes"]);
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(piped.stdout.trim().split("\n")).toEqual([
      ["price", "13", String(before.price), String(before.price + 1_000), before.product, before.name].join("\t"),
    ]);

    // Said once: the next run compares with the copy this one kept.
    const again = await shop.run(["items", "--changes"], { mode: "json" });
    expect(again.json().changes).toEqual([]);

    harness.emulator.clock.advance(5_000);
    await changePrice(13, before.price);
    const json = await shop.run(["items", "--changes"], { mode: "json" });
    expect(json.json().changes).toEqual([
      {
        change: "price",
        id: 13,
        product: before.product,
        name: before.name,
        old_price: before.price + 1_000,
        new_price: before.price,
      },
    ]);
    expect(json.json().since).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("a plain `items` in between does not hide a change from the next --changes", async () => {
    const shop = reseller();
    await shop.run(["items", "--changes"]);
    harness.emulator.clock.advance(5_000);
    await changePrice(12, 12_345);
    // This refresh brings the copy up to date on its own...
    expect((await shop.run(["items", "--refresh"])).exitCode).toBe(0);
    // ...and --changes still says what changed since it last looked.
    const r = await shop.run(["items", "--changes"], { mode: "table" });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/price\s.*│ 12 .*Rp 12\.345/);
  });
});
