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
import { en } from "../../src/messages/en.js";
import { isFinal, toStatus } from "../../src/api/status.js";
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
  return fc
    .option(fc.tuple(fc.constantFrom(...names), value), { nil: undefined })
    .map((pair) => (pair ? { [pair[0]]: pair[1] } : {}));
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
const unknownFields = fc.dictionary(
  fc.constantFrom("extra", "meta_info", "x_trace", "flags", "links"),
  fc.oneof(fc.jsonValue({ maxDepth: 3 }), nested),
  { maxKeys: 3 },
);

const amount = fc.oneof(fc.nat({ max: 50_000_000 }), fc.nat({ max: 50_000_000 }).map(String));
const id = fc.oneof(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 1, max: 99_999 }).map(String));
const text = fc.string({ maxLength: 30 });
const time = fc.constantFrom(
  "2026-11-23T10:00:00+07:00",
  "2026-11-23T03:00:00Z",
  "2026-11-23T03:00:00.000000Z",
  "",
  "not a time",
);
const flag = fc.constantFrom(true, false, 1, 0, "1", "0", "true", "false", "yes");
const statusWords = [
  "pending",
  "paid",
  "processing",
  "In progress",
  "sent",
  "completed",
  "success",
  "Success",
  "Sukses",
  "berhasil",
  "partial",
  "canceled",
  "cancelled",
  "failed",
  "refunded",
  "sandbox",
  "on hold",
  "queued",
];
const status = fc
  .tuple(fc.constantFrom(...statusWords), fc.constantFrom("lower", "upper", "title", "asis"))
  .map(([word, casing]) =>
    casing === "lower"
      ? word.toLowerCase()
      : casing === "upper"
        ? word.toUpperCase()
        : casing === "title"
          ? word[0]!.toUpperCase() + word.slice(1)
          : word,
  );

/** A licence list as live clients meet it: one entry per unit, `{product_license, note}` or a bare string. */
const licenceList = fc.option(
  fc.array(
    fc.oneof(
      object(
        field(["product_license", "license"], fc.option(text, { nil: null })),
        field(["note"], fc.option(text, { nil: null })),
      ),
      text,
    ),
    { maxLength: 3 },
  ),
  { nil: null },
);
const transactionItem = object(
  field(["variant_id", "item_id"], id),
  field(["variant_name", "name"], text),
  field(["product_name"], text),
  field(["product_license"], fc.option(text, { nil: null })),
  field(["licenses", "licences"], licenceList),
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
  field(
    ["sn"],
    fc.oneof(
      text,
      text.map((t) => `failed: ${t}`),
      fc.constant(null),
    ),
  ),
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
  .tuple(
    transactionFields,
    fc.array(h2hResult, { maxLength: 3 }),
    fc.array(smmResult, { maxLength: 3 }),
    fc.boolean(),
    unknownFields,
  )
  .map(([data, h2h, smm, inside, extra]) =>
    inside
      ? { message: "OK", data: { ...data, h2h_results: h2h, smm_results: smm }, ...extra }
      : { message: "OK", data, h2h_results: h2h, smm_results: smm, ...extra },
  );

const envelope = (data: fc.Arbitrary<unknown>) =>
  fc
    .tuple(
      data,
      fc.constantFrom<Record<string, unknown>>(
        { message: "OK" },
        {},
        { success: true },
        { status: true, message: "OK" },
      ),
      unknownFields,
    )
    .map(([d, head, extra]) => ({ ...head, data: d, ...extra }));

/** A payment channel in either key set: B's `code`/`fee`/`min_amount`, or `service`/`fee_flat`/`fee_percentage`/`minimum`/`status`. */
const decimal = fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constantFrom(0.7, 1.5, "2.5", "0,7"));
const channel = object(
  field(["code", "service"], fc.constantFrom("QRIS", "GOPAY", "BCAVA", "qris")),
  field(["name"], text),
  field(["type"], fc.constantFrom("qris", "va", "ewallet")),
  field(["fee", "fee_flat"], amount),
  field(["fee_percentage"], decimal),
  field(["min_amount", "minimum"], amount),
  field(["max_amount", "maximum"], amount),
  field(["status"], fc.constantFrom("on", "off", "ON", "inactive", true, false)),
);
/** A top-up: a payment page, a QR link, or both (or neither), with or without the service's own fee and total. */
const topUp = object(
  field(["payment_url", "payment_link"], text),
  field(["qr_link", "qr_url"], text),
  field(["invoice"], text),
  field(["amount"], amount),
  field(["fee", "fees"], amount),
  field(["total"], amount),
  field(["expires_at"], time),
  field(["channel"], fc.constant("QRIS")),
);
const lock = object(
  field(["lock_token", "token"], text),
  field(["item_id"], id),
  field(["quantity"], amount),
  field(["expires_at"], time),
  field(["remaining_seconds"], amount),
);

