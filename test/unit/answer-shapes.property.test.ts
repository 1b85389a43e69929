/**
 * Generated answers in every shape the service might send: optional fields dropped, fields renamed to
 * their aliases, results inside or beside `data`, unknown and nested fields added, statuses in any
 * case. Each is served over real HTTP to the real handler. Whatever arrives, a 2xx JSON answer is
 * never "outcome unknown", rendering never throws, and `--json` prints the body as received.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResellerError } from "../../src/errors.js";
import { printError } from "../../src/output/print-error.js";
import { testContext } from "../support/context.js";

type Answer = { status: number; body: unknown };
let server: Server;
let baseUrl: string;
let answers = new Map<string, Answer>();

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const path = (request.url ?? "").split("?")[0]!;
      const answer = answers.get(`${request.method} ${path}`) ?? { status: 404, body: { message: "ROUTE_NOT_FOUND" } };
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

// ---- the pieces of an answer ----

/** A field under one of its names, or left out. */
function field<T>(names: readonly string[], value: fc.Arbitrary<T>): fc.Arbitrary<Record<string, T>> {
  return fc.option(fc.tuple(fc.constantFrom(...names), value), { nil: undefined }).map((pair) => (pair ? { [pair[0]]: pair[1] } : {}));
}

function object(...parts: fc.Arbitrary<Record<string, unknown>>[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(unknownFields, ...parts).map((all) => Object.assign({}, ...all));
}

/** Fields no dialect documents, some nested deep: they must pass through untouched. */
const nested = fc.integer({ min: 1, max: 60 }).map((depth) => {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = { deeper: value, list: [i] };
  return value;
});
const unknownFields = fc.dictionary(fc.constantFrom("extra", "meta_info", "x_trace", "flags", "links"), fc.oneof(fc.jsonValue({ maxDepth: 3 }), nested), { maxKeys: 3 });

const amount = fc.oneof(fc.nat({ max: 50_000_000 }), fc.nat({ max: 50_000_000 }).map(String));
const id = fc.oneof(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 1, max: 99_999 }).map(String));
const text = fc.string({ maxLength: 30 });
const time = fc.constantFrom("2026-11-23T10:00:00+07:00", "2026-11-23T03:00:00Z", "2026-11-23T03:00:00.000000Z", "", "not a time");
const flag = fc.constantFrom(true, false, 1, 0, "1", "0", "true", "false", "yes");
const statusWords = ["pending", "paid", "processing", "In progress", "sent", "completed", "success", "Success", "partial", "canceled", "cancelled", "failed", "refunded", "sandbox", "on hold", "queued"];
const status = fc.tuple(fc.constantFrom(...statusWords), fc.constantFrom("lower", "upper", "title", "asis")).map(([word, casing]) =>
  casing === "lower" ? word.toLowerCase() : casing === "upper" ? word.toUpperCase() : casing === "title" ? word[0]!.toUpperCase() + word.slice(1) : word,
);

const transactionItem = object(
  field(["variant_id", "item_id"], id),
  field(["variant_name", "name"], text),
  field(["product_name"], text),
  field(["product_license"], fc.option(text, { nil: null })),
  field(["seller_note"], fc.option(text, { nil: null })),
  field(["price"], amount),
  field(["qty", "quantity"], amount),
  field(["note"], fc.option(text, { nil: null })),
  field(["order_process"], fc.constantFrom("auto", "h2h", "smm", "manual", "vip")),
  field(["is_smm"], flag),
  field(["status"], status),
);
const h2hResult = object(
  field(["variant_id", "item_id"], id),
  field(["sn"], fc.oneof(text, text.map((t) => `failed: ${t}`), fc.constant(null))),
  field(["dispatch_status"], status),
  field(["log_message", "dispatch_message"], fc.option(text, { nil: null })),
);
const smmResult = object(
  field(["variant_id", "item_id"], id),
  field(["order_id"], fc.oneof(id, fc.constant(null))),
  field(["status"], status),
  field(["start_count"], fc.option(amount, { nil: null })),
  field(["remains"], fc.option(amount, { nil: null })),
  field(["delivered_count"], fc.option(amount, { nil: null })),
  field(["refund_amount"], fc.option(amount, { nil: null })),
  field(["provider_status"], fc.option(status, { nil: null })),
  field(["partial_refund_pending_manual"], flag),
);
const transactionFields = object(
  field(["invoice"], text),
  field(["ref_id"], text),
  field(["status"], status),
  field(["amount", "total_amount"], amount),
  field(["price"], amount),
  field(["fees"], fc.option(amount, { nil: null })),
  field(["created_at"], time),
  field(["note"], fc.option(text, { nil: null })),
  field(["items"], fc.array(transactionItem, { maxLength: 3 })),
);
/** Results beside `data` (A, the spec) or inside it (B). */
const transactionDetail = fc
  .tuple(transactionFields, fc.array(h2hResult, { maxLength: 3 }), fc.array(smmResult, { maxLength: 3 }), fc.boolean(), unknownFields)
  .map(([data, h2h, smm, inside, extra]) => (inside ? { message: "OK", data: { ...data, h2h_results: h2h, smm_results: smm }, ...extra } : { message: "OK", data, h2h_results: h2h, smm_results: smm, ...extra }));

