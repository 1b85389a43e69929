/**
 * A bot's plain `buy --ref-id R` beside a `buy --ref-id R --alternatives` of the same sale, in two
 * processes on one config dir: whichever writes its intent first is bought, and the other, checking
 * again with its intent under the records' write lock, sends nothing. The service holds one of the
 * runs at the step where the race is (a request answered late), so each order is met every time.
 */
import { writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { until } from "../support/until.js";
import { resellerAs, resellerInProcess, type Reseller } from "./commands-harness.js";
import { openJournal, type Journal } from "../../src/journal/journal.js";

const harness = useEmulator();

/** The service's transactions made for the account since `before` (ref_ids). */
function soldSince(reseller: Reseller, before: string[]): string[] {
  return harness
    .accountOf(reseller.apiKey)
    .transactions.map((t) => t.ref_id)
    .filter((r) => !before.includes(r));
}

const refsOf = (reseller: Reseller) => harness.accountOf(reseller.apiKey).transactions.map((t) => t.ref_id);

/** One Pulsa Telkomsel 25.000 (item 13, its alternative item 12) for `phone` under the caller's `ref`. */
const sale = (phone: string, ref: string) => [
  "buy",
  "--item",
  "13",
  "--qty",
  "1",
  "--note",
  phone,
  "--ref-id",
  ref,
  "--yes",
];

/** The service answers requests matching `match` only once told (answerHeld); resolves once one is held. */
async function holding(match: { method: string; path: string }, what: string, start: () => void): Promise<void> {
  harness.emulator.faults.configure({ latency_ms: 60_000, match });
  start();
  await until(what, () => harness.emulator.faults.status().injected.latency > 0);
  // Only the one held: the other run's requests are answered at once.
  harness.emulator.faults.reset();
}

/**
 * Another live process (this one) has sent the alternative (`alternative.item`) of `ref`'s sale of
 * `item` to `note`, and awaits its answer: its intent and attempt in `journal`. Returns how to write
 * that answer (its outcome's fields).
 */
function alternativeInFlight(
  journal: Journal,
  shop: Reseller,
  sold: { ref: string; item: number; note: string; alternative: { item: number; name: string } },
): (outcome: Record<string, unknown>) => void {
  const { ref, item, note, alternative } = sold;
  const at = new Date().toISOString();
  const entry = `other-run-${ref}`;
  journal.append({
    v: 1,
    type: "intent",
    entry,
    at,
    kind: "buy",
    profile: "default",
    base_url: shop.env.RESELLER_BASE_URL ?? "",
    ref_id: `${ref}-alt1`,
    request: {
      carts: [{ item_id: alternative.item, quantity: 1, note }],
      alternative_of: { ref_id: ref, carts: [{ item_id: item, quantity: 1, note }] },
      item_names: { [String(alternative.item)]: alternative.name },
    },
    pid: process.pid,
    host: hostname(),
  });
  journal.append({ v: 1, type: "attempt", entry, at, attempt: 1 });
  return (outcome) =>
    journal.append({
      v: 1,
      type: "outcome",
      entry,
      at: new Date().toISOString(),
      by: "answer",
      ...outcome,
    } as never);
}

describe("a plain --ref-id retry beside an --alternatives run of the same sale", () => {
  afterEach(() => {
    harness.emulator.faults.reset();
    harness.emulator.answerHeld();
    harness.emulator.setItemAvailable(13, true);
    harness.emulator.setItemAvailable(22, true);
  });

  async function shopWithAlternative(): Promise<Reseller> {
    const shop = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    expect((await shop.run(["alternatives", "set", "13", "12"])).exitCode).toBe(0);
    return shop;
  }

  it("the sale bought by the retry while the --alternatives run is between its refusal and its alternative: the alternative is not sent", async () => {
    const shop = await shopWithAlternative();
    harness.emulator.setItemAvailable(13, false);
    const before = refsOf(shop);
    // The --alternatives run: SALE-R1 refused as disrupted, then held fetching its alternative's item.
    let alternatives!: ReturnType<Reseller["start"]>;
    await holding({ method: "GET", path: "/v1/item/12" }, "the run to look up the alternative", () => {
      alternatives = shop.start([...sale("081234567801", "SALE-R1"), "--alternatives"], { mode: "json" });
    });
    // The item is back; the bot's retry finds no alternative and buys the sale.
    harness.emulator.setItemAvailable(13, true);
    const retry = await shop.run(sale("081234567801", "SALE-R1"), { mode: "json" });
    expect(retry.exitCode, retry.stderr).toBe(0);
    expect(retry.json()).toMatchObject({ data: { ref_id: "SALE-R1" }, outcome: "bought" });

    harness.emulator.answerHeld();
    const stopped = await alternatives.done;
    expect(stopped.exitCode, stopped.stderr).toBe(2);
    expect(stopped.stdout).toBe("");
    expect(stopped.errorJson().error).toMatchObject({
      code: "REPEATED_ORDER",
      details: { outcome: "not_sent", ref_id: "SALE-R1-alt1", earlier_ref_id: "SALE-R1", earlier_outcome: "bought" },
    });
    expect(stopped.stderr).toContain("was sent by another run");
    // One sale for the customer.
    expect(soldSince(shop, before)).toEqual(["SALE-R1"]);
  });

  it("the sale's own order in flight from the retry when the --alternatives run is refused: the alternative is not sent", async () => {
    const shop = await shopWithAlternative();
    const before = refsOf(shop);
    // The bot's retry has written its intent for SALE-R2, and the service holds the request unprocessed.
    let retry!: ReturnType<Reseller["start"]>;
    await holding({ method: "POST", path: "/v1/trx" }, "the service to hold the retry's purchase", () => {
      retry = shop.start(sale("081234567802", "SALE-R2"), { mode: "json" });
    });
    // The item is disrupted meanwhile: the --alternatives run is refused and goes on to the alternative.
    harness.emulator.setItemAvailable(13, false);
    const alternatives = await shop.run([...sale("081234567802", "SALE-R2"), "--alternatives"], { mode: "json" });
    expect(alternatives.exitCode, alternatives.stderr).toBe(2);
    expect(alternatives.errorJson().error).toMatchObject({
      code: "REPEATED_ORDER",
      details: { outcome: "not_sent", ref_id: "SALE-R2-alt1", earlier_ref_id: "SALE-R2", earlier_outcome: "unknown" },
    });
    expect(alternatives.stderr).toContain("SALE-R2-alt1");

    // The item back, the held purchase goes through: the retry's sale is the one.
    harness.emulator.setItemAvailable(13, true);
    harness.emulator.answerHeld();
    const bought = await retry.done;
    expect(bought.exitCode, bought.stderr).toBe(0);
    expect(soldSince(shop, before)).toEqual(["SALE-R2"]);
  });

  it("the alternative bought while the retry is between its look-up and its purchase: the retry sends nothing and says the alternative", async () => {
    const shop = await shopWithAlternative();
    const before = refsOf(shop);
    // The bot's retry has looked for an alternative (none yet) and is held reading the item.
    let retry!: ReturnType<Reseller["start"]>;
    await holding({ method: "GET", path: "/v1/item/13" }, "the retry to read its item", () => {
      retry = shop.start(sale("081234567803", "SALE-R3"), { mode: "json" });
    });
    // Meanwhile the item is disrupted and the --alternatives run sells the sale as its alternative.
    harness.emulator.setItemAvailable(13, false);
    const alternatives = await shop.run([...sale("081234567803", "SALE-R3"), "--alternatives"], { mode: "json" });
    expect(alternatives.exitCode, alternatives.stderr).toBe(0);
    expect(alternatives.json()).toMatchObject({ data: { ref_id: "SALE-R3-alt1" }, outcome: "bought" });

    // The item back, the retry goes on: the alternative stands, nothing is sent, as for any later retry.
    harness.emulator.setItemAvailable(13, true);
    harness.emulator.answerHeld();
    const settled = await retry.done;
    expect(settled.exitCode, settled.stderr).toBe(0);
    expect(settled.json()).toMatchObject({
      sent: false,
      outcome: "bought",
      already_bought: "SALE-R3-alt1",
      alternative_of: { ref_id: "SALE-R3" },
    });
    expect(soldSince(shop, before)).toEqual(["SALE-R3-alt1"]);
  });

  /** An orders file of one row under its own ref_id, with item 12 as its alternative. */
  function rowFile(shop: Reseller, phone: string, ref: string): string {
    const file = join(shop.configDir, `${ref}.csv`);
    writeFileSync(file, `item_id,quantity,note,ref_id,alternatives\n13,1,${phone},${ref},12\n`);
    return file;
  }

  it("a file's row between its refusal and its alternative while a retry buys its ref_id: the alternative is not sent", async () => {
    const shop = await shopWithAlternative();
    const file = rowFile(shop, "081234567804", "SALE-R4");
    harness.emulator.setItemAvailable(13, false);
    const before = refsOf(shop);
    let run!: ReturnType<Reseller["start"]>;
    await holding({ method: "GET", path: "/v1/item/12" }, "the row to look up its alternative", () => {
      run = shop.start(["buy", "--file", file, "--yes"], { mode: "json" });
    });
    harness.emulator.setItemAvailable(13, true);
    const retry = await shop.run(sale("081234567804", "SALE-R4"), { mode: "json" });
    expect(retry.exitCode, retry.stderr).toBe(0);

    harness.emulator.answerHeld();
    const done = await run.done;
    expect(done.exitCode, done.stderr).toBe(2);
    expect(JSON.parse(done.stdout.trim())).toMatchObject({
      ref_id: "SALE-R4-alt1",
      outcome: "not_sent",
      sent: false,
      error: { code: "REPEATED_ORDER", message: expect.stringContaining("was sent by another run") },
    });
    expect(soldSince(shop, before)).toEqual(["SALE-R4"]);
  });

  it("a file's row held after its plan while an --alternatives run sells its ref_id as the alternative: the row sends nothing", async () => {
    // Free Fire (22) with Canva Pro (4) as its alternative: a game row's account is checked right
    // before it is bought, after the plan read the records, and the service holds that check.
    const shop = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    expect((await shop.run(["alternatives", "set", "22", "4"])).exitCode).toBe(0);
    const file = join(shop.configDir, "SALE-R5.csv");
    writeFileSync(file, "item_id,quantity,note,ref_id,alternatives\n22,1,12345678,SALE-R5,4\n");
    const before = refsOf(shop);
    let run!: ReturnType<Reseller["start"]>;
    await holding({ method: "POST", path: "/v1/item/validate" }, "the row held at its account check", () => {
      run = shop.start(["buy", "--file", file, "--yes"], { mode: "json" });
    });
    harness.emulator.setItemAvailable(22, false);
    const sold = await shop.run(
      ["buy", "--item", "22", "--qty", "1", "--note", "12345678", "--ref-id", "SALE-R5", "--yes", "--alternatives"],
      { mode: "json" },
    );
    expect(sold.exitCode, sold.stderr).toBe(0);
    expect(sold.json()).toMatchObject({ data: { ref_id: "SALE-R5-alt1" }, outcome: "bought" });

    harness.emulator.setItemAvailable(22, true);
    harness.emulator.answerHeld();
    const row = await run.done;
    expect(row.exitCode, row.stderr).toBe(0);
    expect(JSON.parse(row.stdout.trim())).toMatchObject({
      ref_id: "SALE-R5-alt1",
      sent: false,
      already_bought: "SALE-R5-alt1",
      alternative_of: { ref_id: "SALE-R5" },
    });
    expect(soldSince(shop, before)).toEqual(["SALE-R5-alt1"]);
  });

  it("a file's row held after its plan while another process has its alternative in flight: the row waits for it, and is settled by what it became", async () => {
    // Free Fire (22) with Canva Pro (4) as its alternative: the row's account check is held after the plan.
    const shop = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    const file = join(shop.configDir, "SALE-R6.csv");
    writeFileSync(file, "item_id,quantity,note,ref_id,alternatives\n22,1,12345678,SALE-R6,4\n");
    const before = refsOf(shop);
    let run!: ReturnType<Reseller["start"]>;
    await holding({ method: "POST", path: "/v1/item/validate" }, "the row held at its account check", () => {
      run = shop.start(["buy", "--file", file, "--yes"], { mode: "json" });
    });
    // Meanwhile another live process (this one) has sent the sale's alternative and awaits its answer.
    const answer = alternativeInFlight(openJournal(shop.configDir, "sending"), shop, {
      ...{ ref: "SALE-R6", item: 22, note: "12345678" },
      alternative: { item: 4, name: "Canva Pro 1 Bulan" },
    });
    harness.emulator.answerHeld();
    // The row waits for that answer rather than calling its sale unknown; the answer comes: bought.
    await until("the row to wait for the other process", () => run.output().stderr.includes("waiting for its answer"));
    answer({ outcome: "done", invoice: "INV-OTHER-1", amount: 15_000, status: "paid" });
    const row = await run.done;
    expect(row.exitCode, row.stderr).toBe(0);
    expect(JSON.parse(row.stdout.trim())).toMatchObject({
      ref_id: "SALE-R6-alt1",
      outcome: "bought",
      sent: false,
      already_bought: "SALE-R6-alt1",
    });
    expect(soldSince(shop, before)).toEqual([]);
  });

  it("a plain --ref-id retry while another process has its alternative in flight waits for it, as a file's row does: bought, it stands; refused, the sale is bought", async () => {
    const shop = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const before = refsOf(shop);
    const journal = openJournal(shop.configDir, "sending");
    /** Another live process (this one) has sent `ref`'s alternative, Pulsa Telkomsel 10.000, and awaits its answer. */
    const inFlight = (ref: string, phone: string) =>
      alternativeInFlight(journal, shop, {
        ...{ ref, item: 13, note: phone },
        alternative: { item: 12, name: "Pulsa Telkomsel 10.000" },
      });

    const answer = inFlight("SALE-R7", "081234567807");
    const retry = shop.start(sale("081234567807", "SALE-R7"), { mode: "json" });
    // The retry waits for that answer rather than calling its sale unknown; the answer comes: bought.
    await until("the retry to wait for the other process", () =>
      retry.output().stderr.includes("waiting for its answer"),
    );
    answer({ outcome: "done", invoice: "INV-OTHER-7", amount: 10_500, status: "paid" });
    const settled = await retry.done;
    expect(settled.exitCode, settled.stderr).toBe(0);
    expect(settled.json()).toMatchObject({ outcome: "bought", sent: false, already_bought: "SALE-R7-alt1" });

    // The other process's alternative refused: nothing stands for the sale, which is bought as any other.
    const refused = inFlight("SALE-R8", "081234567808");
    const next = shop.start(sale("081234567808", "SALE-R8"), { mode: "json" });
    await until("the next retry to wait for the other process", () =>
      next.output().stderr.includes("waiting for its answer"),
    );
    refused({ outcome: "refused", code: "PRODUCT_TEMPORARILY_UNAVAILABLE" });
    const bought = await next.done;
    expect(bought.exitCode, bought.stderr).toBe(0);
    expect(bought.json()).toMatchObject({ data: { ref_id: "SALE-R8" }, outcome: "bought" });
    expect(soldSince(shop, before)).toEqual(["SALE-R8"]);
  });
});
