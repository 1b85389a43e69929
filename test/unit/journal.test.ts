/**
 * The journal: records survive as written, fold into entries the way history and reconcile read
 * them, and several processes appending at once lose none and mix none up.
 */
import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import Database from "better-sqlite3";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { purchase } from "../../src/orders/purchase.js";
import type { AttemptHooks } from "../../src/api/client.js";
import {
  AuthError,
  InterruptedError,
  NetworkError,
  OutcomeUnknownError,
  ServiceError,
  UnexpectedResponseError,
} from "../../src/errors.js";
import { openJournal } from "../../src/journal/journal.js";
import type { IntentRecord, JournalRecord } from "../../src/journal/entries.js";
import { journalRequest, mayHaveLanded, noteLatestStatus } from "../../src/journal/request.js";
import { decodeTransaction } from "../../src/api/decode.js";
import { orderRepeatKey } from "../../src/rules/customer.js";
import { closeRecordsDatabases } from "../../src/records/database.js";
import { makeConfigDir } from "../support/cli.js";
import { buyIntent, foldRecords, journalRecordsIn } from "../support/journal-records.js";
import { testContext } from "../support/context.js";
import { closedPort } from "../support/emulator.js";
import { testItem } from "../support/items.js";

const at = "2026-11-21T14:30:00.000Z";
const intent = (entry: string, extra: Partial<IntentRecord> = {}): JournalRecord => buyIntent({ entry, at, ...extra });

describe("the journal", () => {
  it("keeps every record in order in the records database, 0600, folded into one entry", () => {
    const dir = join(makeConfigDir(), "nested");
    const journal = openJournal(dir);
    journal.append(intent("a"));
    journal.append({ v: 1, type: "attempt", entry: "a", at, attempt: 1 });
    journal.append({
      v: 1,
      type: "outcome",
      entry: "a",
      at,
      outcome: "done",
      invoice: "INV-1",
      amount: 11_500,
      status: "paid",
      by: "answer",
    });
    expect(journalRecordsIn(dir).map((r) => r.type)).toEqual(["intent", "attempt", "outcome"]);
    expect(statSync(journal.path).mode & 0o777).toBe(0o600);
    expect(journal.byRefId("ref-a")).toEqual([
      expect.objectContaining({
        entry: "a",
        ref_id: "ref-a",
        attempts: 1,
        outcome: "done",
        invoice: "INV-1",
        amount: 11_500,
      }),
    ]);
  });

  it("folds: an intent alone is pending; the latest outcome stands, but done is a fact that nothing overrides", () => {
    const entries = foldRecords([
      intent("p"),
      intent("u"),
      { v: 1, type: "outcome", entry: "u", at, outcome: "unknown", reason: "no answer" },
      { v: 1, type: "outcome", entry: "u", at, outcome: "not_done", reason: "not on the service", by: "reconcile" },
      intent("d"),
      { v: 1, type: "outcome", entry: "d", at, outcome: "done", invoice: "INV-9", amount: 5 },
      { v: 1, type: "outcome", entry: "d", at, outcome: "unknown", reason: "late" },
      { v: 1, type: "outcome", entry: "nobody", at, outcome: "done" },
    ]);
    expect(entries.map((e) => [e.entry, e.outcome])).toEqual([
      ["p", "pending"],
      ["u", "not_done"],
      ["d", "done"],
    ]);
    expect(entries[1]).not.toHaveProperty("code");
    expect(entries[1]!.reason).toBe("not on the service");
    expect(entries[2]).toMatchObject({ invoice: "INV-9", amount: 5 });
  });

  it("four processes appending at once: every record intact, none lost, each writer's order kept", async () => {
    const dir = makeConfigDir();
    const built = resolve(import.meta.dirname, "../../dist/journal/journal.js");
    expect(existsSync(built), "run `npm run build` first").toBe(true);
    const writers = 4;
    const perWriter = 250;
    // Records of ~3 KB: big enough that a non-atomic append would interleave under contention.
    const script = `
      const { openJournal } = await import(${JSON.stringify(built)});
      const journal = openJournal(${JSON.stringify(dir)});
      const id = process.argv[1];
      for (let i = 0; i < ${perWriter}; i++) {
        journal.append({ v: 1, type: "intent", entry: id + "-" + i, at: new Date().toISOString(), kind: "buy", profile: "p",
          base_url: "http://x", ref_id: id + "-" + i, request: { note: id.repeat(700) }, pid: process.pid, host: "h" });
      }`;
    await Promise.all(
      Array.from(
        { length: writers },
        (_, w) =>
          new Promise<void>((done, fail) => {
            const child = spawn(process.execPath, ["--input-type=module", "-e", script, `w${w}`], { stdio: "inherit" });
            child.on("error", fail);
            child.on("close", (code) => (code === 0 ? done() : fail(new Error(`writer ${w} exited ${code}`))));
          }),
      ),
    );
    const parsed = journalRecordsIn(dir) as unknown as { entry: string; request: { note: string } }[];
    expect(parsed).toHaveLength(writers * perWriter);
    for (let w = 0; w < writers; w++) {
      const mine = parsed.filter((r) => r.entry.startsWith(`w${w}-`));
      expect(mine.map((r) => r.entry)).toEqual(Array.from({ length: perWriter }, (_, i) => `w${w}-${i}`));
      for (const r of mine) expect(r.request.note).toBe(`w${w}`.repeat(700));
    }
  }, 30_000);
});