const leaderboardEntry = object(
  field(["ranking", "rank"], id),
  field(["name"], text),
  field(["total_trx", "total_transactions"], amount),
);

// ---- the commands that read them ----

interface Case {
  name: string;
  load: () => Promise<{ run: (ctx: any, options: any) => Promise<unknown> }>;
  options: Record<string, unknown>;
  /** The routes this command reads, the generated answer on `generated`. */
  routes: (generated: unknown) => Record<string, unknown>;
  body: fc.Arbitrary<unknown>;
  /** What `--json` prints of a generated answer, when that is not the whole of it. */
  printed?: (generated: unknown) => unknown;
}

const propertyRefId = "RSL-PROPERTY-1";
/** The purchase as the service holds it, for the look-up an unproven answer leads to. */
const heldPurchase = {
  message: "OK",
  data: {
    ref_id: propertyRefId,
    invoice: "INV-HELD-1",
    status: "pending",
    total_amount: 10_650,
    items: [{ variant_id: 12, quantity: 1 }],
  },
};
const item12 = {
  message: "OK",
  data: { id: 12, name: "Telkomsel 10K", price: 10_650, stock: null, order_process: "h2h", min_order: 1 },
};
/** A QRIS channel open for the top-up case, in either key set. */
const qrisChannels = fc.constantFrom(
  { message: "OK", data: [{ code: "QRIS", name: "QRIS", fee: 750 }] },
  {
    message: "OK",
    data: [
      {
        service: "QRIS",
        name: "QRIS",
        type: "qris",
        minimum: 10_000,
        maximum: 5_000_000,
        fee_flat: 0,
        fee_percentage: 0.7,
        status: "on",
      },
    ],
  },
);
const cases: Case[] = [
  {
    name: "balance",
    load: () => import("../../src/commands/balance.js"),
    options: {},
    routes: (g) => ({ "GET /v1/balance": g }),
    body: envelope(object(field(["balance"], amount))),
  },
  {
    name: "trx show",
    load: () => import("../../src/commands/trx/show.js"),
    options: { ref: "TRX-1", watch: false },
    routes: (g) => ({ "GET /v1/trx/TRX-1": g }),
    body: transactionDetail,
  },
  {
    name: "leaderboard",
    load: () => import("../../src/commands/leaderboard/top.js"),
    options: {},
    routes: (g) => ({ "GET /v1/leaderboard": g }),
    body: envelope(fc.array(leaderboardEntry, { maxLength: 10 })),
  },
  {
    name: "leaderboard me",
    load: () => import("../../src/commands/leaderboard/me.js"),
    options: {},
    routes: (g) => ({ "GET /v1/leaderboard/profile": g }),
    body: envelope(
      object(
        field(["ranking", "rank"], id),
        field(["total_trx", "total_transactions"], amount),
        field(["points"], amount),
      ),
    ),
  },
  {
    name: "sandbox",
    load: () => import("../../src/commands/sandbox.js"),
    options: { item: 12, qty: 1, refId: "SB-1" },
    routes: (g) => ({ "POST /v1/order/sandbox": g }),
    body: envelope(
      object(field(["id"], id), field(["ref_id"], text), field(["status"], status), field(["invoice"], text)),
    ),
  },
  {
    name: "buy",
    load: () => import("../../src/commands/buy.js"),
    options: { item: 12, qty: 1, note: "081234567890", opt: [], wait: false, yes: true, refId: propertyRefId },
    // An answer that does not prove the purchase (no invoice, another ref_id) is looked up: the service holds it.
    routes: (g) => ({ "GET /v1/item/12": item12, "POST /v1/trx": g, [`GET /v1/trx/${propertyRefId}`]: heldPurchase }),
    body: envelope(
      object(
        field(["invoice"], text),
        field(["ref_id"], fc.oneof(text, fc.constant(propertyRefId))),
        field(["status"], status),
        field(["amount", "total_amount"], amount),
        field(["price"], amount),
        field(["fees"], amount),
        field(["created_at"], time),
      ),
    ),
    // --json prints the service's answer with the verdict beside it, when the answer itself proved the purchase.
    printed: (g) => {
      const data = (g as { data?: { invoice?: unknown; ref_id?: unknown } } | null)?.data;
      const proves =
        typeof data?.invoice === "string" &&
        data.invoice.trim() !== "" &&
        (data.ref_id === undefined || data.ref_id === propertyRefId);
      return proves ? { ...(g as object), outcome: "bought" } : undefined;
    },
  },
  {
    name: "channels (either key set)",
    load: () => import("../../src/commands/channels.js"),
    options: {},
    routes: (g) => ({ "GET /v1/balance/channels": g }),
    body: envelope(fc.array(channel, { maxLength: 5 })),
  },
  {
    name: "topup (page, QR link, both)",
    load: () => import("../../src/commands/topup.js"),
    options: { amount: 50_000, channel: "QRIS", yes: true },
    // The channel list is generated too: a top-up is read against either key set.
    routes: (g) => ({
      "GET /v1/balance/channels": (g as { channels: unknown }).channels,
      "POST /v1/balance": (g as { answer: unknown }).answer,
    }),
    body: fc.record({ channels: qrisChannels, answer: envelope(topUp) }),
    printed: (g) => (g as { answer: unknown }).answer,
  },
  {
    name: "lock list (a list, under locks, or empty)",
    load: () => import("../../src/commands/lock/list.js"),
    options: {},
    routes: (g) => ({ "GET /v1/item/lock": g }),
    body: fc.oneof(
      envelope(fc.array(lock, { maxLength: 3 })),
      fc.array(lock, { maxLength: 3 }).map((locks) => ({ success: true, locks })),
      envelope(fc.array(lock, { maxLength: 3 }).map((locks) => ({ locks }))),
    ),
  },
  {
    name: "lock release (a yes in any words)",
    load: () => import("../../src/commands/lock/release.js"),
    options: { token: "LCK-1" },
    routes: (g) => ({ "DELETE /v1/item/lock/LCK-1": g }),
    body: fc
      .tuple(
        fc.constantFrom({ success: true }, { status: true }),
        fc.constantFrom("LOCK_RELEASED", "LOCK_RELEASED_OK", "OK", "Lock released", "ITEM_NOT_FOUND"),
        fc.option(object(field(["lock_token"], text), field(["status"], fc.constant("released"))), { nil: undefined }),
        unknownFields,
      )
      .map(([yes, message, data, extra]) => ({ ...yes, message, ...(data === undefined ? {} : { data }), ...extra })),
  },
];

