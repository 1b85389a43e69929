/**
 * `history`, `reconcile` and `sandbox` through main() (test/support/run-main.ts): the journal
 * newest first in every output mode, only what is unresolved on request, and sandbox orders
 * journaled like purchases.
 */
import { describe, expect, it, afterEach } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess, singleJson, tableBorder, writeCart } from "./commands-harness.js";
import { buyOne } from "../support/cli.js";
import { columnCells, recordValues } from "../support/golden-screens.js";

const harness = useEmulator();
afterEach(() => harness.emulator.faults.reset());

describe("history", () => {
  it("empty: says so on stderr, nothing on stdout; --json is an empty array", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["history"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/No money-moving requests recorded yet/);
    expect(singleJson(await reseller.run(["history"], { mode: "json" }))).toEqual([]);
  });

  it("newest first, each outcome in the reseller's words, in all three modes; --limit and --unresolved", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    await reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "h-1"]);
    harness.emulator.setBalance(reseller.apiKey, 100);
    // The same order again (--again: past the repeat check), refused by the service for the balance.
    await reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "h-2", "--again"]);
    harness.emulator.setBalance(reseller.apiKey, 1_000_000);
    await reseller.run(["sandbox", "--item", "3", "--qty", "1", "--ref-id", "h-3"]);

    const plain = await reseller.run(["history"]);
    const rows = plain.stdout
      .trim()
      .split("\n")
      .map((l) => l.split("\t"));
    expect(rows.map((r) => [r[1], r[2], r[3], r[4]])).toEqual([
      ["sandbox", "h-3", "done", ""],
      ["buy", "h-2", "refused", ""],
      ["buy", "h-1", "done", "11500"],
    ]);
    expect(rows[1]![5]).toBe("BALANCE_IS_INSUFFICIENT");
    expect(rows[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);

    // As recorded (--no-refresh): the service may have delivered h-1 by now, and asking would say so.
    const table = await reseller.run(["history", "--no-refresh"], { mode: "table", env: { COLUMNS: "160" } });
    expect(table.stdout).toMatch(tableBorder);
    // Where each stands (the service's status once bought) and the item; the customer and ref_ids whole, outside the borders.
    // The zone named once, in the time's header; each time to the minute below it.
    expect(table.stdout).toMatch(/│ Time \(WIB\) +│ Item +│/);
    expect(table.stdout).toMatch(
      /│ \d{1,2} \w{3,4} \d{4} \d{2}:\d{2} +│ 1 × Pulsa Telkomsel 10\.000 +│ bought +│ Rp 11\.500 +│ +081234567890 +h-1 /,
    );
    expect(table.stdout).toMatch(/│ 1 × Pulsa Telkomsel 10\.000 +│ refused +│ - +│ +081234567890 +h-2/);

    const json = singleJson(await reseller.run(["history", "--limit", "2"], { mode: "json" }));
    expect(json.map((e: any) => e.ref_id)).toEqual(["h-3", "h-2"]);
    expect(json[1]).toMatchObject({
      kind: "buy",
      outcome: "refused",
      code: "BALANCE_IS_INSUFFICIENT",
      request: { carts: [{ item_id: 12, quantity: 1 }] },
    });

    const unresolved = await reseller.run(["history", "--unresolved"]);
    expect(unresolved.stdout).toBe("");
    expect(unresolved.stderr).toMatch(/Nothing unresolved/);
  });

  it("shows only this profile's entries and says how many others there are", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    await reseller.run(["sandbox", "--item", "3", "--qty", "1", "--ref-id", "p-1"]);
    await reseller.run(["sandbox", "--item", "3", "--qty", "1", "--ref-id", "p-2", "--profile", "shop2"]);
    const r = await reseller.run(["history"]);
    expect(r.stdout).toContain("p-1");
    expect(r.stdout).not.toContain("p-2");
    expect(r.stderr).toMatch(/1 entry of other profiles/);
  });
});

