/**
 * Open amounts: `buy --item 29 --nominal N --note TARGET [--zone-id Z]` builds the documented JSON note
 * and keeps the amount within the item's range before sending; what the service received is read back
 * from the emulator. A required field the service says is missing is exit 1 naming it.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiRequests, useEmulator } from "../support/emulator.js";
import { resellerInProcess, singleJson, writeCart } from "./commands-harness.js";

const purchasesSent = (lines: string[]) => lines.filter((line) => line.startsWith("POST /v1/trx "));

describe("buy --nominal", () => {
  const harness = useEmulator();
  const shop = () => resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));

  it("a valid amount: the note sent is {target, provider_qty}, charged the amount plus the item's price", async () => {
    const reseller = shop();
    const before = harness.accountOf(reseller.apiKey).balance;
    const r = await reseller.run(
      ["buy", "--item", "29", "--nominal", "50000", "--note", "081234567890", "--ref-id", "dana-50k"],
      { mode: "json" },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(singleJson(r).data).toMatchObject({ ref_id: "dana-50k", amount: 51_000 });
    const sent = harness.emulator.requestBodies("/v1/trx").at(-1)!.body as any;
    expect(sent).toEqual({
      ref_id: "dana-50k",
      carts: [{ item_id: 29, quantity: 1, note: '{"target":"081234567890","provider_qty":50000}' }],
    });
    expect(harness.accountOf(reseller.apiKey).balance).toBe(before - 51_000);
  });

  it("--zone-id goes into the note as zone_id", async () => {
    const r = await shop().run([
      "buy",
      "--item",
      "29",
      "--nominal",
      "20000",
      "--note",
      "081234567890",
      "--zone-id",
      "ID-1",
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    const note = JSON.parse((harness.emulator.requestBodies("/v1/trx").at(-1)!.body as any).carts[0].note);
    expect(note).toEqual({ target: "081234567890", provider_qty: 20_000, zone_id: "ID-1" });
  });

  it.each([
    [
      "below the minimum",
      "5000",
      /is below the minimum: it must be from Rp 10\.000 to Rp 2\.000\.000 in steps of Rp 1\.000; got Rp 5\.000\./,
    ],
    [
      "off the step",
      "10500",
      /is not a multiple of Rp 1\.000: it must be from Rp 10\.000 to Rp 2\.000\.000 in steps of Rp 1\.000; got Rp 10\.500\./,
    ],
  ])("%s: exit 2 with the allowed range, nothing sent", async (_case, nominal, words) => {
    const before = purchasesSent(apiRequests(harness)).length;
    const r = await shop().run(["buy", "--item", "29", "--nominal", nominal, "--note", "081234567890"], {
      mode: "json",
    });
    expect(r.exitCode).toBe(2);
    expect(r.errorJson().error).toMatchObject({
      code: "OPEN_AMOUNT_OUT_OF_RANGE",
      message: expect.stringMatching(words),
    });
    expect(purchasesSent(apiRequests(harness))).toHaveLength(before);
  });

  it("off the step: the nearest allowed amounts are suggested", async () => {
    const r = await shop().run(["buy", "--item", "29", "--nominal", "10500", "--note", "081234567890"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("Hint: The nearest allowed: Rp 10.000 or Rp 11.000.");
  });

  it("a cart line gives its note as the JSON object itself; an orders file a nominal column", async () => {
    const reseller = shop();
    const cart = writeCart(reseller, [
      { item_id: 29, quantity: 1, note: { target: "081298765432", provider_qty: 15000 } },
      { item_id: 12, quantity: 1, note: "081234567890" },
    ]);
    const fromCart = await reseller.run(["buy", "--cart", cart, "--ref-id", "cart-open"]);
    expect(fromCart.exitCode, fromCart.stderr).toBe(0);
    expect((harness.emulator.requestBodies("/v1/trx").at(-1)!.body as any).carts[0]).toEqual({
      item_id: 29,
      quantity: 1,
      note: '{"target":"081298765432","provider_qty":15000}',
    });

    const orders = join(reseller.configDir, "orders.csv");
    writeFileSync(orders, "item_id,quantity,note,nominal\n29,1,081211112222,30000\n");
    const fromFile = await reseller.run(["buy", "--file", orders]);
    expect(fromFile.exitCode, fromFile.stderr).toBe(0);
    expect((harness.emulator.requestBodies("/v1/trx").at(-1)!.body as any).carts[0].note).toBe(
      '{"target":"081211112222","provider_qty":30000}',
    );
  });

  it("a JSON note and a nominal together: exit 2, give the amount once", async () => {
    const r = await shop().run([
      "buy",
      "--item",
      "29",
      "--nominal",
      "20000",
      "--note",
      '{"target":"0812","provider_qty":20000}',
    ]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("give the amount of item 29 (Saldo DANA Bebas Nominal) once");
  });
});

describe("a required field the service says is missing", () => {
  // The spec's item describes no open amount, so reseller sends the plain note and the service refuses it.
  const harness = useEmulator({ dialect: "spec" });

  it("exit 1 naming the fields, nothing charged", async () => {
    const reseller = resellerInProcess(harness);
    const before = harness.accountOf().balance;
    const r = await reseller.run(["buy", "--item", "29", "--qty", "1", "--note", "081234567890"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(
      "The service refused the order: it is missing note and provider_qty; nothing was bought.",
    );
    expect(r.stderr).toContain("REQUIRED_FIELD_MISSING");
    expect(r.stderr).toContain("reseller item 29");
    const json = await reseller.run(["buy", "--item", "29", "--qty", "1", "--note", "081234567890"], { mode: "json" });
    expect(json.errorJson().error).toMatchObject({
      code: "REQUIRED_FIELD_MISSING",
      status: 422,
      details: { errors: { "carts.0.provider_qty": ["The Nominal field is required."] } },
    });
    expect(harness.accountOf().balance).toBe(before);
  });
});
