/**
 * The read-only commands (balance, channels, item, leaderboard, leaderboard me) through the built
 * binary in each output mode: --json is the service's body as received, piped is tab-separated raw
 * values, and a terminal (forced with RESELLER_FORCE_TTY=1) gets Rupiah and tables.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerAs, serviceBody, singleJson, tableBorder } from "./commands-harness.js";

const harness = useEmulator();
const reseller = () => resellerAs(harness);

describe("balance", () => {
  it("--json: the service's body, one line", async () => {
    const r = await reseller().run(["balance"], { mode: "json" });
    expect(r.exitCode).toBe(0);
    expect(singleJson(r)).toEqual(await serviceBody(harness, "/v1/balance"));
    expect(r.json().data.balance).toBe(2_500_000);
  });

  it("piped: label and raw integer", async () => {
    const r = await reseller().run(["balance"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("balance\t2500000\n");
  });

  it("terminal: Rupiah", async () => {
    const r = await reseller().run(["balance"], { mode: "table" });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^Balance\s+Rp 2\.500\.000$/m);
    expect(r.stdout).not.toContain("\u001b");
  });
});

describe("channels", () => {
  it("--json: the service's body", async () => {
    const r = await reseller().run(["channels"], { mode: "json" });
    expect(r.exitCode).toBe(0);
    expect(singleJson(r)).toEqual(await serviceBody(harness, "/v1/balance/channels"));
  });

  it("piped: one tab-separated row per channel, fee as a raw integer", async () => {
    const r = await reseller().run(["channels"]);
    const rows = r.stdout
      .trim()
      .split("\n")
      .map((line) => line.split("\t"));
    const body = await serviceBody(harness, "/v1/balance/channels");
    expect(rows).toHaveLength(body.data.length);
    // code, name, flat fee first as always; then the percentage (none here), the limits and whether it is on.
    expect(rows[0]).toEqual([
      body.data[0].code,
      body.data[0].name,
      String(body.data[0].fee),
      "",
      String(body.data[0].min_amount),
      String(body.data[0].max_amount),
      "on",
    ]);
    expect(rows.every((row) => row.length === 7 && /^\d+$/.test(row[2]!))).toBe(true);
  });

  it("terminal: a table with Rupiah fees", async () => {
    const r = await reseller().run(["channels"], { mode: "table" });
    expect(r.stdout).toMatch(tableBorder);
    expect(r.stdout).toMatch(/│ QRIS\s+│ .+│ Rp 750\s+│ Rp 10\.000 – Rp 5\.000\.000\s+│/);
    expect(r.stdout).toContain("Rp 4.000");
  });
});

describe("item", () => {
  it("--json: the body unchanged, fields the spec does not name kept", async () => {
    const r = await reseller().run(["item", "12"], { mode: "json" });
    expect(r.exitCode).toBe(0);
    const body = singleJson(r);
    expect(body).toEqual(await serviceBody(harness, "/v1/item/12"));
    expect(body.data).toHaveProperty("min_order");
    // The live service counts no stock for an h2h item: `stock: null`, not the spec's unlimited_stock.
    expect(body.data).toHaveProperty("stock", null);
  });

  it("piped: label/value rows, raw price, unlimited stock said in words", async () => {
    const r = await reseller().run(["item", "12"]);
    expect(r.exitCode).toBe(0);
    const rows = Object.fromEntries(
      r.stdout
        .trim()
        .split("\n")
        .map((line) => line.split("\t") as [string, string]),
    );
    expect(rows).toMatchObject({
      item: "12",
      name: "Pulsa Telkomsel 10.000",
      price: "11500",
      stock: "unlimited",
      minimum_order: "1",
      order_process: "h2h",
    });
    expect(rows.description).toContain("nomor tujuan");
  });

  it("terminal: Rupiah price, stock count and minimum order", async () => {
    const r = await reseller().run(["item", "23"], { mode: "table" });
    expect(r.stdout).toMatch(/^Price\s+Rp 35$/m);
    expect(r.stdout).toMatch(/^Minimum order\s+100$/m);
    expect(r.stdout).toMatch(/^Order process\s+smm$/m);
    const finite = await reseller().run(["item", "1"], { mode: "table" });
    expect(finite.stdout).toMatch(/^Stock\s+12$/m);
    expect(finite.stdout).toMatch(/^Price\s+Rp 35\.000$/m);
  });

  it("a sold-out item says so", async () => {
    const r = await reseller().run(["item", "8"], { mode: "table" });
    expect(r.stdout).toMatch(/^Stock\s+0 \(sold out\)$/m);
    expect((await reseller().run(["item", "8"])).stdout).toMatch(/^stock\t0$/m);
  });

  it("an unknown item exits 1 naming the code and what to do", async () => {
    const r = await reseller().run(["item", "9999"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("ITEM_NOT_FOUND");
    expect(r.stderr).toContain("9999");
    expect(r.stderr).toMatch(/Hint: .+/);
  });

  it("an unknown item with --json: the error as JSON on stderr, nothing on stdout", async () => {
    const r = await reseller().run(["item", "9999"], { mode: "json" });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.errorJson().error).toMatchObject({ code: "ITEM_NOT_FOUND", status: 404 });
  });
});

describe("leaderboard", () => {
  it("--json: the service's body", async () => {
    const r = await reseller().run(["leaderboard"], { mode: "json" });
    expect(r.exitCode).toBe(0);
    expect(singleJson(r)).toEqual(await serviceBody(harness, "/v1/leaderboard"));
  });

  it("piped: rank, masked name, transactions", async () => {
    const r = await reseller().run(["leaderboard"]);
    const rows = r.stdout
      .trim()
      .split("\n")
      .map((line) => line.split("\t"));
    expect(rows).toHaveLength(10);
    expect(rows.map((row) => row[0])).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
    expect(rows[0]![1]).toContain("*");
    expect(rows.every((row) => /^\d+$/.test(row[2]!))).toBe(true);
  });

  it("terminal: a table", async () => {
    const r = await reseller().run(["leaderboard"], { mode: "table" });
    expect(r.stdout).toMatch(tableBorder);
    expect(r.stdout).toMatch(/Rank\s+│ Reseller\s+│ Transactions/);
  });
});

describe("leaderboard me", () => {
  it("--json: the service's body", async () => {
    const r = await reseller().run(["leaderboard", "me"], { mode: "json" });
    expect(r.exitCode).toBe(0);
    expect(singleJson(r)).toEqual(await serviceBody(harness, "/v1/leaderboard/profile"));
  });

  it("piped: rank, transactions and points as raw integers", async () => {
    const body = await serviceBody(harness, "/v1/leaderboard/profile");
    const r = await reseller().run(["leaderboard", "me"]);
    // The live service names them ranking and total_trx, and documents no points: an empty cell.
    expect(r.stdout).toBe(`rank\t${body.data.ranking}\ntransactions\t${body.data.total_trx}\npoints\t\n`);
  });

  it("terminal: the rank stands out as #N", async () => {
    const body = await serviceBody(harness, "/v1/leaderboard/profile");
    const r = await reseller().run(["leaderboard", "me"], { mode: "table" });
    expect(r.stdout).toMatch(new RegExp(`^Rank\\s+#${body.data.ranking}$`, "m"));
    expect(r.stdout).toMatch(/^Points\s+-$/m);
  });

  it("another account sees its own rank", async () => {
    const r = await resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya")).run(["leaderboard", "me"], {
      mode: "json",
    });
    expect(r.json().data.ranking).toBe(1);
  });
});
