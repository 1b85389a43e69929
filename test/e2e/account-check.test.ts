/**
 * Checking a customer's game account before paying: `reseller item` says which items offer the check,
 * `reseller validate` names the account (found / not found / not offered, in every dialect), and `buy`
 * names it before anything is charged, refusing an account that does not exist when nobody confirms.
 */
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/api/wire.js";
import { apiRequests, useEmulator } from "../support/emulator.js";
import { resellerInProcess, singleJson } from "./commands-harness.js";
import { buyOne } from "../support/cli.js";

const record = (stdout: string) =>
  Object.fromEntries(
    stdout
      .trim()
      .split("\n")
      .map((line) => line.split("\t") as [string, string]),
  );
const validateRequests = (lines: string[]) => lines.filter((line) => line.startsWith("POST /v1/item/validate"));

describe("item ID shows what an order must give", () => {
  const harness = useEmulator();

  it("a game item: its required field by label, a fixed price, and an account check that needs a zone", async () => {
    const r = await resellerInProcess(harness).run(["item", "21"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(record(r.stdout)).toMatchObject({
      required_fields: "User ID (note)",
      open_amount: "no",
      account_check: "offered, needs a zone",
    });
    expect(record((await resellerInProcess(harness).run(["item", "22"])).stdout)).toMatchObject({
      account_check: "offered",
    });
  });

  it("an open-amount item: the range with its label, both fields, no account check; on a terminal too", async () => {
    const r = await resellerInProcess(harness).run(["item", "29"]);
    expect(record(r.stdout)).toMatchObject({
      required_fields: "Nomor HP (note) and Nominal (provider_qty)",
      open_amount: "Nominal: from Rp 10.000 to Rp 2.000.000 in steps of Rp 1.000",
      account_check: "not offered",
    });
    const table = await resellerInProcess(harness).run(["item", "29"], { mode: "table" });
    expect(table.stdout).toMatch(/^Open amount\s+Nominal: from Rp 10\.000 to Rp 2\.000\.000 in steps of Rp 1\.000$/m);
    expect(table.stdout).toMatch(/^Account check\s+not offered$/m);
  });
});

describe.each<Dialect>(["live", "live-short", "spec"])("validate, speaking %s", (dialect) => {
  const harness = useEmulator({ dialect });

  it("found: the account name and region, the zone sent only where the check needs one", async () => {
    const r = await resellerInProcess(harness).run([
      "validate",
      "--item",
      "21",
      "--customer-id",
      "12345678",
      "--zone-id",
      "1234",
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(record(r.stdout)).toMatchObject({
      account: "SultanMabar",
      region: "Indonesia",
      customer_id: "12345678",
      zone: "1234",
      item: "21 (Mobile Legends 86 Diamonds)",
    });
    expect(harness.emulator.requestBodies("/v1/item/validate").at(-1)!.body).toEqual({
      item_id: 21,
      customer_id: "12345678",
      zone_id: "1234",
    });

    const table = await resellerInProcess(harness).run(["validate", "--item", "22", "--customer-id", "123456789"], {
      mode: "table",
    });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/^Account\s+RajaBooyah \(Indonesia\)$/m);
    expect(harness.emulator.requestBodies("/v1/item/validate").at(-1)!.body).toEqual({
      item_id: 22,
      customer_id: "123456789",
    });
  });

  it("--json: the service's answer as it came; a second check of the same id says it came from the cache", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["validate", "--item", "22", "--customer-id", "55512345"], { mode: "json" });
    expect(r.exitCode, r.stderr).toBe(0);
    const body = singleJson(r);
    expect(body.data).toMatchObject({
      account_name: expect.any(String),
      display_name: `${body.data.account_name} (Indonesia)`,
      cached: false,
    });
    if (dialect === "live-short") expect(body.data.details).toEqual({ item_id: 22, customer_id: "55512345" });
    const again = await reseller.run(["validate", "--item", "22", "--customer-id", "55512345"]);
    expect(record(again.stdout)).toMatchObject({ account: body.data.account_name, from_cache: "yes" });
  });

  it("not found: exit 1, said plainly with the id and zone, nothing on stdout", async () => {
    const r = await resellerInProcess(harness).run([
      "validate",
      "--item",
      "21",
      "--customer-id",
      "99991234",
      "--zone-id",
      "1234",
    ]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("There is no account 99991234 (zone 1234) for item 21 (Mobile Legends 86 Diamonds).");
    expect(r.stderr).not.toMatch(/bug/i);
    const json = await resellerInProcess(harness).run(["validate", "--item", "22", "--customer-id", "99990000"], {
      mode: "json",
    });
    expect(json.exitCode).toBe(1);
    expect(json.errorJson().error).toMatchObject({
      code: dialect === "live-short" ? "USER_NOT_FOUND" : "ACCOUNT_NOT_FOUND",
      status: 404,
    });
  });

  it("an item that offers no check: exit 1, clearly", async () => {
    const before = validateRequests(apiRequests(harness)).length;
    const r = await resellerInProcess(harness).run(["validate", "--item", "12", "--customer-id", "081234567890"], {
      mode: "json",
    });
    expect(r.exitCode).toBe(1);
    const error = r.errorJson().error;
    expect(error.code).toBe("VALIDATION_NOT_AVAILABLE");
    expect(error.message).toContain("does not offer an account check for item 12 (Pulsa Telkomsel 10.000)");
    // The live item says so, and nothing is asked; the spec's item says nothing, so the service is asked and says so.
    expect(validateRequests(apiRequests(harness)).length - before).toBe(dialect === "spec" ? 1 : 0);
  });
});

describe("validate: input", () => {
  const harness = useEmulator();

  it("a zone the item's check needs: exit 2 naming --zone-id in a script, nothing sent", async () => {
    const before = validateRequests(apiRequests(harness)).length;
    const r = await resellerInProcess(harness).run(["validate", "--item", "21", "--customer-id", "12345678"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("--zone-id is required");
    expect(validateRequests(apiRequests(harness))).toHaveLength(before);
  });

  it("without --customer-id or with an empty one: exit 2", async () => {
    expect((await resellerInProcess(harness).run(["validate", "--item", "22"])).exitCode).toBe(2);
    const blank = await resellerInProcess(harness).run(["validate", "--item", "22", "--customer-id", "  "]);
    expect(blank.exitCode).toBe(2);
    expect(blank.stderr).toContain("--customer-id must not be empty");
  });
});

describe("buy checks the account before paying", () => {
  const harness = useEmulator();
  const shop = () => resellerInProcess(harness, harness.apiKeyOf("Cahaya Voucher"));

  it("a found account is named on stderr, then bought", async () => {
    const reseller = shop();
    const r = await reseller.run(["buy", "--item", "22", "--qty", "1", "--note", "123456789", "--ref-id", "ff-found"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain("Account for Free Fire 140 Diamonds: RajaBooyah (Indonesia).");
    expect(harness.accountOf(reseller.apiKey).transactions.map((t) => t.ref_id)).toContain("ff-found");
  });

  it("with --yes an account that does not exist stops the purchase: exit 1, nothing bought, nothing journaled as sent", async () => {
    const reseller = shop();
    const before = harness.accountOf(reseller.apiKey);
    const r = await reseller.run(["buy", "--item", "21", "--qty", "1", "--note", "99995555(2001)", "--yes"], {
      mode: "json",
    });
    expect(r.exitCode).toBe(1);
    expect(r.errorJson().error).toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
    expect(r.errorJson().error.message).toBe(
      "There is no account 99995555 (zone 2001) for item 21 (Mobile Legends 86 Diamonds); nothing was bought.",
    );
    expect(r.errorJson().error.suggestion).toContain("--no-validate");
    const after = harness.accountOf(reseller.apiKey);
    expect(after.transactions).toHaveLength(before.transactions.length);
    expect(after.balance).toBe(before.balance);
  });

  it("a script is stopped the same way, and --no-validate buys without asking", async () => {
    const reseller = shop();
    const stopped = await reseller.run(["buy", "--item", "22", "--qty", "1", "--note", "99990001"]);
    expect(stopped.exitCode).toBe(1);
    expect(stopped.stderr).toContain("There is no account 99990001 for item 22");
    const before = validateRequests(apiRequests(harness)).length;
    const bought = await reseller.run(buyOne(22, "99990001", "--no-validate", "--ref-id", "ff-unchecked"));
    expect(bought.exitCode, bought.stderr).toBe(0);
    expect(validateRequests(apiRequests(harness))).toHaveLength(before);
    expect(harness.accountOf(reseller.apiKey).transactions.map((t) => t.ref_id)).toContain("ff-unchecked");
  });

  it("a zone the check needs and the note leaves out: refused in a script (exit 2, nothing sent), bought unchecked with --no-validate", async () => {
    const reseller = shop();
    const before = harness.accountOf(reseller.apiKey).transactions.length;
    const checks = validateRequests(apiRequests(harness)).length;
    for (const args of [[], ["--yes"]]) {
      const r = await reseller.run(["buy", "--item", "21", "--qty", "1", "--note", "12345678", ...args]);
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stderr).toContain(
        "The account check of item 21 (Mobile Legends 86 Diamonds) needs the zone with the user id, and the note gives none; nothing was bought.",
      );
      expect(r.stderr).toContain("--note 12345678(1234)");
      expect(r.stderr).toContain("--no-validate");
    }
    expect(harness.accountOf(reseller.apiKey).transactions).toHaveLength(before);
    const bought = await reseller.run(buyOne(21, "12345678", "--no-validate", "--ref-id", "ml-unchecked"));
    expect(bought.exitCode, bought.stderr).toBe(0);
    expect(validateRequests(apiRequests(harness))).toHaveLength(checks);
    expect(harness.accountOf(reseller.apiKey).transactions.map((t) => t.ref_id)).toContain("ml-unchecked");
  });

  it("the zone is read from the note as the item writes it: 12345678(1234)", async () => {
    const r = await shop().run(["buy", "--item", "21", "--qty", "1", "--note", "12345678(1234)"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain("Account for Mobile Legends 86 Diamonds: SultanMabar (Indonesia).");
    expect(harness.emulator.requestBodies("/v1/item/validate").at(-1)!.body).toEqual({
      item_id: 21,
      customer_id: "12345678",
      zone_id: "1234",
    });
  });
});
