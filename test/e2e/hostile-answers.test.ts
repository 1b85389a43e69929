/**
 * A service that misbehaves: every case here hung, crashed, leaked the key or misled before. Each
 * must end on its own, with an exit code from the contract and no stack trace. Answers that never
 * end, or too large or too deep to read, meet the built binary; what is said of the others is
 * checked through main() (test/support/run-main.ts).
 */
import { describe, expect, it } from "vitest";
import { buyOne, makeConfigDir, runReseller, type CliResult } from "../support/cli.js";
import { runInProcess } from "../support/run-main.js";
import { deeplyNested, drip, huge, json, silence, useHostileServer } from "../support/hostile-server.js";
import { journalRecords } from "./commands-harness.js";

const server = useHostileServer();
const apiKey = "sk_live_hostile0123456789abcdef";
const item12 = json(200, {
  message: "OK",
  data: { id: 12, name: "Telkomsel 10K", price: 10650, stock: null, order_process: "h2h" },
});

async function reseller(
  args: string[],
  env: Record<string, string> = {},
  configDir = makeConfigDir(),
  runner: typeof runReseller = runInProcess,
): Promise<CliResult> {
  // Whatever waits past timeoutMs is killed, with no exit code: an exit code is the command ending by itself.
  const result = await runner(args, {
    env: { RESELLER_BASE_URL: server.baseUrl, RESELLER_API_KEY: apiKey, RESELLER_CONFIG_DIR: configDir, ...env },
    timeoutMs: 40_000,
  });
  // Whatever the service did, no stack trace and no full key.
  expect(result.stderr).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  expect(result.stderr).not.toMatch(/RangeError|TypeError|This is a bug/);
  expect(result.stdout + result.stderr).not.toContain(apiKey);
  return result;
}

/** The built binary, for an answer that could hang, exhaust or crash the process. */
const spawned = (args: string[], env: Record<string, string> = {}, configDir = makeConfigDir()) =>
  reseller(args, env, configDir, runReseller);

describe("answers that never end", () => {
  it("a body that drips a byte a second ends at --timeout, exit 4", async () => {
    server.routes.set("GET /v1/balance", drip('{"message":"OK","data":{"balance":150000}}'));
    const r = await spawned(["balance", "--timeout", "2"]);
    expect(r.exitCode, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/did not answer in time/);
  });

  it("a service that never answers is given up on near --timeout, not three times over", async () => {
    server.routes.set("GET /v1/balance", silence);
    const asked = () => server.seen.filter((s) => s === "GET /v1/balance").length;
    const before = asked();
    const r = await spawned(["balance", "--timeout", "3"]);
    expect(r.exitCode, r.stderr).toBe(4);
    // Once: --timeout is the whole budget, so no second attempt waits out another 3 s.
    expect(asked() - before).toBe(1);
  });

  it("a Retry-After past the budget is reported, not waited for", async () => {
    server.routes.set("GET /v1/balance", json(503, { message: "SERVICE_UNAVAILABLE" }, { "retry-after": "3600" }));
    const r = await reseller(["balance"]);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/asked to wait 3600 s/);
  });

  it("each retry is announced with its wait and attempt", async () => {
    server.routes.set("GET /v1/balance", json(502, { message: "BAD_GATEWAY" }));
    const r = await reseller(["balance"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/Retrying GET \/v1\/balance in [\d.]+ s \(attempt 2 of 3; the last said BAD_GATEWAY\)/);
    expect(r.stderr).toMatch(/attempt 3 of 3/);
  });
});

