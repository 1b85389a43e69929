/**
 * Words a reseller understands, through main() (test/support/run-main.ts): amounts typed as people
 * write them reach the service as the sum meant (flags, cart, orders file, top-up), a network
 * failure is named in plain words, and a service code is said once, beside its hint.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeConfigDir } from "../support/cli.js";
import { runInProcess } from "../support/run-main.js";
import { closedPort, useEmulator } from "../support/emulator.js";
import { useHostileServer } from "../support/hostile-server.js";
import { resellerInProcess, writeCart } from "./commands-harness.js";

const harness = useEmulator();
const hostile = useHostileServer();

const lastPurchase = () =>
  harness.emulator
    .requestBodies("/v1/trx")
    .filter((r) => r.method === "POST")
    .at(-1)!.body as { carts: { item_id: number; note?: string }[] };
const sentNominal = () => JSON.parse(lastPurchase().carts[0]!.note!).provider_qty as number;

describe("amounts as people write them", () => {
  it.each([["75rb"], ["75.000"], ["Rp 75.000"], ["75000"]])("buy --nominal %s sends 75000", async (typed) => {
    const r = await resellerInProcess(harness).run([
      "buy",
      "--item",
      "29",
      "--nominal",
      typed,
      "--note",
      "081234567890",
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sentNominal()).toBe(75_000);
  });

  it("1,5jt in a cart line and 25rb in an orders file reach the service as 1500000 and 25000", async () => {
    const reseller = resellerInProcess(harness);
    const cart = writeCart(reseller, [{ item_id: 29, quantity: 1, note: "081234567890", nominal: "1,5jt" }]);
    const bought = await reseller.run(["buy", "--cart", cart, "--yes"]);
    expect(bought.exitCode, bought.stderr).toBe(0);
    expect(sentNominal()).toBe(1_500_000);
    const orders = join(reseller.configDir, "orders.csv");
    writeFileSync(orders, "item_id,quantity,note,nominal\n29,1,081234567890,25rb\n");
    const file = await reseller.run(["buy", "--file", orders]);
    expect(file.exitCode, file.stderr).toBe(0);
    expect(sentNominal()).toBe(25_000);
  });

  it("an amount that could be two sums is refused with both, and nothing is sent", async () => {
    const before = harness.emulator.requestBodies("/v1/trx").length;
    const r = await resellerInProcess(harness).run([
      "buy",
      "--item",
      "29",
      "--nominal",
      "1,5",
      "--note",
      "081234567890",
    ]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      'Error: --nominal "1,5" is not an amount of Rupiah: it has a decimal part but no unit (rb, jt).',
    );
    expect(r.stderr).toContain("Hint: Did you mean Rp 1.500 (1500) or Rp 1.500.000 (1500000)?");
    expect(harness.emulator.requestBodies("/v1/trx")).toHaveLength(before);
  });

  it("topup --amount 100rb asks for a link of Rp 100.000", async () => {
    const r = await resellerInProcess(harness).run(["topup", "--amount", "100rb", "--channel", "QRIS", "--yes"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(
      harness.emulator
        .requestBodies("/v1/balance")
        .filter((b) => b.method === "POST")
        .at(-1)!.body,
    ).toMatchObject({ amount: 100_000 });
  });
});

describe("the flag or command meant", () => {
  it.each([
    [
      ["buy", "12"],
      '`reseller buy` takes no arguments, only flags; "12" is one too many.',
      "Did you mean `reseller buy --item 12`?",
    ],
    [
      ["buy", "--item", "12", "--quantity", "2"],
      "--quantity is not an option of `reseller buy`.",
      "Did you mean --qty?",
    ],
    [
      ["trx", "--status", "paid"],
      "--status is not an option of `reseller trx`.",
      "Did you mean `reseller trx list --status`?",
    ],
    [
      ["lock", "add", "--item", "3"],
      "`reseller lock add` needs --qty <n>: quantity, at least the item's minimum order.",
      "See `reseller lock add --help`.",
    ],
    [
      ["buy", "--api-key", "rk_x"],
      "--api-key is not an option: the API key is never given on the command line, where others can read it.",
      "Save it with `reseller login`",
    ],
  ])("reseller %j", async (args, said, meant) => {
    const r = await resellerInProcess(harness).run(args);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`Error: ${said}`);
    expect(r.stderr).toContain(`Hint: ${meant}`);
  });
});

describe("choices listed when one is wrong, before anything is sent", () => {
  it.each([
    [
      ["trx", "list", "--status", "gagal"],
      '--status must be pending, paid, completed, failed or canceled, not "gagal".',
      "Did you mean --status failed?",
    ],
    [
      ["items", "--process", "smn"],
      '--process must be auto, h2h, smm or manual, not "smn".',
      "Did you mean --process smm?",
    ],
    [
      ["topup", "--amount", "50000", "--channel", "qriss", "--yes"],
      'There is no payment channel "qriss". Channels: QRIS, BCAVA',
      "Did you mean --channel QRIS?",
    ],
    [
      ["topup", "--amount", "50000", "--channel", "alfa", "--yes"],
      'There is no payment channel "alfa".',
      "Did you mean --channel ALFAMART?",
    ],
  ])("reseller %j", async (args, said, meant) => {
    const topUps = harness.emulator.requestBodies("/v1/balance").filter((b) => b.method === "POST").length;
    const r = await resellerInProcess(harness).run(args);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(said);
    expect(r.stderr).toContain(`Hint: ${meant}`);
    expect(harness.emulator.requestBodies("/v1/balance").filter((b) => b.method === "POST")).toHaveLength(topUps);
    expect(harness.requests.some((line) => / \/v1\/trx\?/.test(line) && line.includes("gagal"))).toBe(false);
  });
});

describe("a service code, said once with its hint", () => {
  it("webhook test with no URL set", async () => {
    const r = await resellerInProcess(harness).run(["webhook", "test"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr.match(/WEBHOOK_URL_NOT_SET/g)).toHaveLength(1);
    expect(r.stderr).toContain(
      "Error: No webhook URL is set, so there is nowhere to send it. (WEBHOOK_URL_NOT_SET, HTTP 422)",
    );
    expect(r.stderr).toContain("Hint: Set one with `reseller webhook set --url https://…`");
  });

  it("a code reseller has no words for is still said once, as the service sent it", async () => {
    hostile.routes.set("GET /v1/balance", (_req, res) => {
      res.writeHead(422, { "Content-Type": "application/json" }).end(JSON.stringify({ message: "SOMETHING_NEW" }));
    });
    const r = await runInProcess(["balance"], {
      env: {
        RESELLER_BASE_URL: hostile.baseUrl,
        RESELLER_API_KEY: "sk_test_words_0123456789",
        RESELLER_CONFIG_DIR: makeConfigDir(),
      },
    });
    expect(r.exitCode).toBe(1);
    expect(r.stderr.split("\n")[0]).toBe("Error: The service refused the request. (SOMETHING_NEW, HTTP 422)");
  });

  it("an answer with no code says its status once", async () => {
    hostile.routes.set("GET /v1/balance", (_req, res) => {
      res.writeHead(418, { "Content-Type": "application/json" }).end(JSON.stringify({}));
    });
    const r = await runInProcess(["balance"], {
      env: {
        RESELLER_BASE_URL: hostile.baseUrl,
        RESELLER_API_KEY: "sk_test_words_0123456789",
        RESELLER_CONFIG_DIR: makeConfigDir(),
      },
    });
    expect(r.exitCode).toBe(1);
    expect(r.stderr.split("\n")[0]).toBe("Error: The service refused the request. (HTTP 418)");
  });
});

describe("network failures in plain words", () => {
  const env = (baseUrl: string) => ({
    RESELLER_BASE_URL: baseUrl,
    RESELLER_API_KEY: "sk_test_words_0123456789",
    RESELLER_CONFIG_DIR: makeConfigDir(),
    RESELLER_MAX_RETRIES: "0",
  });

  it("a connection closed before the answer", async () => {
    hostile.routes.set("GET /v1/balance", (_req, res) => res.socket?.destroy());
    const r = await runInProcess(["balance"], { env: env(hostile.baseUrl) });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(
      /^Error: The service at http:\/\/127\.0\.0\.1:\d+ did not answer: the connection was (closed|reset)\./m,
    );
  });

  it("a refused connection", async () => {
    const r = await runInProcess(["balance"], { env: env(`http://127.0.0.1:${await closedPort()}`) });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(
      /could not be reached: the connection was refused \(nothing listens at that address and port\); nothing was sent\./,
    );
  });

  it("a name that is not found", async () => {
    const r = await runInProcess(["balance"], { env: env("https://no-such-host.invalid") });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toMatch(/could not be reached: its name (was not found|could not be looked up right now) \(DNS\)/);
  });
});