const envelope = (data: fc.Arbitrary<unknown>) =>
  fc.tuple(data, fc.constantFrom<Record<string, unknown>>({ message: "OK" }, {}, { success: true }, { status: true, message: "OK" }), unknownFields).map(([d, head, extra]) => ({ ...head, data: d, ...extra }));

const leaderboardEntry = object(field(["ranking", "rank"], id), field(["name"], text), field(["total_trx", "total_transactions"], amount));

// ---- the commands that read them ----

interface Case {
  name: string;
  load: () => Promise<{ run: (ctx: any, options: any) => Promise<unknown> }>;
  options: Record<string, unknown>;
  /** The routes this command reads, the generated answer on `generated`. */
  routes: (generated: unknown) => Record<string, unknown>;
  body: fc.Arbitrary<unknown>;
}

const item12 = { message: "OK", data: { id: 12, name: "Telkomsel 10K", price: 10_650, stock: null, order_process: "h2h", min_order: 1 } };
const cases: Case[] = [
  { name: "balance", load: () => import("../../src/commands/balance.js"), options: {}, routes: (g) => ({ "GET /v1/balance": g }), body: envelope(object(field(["balance"], amount))) },
  { name: "trx show", load: () => import("../../src/commands/trx/show.js"), options: { ref: "TRX-1", watch: false }, routes: (g) => ({ "GET /v1/trx/TRX-1": g }), body: transactionDetail },
  { name: "leaderboard", load: () => import("../../src/commands/leaderboard/top.js"), options: {}, routes: (g) => ({ "GET /v1/leaderboard": g }), body: envelope(fc.array(leaderboardEntry, { maxLength: 10 })) },
  {
    name: "leaderboard me",
    load: () => import("../../src/commands/leaderboard/me.js"),
    options: {},
    routes: (g) => ({ "GET /v1/leaderboard/profile": g }),
    body: envelope(object(field(["ranking", "rank"], id), field(["total_trx", "total_transactions"], amount), field(["points"], amount))),
  },
  {
    name: "sandbox",
    load: () => import("../../src/commands/sandbox.js"),
    options: { item: 12, qty: 1, refId: "SB-1" },
    routes: (g) => ({ "POST /v1/order/sandbox": g }),
    body: envelope(object(field(["id"], id), field(["ref_id"], text), field(["status"], status), field(["invoice"], text))),
  },
  {
    name: "buy",
    load: () => import("../../src/commands/buy.js"),
    options: { item: 12, qty: 1, note: "081234567890", opt: [], wait: false, yes: true },
    routes: (g) => ({ "GET /v1/item/12": item12, "POST /v1/trx": g }),
    body: envelope(
      object(field(["invoice"], text), field(["ref_id"], text), field(["status"], status), field(["amount", "total_amount"], amount), field(["price"], amount), field(["fees"], amount), field(["created_at"], time)),
    ),
  },
];

type Mode = "json" | "plain" | "table";

async function runCase(c: Case, body: unknown, mode: Mode): Promise<{ exitCode: number; stdout: string; thrown?: unknown }> {
  answers = new Map(Object.entries(c.routes(body)).map(([route, b]) => [route, { status: 200, body: b }]));
  const t = await testContext({ env: { RESELLER_BASE_URL: baseUrl, RESELLER_API_KEY: "sk_live_property_test_key" }, flags: { json: mode === "json" }, tty: mode === "table" });
  const handler = await c.load();
  let exitCode = 0;
  let thrown: unknown;
  try {
    await handler.run(t.ctx, c.options);
  } catch (error) {
    thrown = error;
    exitCode = printError(error, { stderr: { write: () => true }, json: mode === "json", verbose: false, paint: (_tone, s) => s });
  }
  return { exitCode, stdout: t.stdout(), thrown };
}

describe.each(cases)("$name: any 2xx JSON answer", (c) => {
  it("is never an unknown outcome, never crashes the renderer, and --json prints the body", async () => {
    await fc.assert(
      fc.asyncProperty(c.body, fc.constantFrom<Mode>("json", "plain", "table"), async (body, mode) => {
        const result = await runCase(c, body, mode);
        // Only the tool's own errors, with the contract's codes: a TypeError here is a renderer that crashed.
        if (result.thrown !== undefined) expect(result.thrown, String(result.thrown)).toBeInstanceOf(ResellerError);
        expect(result.exitCode).not.toBe(5);
        expect([0, 1]).toContain(result.exitCode);
        if (mode === "json" && result.exitCode === 0) expect(result.stdout).toBe(`${JSON.stringify(body)}\n`);
      }),
      { numRuns: 60 },
    );
  });
});

