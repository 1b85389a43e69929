/**
 * Disruptions seen before buying: an item the service reports it cannot sell now (the live dialects'
 * variant `status`, "gangguan" instead of "on", while its orders are refused with 503) is marked by
 * `items` in every mode, and `items --changes` says when it became disrupted and when it recovered.
 */
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { Dialect } from "../../src/api/wire.js";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess, type Reseller } from "./commands-harness.js";

const rows = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((line) => line.split("\t"));

describe.each<Dialect>(["live", "live-short"])("speaking %s", (dialect) => {
  const harness = useEmulator({ dialect });
  const made: Reseller[] = [];
  const reseller = () => {
    const r = resellerInProcess(harness);
    made.push(r);
    return r;
  };
  afterAll(() => {
    for (const r of made) rmSync(r.configDir, { recursive: true, force: true });
    harness.emulator.setItemAvailable(13, true);
  });

  it("items marks the item the service reports disrupted, and only that one, in every mode", async () => {
    const shop = reseller();
    harness.emulator.setItemAvailable(13, false);
    try {
      const piped = await shop.run(["items", "--search", "telkomsel", "--refresh"]);
      expect(piped.exitCode, piped.stderr).toBe(0);
      const byId = new Map(rows(piped.stdout).map((row) => [row[0], row]));
      // The service's own word closes the row; the other columns stay where scripts read them.
      expect(byId.get("13")?.[9]).toBe("gangguan");
      expect(byId.get("13")?.[6]).toBe("unlimited");
      expect(byId.get("12")?.[9]).toBe("");

      const json = (await shop.run(["items", "--search", "telkomsel"], { mode: "json" })).json().items;
      expect(json.find((i: any) => i.id === 13)).toMatchObject({ id: 13, disrupted: "gangguan" });
      expect(json.find((i: any) => i.id === 12)).not.toHaveProperty("disrupted");

      const table = await shop.run(["items", "--search", "telkomsel"], { mode: "table" });
      expect(table.stdout).toMatch(/25\.000.*disrupted/);
      expect(table.stdout).not.toMatch(/10\.000.*disrupted/);
    } finally {
      harness.emulator.setItemAvailable(13, true);
    }
  });

  it("items --changes lists an item newly disrupted, then recovered, each once", async () => {
    const shop = reseller();
    expect((await shop.run(["items", "--changes"])).exitCode).toBe(0);
    const before = (await shop.run(["items", "--search", "telkomsel"], { mode: "json" }))
      .json()
      .items.find((i: any) => i.id === 13);

    harness.emulator.clock.advance(5_000);
    harness.emulator.setItemAvailable(13, false);
    const disrupted = await shop.run(["items", "--changes"]);
    expect(disrupted.exitCode, disrupted.stderr).toBe(0);
    expect(rows(disrupted.stdout)).toEqual([
      ["disrupted", "13", String(before.price), String(before.price), before.product, before.name],
    ]);
    expect((await shop.run(["items", "--changes"], { mode: "json" })).json().changes).toEqual([]);

    harness.emulator.clock.advance(5_000);
    harness.emulator.setItemAvailable(13, true);
    const recovered = await shop.run(["items", "--changes"], { mode: "json" });
    expect(recovered.json().changes).toEqual([
      {
        change: "recovered",
        id: 13,
        product: before.product,
        name: before.name,
        old_price: before.price,
        new_price: before.price,
      },
    ]);
  });
});