type Mode = "json" | "plain" | "table";

async function runCase(
  c: Case,
  body: unknown,
  mode: Mode,
): Promise<{ exitCode: number; stdout: string; thrown?: unknown }> {
  answers = new Map(Object.entries(c.routes(body)).map(([route, b]) => [route, { status: 200, body: b }]));
  const t = await testContext({
    env: { RESELLER_BASE_URL: baseUrl, RESELLER_API_KEY: "sk_live_property_test_key" },
    flags: { json: mode === "json" },
    tty: mode === "table",
  });
  const handler = await c.load();
  let exitCode = 0;
  let thrown: unknown;
  try {
    await handler.run(t.ctx, c.options);
  } catch (error) {
    thrown = error;
    exitCode = printError(error, {
      say: en,
      stderr: { write: () => true },
      json: mode === "json",
      verbose: false,
      paint: (_tone, s) => s,
    });
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
        const printed = c.printed ? c.printed(body) : body;
        // The body as received, then the verdict; with an amount, what it cost in the end (nothing refunded).
        if (mode === "json" && result.exitCode === 0 && printed !== undefined) {
          const whole = JSON.stringify(printed);
          const cost = /^,"refunded":0,"net":[^,{}]+$/;
          expect(result.stdout.startsWith(whole.slice(0, -1)), result.stdout).toBe(true);
          const rest = result.stdout.slice(whole.length - 1, -2);
          if (rest !== "") expect(rest).toMatch(cost);
          expect(result.stdout.endsWith("}\n")).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});

/** Every command that reads an answer, fed any JSON at all: nothing documented about it. */
const anyAnswerCases: Case[] = [
  // The top-up case generates the channel list and the answer together; "topup" below feeds the answer alone.
  ...cases.filter((c) => !c.printed),
  {
    name: "channels",
    load: () => import("../../src/commands/channels.js"),
    options: {},
    routes: (g) => ({ "GET /v1/balance/channels": g }),
    body: fc.constant(null),
  },
  {
    name: "item",
    load: () => import("../../src/commands/item.js"),
    options: { id: 12 },
    routes: (g) => ({ "GET /v1/item/12": g }),
    body: fc.constant(null),
  },
  {
    name: "lock list",
    load: () => import("../../src/commands/lock/list.js"),
    options: {},
    routes: (g) => ({ "GET /v1/item/lock": g }),
    body: fc.constant(null),
  },
  {
    name: "lock add",
    load: () => import("../../src/commands/lock/add.js"),
    options: { item: 3, qty: 1 },
    routes: (g) => ({ "POST /v1/item/lock": g }),
    body: fc.constant(null),
  },
  {
    name: "lock release",
    load: () => import("../../src/commands/lock/release.js"),
    options: { token: "LCK-1" },
    routes: (g) => ({ "DELETE /v1/item/lock/LCK-1": g }),
    body: fc.constant(null),
  },
  {
    name: "topup",
    load: () => import("../../src/commands/topup.js"),
    options: { amount: 50_000, channel: "QRIS", yes: true },
    routes: (g) => ({
      "GET /v1/balance/channels": { message: "OK", data: [{ code: "QRIS", name: "QRIS", fee: 750 }] },
      "POST /v1/balance": g,
    }),
    body: fc.constant(null),
  },
  {
    name: "trx list",
    load: () => import("../../src/commands/trx/list.js"),
    options: {},
    routes: (g) => ({ "GET /v1/trx": g }),
    body: fc.constant(null),
  },
  {
    name: "balance history",
    load: () => import("../../src/commands/balance/history.js"),
    options: {},
    routes: (g) => ({ "GET /v1/balance/mutations": g }),
    body: fc.constant(null),
  },
  {
    name: "validate",
    load: () => import("../../src/commands/validate.js"),
    options: { item: 22, customerId: "123456789" },
    routes: (g) => ({
      "GET /v1/item/22": {
        message: "OK",
        data: { id: 22, name: "Free Fire 140 Diamonds", price: 19000, validation: { available: true } },
      },
      "POST /v1/item/validate": g,
    }),
    body: fc.constant(null),
  },
];

/** Any JSON: right shapes with wrong types, `data: null`, numbers past 2^53, deep nesting, bare arrays. */
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.record({ message: fc.constantFrom("OK", "ERR", "INVALID", ""), data: fc.jsonValue({ maxDepth: 4 }) }),
  fc.constantFrom(
    { message: "OK", data: null },
    { message: "OK", data: { balance: 1e30 } },
    { data: [{ ranking: "1e400" }] },
    { success: false },
    { message: "OK", data: [] },
  ),
);

