/**
 * Processes that buy at once from one config dir, on the built CLI: the repeat check and the
 * purchase's intent are one step for the records database, so the same order started twice at once
 * (a customer who messaged twice, two shop bots) is bought once.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { until } from "../support/until.js";
import { type Reseller, resellerAs } from "./commands-harness.js";

const harness = useEmulator();
const onService = (apiKey: string) => harness.accountOf(apiKey).transactions.length;

/** A purchase started with `args`, held by the service, and the buyer killed while it waits: outcome unknown here. */
async function killedWhileHeld(reseller: Reseller, args: string[]): Promise<void> {
  harness.emulator.faults.configure({ latency_ms: 60_000, match: { method: "POST", path: "/v1/trx" } });
  const running = reseller.start(args);
  await until("the service to hold the purchase", () => harness.emulator.faults.status().injected.latency > 0);
  running.child.kill("SIGKILL");
  expect((await running.done).signal).toBe("SIGKILL");
}

/** reconcile while the service still holds it: not found, so settled as not bought; its ref_id. */
async function reconciledNotFound(reseller: Reseller): Promise<string> {
  const reconciled = await reseller.run(["reconcile"], { mode: "json" });
  expect(reconciled.json()).toMatchObject({ settled: 1, entries: [{ outcome: "not_done" }] });
  return reconciled.json().entries[0].ref_id;
}

/** The service lets the held purchase through: committed late, one more transaction on the account. */
async function committedLate(apiKey: string, before: number): Promise<void> {
  harness.emulator.faults.reset();
  harness.emulator.answerHeld();
  await until("the service to finish the purchase", () => onService(apiKey) === before + 1);
}

/**
 * A single buy of pulsa to `phone` held by the service, and a file's row of the same order started
 * beside it with --skip-bought: both running, the row waiting for the purchase in flight.
 */
async function rowWaitingBeside(reseller: Reseller, phone: string) {
  const file = join(reseller.configDir, "orders.csv");
  writeFileSync(file, `item_id,quantity,note\n12,1,${phone}\n`);
  harness.emulator.faults.configure({ latency_ms: 60_000, match: { method: "POST", path: "/v1/trx" } });
  const single = reseller.start(["buy", "--item", "12", "--qty", "1", "--note", phone, "--yes"], { mode: "json" });
  await until("the service to hold the single buy", () => harness.emulator.faults.status().injected.latency > 0);
  const bulk = reseller.start(["buy", "--file", file, "--skip-bought", "--yes"], { mode: "json" });
  await until("the row to wait for the purchase in flight", () =>
    bulk.output().stderr.includes("another reseller process is buying the same order"),
  );
  return { single, bulk };
}