describe("sandbox", () => {
  it("records a test order in every mode; no balance or stock changes", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const before = harness.accountOf(reseller.apiKey).balance;
    const json = await reseller.run(["sandbox", "--item", "1", "--qty", "2", "--ref-id", "sb-1"], { mode: "json" });
    expect(json.exitCode, json.stderr).toBe(0);
    expect(singleJson(json)).toEqual({
      message: "OK",
      data: { id: expect.any(Number), ref_id: "sb-1", status: "sandbox" },
    });
    const plain = await reseller.run(["sandbox", "--item", "1", "--qty", "1", "--ref-id", "sb-2"]);
    // id, ref_id, status, invoice (empty: this dialect answers no invoice)
    expect(plain.stdout).toMatch(/^\d+\tsb-2\tsandbox\t\n$/);
    const table = await reseller.run(["sandbox", "--item", "1", "--qty", "1"], { mode: "table" });
    expect(table.stdout).toMatch(/ID.*Status.*Ref ID/);
    expect(table.stdout).toMatch(/sandbox.*│ {2}RSL-\d{8}-[A-Z0-9]{10}$/m);
    const account_ = harness.accountOf(reseller.apiKey);
    expect(account_.balance).toBe(before);
    expect(account_.sandbox_orders.map((o) => o.ref_id)).toEqual(expect.arrayContaining(["sb-1", "sb-2"]));
  });

  it("a lost answer of a sandbox order that went through is reported as done", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    harness.emulator.faults.configure({
      drop_after_commit_next: 1,
      match: { method: "POST", path: "/v1/order/sandbox" },
    });
    const r = await reseller.run(["sandbox", "--item", "1", "--qty", "1", "--ref-id", "sb-lost"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(harness.accountOf(reseller.apiKey).sandbox_orders.filter((o) => o.ref_id === "sb-lost")).toHaveLength(1);
  });

  it("no answer at all: exit 5; reconcile sends it again under the same ref_id (it moves no money)", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    harness.emulator.faults.configure({
      drop_before_commit_next: 3,
      match: { method: "POST", path: "/v1/order/sandbox" },
    });
    const r = await reseller.run(["sandbox", "--item", "1", "--qty", "1", "--ref-id", "sb-none"]);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toContain("sb-none");
    const settled = await reseller.run(["reconcile"], { mode: "json" });
    expect(settled.exitCode).toBe(0);
    expect(settled.json()).toMatchObject({
      checked: 1,
      settled: 1,
      entries: [{ kind: "sandbox", ref_id: "sb-none", outcome: "done" }],
    });
    expect(harness.accountOf(reseller.apiKey).sandbox_orders.filter((o) => o.ref_id === "sb-none")).toHaveLength(1);
  });
});