describe("what counts as maybe-happened", () => {
  it.each([
    ["a dropped connection", new NetworkError("UND_ERR_SOCKET", "dropped", true), true],
    ["a refused connection", new NetworkError("ECONNREFUSED", "refused", false), false],
    ["a 503", new ServiceError(503, "SERVICE_UNAVAILABLE", "down", {}), true],
    ["a 429", new ServiceError(429, "TOO_MANY_REQUESTS", "slow down", {}), false],
    ["a 400 refusal", new ServiceError(400, "BALANCE_IS_INSUFFICIENT", "no", {}), false],
    ["a 401", new AuthError("INVALID_API_KEY", "bad key", { status: 401 }), false],
    ["an unreadable answer", new UnexpectedResponseError("html"), true],
  ])("%s: %s", (_name, error, expected) => {
    expect(mayHaveLanded(error)).toBe(expected);
  });
});

describe("journalRequest", () => {
  it("a connection refused on every attempt never left: NetworkError (exit 4), journal `not_sent`", async () => {
    const port = await closedPort();
    const { ctx } = await testContext({
      env: { RESELLER_BASE_URL: `http://127.0.0.1:${port}`, RESELLER_API_KEY: "rk_test_key_0000" },
    });
    const client = await ctx.client();
    const order = {
      refId: "refused-1",
      refIdGiven: true,
      lines: [
        { item: testItem({ id: 12, name: "Pulsa", price: 11_500, orderProcess: "h2h" }), quantity: 1, note: "0812" },
      ],
    };
    const error = await purchase(ctx, client, order).catch((e) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.exitCode).toBe(4);
    const [entry] = foldRecords(journalRecordsIn(ctx.settings.configDir));
    expect(entry).toMatchObject({ ref_id: "refused-1", outcome: "not_sent", attempts: 3, code: "ECONNREFUSED" });
    await ctx.dispose();
  });

  it("an attempt that may have landed, then refusals: unknown (exit 5), never `not_sent`", async () => {
    const { ctx } = await testContext();
    let calls = 0;
    const error = await journalRequest(ctx, "buy", "mixed-1", {}, async (hooks) => {
      await hooks.onAttempt(1);
      await hooks.onAttemptFailed(1, new NetworkError("UND_ERR_SOCKET", "dropped", true));
      await hooks.onAttempt(2);
      calls++;
      const refused = new NetworkError("ECONNREFUSED", "refused", false);
      await hooks.onAttemptFailed(2, refused);
      throw refused;
    }).catch((e) => e);
    expect(calls).toBe(1);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.exitCode).toBe(5);
    expect(error.refId).toBe("mixed-1");
    expect(foldRecords(journalRecordsIn(ctx.settings.configDir))[0]).toMatchObject({ outcome: "unknown", attempts: 2 });
  });

  it.each<[string, (hooks: Required<AttemptHooks>) => Promise<void>, string]>([
    [
      "Ctrl-C while the first attempt was still connecting",
      async (hooks) => void (await hooks.onAttempt(1)),
      "not_sent",
    ],
    [
      "Ctrl-C in the back-off after a refused connection",
      async (hooks) => {
        await hooks.onAttempt(1);
        await hooks.onAttemptFailed(1, new NetworkError("ECONNREFUSED", "refused", false));
      },
      "not_sent",
    ],
    [
      "Ctrl-C in the back-off after an attempt that may have landed",
      async (hooks) => {
        await hooks.onAttempt(1);
        await hooks.onAttemptFailed(1, new NetworkError("UND_ERR_SOCKET", "dropped", true));
      },
      "unknown",
    ],
  ])("%s: journal `%s`", async (_name, before, outcome) => {
    const { ctx } = await testContext();
    const error = await journalRequest(ctx, "buy", `ctrl-c-${outcome}`, {}, async (hooks) => {
      await before(hooks);
      throw new InterruptedError("Interrupted.", { nothingInFlight: true });
    }).catch((e) => e);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(foldRecords(journalRecordsIn(ctx.settings.configDir))[0]).toMatchObject({ outcome });
    // Only a purchase that may have landed is said to be in flight, with how to settle it.
    if (outcome === "unknown") expect(error.message).toMatch(/in flight: its outcome is unknown/);
    else expect(error.message).not.toMatch(/in flight/);
    // Said by a property, so a bulk row or a verdict never reads it out of the words.
    expect(error.inFlight).toBe(outcome === "unknown");
  });

  it("Ctrl-C with the request written to the socket: journal `unknown`", async () => {
    const { ctx } = await testContext();
    const error = await journalRequest(ctx, "buy", "ctrl-c-sent", {}, async (hooks) => {
      await hooks.onAttempt(1);
      throw new InterruptedError("Interrupted.");
    }).catch((e) => e);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(foldRecords(journalRecordsIn(ctx.settings.configDir))[0]).toMatchObject({
      outcome: "unknown",
      code: "INTERRUPTED",
    });
  });

  it("the intent is committed before the request leaves: another connection reads it", async () => {
    const { ctx } = await testContext();
    const journal = openJournal(ctx.settings.configDir);
    let seenAtSend: string[] = [];
    await journalRequest(ctx, "sandbox", "early-1", { item_id: 1 }, async (hooks) => {
      await hooks.onAttempt(1);
      const other = new Database(journal.path, { readonly: true });
      seenAtSend = other.prepare("SELECT record FROM journal_events ORDER BY seq").pluck().all() as string[];
      other.close();
      return { ok: true };
    });
    expect(seenAtSend[0]).toContain('"type":"intent"');
    expect(seenAtSend[0]).toContain('"ref_id":"early-1"');
    expect(journal.byRefId("early-1")[0]).toMatchObject({ kind: "sandbox", outcome: "done" });
  });
});