describe("buys started at once", () => {
  it("the same order in three processes, each held after its repeat check: one bought, two refused as repeats", async () => {
    const apiKey = harness.apiKeyOf("Toko Makmur Jaya");
    const reseller = resellerAs(harness, apiKey);
    const before = onService(apiKey);
    // The account check comes after the repeat check and before the purchase: holding it there lets
    // every process see a journal without the others' purchase, however the machine schedules them.
    harness.emulator.faults.configure({ latency_ms: 60_000, match: { method: "POST", path: "/v1/item/validate" } });
    const runs = [1, 2, 3].map(() =>
      reseller.start(["buy", "--item", "21", "--qty", "1", "--note", "12345678(1234)", "--yes"], { mode: "json" }),
    );
    await until("every buy held at its account check", () => harness.emulator.faults.status().injected.latency >= 3);
    harness.emulator.faults.reset();
    harness.emulator.answerHeld();
    const results = await Promise.all(runs.map((run) => run.done));
    const codes = results.map((r) => r.exitCode).sort();
    expect(codes, results.map((r) => r.stderr).join("\n")).toEqual([0, 2, 2]);
    for (const refused of results.filter((r) => r.exitCode === 2))
      expect(refused.errorJson().error).toMatchObject({ code: "REPEATED_ORDER", details: { outcome: "not_sent" } });
    expect(onService(apiKey)).toBe(before + 1);
    // The refused ones wrote no intent: history holds the one purchase.
    const history = await reseller.run(["history", "--no-refresh"], { mode: "json" });
    expect(history.json().filter((e: { what: string }) => e.what === "purchase")).toHaveLength(1);
  });

  it("a file's row held after the plan while a single buy buys the same order: the row is not sent, the buy stands for it", async () => {
    const apiKey = harness.apiKeyOf("Berkah Pulsa Cell");
    const reseller = resellerAs(harness, apiKey);
    const before = onService(apiKey);
    const file = join(reseller.configDir, "orders.csv");
    writeFileSync(file, "item_id,quantity,note\n21,1,23456789(2345)\n");
    // A game row's account is checked right before it is bought, after the plan read the journal.
    harness.emulator.faults.configure({ latency_ms: 60_000, match: { method: "POST", path: "/v1/item/validate" } });
    const bulk = reseller.start(["buy", "--file", file, "--yes"], { mode: "json" });
    await until("the row held at its account check", () => harness.emulator.faults.status().injected.latency >= 1);
    harness.emulator.faults.reset();
    const single = await reseller.run(
      ["buy", "--item", "21", "--qty", "1", "--note", "23456789(2345)", "--yes", "--no-validate"],
      { mode: "json" },
    );
    expect(single.exitCode, single.stderr).toBe(0);
    const refId = single.json().data.ref_id;
    harness.emulator.answerHeld();
    const row = await bulk.done;
    expect(onService(apiKey), `${row.stdout}\n${row.stderr}`).toBe(before + 1);
    expect(JSON.parse(row.stdout.trim())).toMatchObject({ sent: false, already_bought: refId, outcome: "bought" });
    expect(row.exitCode, row.stderr).toBe(0);
  });
});

describe("a file run beside a purchase of the same order still in flight", () => {
  it("the row waits for that purchase and is said as bought by it (exit 0), not unknown; one purchase on the service", async () => {
    const apiKey = harness.apiKeyOf("Sumber Rejeki Cell");
    const reseller = resellerAs(harness, apiKey);
    const before = onService(apiKey);
    const { single, bulk } = await rowWaitingBeside(reseller, "081234569951");
    harness.emulator.faults.reset();
    harness.emulator.answerHeld();
    const bought = await single.done;
    expect(bought.exitCode, bought.stderr).toBe(0);
    const row = await bulk.done;
    expect(JSON.parse(row.stdout.trim())).toMatchObject({
      sent: false,
      already_bought: bought.json().data.ref_id,
      outcome: "bought",
    });
    expect(row.exitCode, row.stderr).toBe(0);
    expect(onService(apiKey)).toBe(before + 1);
  });

  // The run's results were lost to an INTERRUPTED error when Ctrl-C came during the wait.
  it("Ctrl-C ends the wait, not the run: the row is said unknown on the other ref_id (exit 5), nothing sent", async () => {
    const apiKey = harness.apiKeyOf("Sumber Rejeki Cell");
    const reseller = resellerAs(harness, apiKey);
    const before = onService(apiKey);
    const { single, bulk } = await rowWaitingBeside(reseller, "081234569952");
    bulk.child.kill("SIGINT");
    const row = await bulk.done;
    harness.emulator.faults.reset();
    harness.emulator.answerHeld();
    const bought = await single.done;
    expect(bought.exitCode, bought.stderr).toBe(0);
    expect(row.stderr).not.toMatch(/\n\s+at /);
    expect(JSON.parse(row.stdout.trim()), `${row.stdout}\n${row.stderr}`).toMatchObject({
      sent: false,
      already_bought: bought.json().data.ref_id,
      outcome: "unknown",
    });
    expect(row.exitCode, row.stderr).toBe(5);
    expect(onService(apiKey)).toBe(before + 1);
  });
});