describe("reconcile", () => {
  it("nothing to settle: says so; --json is an empty summary", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["reconcile"]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/Nothing to reconcile/);
    expect(singleJson(await reseller.run(["reconcile"], { mode: "json" }))).toEqual({
      checked: 0,
      settled: 0,
      still_unknown: 0,
      entries: [],
    });
  });

  it("settles an unknown purchase in all three modes: a table on a terminal, rows when piped", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Cahaya Voucher"));
    // Every answer from /v1/trx is lost, so the purchase ends unknown (exit 5).
    harness.emulator.faults.configure({ drop_after_commit_next: 6, match: { path: "/v1/trx" } });
    expect(
      (await reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "modes-1"]))
        .exitCode,
    ).toBe(5);
    harness.emulator.faults.reset();
    const table = await reseller.run(["reconcile"], { mode: "table" });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(tableBorder);
    expect(table.stdout).toContain("modes-1");
    // The purchase's verdict under the column every table calls Outcome, the service's answer a word
    // beside it, said once below; the invoice found is never cut.
    expect(table.stdout).toMatch(/│ Outcome +│/);
    // Bought, or delivered when the service was quicker than this test.
    expect(table.stdout).toMatch(/│ (bought|delivered) +│ found +│/m);
    expect(table.stdout).toMatch(/^found {2}the service has the purchase/m);
    expect(table.stdout).toMatch(/(^|[ │])INV-\d{8}-\d+( |$)/m);
    // Settled now: piped and --json find nothing left to do.
    const plain = await reseller.run(["reconcile"]);
    expect(plain.exitCode).toBe(0);
    expect(plain.stdout).toBe("");
    expect(singleJson(await reseller.run(["reconcile"], { mode: "json" }))).toMatchObject({
      checked: 0,
      still_unknown: 0,
    });
    expect(singleJson(await reseller.run(["history"], { mode: "json" }))[0]).toMatchObject({
      ref_id: "modes-1",
      outcome: "done",
      by: "reconcile",
    });
  });

  it("a purchase found failed and refunded: its Outcome says the refund, as history does", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    harness.emulator.faults.configure({ drop_after_commit_next: 6, match: { path: "/v1/trx" } });
    // A player id nobody has: the provider refuses it after the purchase, and the service refunds.
    const buy = buyOne(22, "99998888", "--no-validate", "--ref-id", "modes-failed");
    expect((await reseller.run(buy)).exitCode).toBe(5);
    harness.emulator.faults.reset();
    harness.emulator.clock.advance(600_000);
    const table = await reseller.run(["reconcile"], { mode: "table", env: { COLUMNS: "160" } });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/│ delivery failed \(Rp 19\.000 refunded\) +│/);
    const history = await reseller.run(["history"], { mode: "table", env: { COLUMNS: "160" } });
    expect(history.stdout).toMatch(/│ delivery failed \(Rp 19\.000 refunded\) +│/);
  });

  it("trx show settles an unknown partial order with its refund", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    // One line delivered, the other (a player id nobody has) refunded; every answer about it lost.
    const cart = writeCart(reseller, [
      { item_id: 11, quantity: 1, note: "081299960001" },
      { item_id: 22, quantity: 1, note: "99998888" },
    ]);
    harness.emulator.faults.configure({ drop_after_commit_next: 6, match: { path: "/v1/trx" } });
    const r = await reseller.run(["buy", "--cart", cart, "--no-validate", "--ref-id", "show-partial", "--yes"]);
    expect(r.exitCode, r.stderr).toBe(5);
    harness.emulator.faults.reset();
    harness.emulator.clock.advance(600_000);
    const shown = await reseller.run(["trx", "show", "show-partial"]);
    expect(shown.stderr).toMatch(/Settled in the journal: show-partial was partly delivered \(Rp 19\.000 refunded\)/);
  });

  it("trx show settles an unknown purchase it finds", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    // Every answer from /v1/trx is lost: the purchase, both retries and the lookups after them.
    harness.emulator.faults.configure({ drop_after_commit_next: 6, match: { path: "/v1/trx" } });
    const r = await reseller.run(buyOne(12, "081234567890", "--ref-id", "show-settles"));
    expect(r.exitCode, r.stderr).toBe(5);
    harness.emulator.faults.reset();
    const shown = await reseller.run(["trx", "show", "show-settles"]);
    expect(shown.exitCode).toBe(0);
    expect(shown.stderr).toMatch(/Settled in the journal: show-settles was bought/);
    const history = await reseller.run(["history", "--json"], { mode: "json" });
    expect(history.json()[0]).toMatchObject({ ref_id: "show-settles", outcome: "done", by: "trx show" });
  });
});