describe("answers too large", () => {
  it("a 20 MB answer to a read: exit 4, said plainly, not read to the end", async () => {
    server.routes.set("GET /v1/balance", huge(20));
    const r = await spawned(["balance"]);
    expect(r.exitCode, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/larger than 8 MB/);
  });

  it("a 20 MB answer to a purchase: outcome unknown (exit 5) with the ref_id, never retried into a second buy", async () => {
    server.routes.set("GET /v1/item/12", item12);
    server.routes.set("POST /v1/trx", huge(20));
    server.routes.set("GET /v1/trx/HUGE-1", huge(20));
    const before = server.seen.filter((s) => s === "POST /v1/trx").length;
    const r = await spawned(["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "HUGE-1"]);
    expect(r.exitCode, r.stderr).toBe(5);
    expect(r.stderr).toContain("HUGE-1");
    expect(server.seen.filter((s) => s === "POST /v1/trx").length - before).toBe(1);
  });
});

describe("answers nested without end", () => {
  const deep = deeplyNested(100_000);

  it("a purchase whose answer carries a deeply nested field is a success (exit 0), journaled done", async () => {
    server.routes.set("GET /v1/item/12", item12);
    server.routes.set(
      "POST /v1/trx",
      json(
        200,
        `{"message":"OK","data":{"invoice":"INV-DEEP","ref_id":"DEEP-1","status":"paid","amount":10650,"extra":${deep}}}`,
      ),
    );
    const configDir = makeConfigDir();
    const r = await spawned(
      ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "DEEP-1"],
      {},
      configDir,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("INV-DEEP");
    expect(
      journalRecords(configDir)
        .filter((rec) => rec.type === "outcome")
        .map((rec) => (rec as { outcome: string }).outcome),
    ).toEqual(["done"]);
  });

  it("--json prints such an answer exactly as received", async () => {
    const text = `{"message":"OK","data":{"balance":5,"extra":${deep}}}`;
    server.routes.set("GET /v1/balance", json(200, text));
    const r = await spawned(["balance", "--json"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${text}\n`);
  });

  it("a deeply nested 422 error: exit 1, the code shown, no stack trace, in both output modes", async () => {
    server.routes.set("GET /v1/balance", json(422, `{"message":"VALIDATION_ERROR","errors":${deep}}`));
    const plain = await spawned(["balance"]);
    expect(plain.exitCode, plain.stderr).toBe(1);
    expect(plain.stderr).toContain("VALIDATION_ERROR");
    const asJson = await spawned(["balance", "--json"]);
    expect(asJson.exitCode).toBe(1);
    expect(JSON.parse(asJson.stderr.trim()).error.code).toBe("VALIDATION_ERROR");
  });
});

describe("answers that echo the key", () => {
  it("is masked in errors, with --verbose, and with --json", async () => {
    server.routes.set(
      "GET /v1/balance",
      json(401, { message: `INVALID_API_KEY`, errors: { key: [`${apiKey} is not valid`] } }),
    );
    const error = await reseller(["balance", "--verbose"]);
    expect(error.exitCode).toBe(3);
    expect(error.stderr).toContain("****cdef");
    server.routes.set(
      "GET /v1/balance",
      json(200, { message: "OK", data: { balance: 1, note: `key ${apiKey} seen` } }),
    );
    const body = await reseller(["balance", "--json"]);
    expect(body.exitCode).toBe(0);
    expect(body.stdout).toContain("key ****cdef seen");
  });
});

describe("answers that cannot be real", () => {
  it("a balance past 2^53 is an unexpected answer (exit 1), never shown as another number", async () => {
    server.routes.set("GET /v1/balance", json(200, '{"message":"OK","data":{"balance":1e30}}'));
    const r = await reseller(["balance"]);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/too large/);
  });

  it("data: null where a result is required: exit 1, never 'No locks held' or 'not ranked'", async () => {
    for (const [route, args] of [
      ["GET /v1/item/lock", ["lock", "list"]],
      ["GET /v1/leaderboard/profile", ["leaderboard", "me"]],
      ["GET /v1/balance", ["balance"]],
    ] as const) {
      server.routes.set(route, json(200, { message: "OK", data: null }));
      const r = await reseller([...args]);
      expect(r.exitCode, `${args.join(" ")}: ${r.stderr}`).toBe(1);
      expect(r.stdout + r.stderr).not.toMatch(/No locks held|not ranked/);
    }
  });
});

describe("--json on a terminal and in a pipe", () => {
  it("escapes C1 controls and BiDi overrides for a terminal; piped stays byte-exact", async () => {
    const text = '{"message":"OK","data":{"balance":5,"name":"a\u009b31mb\u202ec"}}';
    server.routes.set("GET /v1/balance", json(200, text));
    const piped = await reseller(["balance", "--json"]);
    expect(piped.stdout).toBe(`${text}\n`);
    const terminal = await reseller(["balance", "--json"], { RESELLER_FORCE_TTY: "1" });
    expect(terminal.stdout).not.toMatch(/[\u0080-\u009f\u202a-\u202e]/);
    expect(terminal.stdout).toContain("\\u009b");
    expect(JSON.parse(terminal.stdout).data.name).toBe("a\u009b31mb\u202ec");
  });
});

describe("arguments that would reach another endpoint or item", () => {
  it("`.`, `..` and the empty string as a lock token or ref_id: exit 2, nothing sent", async () => {
    const before = server.seen.length;
    for (const args of [
      ["lock", "release", "."],
      ["lock", "release", ".."],
      ["lock", "release", ""],
      ["trx", "show", ".."],
      ["trx", "show", ""],
    ]) {
      const r = await reseller(args);
      expect(r.exitCode, `${args.join(" ")}: ${r.stderr}`).toBe(2);
      expect(r.stdout).toBe("");
    }
    expect(server.seen.slice(before)).toEqual([]);
  });

  it("buy --item 7 buys item 7, whatever id the item's answer names", async () => {
    server.routes.set(
      "GET /v1/item/7",
      json(200, {
        message: "OK",
        data: { id: 99, name: "Indosat 5K", price: 5500, stock: null, order_process: "h2h" },
      }),
    );
    let sent: unknown;
    server.routes.set("POST /v1/trx", (_request, response, body) => {
      sent = JSON.parse(body);
      json(200, { message: "OK", data: { invoice: "INV-7", ref_id: "ITEM-7", total_amount: 5500, status: "pending" } })(
        _request,
        response,
        body,
      );
    });
    const r = await reseller(["buy", "--item", "7", "--qty", "1", "--note", "081234567890", "--ref-id", "ITEM-7"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(sent).toMatchObject({ ref_id: "ITEM-7", carts: [{ item_id: 7, quantity: 1 }] });
  });
});

describe("a refusal the service documents as 'not charged'", () => {
  it("503 PRODUCT_TEMPORARILY_UNAVAILABLE: exit 1, 'nothing was charged', journaled refused, not retried", async () => {
    server.routes.set("GET /v1/item/12", item12);
    server.routes.set("POST /v1/trx", json(503, { message: "PRODUCT_TEMPORARILY_UNAVAILABLE" }));
    const configDir = makeConfigDir();
    const before = server.seen.filter((s) => s === "POST /v1/trx").length;
    const r = await reseller(
      ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "UNAVAIL-1"],
      {},
      configDir,
    );
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toContain("PRODUCT_TEMPORARILY_UNAVAILABLE");
    expect(r.stderr).toMatch(/nothing was charged/);
    expect(server.seen.filter((s) => s === "POST /v1/trx").length - before).toBe(1);
    const outcomes = journalRecords(configDir).filter((rec) => rec.type === "outcome");
    expect(outcomes).toEqual([
      expect.objectContaining({ outcome: "refused", code: "PRODUCT_TEMPORARILY_UNAVAILABLE" }),
    ]);
  });
});

describe("a status no dialect documents", () => {
  it("is shown as it came; --wait keeps waiting on it until its deadline and says so (exit 0: the purchase stands)", async () => {
    server.routes.set("GET /v1/item/12", item12);
    server.routes.set(
      "POST /v1/trx",
      json(200, {
        message: "OK",
        data: { invoice: "INV-HOLD", ref_id: "HOLD-1", total_amount: 10650, status: "On Hold" },
      }),
    );
    server.routes.set(
      "GET /v1/trx/HOLD-1",
      json(200, {
        message: "OK",
        data: { invoice: "INV-HOLD", ref_id: "HOLD-1", status: "On Hold", amount: 10650, items: [] },
      }),
    );
    const r = await reseller(buyOne(12, "081234567890", "--ref-id", "HOLD-1", "--wait", "--wait-timeout", "3"));
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^transaction\tINV-HOLD\tHOLD-1\tOn Hold\t10650/m);
    expect(r.stderr).toMatch(/"On Hold", a status reseller does not know/);
    expect(server.seen.filter((s) => s === "GET /v1/trx/HOLD-1").length).toBeGreaterThan(1);
  });
});