describe("a purchase the service commits after reconcile found nothing", () => {
  it("killed while the service held it, reconciled as not bought: trx show puts it in the books, and the same order is a repeat", async () => {
    const apiKey = harness.apiKeyOf("Sinar Digital Store");
    const reseller = resellerAs(harness, apiKey);
    const before = onService(apiKey);
    const buy = ["buy", "--item", "12", "--qty", "1", "--note", "081234569901", "--yes"];
    await killedWhileHeld(reseller, buy);
    // Asked while the service still holds the request: it has no such transaction yet.
    const refId = await reconciledNotFound(reseller);
    await committedLate(apiKey, before);

    const shown = await reseller.run(["trx", "show", refId]);
    expect(shown.exitCode, shown.stderr).toBe(0);
    const history = await reseller.run(["history", "--no-refresh"], { mode: "json" });
    expect(history.json()).toMatchObject([{ ref_id: refId, verdict: "bought", net: 11_500 }]);
    const report = await reseller.run(["report", "--no-refresh"], { mode: "json" });
    expect(report.json()).toMatchObject({ orders: 1, spent: 11_500 });
    // The customer's order again, under a new ref_id: a repeat, not a second purchase.
    const again = await reseller.run(buy);
    expect(again.exitCode, again.stderr).toBe(2);
    expect(again.stderr).toContain(`ref_id ${refId}`);
    expect(onService(apiKey)).toBe(before + 1);
  });

  it("killed while the service held it, reconciled as not bought, committed since: the same order under a new ref_id is a repeat pointing to the same ref_id", async () => {
    const apiKey = harness.apiKeyOf("Warung Premium ID");
    const reseller = resellerAs(harness, apiKey);
    const before = onService(apiKey);
    const buy = ["buy", "--item", "12", "--qty", "1", "--note", "081234569904", "--yes"];
    await killedWhileHeld(reseller, buy);
    const refId = await reconciledNotFound(reseller);
    await committedLate(apiKey, before);

    // Nothing has shown the books the late purchase: the customer's order again must not be bought twice.
    const again = await reseller.run(buy, { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(2);
    const { error } = again.errorJson();
    expect(error).toMatchObject({
      code: "REPEATED_ORDER",
      details: { outcome: "not_sent", earlier_ref_id: refId, earlier_not_found: true },
    });
    expect(error.suggestion).toContain(`--ref-id ${refId}`);
    expect(error.suggestion).toContain(`reseller trx show ${refId}`);
    expect(onService(apiKey)).toBe(before + 1);
    // The same order as a row of a file (a ref_id of its own derived): a repeat too, nothing sent.
    const file = join(reseller.configDir, "orders.csv");
    writeFileSync(file, "item_id,quantity,note\n12,1,081234569904\n");
    const row = await reseller.run(["buy", "--file", file, "--yes"], { mode: "json" });
    expect(row.exitCode, row.stderr).toBe(2);
    expect(row.errorJson().error.code).toBe("REPEATED_ORDERS");
    expect(row.errorJson().error.message).toContain(
      `not found when asked but maybe bought since: \`reseller trx show ${refId}\``,
    );
    // Every repeat refusal says so to a script: the file's row, and the plans of the order and of the file.
    expect(row.errorJson().error.details).toMatchObject({
      repeats: [{ row: 2, earlier_ref_id: refId, earlier_outcome: "unknown", earlier_not_found: true }],
    });
    for (const plan of [
      await reseller.run([...buy, "--plan"], { mode: "json" }),
      await reseller.run(["buy", "--file", file, "--plan"], { mode: "json" }),
    ]) {
      expect(plan.exitCode, plan.stderr).toBe(2);
      expect(plan.json().rows).toMatchObject([
        { verdict: "refused", problem: { code: "REPEATED_ORDER" }, already_bought: refId, earlier_not_found: true },
      ]);
    }
    expect(onService(apiKey)).toBe(before + 1);
    // The safe way the hint names: the same ref_id sent again is that purchase, bought once.
    const resent = await reseller.run([...buy, "--ref-id", refId], { mode: "json" });
    expect(resent.exitCode, resent.stderr).toBe(0);
    expect(onService(apiKey)).toBe(before + 1);
  });

  it.each([
    ["history", ["history"], "Rumah Game Murah"],
    ["history --json", ["history", "--json"], "Nusantara Akun Store"],
    ["pending --once", ["pending", "--once"], "Jaya Abadi Digital"],
  ])(
    "killed while the service held it, reconciled as not bought, committed since: %s asks again and puts it in the books",
    async (_name, asks, account) => {
      const apiKey = harness.apiKeyOf(account);
      const reseller = resellerAs(harness, apiKey);
      const before = onService(apiKey);
      await killedWhileHeld(reseller, ["buy", "--item", "12", "--qty", "1", "--note", "081234569931", "--yes"]);
      const refId = await reconciledNotFound(reseller);
      // Asked before the service commits it: still not found, and nothing changes.
      const early = await reseller.run(["history"], { mode: "json" });
      expect(early.json()).toMatchObject([{ ref_id: refId, verdict: "not_sent" }]);
      await committedLate(apiKey, before);

      const asked = await reseller.run(asks, { mode: "plain" });
      expect(asked.exitCode, asked.stderr).not.toBe(2);
      const history = await reseller.run(["history", "--no-refresh"], { mode: "json" });
      expect(history.json()).toMatchObject([{ ref_id: refId, verdict: "bought", net: 11_500 }]);
      const report = await reseller.run(["report", "--no-refresh"], { mode: "json" });
      expect(report.json()).toMatchObject({ spent: 11_500, by_verdict: { bought: 1 } });
      expect(onService(apiKey)).toBe(before + 1);
    },
  );

  it("killed while the service held it, reconciled as not bought, committed since: report asks again and counts it; offline it shows the books as recorded and says so", async () => {
    const apiKey = harness.apiKeyOf("Kios Reload 24 Jam");
    const reseller = resellerAs(harness, apiKey);
    const before = onService(apiKey);
    await killedWhileHeld(reseller, ["buy", "--item", "12", "--qty", "1", "--note", "081234569932", "--yes"]);
    const refId = await reconciledNotFound(reseller);
    await committedLate(apiKey, before);

    // The service unreachable: the books from the records (nothing counted yet), a note, exit 4.
    harness.emulator.faults.configure({ down: true });
    try {
      const offline = await reseller.run(["report"], { mode: "json", env: { RESELLER_MAX_RETRIES: "0" } });
      expect(offline.exitCode, offline.stderr).toBe(4);
      expect(offline.json()).toMatchObject({ orders: 0, spent: 0 });
      expect(offline.stderr).toMatch(
        /1 order not final could not be brought up to date \(the service could not be reached\)/,
      );
      // Books of a range without it ask nothing about it: nothing to say, exit 0.
      const past = ["report", "--since", "2020-01-01", "--until", "2020-01-31"];
      const other = await reseller.run(past, { mode: "json", env: { RESELLER_MAX_RETRIES: "0" } });
      expect(other.exitCode, other.stderr).toBe(0);
      expect(other.stderr).not.toContain("not final");
    } finally {
      harness.emulator.faults.configure({ down: false });
    }
    // No key to ask with: the books as recorded, the note, exit 3.
    const keyless = await reseller.run(["report"], { mode: "json", env: { RESELLER_API_KEY: "" } });
    expect(keyless.exitCode, keyless.stderr).toBe(3);
    expect(keyless.json()).toMatchObject({ orders: 0, spent: 0 });
    expect(keyless.stderr).toMatch(
      /1 order not final could not be brought up to date \(the API key was not accepted\)/,
    );
    const report = await reseller.run(["report"], { mode: "json" });
    expect(report.exitCode, report.stderr).toBe(0);
    expect(report.json()).toMatchObject({ orders: 1, spent: 11_500, by_verdict: { bought: 1 } });
    // Written down as it was found: the books read without asking count it too, and so does history.
    const quick = await reseller.run(["report", "--no-refresh"], { mode: "json" });
    expect(quick.json()).toMatchObject({ orders: 1, spent: 11_500, by_verdict: { bought: 1 } });
    const history = await reseller.run(["history", "--no-refresh"], { mode: "json" });
    expect(history.json()).toMatchObject([{ ref_id: refId, verdict: "bought", net: 11_500 }]);
    expect(onService(apiKey)).toBe(before + 1);
  });

  // A row skipped on it is exit 5, which says reconcile settles it: reconcile asked nothing, so every run was exit 5.
  it("killed while the service held it, reconciled as not bought, committed since: a file's row skipped on it is settled by reconcile, as exit 5 says", async () => {
    const apiKey = harness.apiKeyOf("Toko Makmur Jaya");
    const reseller = resellerAs(harness, apiKey);
    const before = onService(apiKey);
    await killedWhileHeld(reseller, ["buy", "--item", "12", "--qty", "1", "--note", "081234569905", "--yes"]);
    const refId = await reconciledNotFound(reseller);
    await committedLate(apiKey, before);

    const file = join(reseller.configDir, "orders.csv");
    writeFileSync(file, "item_id,quantity,note\n12,1,081234569905\n");
    const skipped = await reseller.run(["buy", "--file", file, "--skip-bought", "--yes"], { mode: "json" });
    expect(skipped.exitCode, skipped.stderr).toBe(5);
    // The row says why it is unknown: its earlier purchase was not found when asked.
    expect(JSON.parse(skipped.stdout.trim())).toMatchObject({
      sent: false,
      already_bought: refId,
      outcome: "unknown",
      earlier_not_found: true,
    });
    const settled = await reseller.run(["reconcile"], { mode: "json" });
    expect(settled.json()).toMatchObject({ settled: 1, entries: [{ ref_id: refId, outcome: "done" }] });
    const again = await reseller.run(["buy", "--file", file, "--skip-bought", "--yes"], { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout.trim())).toMatchObject({ sent: false, already_bought: refId, outcome: "bought" });
    expect(JSON.parse(again.stdout.trim())).not.toHaveProperty("earlier_not_found");
    expect(onService(apiKey)).toBe(before + 1);
    // Asked and found, it is settled: the next reconcile has nothing to ask.
    expect((await reseller.run(["reconcile"], { mode: "json" })).json()).toMatchObject({ checked: 0 });
  });

  it("a bot's --ref-id killed while the service held it, reconciled as not bought, sent again as told: bought (exit 0), once in the books", async () => {
    const apiKey = harness.apiKeyOf("Cahaya Voucher");
    const reseller = resellerAs(harness, apiKey);
    const before = onService(apiKey);
    const buy = ["buy", "--item", "12", "--qty", "1", "--note", "081234569902", "--ref-id", "BOT-ORDER-7", "--yes"];
    await killedWhileHeld(reseller, buy);
    const reconciled = await reseller.run(["reconcile"]);
    expect(reconciled.stdout).toContain("not bought; safe to buy again with the same ref_id (--ref-id BOT-ORDER-7)");
    await committedLate(apiKey, before);

    // What reconcile said to do: the service has it, so it is this purchase, never "refused, nothing charged".
    const again = await reseller.run(buy, { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    const invoice = harness.accountOf(apiKey).transactions.find((t) => t.ref_id === "BOT-ORDER-7")?.invoice;
    expect(again.json().data).toMatchObject({ ref_id: "BOT-ORDER-7", invoice });
    expect(onService(apiKey)).toBe(before + 1);
    const report = await reseller.run(["report", "--no-refresh"], { mode: "json" });
    expect(report.json()).toMatchObject({ spent: 11_500, by_verdict: { bought: 1 } });
  });

  it("a file's row killed while the service held it, reconciled as not bought, the file run again: bought once, in the books", async () => {
    const apiKey = harness.apiKeyOf("Mitra Top Up Nusantara");
    const reseller = resellerAs(harness, apiKey);
    const before = onService(apiKey);
    const file = join(reseller.configDir, "orders.csv");
    writeFileSync(file, "item_id,quantity,note\n12,1,081234569903\n");
    await killedWhileHeld(reseller, ["buy", "--file", file, "--yes"]);
    expect((await reseller.run(["reconcile"], { mode: "json" })).json()).toMatchObject({
      entries: [{ outcome: "not_done" }],
    });
    await committedLate(apiKey, before);

    const again = await reseller.run(["buy", "--file", file, "--yes"], { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(onService(apiKey)).toBe(before + 1);
    const report = await reseller.run(["report", "--no-refresh"], { mode: "json" });
    expect(report.json()).toMatchObject({ spent: 11_500, by_verdict: { bought: 1 } });
  });
  it("a sale's alternative killed while the service held it, reconciled as not bought, committed since: the sale run again once its item recovers buys nothing more", async () => {
    const apiKey = harness.apiKeyOf("Jaya Abadi Digital");
    const reseller = resellerAs(harness, apiKey);
    expect((await reseller.run(["alternatives", "set", "13", "12"])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(13, false);
    const before = onService(apiKey);
    const sale = ["buy", "--item", "13", "--qty", "1", "--note", "081234569951", "--ref-id", "SALE-9", "--yes"];
    // The item refused as disrupted goes through; its alternative is held, and the buyer killed.
    harness.emulator.faults.configure({ latency_ms: 60_000, match: { method: "POST", path: "/v1/trx" } });
    const running = reseller.start([...sale, "--alternatives"]);
    await until("the service to hold the sale", () => harness.emulator.faults.status().injected.latency >= 1);
    harness.emulator.answerHeld();
    await until("the service to hold its alternative", () => harness.emulator.faults.status().injected.latency >= 2);
    running.child.kill("SIGKILL");
    expect((await running.done).signal).toBe("SIGKILL");
    expect(await reconciledNotFound(reseller)).toBe("SALE-9-alt1");
    await committedLate(apiKey, before);
    harness.emulator.setItemAvailable(13, true);

    // The same sale again: its alternative may have been bought, so nothing is sent (exit 5, as unknown).
    const again = await reseller.run([...sale, "--alternatives"], { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(5);
    expect(again.json()).toMatchObject({
      sent: false,
      outcome: "unknown",
      already_bought: "SALE-9-alt1",
      earlier_not_found: true,
    });
    // A bot retrying its own ref_id without --alternatives is met the same way.
    const plain = await reseller.run(sale, { mode: "json" });
    expect(plain.exitCode, plain.stderr).toBe(5);
    expect(plain.json()).toMatchObject({ sent: false, outcome: "unknown", earlier_not_found: true });
    expect(onService(apiKey)).toBe(before + 1);
    for (const lang of ["en", "id"]) {
      const said = await reseller.run([...sale, "--alternatives", "--lang", lang]);
      expect(said.exitCode).toBe(5);
      expect(said.stderr).toContain("reseller trx show SALE-9-alt1");
    }
    // Looked at, it is that sale's: the same sale again stands on it, bought.
    expect((await reseller.run(["trx", "show", "SALE-9-alt1"])).exitCode).toBe(0);
    const settled = await reseller.run([...sale, "--alternatives"], { mode: "json" });
    expect(settled.exitCode, settled.stderr).toBe(0);
    // Bought, or delivered by now: the service is asked about one not yet delivered.
    expect(settled.json()).toMatchObject({
      outcome: expect.stringMatching(/^(bought|delivered)$/),
      already_bought: "SALE-9-alt1",
    });
    expect(settled.json()).not.toHaveProperty("earlier_not_found");
    expect(onService(apiKey)).toBe(before + 1);
  });
});