describe("top-ups and locks are journaled too", () => {
  it("topup and lock add appear in history with their outcome", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    expect((await reseller.run(["topup", "--amount", "50000", "--channel", "QRIS", "--yes"])).exitCode).toBe(0);
    const token = (await reseller.run(["lock", "add", "--item", "2", "--qty", "1"])).stdout.trim();
    const history = (await reseller.run(["history"], { mode: "json" })).json();
    expect(history.map((e: any) => [e.kind, e.outcome])).toEqual([
      ["lock", "done"],
      ["topup", "done"],
    ]);
    expect(history[0]).toMatchObject({ request: { item_id: 2, quantity: 1 }, lock_token: token });
    expect(history[1]).toMatchObject({ request: { amount: 50_000, channel: "QRIS" }, amount: 50_000 });
    await reseller.run(["lock", "release", token]);
  });

  it("a lock whose answer was lost is exit 5; reconcile finds it held in `lock list`", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    harness.emulator.faults.configure({ drop_after_commit_next: 1, match: { method: "POST", path: "/v1/item/lock" } });
    const r = await reseller.run(["lock", "add", "--item", "2", "--qty", "1"]);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/lock request was sent but no answer came/);
    const held = harness.accountOf(reseller.apiKey).locks.find((l) => l.status === "active")!;
    const settled = await reseller.run(["reconcile"], { mode: "json" });
    expect(settled.exitCode).toBe(0);
    expect(settled.json().entries).toEqual([
      expect.objectContaining({ kind: "lock", outcome: "done", lock_token: held.lock_token }),
    ]);
    await reseller.run(["lock", "release", held.lock_token]);
  });

  it("on a terminal, a lost purchase, lock and top-up: their kinds, each answer a word, each meaning said once", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Cahaya Voucher"));
    harness.emulator.faults.configure({ drop_before_commit_next: 6, match: { method: "POST", path: "/v1/trx" } });
    expect((await reseller.run(buyOne(12, "081234567890", "--ref-id", "kinds-1"))).exitCode).toBe(5);
    harness.emulator.faults.configure({ drop_after_commit_next: 1, match: { method: "POST", path: "/v1/item/lock" } });
    expect((await reseller.run(["lock", "add", "--item", "2", "--qty", "1"])).exitCode).toBe(5);
    harness.emulator.faults.configure({ drop_after_commit_next: 3, match: { method: "POST", path: "/v1/balance" } });
    expect((await reseller.run(["topup", "--amount", "20000", "--channel", "QRIS", "--yes"])).exitCode).toBe(5);
    harness.emulator.faults.reset();
    const held = harness.accountOf(reseller.apiKey).locks.find((l) => l.status === "active");
    const r = await reseller.run(["reconcile"], { mode: "table", env: { COLUMNS: "120" } });
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = columnCells(r.stdout, "Kind").map((kind, i) => `${kind}: ${columnCells(r.stdout, "Answer")[i]}`);
    // The lock is found held when the emulator's clock says it was made after the request was sent.
    const lock = rows.find((row) => row.startsWith("lock: "))!.slice("lock: ".length);
    expect(rows.sort(), r.stdout).toEqual(["buy: not found", `lock: ${lock}`, "topup: no charge"]);
    expect(["lock held", "no lock"]).toContain(lock);
    expect(columnCells(r.stdout, "Ref ID"), r.stdout).toContain("kinds-1");
    if (process.env.SHOW_SCREENS) console.log(r.stdout);
    expect(recordValues(r.stdout, "not found")).toEqual([
      "the service has no such purchase: nothing was bought. Safe to buy again with the same ref_id (--ref-id and the row's Ref ID).",
    ]);
    expect(recordValues(r.stdout, lock)).toEqual([expect.stringMatching(/^(the stock lock is held|no lock is held)/)]);
    expect(recordValues(r.stdout, "no charge")).toEqual([expect.stringMatching(/^a top-up link charges nothing/)]);
    if (held) await reseller.run(["lock", "release", held.lock_token]);
  });

  it("a top-up whose answer was lost is settled as nothing charged", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    harness.emulator.faults.configure({ drop_after_commit_next: 3, match: { method: "POST", path: "/v1/balance" } });
    const r = await reseller.run(["topup", "--amount", "20000", "--channel", "QRIS", "--yes"]);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toContain("No money moves until a payment link is paid");
    const settled = await reseller.run(["reconcile"]);
    expect(settled.exitCode).toBe(0);
    // A top-up has no ref_id, and the journal's own id is never shown in its place.
    expect(settled.stdout).toMatch(/\ttopup\t\tno_charge\t/);
  });
});