describe.each(anyAnswerCases)("$name: any JSON at all, with any status", (c) => {
  it("ends with an exit code from the contract and never crashes", async () => {
    await fc.assert(
      fc.asyncProperty(
        anyJson,
        fc.constantFrom(200, 201, 400, 404, 422, 500, 503),
        fc.constantFrom<Mode>("json", "plain", "table"),
        async (body, status, mode) => {
          answers = new Map(
            Object.entries(c.routes(body)).map(([route, b]) => [route, { status: b === body ? status : 200, body: b }]),
          );
          const t = await testContext({
            env: { RESELLER_BASE_URL: baseUrl, RESELLER_API_KEY: "sk_live_property_test_key", RESELLER_TIMEOUT: "5" },
            flags: { json: mode === "json" },
            tty: mode === "table",
          });
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
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("the answers the live documentation shows", () => {
  it("a purchase answered in the short dialect is a success, not an unknown outcome", async () => {
    const body = {
      message: "OK",
      data: { invoice: "INV-987654321", ref_id: propertyRefId, total_amount: 23000, status: "pending" },
    };
    const result = await runCase(cases.find((c) => c.name === "buy")!, body, "plain");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("INV-987654321");
  });

  it("a serial number inside data, keyed item_id, is shown", async () => {
    const body = {
      message: "OK",
      data: {
        invoice: "INV-1",
        ref_id: "TRX-1",
        status: "completed",
        amount: 23000,
        items: [{ item_id: 101, name: "86 Diamonds", price: 23000, quantity: 1 }],
        h2h_results: [{ item_id: 101, sn: "SN-ABCD1234" }],
      },
    };
    const result = await runCase(cases.find((c) => c.name === "trx show")!, body, "table");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("SN-ABCD1234");
    expect(result.stdout).toContain("86 Diamonds");
    expect(result.stdout).not.toContain("Nothing to hand over");
  });

  it("the live leaderboard's ranking and total_trx are read", async () => {
    const body = {
      message: "OK",
      data: [
        { ranking: 1, name: "To** Ma****", total_trx: 812 },
        { ranking: 2, name: "Be**** Pu***", total_trx: 640 },
      ],
    };
    const result = await runCase(cases.find((c) => c.name === "leaderboard")!, body, "plain");
    expect(result.stdout).toBe("1\tTo** Ma****\t812\n2\tBe**** Pu***\t640\n");
  });
});

describe("the shapes other people's live clients meet", () => {
  async function run(
    c: Case,
    routes: Record<string, Answer>,
    mode: Mode,
  ): Promise<{ exitCode: number; stdout: string; stderr: string }> {
    answers = new Map(Object.entries(routes));
    const t = await testContext({
      env: { RESELLER_BASE_URL: baseUrl, RESELLER_API_KEY: "sk_live_property_test_key" },
      flags: { json: mode === "json" },
      tty: mode === "table",
    });
    const handler = await c.load();
    let exitCode = 0;
    try {
      await handler.run(t.ctx, c.options);
    } catch (error) {
      exitCode = printError(error, {
        say: en,
        stderr: { write: () => true },
        json: mode === "json",
        verbose: false,
        paint: (_tone, s) => s,
      });
    } finally {
      await t.ctx.dispose();
    }
    return { exitCode, stdout: t.stdout(), stderr: t.stderr() };
  }
  const caseNamed = (name: string) => cases.find((c) => c.name.startsWith(name))!;

  it("no lock held, in any of its shapes (404 ITEM_NOT_FOUND included): exit 0, 'No locks held', --json the body as sent", async () => {
    const empty = fc.constantFrom<Answer>(
      { status: 404, body: { message: "ITEM_NOT_FOUND" } },
      { status: 200, body: { success: true, data: [] } },
      { status: 200, body: { message: "OK", data: { locks: [] } } },
      { status: 200, body: { success: true, locks: [] } },
      { status: 200, body: [] },
    );
    await fc.assert(
      fc.asyncProperty(empty, fc.constantFrom<Mode>("json", "plain", "table"), async (answer, mode) => {
        const result = await run(caseNamed("lock list"), { "GET /v1/item/lock": answer }, mode);
        expect(result.exitCode).toBe(0);
        if (mode === "json") expect(result.stdout).toBe(`${JSON.stringify(answer.body)}\n`);
        else {
          expect(result.stdout).toBe("");
          expect(result.stderr).toContain("No locks held");
        }
      }),
      { numRuns: 30 },
    );
  });

  it("a 2xx saying success:true or status:true is a success whatever its message: exit 0", async () => {
    await fc.assert(
      fc.asyncProperty(caseNamed("lock release").body, fc.constantFrom(200, 201, 202), async (body, status) => {
        const result = await run(
          caseNamed("lock release"),
          { "DELETE /v1/item/lock/LCK-1": { status, body } },
          "plain",
        );
        expect(result.exitCode).toBe(0);
        expect(result.stderr).toContain("Released LCK-1");
      }),
      { numRuns: 40 },
    );
  });

  it("a top-up with a QR link but no payment page exits 0 with the QR link, the invoice and the service's own total", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("qr_link", "qr_url"),
        fc.constantFrom("fee", "fees"),
        qrisChannels,
        async (qrName, feeName, channels) => {
          const body = {
            message: "OK",
            data: {
              [qrName]: "https://pay.example/qr/INV-77",
              invoice: "INV-77",
              amount: 50_000,
              [feeName]: 351,
              total: 50_351,
            },
          };
          const result = await run(
            caseNamed("topup"),
            { "GET /v1/balance/channels": { status: 200, body: channels }, "POST /v1/balance": { status: 200, body } },
            "plain",
          );
          expect(result.exitCode).toBe(0);
          expect(result.stdout).toBe(
            "https://pay.example/qr/INV-77\t50000\t351\t50351\tQRIS\t\thttps://pay.example/qr/INV-77\tINV-77\n",
          );
        },
      ),
      { numRuns: 10 },
    );
  });

  it("every licence in licenses[] (or product_license) is shown, each once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{3,8}@mail\.id\|[A-Za-z0-9]{6}$/), { minLength: 1, maxLength: 4 }),
        fc.constantFrom("list", "string", "both"),
        fc.constantFrom("licenses", "licences"),
        async (licences, form, listName) => {
          const item: Record<string, unknown> = {
            variant_id: 3,
            variant_name: "Spotify",
            qty: licences.length,
            order_process: "auto",
            product_license: form === "list" ? null : licences.join("\n"),
          };
          if (form !== "string") item[listName] = licences.map((l) => ({ product_license: l, note: null }));
          const body = {
            message: "OK",
            data: { invoice: "INV-1", ref_id: "TRX-1", status: "completed", items: [item] },
          };
          const result = await run(caseNamed("trx show"), { "GET /v1/trx/TRX-1": { status: 200, body } }, "plain");
          expect(result.exitCode).toBe(0);
          expect(result.stdout.split("\n").filter((line) => line.startsWith("licence\t"))).toEqual(
            licences.map((l) => `licence\t3\t${l}`),
          );
        },
      ),
      { numRuns: 30 },
    );
  });

  it("the Indonesian words for done that live clients take as done are final: completed", () => {
    for (const word of ["Sukses", "SUKSES", "berhasil", "Berhasil"]) {
      expect(toStatus(word)).toEqual({ text: word, kind: "completed" });
      expect(isFinal(toStatus(word))).toBe(true);
    }
  });

  it("a channel whose status is off is listed as off, and topup refuses it before sending (exit 2)", async () => {
    const channels = {
      message: "OK",
      data: [
        { service: "QRIS", name: "QRIS", fee_flat: 0, fee_percentage: 0.7, status: "off" },
        { code: "BCAVA", name: "BCA VA", fee: 4000 },
      ],
    };
    const listed = await run(
      caseNamed("channels"),
      { "GET /v1/balance/channels": { status: 200, body: channels } },
      "plain",
    );
    expect(listed.stdout).toBe("QRIS\tQRIS\t0\t0.7\t\t\toff\nBCAVA\tBCA VA\t4000\t\t\t\ton\n");
    const refused = await run(
      caseNamed("topup"),
      { "GET /v1/balance/channels": { status: 200, body: channels } },
      "plain",
    );
    expect(refused.exitCode).toBe(2);
  });
});
