/**
 * Numbers as resellers type them: a hint for an amount that cannot be read keeps the order of
 * magnitude of what was typed (`--nominal 75.500,50` is offered Rp 75.500, never Rp 7.550.050), and a
 * quantity grouped in thousands (`--qty 1.000`) is read the way amounts are. Nothing is sent for a
 * refused number.
 */
import { describe, expect, it } from "vitest";
import { apiRequests, useEmulator } from "../support/emulator.js";
import { resellerInProcess } from "./commands-harness.js";

const purchasesSent = (lines: string[]) => lines.filter((line) => line.startsWith("POST /v1/trx "));

describe("typed numbers", () => {
  const harness = useEmulator();

  it("--nominal 75.500,50: refused, the hint is Rp 75.500, not a hundred times it", async () => {
    const r = await resellerInProcess(harness).run([
      "buy",
      "--item",
      "29",
      "--note",
      "081234567890",
      "--nominal",
      "75.500,50",
      "--yes",
      "--no-input",
    ]);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain("without cents");
    expect(r.stderr).toContain("Did you mean Rp 75.500 (75500)?");
    expect(r.stderr).not.toContain("7.550.050");
    expect(purchasesSent(apiRequests(harness))).toEqual([]);
  });

  it("--qty 1.000 buys a thousand, as an amount's 1.000 is a thousand", async () => {
    const r = await resellerInProcess(harness).run([
      "buy",
      "--item",
      "23",
      "--qty",
      "1.000",
      "--target",
      "https://instagram.com/tokoku",
      "--yes",
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(harness.emulator.requestBodies("/v1/trx").at(-1)!.body).toMatchObject({
      carts: [{ item_id: 23, quantity: 1000 }],
    });
  });

  it("--qty 1rb is not read as a count, but offered as one; nothing is sent", async () => {
    const before = purchasesSent(apiRequests(harness)).length;
    const r = await resellerInProcess(harness).run(["buy", "--item", "23", "--qty", "1rb", "--target", "x", "--yes"]);
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toContain('--qty must be a positive whole number, not "1rb".');
    expect(r.stderr).toContain("Did you mean --qty 1000?");
    expect(purchasesSent(apiRequests(harness))).toHaveLength(before);
  });
});
