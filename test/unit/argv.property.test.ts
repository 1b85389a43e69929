import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeConfigDir } from "../support/cli.js";
import { json, useHostileServer } from "../support/hostile-server.js";
import { type MainResult, runPiped } from "../support/run-main.js";

const server = useHostileServer();
const contractCodes = [0, 1, 2, 3, 4, 5, 130];

const commands = [
  ["balance"],
  ["channels"],
  ["topup"],
  ["item"],
  ["buy"],
  ["trx", "show"],
  ["lock", "add"],
  ["lock", "list"],
  ["lock", "release"],
  ["leaderboard"],
  ["leaderboard", "me"],
  ["sandbox"],
  ["history"],
  ["reconcile"],
  ["config", "list"],
  ["config", "get"],
  ["config", "set"],
  ["config", "path"],
  ["logout"],
  ["completion"],
  ["help"],
  ["nonsense"],
];
const flags = [
  "--item",
  "--qty",
  "--note",
  "--ref-id",
  "--timeout",
  "--amount",
  "--channel",
  "--json",
  "--yes",
  "-y",
  "--lock",
  "--duration",
  "--wait",
  "--wait-timeout",
  "--target",
  "--opt",
  "--comment",
  "--concurrency",
  "--out",
  "--profile",
  "--verbose",
  "--no-input",
  "--unresolved",
  "--limit",
  "--watch",
  "--unknown-flag",
  "-x",
];
const values = [
  "0",
  "-1",
  "1e30",
  "0x10",
  "1.5",
  "12",
  "7",
  "",
  ".",
  "..",
  "abc",
  "99999999999999999999",
  "081234567890",
  "QRIS",
  "100000",
  "60",
  "9999",
  "timeout",
  "bash",
  "RSL-1",
  "LCK-1",
  " 12 ",
  "١٢",
];
// Mostly flag-value pairs, as people type them; sometimes a lone flag or value out of place.
const token = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...flags), fc.constantFrom(...values)) },
  { weight: 1, arbitrary: fc.constantFrom(...flags).map((f) => [f]) },
  { weight: 1, arbitrary: fc.constantFrom(...values).map((v) => [v]) },
);
const argv = fc
  .tuple(fc.constantFrom(...commands), fc.array(token, { maxLength: 5 }))
  .map(([command, rest]) => [...command, ...rest.flat()]);

async function runMain(args: string[]): Promise<MainResult & { sent: string[] }> {
  const seenBefore = server.seen.length;
  const result = await runPiped(args, {
    RESELLER_BASE_URL: server.baseUrl,
    RESELLER_API_KEY: "sk_live_argv_fuzz_key_0000",
    RESELLER_CONFIG_DIR: makeConfigDir(),
    RESELLER_TIMEOUT: "5",
    PATH: process.env.PATH,
  });
  return { ...result, sent: server.seen.slice(seenBefore) };
}

describe("any argv", () => {
  it("ends with a contract exit code, no stack trace, and sends nothing that moves money when it is a usage error", async () => {
    // A service that knows one item and refuses every purchase: nothing here can move money.
    server.routes.set(
      "GET /v1/item/12",
      json(200, {
        message: "OK",
        data: { id: 12, name: "Telkomsel 10K", price: 10650, stock: null, order_process: "h2h" },
      }),
    );
    server.routes.set("GET /v1/balance", json(200, { message: "OK", data: { balance: 50000 } }));
    server.routes.set(
      "GET /v1/balance/channels",
      json(200, { message: "OK", data: [{ code: "QRIS", name: "QRIS", fee: 750 }] }),
    );
    server.routes.set("POST /v1/trx", json(400, { message: "BALANCE_IS_INSUFFICIENT" }));
    server.routes.set("POST /v1/item/lock", json(422, { message: "INSUFFICIENT_STOCK" }));
    server.routes.set("POST /v1/balance", json(422, { message: "VALIDATION_ERROR" }));
    server.routes.set("POST /v1/order/sandbox", json(422, { message: "MINIMUM_ORDER_NOT_MET" }));
    await fc.assert(
      fc.asyncProperty(argv, async (args) => {
        const r = await runMain(args);
        expect(contractCodes, `exit ${r.exitCode} for ${JSON.stringify(args)}`).toContain(r.exitCode);
        expect(r.stderr).not.toMatch(/This is a bug|\n\s+at .+:\d+:\d+/);
        if (r.exitCode === 2)
          expect(
            r.sent.filter((s) => !s.startsWith("GET ")),
            `sent for ${JSON.stringify(args)}`,
          ).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it("numbers that are almost numbers are refused before anything is sent", async () => {
    for (const value of ["1e30", "0x10", "1.5", "-1", "0", "", "99999999999999999999"]) {
      for (const args of [
        ["balance", "--timeout", value],
        ["item", value],
        ["buy", "--item", value, "--qty", "1", "--note", "0812"],
        ["lock", "add", "--item", "12", "--qty", value],
      ]) {
        const r = await runMain(args);
        expect(r.exitCode, `${args.join(" ")}: ${r.stderr}`).toBe(2);
        expect(r.sent, args.join(" ")).toEqual([]);
      }
    }
  });
});