describe("a purchase's latest status", () => {
  it("is noted under the ref_id it was sent with when the service's answer leaves its ref_id out", async () => {
    const { ctx } = await testContext();
    await journalRequest(
      ctx,
      "buy",
      "SENT-AS-1",
      { carts: [{ item_id: 12, quantity: 1, note: "0812" }] },
      async (hooks) => {
        await hooks.onAttempt(1);
        return { ok: true };
      },
    );
    const answer = decodeTransaction({
      data: { invoice: "INV-1", status: "completed", price: 10_000, amount: 10_000 },
    });
    expect(answer.refId).toBeNull();
    noteLatestStatus(ctx, answer);
    expect(openJournal(ctx.settings.configDir).byRefId("SENT-AS-1")[0]?.status).toBeUndefined();
    noteLatestStatus(ctx, answer, "SENT-AS-1");
    expect(openJournal(ctx.settings.configDir).byRefId("SENT-AS-1")[0]).toMatchObject({ status: "completed" });
  });
});

describe("the repeat check's look-up", () => {
  const bought = (entry: string, atMs: number, note: string): JournalRecord =>
    buyIntent({ entry, at: new Date(atMs).toISOString(), request: { carts: [{ item_id: 12, quantity: 1, note }] } });

  it("finds a purchase by its repeat key and time, whatever spelling of the number, and nothing before the window", () => {
    const journal = openJournal(makeConfigDir());
    const now = Date.now();
    journal.append(bought("old", now - 50 * 3_600_000, "081234567890"));
    journal.append(bought("new", now - 3_600_000, "+62 812-3456-7890"));
    journal.append(bought("other", now - 3_600_000, "081200000000"));
    const key = orderRepeatKey([{ itemId: 12, quantity: 1, note: "6281234567890" }]);
    expect(journal.byRepeatKey(key, now - 48 * 3_600_000).map((e) => e.entry)).toEqual(["new"]);
    expect(journal.byRepeatKey(key, 0).map((e) => e.entry)).toEqual(["new", "old"]);
  });

  it("keys stored by another normalisation of customers are made again when the database is opened", () => {
    const dir = makeConfigDir();
    const journal = openJournal(dir);
    journal.append(bought("k", Date.now(), "081234567890"));
    closeRecordsDatabases();
    const other = new Database(join(dir, "records.db"));
    other.prepare("UPDATE journal_orders SET repeat_key = 'an older form'").run();
    other.prepare("UPDATE journal_meta SET value = 'an older release' WHERE name = 'repeat_key'").run();
    other.close();
    const key = orderRepeatKey([{ itemId: 12, quantity: 1, note: "081234567890" }]);
    expect(
      openJournal(dir)
        .byRepeatKey(key, 0)
        .map((e) => e.entry),
    ).toEqual(["k"]);
  });
});