/** Every command that reads an answer, fed any JSON at all: nothing documented about it. */
const anyAnswerCases: Case[] = [
  ...cases,
  { name: "channels", load: () => import("../../src/commands/channels.js"), options: {}, routes: (g) => ({ "GET /v1/balance/channels": g }), body: fc.constant(null) },
  { name: "item", load: () => import("../../src/commands/item.js"), options: { id: 12 }, routes: (g) => ({ "GET /v1/item/12": g }), body: fc.constant(null) },
  { name: "lock list", load: () => import("../../src/commands/lock/list.js"), options: {}, routes: (g) => ({ "GET /v1/item/lock": g }), body: fc.constant(null) },
  { name: "lock add", load: () => import("../../src/commands/lock/add.js"), options: { item: 3, qty: 1 }, routes: (g) => ({ "POST /v1/item/lock": g }), body: fc.constant(null) },
  { name: "lock release", load: () => import("../../src/commands/lock/release.js"), options: { token: "LCK-1" }, routes: (g) => ({ "DELETE /v1/item/lock/LCK-1": g }), body: fc.constant(null) },
  {
    name: "topup",
    load: () => import("../../src/commands/topup.js"),
    options: { amount: 50_000, channel: "QRIS", yes: true },
    routes: (g) => ({ "GET /v1/balance/channels": { message: "OK", data: [{ code: "QRIS", name: "QRIS", fee: 750 }] }, "POST /v1/balance": g }),
    body: fc.constant(null),
  },
  { name: "trx list", load: () => import("../../src/commands/trx/list.js"), options: {}, routes: (g) => ({ "GET /v1/trx": g }), body: fc.constant(null) },
  { name: "balance history", load: () => import("../../src/commands/balance/history.js"), options: {}, routes: (g) => ({ "GET /v1/balance/mutations": g }), body: fc.constant(null) },
  {
    name: "validate",
    load: () => import("../../src/commands/validate.js"),
    options: { item: 22, customerId: "123456789" },
    routes: (g) => ({ "GET /v1/item/22": { message: "OK", data: { id: 22, name: "Free Fire 140 Diamonds", price: 19000, validation: { available: true } } }, "POST /v1/item/validate": g }),
    body: fc.constant(null),
  },
];

/** Any JSON: right shapes with wrong types, `data: null`, numbers past 2^53, deep nesting, bare arrays. */
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.record({ message: fc.constantFrom("OK", "ERR", "INVALID", ""), data: fc.jsonValue({ maxDepth: 4 }) }),
  fc.constantFrom({ message: "OK", data: null }, { message: "OK", data: { balance: 1e30 } }, { data: [{ ranking: "1e400" }] }, { success: false }, { message: "OK", data: [] }),
);

describe.each(anyAnswerCases)("$name: any JSON at all, with any status", (c) => {
  it("ends with an exit code from the contract and never crashes", async () => {
    await fc.assert(
      fc.asyncProperty(anyJson, fc.constantFrom(200, 201, 400, 404, 422, 500, 503), fc.constantFrom<Mode>("json", "plain", "table"), async (body, status, mode) => {
        answers = new Map(Object.entries(c.routes(body)).map(([route, b]) => [route, { status: b === body ? status : 200, body: b }]));
        const t = await testContext({ env: { RESELLER_BASE_URL: baseUrl, RESELLER_API_KEY: "sk_live_property_test_key", RESELLER_TIMEOUT: "5" }, flags: { json: mode === "json" }, tty: mode === "table" });
        const handler = await c.load();
        try {
          await handler.run(t.ctx, c.options);
        } catch (error) {
          expect(error, String(error)).toBeInstanceOf(ResellerError);
          // A 2xx JSON answer is never an unknown outcome; a 5xx to a purchase may be.
          if (status < 300) expect((error as ResellerError).exitCode).not.toBe(5);
          expect([1, 2, 3, 4, 5]).toContain((error as ResellerError).exitCode);
        } finally {
          await t.ctx.dispose();
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("the answers the live documentation shows", () => {
  it("a purchase answered in the short dialect is a success, not an unknown outcome", async () => {
    const body = { message: "OK", data: { invoice: "INV-987654321", ref_id: "INV-20260511-001", total_amount: 23000, status: "pending" } };
    const result = await runCase(cases.find((c) => c.name === "buy")!, body, "plain");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("INV-987654321");
  });

  it("a serial number inside data, keyed item_id, is shown", async () => {
    const body = {
      message: "OK",
      data: { invoice: "INV-1", ref_id: "TRX-1", status: "completed", amount: 23000, items: [{ item_id: 101, name: "86 Diamonds", price: 23000, quantity: 1 }], h2h_results: [{ item_id: 101, sn: "SN-ABCD1234" }] },
    };
    const result = await runCase(cases.find((c) => c.name === "trx show")!, body, "table");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("SN-ABCD1234");
    expect(result.stdout).toContain("86 Diamonds");
    expect(result.stdout).not.toContain("Nothing to hand over");
  });

  it("the live leaderboard's ranking and total_trx are read", async () => {
    const body = { message: "OK", data: [{ ranking: 1, name: "To** Ma****", total_trx: 812 }, { ranking: 2, name: "Be**** Pu***", total_trx: 640 }] };
    const result = await runCase(cases.find((c) => c.name === "leaderboard")!, body, "plain");
    expect(result.stdout).toBe("1\tTo** Ma****\t812\n2\tBe**** Pu***\t640\n");
  });
});
