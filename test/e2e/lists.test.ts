/**
 * `reseller trx list` and `reseller balance history` against the emulator in every dialect (the
 * transaction list as B documents it, `data: [...]`, and as others' client code sees it,
 * `data: {transactions, pagination}`; the balance history in three undocumented shapes), and a
 * service that does not offer an endpoint: exit 1 saying so, never "this is a bug".
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Dialect } from "../../src/api/wire.js";
import { baseEnv, makeConfigDir } from "../support/cli.js";
import { runInProcess } from "../support/run-main.js";
import { apiRequests, useEmulator } from "../support/emulator.js";
import { indonesian } from "../support/language.js";
import { resellerInProcess, serviceBody, singleJson } from "./commands-harness.js";
import { json, useHostileServer } from "../support/hostile-server.js";

const rows = (stdout: string) =>
  stdout
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => line.split("\t"));

describe.each<Dialect>(["live", "live-short", "spec"])("speaking %s", (dialect) => {
  const harness = useEmulator({ dialect });
  const shop = () => resellerInProcess(harness, harness.apiKeyOf("Warung Premium ID"));

  beforeAll(async () => {
    const reseller = shop();
    for (const [ref, item, note] of [
      ["L-1", "12", "081234567890"],
      ["L-2", "3", undefined],
      ["L-3", "11", "081234567890"],
    ] as const) {
      const r = await reseller.run([
        "buy",
        "--item",
        item,
        "--qty",
        "1",
        "--ref-id",
        ref,
        ...(note ? ["--note", note] : []),
      ]);
      expect(r.exitCode, r.stderr).toBe(0);
      harness.emulator.clock.advance(2_000);
    }
  });

  it("trx list: newest first, one row each (created, ref_id, invoice, status, amount) as the service holds them", async () => {
    const r = await shop().run(["trx", "list"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const held = harness.accountOf(harness.apiKeyOf("Warung Premium ID")).transactions;
    const listed = rows(r.stdout);
    expect(listed.map((row) => row[1])).toEqual(["L-3", "L-2", "L-1"]);
    for (const row of listed) {
      const t = held.find((h) => h.ref_id === row[1])!;
      expect([row[2], row[4]]).toEqual([t.invoice, String(t.amount)]);
      expect(row[3]).toMatch(/^(paid|completed)$/);
      expect(Date.parse(row[0]!)).not.toBeNaN();
    }
  });

  it("trx list --json: the service's body as it came; --status and --per-page are asked of the service", async () => {
    const reseller = shop();
    const r = await reseller.run(["trx", "list"], { mode: "json" });
    expect(singleJson(r)).toEqual(await serviceBody(harness, "/v1/trx", reseller.apiKey));
    const before = apiRequests(harness).length;
    const paged = await reseller.run(["trx", "list", "--per-page", "2"], { mode: "table", env: { COLUMNS: "200" } });
    expect(paged.exitCode, paged.stderr).toBe(0);
    expect(
      apiRequests(harness)
        .slice(before)
        .some((line) => line.startsWith("GET /v1/trx?per_page=2 ")),
    ).toBe(true);
    expect(paged.stdout).toMatch(/Created.*Status.*Amount.*Ref ID.*Invoice/);
    expect(paged.stdout).toContain("L-3");
    expect(paged.stdout).not.toContain("L-1");
    // A dialect with page numbers says how many pages; B's list has none, so a full page says there may be more.
    expect(paged.stderr).toContain(
      dialect === "live-short"
        ? "Page 1; there may be more: reseller trx list --page 2 --per-page 2"
        : "Page 1 of 2 (3 transactions). Next: reseller trx list --page 2 --per-page 2",
    );
    const pagedId = await reseller.run(["trx", "list", "--per-page", "2"], {
      mode: "table",
      env: { COLUMNS: "200", ...indonesian },
    });
    expect(pagedId.stderr).toContain(
      dialect === "live-short"
        ? "Halaman 1; mungkin masih ada lagi: reseller trx list --page 2 --per-page 2"
        : "Halaman 1 dari 2 (3 transaksi). Berikutnya: reseller trx list --page 2 --per-page 2",
    );
    const second = await reseller.run(["trx", "list", "--page", "2", "--per-page", "2"]);
    expect(rows(second.stdout).map((row) => row[1])).toEqual(["L-1"]);

    const completed = await reseller.run(["trx", "list", "--status", "completed"]);
    expect(apiRequests(harness).some((line) => line.startsWith("GET /v1/trx?status=completed "))).toBe(true);
    expect(new Set(rows(completed.stdout).map((row) => row[3]))).toEqual(new Set(["completed"]));
  });

  it("trx list of a status nothing has: nothing on stdout, said on stderr", async () => {
    const r = await shop().run(["trx", "list", "--status", "pending"]);
    expect([r.exitCode, r.stdout]).toEqual([0, ""]);
    expect(r.stderr).toContain("No transactions with status pending.");
  });

  it("balance history: each purchase with its signed amount and the balance either side, newest first", async () => {
    const reseller = shop();
    const r = await reseller.run(["balance", "history"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const history = rows(r.stdout);
    const held = harness.accountOf(reseller.apiKey);
    const purchases = history.filter((row) => row[1] === "purchase");
    expect(purchases.map((row) => row[6])).toEqual(
      ["L-3", "L-2", "L-1"].map((ref) => held.transactions.find((t) => t.ref_id === ref)!.invoice),
    );
    // time, type, amount, before, after, description, invoice[, name=value …]
    const [newest] = history;
    expect(Number(newest![4])).toBe(held.balance);
    for (const row of purchases) expect(Number(row[3]) + Number(row[2])).toBe(Number(row[4]));
    expect(Number(purchases[0]![2])).toBeLessThan(0);
    // A field reseller has no column for is still shown.
    if (dialect === "live-short") expect(newest!.slice(7)).toEqual([expect.stringMatching(/^reference=/)]);
    else expect(newest).toHaveLength(7);
  });

  it("balance history on a terminal: Rupiah, + for what came in and − for what went out; --json as it came", async () => {
    const reseller = shop();
    const table = await reseller.run(["balance", "history"], { mode: "table", env: { COLUMNS: "200" } });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/Time.*Type.*Amount.*Before.*After.*Description/);
    expect(table.stdout).toContain("-Rp 11.500");
    expect(table.stdout.includes("Other")).toBe(dialect === "live-short");
    const json = await reseller.run(["balance", "history"], { mode: "json" });
    expect(singleJson(json)).toEqual(await serviceBody(harness, "/v1/balance/mutations", reseller.apiKey));
  });
});

describe("a service that does not offer an endpoint", () => {
  // Endpoints missing, which the emulator always offers; any other route answers 404 ROUTE_NOT_FOUND.
  const server = useHostileServer();
  server.routes.set("GET /v1/balance/mutations", (_request, response) =>
    response.writeHead(404, { "content-type": "text/html" }).end("<html><body><h1>404 Not Found</h1></body></html>"),
  );
  server.routes.set(
    "GET /v1/item/22",
    json(200, {
      message: "OK",
      data: {
        id: 22,
        name: "Free Fire 140 Diamonds",
        price: 19000,
        order_process: "h2h",
        validation: { available: true },
      },
    }),
  );
  server.routes.set(
    "POST /v1/item/validate",
    json(404, { message: "The route api/v1/item/validate could not be found." }),
  );
  const run = (args: string[]) =>
    runInProcess(args, {
      env: baseEnv({
        RESELLER_BASE_URL: server.baseUrl,
        RESELLER_API_KEY: "sk_live_test0000offers",
        RESELLER_CONFIG_DIR: makeConfigDir(),
        RESELLER_MAX_RETRIES: "0",
      }),
    });

  it.each([
    [["trx", "list"], "This service does not offer a list of transactions (GET /v1/trx)."],
    [["balance", "history"], "This service does not offer a balance history (GET /v1/balance/mutations)."],
    [
      ["validate", "--item", "22", "--customer-id", "123456789"],
      "This service does not offer account validation (POST /v1/item/validate).",
    ],
  ])("%j: exit 1, said plainly", async (args, words) => {
    const r = await run(args);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(words);
    expect(r.stderr).toContain("ROUTE_NOT_FOUND");
    expect(r.stderr).not.toMatch(/bug/i);
  });

  it("--json: ROUTE_NOT_FOUND with status 404", async () => {
    const r = await runInProcess(["trx", "list", "--json"], {
      env: baseEnv({
        RESELLER_BASE_URL: server.baseUrl,
        RESELLER_API_KEY: "sk_live_test0000offers",
        RESELLER_CONFIG_DIR: makeConfigDir(),
      }),
    });
    expect(r.exitCode).toBe(1);
    expect(r.errorJson().error).toMatchObject({ code: "ROUTE_NOT_FOUND", status: 404 });
  });
});
