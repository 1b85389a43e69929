/**
 * A sale run again with --alternatives reaches an alternative the service holds already (an earlier
 * run bought it; the service refuses its ref_id as REF_ID_ALREADY_EXIST) and asks the service what
 * it is. Its delivery failed and was refunded whole, for this very order: the next alternative is
 * bought, once. It stands (bought, delivered): it is the sale, nothing more is bought. Another
 * customer's, or no answer: the run stops as a used ref_id, nothing more bought.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useEmulator, type Harness } from "../support/emulator.js";
import { resellerAs, type Reseller, whileAdvancing } from "./commands-harness.js";

/** What the service holds for the account: its balance, and each transaction's ref_id and status. */
function service(harness: Harness, reseller: Reseller) {
  const account = harness.accountOf(reseller.apiKey);
  return { balance: account.balance, held: account.transactions.map((t) => [t.ref_id, t.status]) };
}

/** Nothing bought since `before`: the same purchases and balance (a delivery may move on meanwhile). */
function nothingBoughtSince(harness: Harness, reseller: Reseller, before: ReturnType<typeof service>): void {
  const now = service(harness, reseller);
  expect(now.balance).toBe(before.balance);
  expect(now.held.map(([refId]) => refId)).toEqual(before.held.map(([refId]) => refId));
}

/**
 * Canva Pro (item 4, Rp 15.000) for `customer` under `refId`, with its alternatives: Free Fire to a
 * player nobody has fails at the provider and is refunded whole; Spotify and YouTube deliver at once.
 */
function sale(refId: string, customer = "99990077"): string[] {
  const flags = ["--no-validate", "--ref-id", refId, "--yes", "--alternatives", "--max-price", "30rb"];
  return ["buy", "--item", "4", "--qty", "1", "--note", customer, ...flags];
}

describe("buy --alternatives run again after an alternative the service holds", () => {
  const harness = useEmulator();
  afterEach(() => {
    harness.emulator.faults.reset();
    harness.emulator.setItemAvailable(4, true);
  });

  it("one whose delivery failed and was refunded whole is followed by the next: each bought once, the customer served", async () => {
    const shop = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    expect((await shop.run(["alternatives", "set", "4", "22", "3"])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(4, false);
    const before = service(harness, shop);
    const first = await shop.run(sale("SALE-81"), { mode: "json" });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.json().data.ref_id).toBe("SALE-81-alt1");
    // The provider fails Free Fire after the run; the service refunds it whole.
    harness.emulator.clock.advance(600_000);

    const again = await shop.run(sale("SALE-81"), { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    const body = again.json();
    // Spotify delivers at once: bought, or delivered by the time the answer is read.
    expect(body).toMatchObject({
      data: { ref_id: "SALE-81-alt2" },
      outcome: expect.stringMatching(/^(bought|delivered)$/),
    });
    expect(body.tried).toEqual([
      expect.objectContaining({ ref_id: "SALE-81", outcome: "refused", code: "PRODUCT_TEMPORARILY_UNAVAILABLE" }),
      expect.objectContaining({ ref_id: "SALE-81-alt1", item_id: 22, outcome: "delivery_failed", refunded: 19_000 }),
    ]);
    expect(again.stderr).toContain(
      "Free Fire 140 Diamonds was bought for this sale before (ref_id SALE-81-alt1); its delivery failed and Rp 19.000 was refunded in full.",
    );
    // The first alternative refunded, the second bought once; Spotify's Rp 18.000 is all the sale cost.
    const after = service(harness, shop);
    expect(after.held.slice(before.held.length)).toEqual([
      ["SALE-81-alt1", "failed"],
      ["SALE-81-alt2", expect.any(String)],
    ]);
    expect(before.balance - after.balance).toBe(18_000);

    // The sale asked again, with or without --alternatives, is the second alternative: nothing sent.
    const asked = sale("SALE-81").slice(0, -3);
    for (const args of [[...asked, "--alternatives"], asked]) {
      const sold = await shop.run(args, { mode: "json" });
      expect(sold.exitCode, sold.stderr).toBe(0);
      expect(sold.json()).toMatchObject({ sent: false, already_bought: "SALE-81-alt2" });
    }
    nothingBoughtSince(harness, shop, after);
  });

  it("one that stands delivered is the sale: said already bought, no next alternative, exit 0", async () => {
    const shop = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    for (const profile of [[], ["--profile", "other"]])
      expect((await shop.run(["alternatives", "set", "4", "3", "5", ...profile])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(4, false);
    // Another run of the sale (here another profile, whose records this one does not read) sold Spotify.
    const other = await shop.run([...sale("SALE-82", "buyer82@example.com"), "--profile", "other"], { mode: "json" });
    expect(other.exitCode, other.stderr).toBe(0);
    expect(other.json()).toMatchObject({ data: { ref_id: "SALE-82-alt1" } });
    // Spotify's account is delivered in the minutes after.
    harness.emulator.clock.advance(600_000);
    const before = service(harness, shop);

    const again = await shop.run(sale("SALE-82", "buyer82@example.com"), { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({
      ref_id: "SALE-82-alt1",
      outcome: "delivered",
      // Sent, and refused as a ref_id the service holds: the look-up found the earlier run's purchase.
      sent: true,
      already_bought: "SALE-82-alt1",
      alternative_of: { ref_id: "SALE-82", item_id: 4 },
    });
    expect(again.stderr).toContain(
      "ref_id SALE-82 was sold as its alternative SALE-82-alt1, Spotify Premium 1 Bulan (delivered)",
    );
    expect(again.stderr).not.toContain("SALE-82-alt2");
    nothingBoughtSince(harness, shop, before);

    // Canva Pro sold again: the sale asked once more, without --alternatives, stands on Spotify.
    harness.emulator.setItemAvailable(4, true);
    const plain = sale("SALE-82", "buyer82@example.com").slice(0, -3);
    const once = await shop.run(plain, { mode: "json" });
    expect(once.exitCode, once.stderr).toBe(0);
    expect(once.json()).toMatchObject({ sent: false, already_bought: "SALE-82-alt1" });
    nothingBoughtSince(harness, shop, before);
  });

  it("one bought elsewhere and still pending stands for the sale, with or without --alternatives, until the service says it failed", async () => {
    const shop = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    for (const profile of [[], ["--profile", "other"]])
      expect((await shop.run(["alternatives", "set", "4", "22", "3", ...profile])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(4, false);
    // Another run of the sale (another profile, whose records this one does not read) bought Free Fire.
    expect((await shop.run([...sale("SALE-88"), "--profile", "other"])).exitCode).toBe(0);
    const before = service(harness, shop);
    const held = await shop.run(sale("SALE-88"), { mode: "json" });
    expect(held.exitCode, held.stderr).toBe(0);
    expect(held.json()).toMatchObject({ outcome: "bought", sent: true, already_bought: "SALE-88-alt1" });

    // Canva Pro sold again: the sale asked once more, without --alternatives, stands on Free Fire.
    harness.emulator.setItemAvailable(4, true);
    const plain = await shop.run(sale("SALE-88").slice(0, -3), { mode: "json" });
    expect(plain.exitCode, plain.stderr).toBe(0);
    expect(plain.json()).toMatchObject({ sent: false, already_bought: "SALE-88-alt1" });
    nothingBoughtSince(harness, shop, before);

    // Free Fire fails and is refunded whole; Canva Pro disrupted again: the next alternative is bought, once.
    harness.emulator.setItemAvailable(4, false);
    harness.emulator.clock.advance(600_000);
    const next = await shop.run(sale("SALE-88"), { mode: "json" });
    expect(next.exitCode, next.stderr).toBe(0);
    expect(next.json()).toMatchObject({ data: { ref_id: "SALE-88-alt2" }, outcome: "bought" });
    const after = service(harness, shop);
    expect(after.held.slice(before.held.length)).toEqual([["SALE-88-alt2", expect.any(String)]]);
    expect(after.held).toContainEqual(["SALE-88-alt1", "failed"]);
    // Free Fire's Rp 19.000 came back, Spotify's Rp 18.000 was charged.
    expect(after.balance - before.balance).toBe(19_000 - 18_000);
  });

  it("one bought elsewhere and followed since moves nothing in this machine's ledger: no verdict of its own, net 0", async () => {
    const shop = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    for (const profile of [[], ["--profile", "other"]])
      expect((await shop.run(["alternatives", "set", "4", "3", ...profile])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(4, false);
    // Another run of the sale (another profile, whose records this one does not read) sold Spotify.
    expect((await shop.run([...sale("SALE-90", "buyer90@example.com"), "--profile", "other"])).exitCode).toBe(0);
    const before = service(harness, shop);
    const held = await shop.run(sale("SALE-90", "buyer90@example.com"), { mode: "json" });
    expect(held.json()).toMatchObject({ sent: true, already_bought: "SALE-90-alt1" });
    // Delivered since; this machine follows it, and notes it against its entry.
    harness.emulator.clock.advance(600_000);
    expect((await shop.run(["trx", "show", "SALE-90-alt1"], { mode: "json" })).exitCode).toBe(0);

    const history = await shop.run(["history", "--no-refresh"], { mode: "json" });
    const entry = history.json().find((e: { ref_id: string }) => e.ref_id === "SALE-90-alt1");
    // Bought by the other profile: a script counting this profile's delivered orders does not count it.
    expect(entry).toMatchObject({ outcome: "not_done", net: 0, refunded: 0 });
    expect(entry).not.toHaveProperty("verdict");
    expect(history.json().reduce((sum: number, e: { net: number | null }) => sum + (e.net ?? 0), 0)).toBe(0);
    expect(service(harness, shop).balance).toBe(before.balance);
  });

  it("with --wait, one that stands but is not delivered yet is followed to its delivery, as a file's row's is: failed, the next is bought", async () => {
    const shop = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    for (const profile of [[], ["--profile", "other"]])
      expect((await shop.run(["alternatives", "set", "4", "22", "3", ...profile])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(4, false);
    // Another run of the sale (another profile) bought Free Fire, for a player nobody has: its delivery fails.
    expect((await shop.run([...sale("SALE-94"), "--profile", "other"])).exitCode).toBe(0);
    const before = service(harness, shop);
    const waited = await whileAdvancing(harness.emulator, shop.run([...sale("SALE-94"), "--wait"], { mode: "json" }));
    // Not "bought" while the customer still waits: Free Fire failed and was refunded, Spotify delivered.
    expect(waited.exitCode, waited.stderr).toBe(0);
    expect(waited.json()).toMatchObject({ data: { ref_id: "SALE-94-alt2" }, outcome: "delivered" });
    expect(waited.json().tried).toContainEqual(
      expect.objectContaining({ ref_id: "SALE-94-alt1", outcome: "delivery_failed", refunded: 19_000 }),
    );
    const after = service(harness, shop);
    expect(after.held.slice(before.held.length)).toEqual([["SALE-94-alt2", "completed"]]);
    expect(after.balance - before.balance).toBe(19_000 - 18_000);

    // The sale asked again with --wait, without --alternatives: Spotify stands, delivered; nothing sent.
    const again = await whileAdvancing(
      harness.emulator,
      shop.run([...sale("SALE-94").slice(0, -3), "--wait"], { mode: "json" }),
    );
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({ outcome: "delivered", sent: false, already_bought: "SALE-94-alt2" });
    expect(service(harness, shop).balance).toBe(after.balance);
  });

  it("the last alternative, held failed and refunded whole, is the run's result on stdout, as a fresh one failing under --wait is", async () => {
    const shop = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    for (const profile of [[], ["--profile", "other"]])
      expect((await shop.run(["alternatives", "set", "4", "22", ...profile])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(4, false);
    // Another run of the sale (another profile) bought Free Fire, for a player nobody has: its delivery fails.
    expect((await shop.run([...sale("SALE-92"), "--profile", "other"])).exitCode).toBe(0);
    harness.emulator.clock.advance(600_000);
    const before = service(harness, shop);

    const last = await shop.run(sale("SALE-92"), { mode: "json" });
    expect(last.exitCode, last.stderr).toBe(1);
    expect(last.json()).toMatchObject({
      ref_id: "SALE-92-alt1",
      outcome: "delivery_failed",
      refunded: 19_000,
      net: 0,
      sent: true,
      already_bought: "SALE-92-alt1",
      alternative_of: { ref_id: "SALE-92", item_id: 4 },
    });
    expect(last.errorJson().error.code).toBe("DELIVERY_FAILED");
    nothingBoughtSince(harness, shop, before);
  });

  it("one bought for another customer, or one the service cannot be asked about, stops the run: a used ref_id, nothing more bought", async () => {
    const shop = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    for (const profile of [[], ["--profile", "other"]])
      expect((await shop.run(["alternatives", "set", "4", "22", "3", ...profile])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(4, false);
    for (const ref of ["SALE-83", "SALE-84"]) {
      const other = await shop.run([...sale(ref), "--profile", "other"], { mode: "json" });
      expect(other.json().data.ref_id).toBe(`${ref}-alt1`);
    }
    // Both first alternatives fail and are refunded whole.
    harness.emulator.clock.advance(600_000);
    const before = service(harness, shop);

    // SALE-83-alt1 was the sale of player 99990077, not of 99990078.
    const another = await shop.run(sale("SALE-83", "99990078"), { mode: "json" });
    // SALE-84-alt1 cannot be looked up.
    harness.emulator.faults.configure({ error_next: 50, match: { method: "GET", path: "/v1/trx/SALE-84-alt1" } });
    const unasked = await shop.run(sale("SALE-84"), { mode: "json" });
    harness.emulator.faults.reset();
    for (const stopped of [another, unasked]) {
      expect(stopped.exitCode, stopped.stderr).toBe(1);
      expect(stopped.stdout).toBe("");
      expect(stopped.errorJson().error.code).toBe("REF_ID_ALREADY_EXIST");
      expect(stopped.stderr).not.toContain("-alt2");
    }
    nothingBoughtSince(harness, shop, before);
  });

  it("one failed and refunded whole whose answer leaves the customer out stops a file's row as it stops a single buy: nothing more bought", async () => {
    const shop = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    for (const profile of [[], ["--profile", "other"]])
      expect((await shop.run(["alternatives", "set", "4", "22", "3", ...profile])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(4, false);
    const file = join(shop.configDir, "orders.csv");
    writeFileSync(file, "item_id,quantity,note,ref_id,alternatives\n4,1,99990077,SALE-96,22|3\n");
    const run = ["buy", "--file", file, "--no-validate", "--yes", "--alternatives", "--max-price", "30rb"];
    // Another run of each sale (another profile) bought Free Fire, for a player nobody has: both fail, refunded whole.
    expect((await shop.run([...run, "--profile", "other"])).exitCode).toBe(0);
    expect((await shop.run([...sale("SALE-97"), "--profile", "other"])).exitCode).toBe(0);
    harness.emulator.clock.advance(600_000);
    // A third, still being delivered, is followed with --wait: its failure too is the result.
    expect((await shop.run([...sale("SALE-98"), "--profile", "other"])).exitCode).toBe(0);
    const before = service(harness, shop);
    // The service's answer no longer says whom each line was for: it may be another sale's.
    harness.emulator.faults.configure({ trx_item_note: "left_out" });

    const single = await shop.run(sale("SALE-97"), { mode: "json" });
    expect(single.exitCode, single.stderr).toBe(1);
    expect(single.json()).toMatchObject({ ref_id: "SALE-97-alt1", outcome: "delivery_failed" });
    const waited = await whileAdvancing(harness.emulator, shop.run([...sale("SALE-98"), "--wait"], { mode: "json" }));
    expect(waited.exitCode, waited.stderr).toBe(1);
    expect(waited.json()).toMatchObject({ outcome: "delivery_failed", already_bought: "SALE-98-alt1" });
    const row = await shop.run(run, { mode: "json" });
    expect(row.exitCode, row.stderr).toBe(1);
    expect(JSON.parse(row.stdout.trim())).toMatchObject({
      ref_id: "SALE-96-alt1",
      outcome: "delivery_failed",
      already_bought: "SALE-96-alt1",
    });
    expect(row.stderr).not.toContain("SALE-96-alt2");
    // Nothing bought: the same purchases, and SALE-98-alt1's Rp 19.000 given back as it failed.
    const after = service(harness, shop);
    expect(after.held.map(([refId]) => refId)).toEqual(before.held.map(([refId]) => refId));
    expect(after.balance - before.balance).toBe(19_000);
  });

  it("an orders file's rows do the same: past one refunded whole to the next, once; one that stands is the row's sale", async () => {
    const shop = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    harness.emulator.setItemAvailable(4, false);
    const file = join(shop.configDir, "orders.csv");
    writeFileSync(
      file,
      "item_id,quantity,note,ref_id,alternatives\n4,1,99990077,SALE-85,22|3\n4,1,buyer86@example.com,SALE-86,3|5\n",
    );
    const run = ["buy", "--file", file, "--no-validate", "--yes", "--alternatives", "--max-price", "30rb"];
    // Another run of the file (another profile, whose records this one does not read) sold both rows.
    const other = await shop.run([...run, "--profile", "other"], { mode: "json" });
    expect(other.exitCode, other.stderr).toBe(0);
    // Free Fire fails and is refunded whole; Spotify is delivered.
    harness.emulator.clock.advance(600_000);
    const before = service(harness, shop);

    const again = await shop.run(run, { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    const byRow = new Map(
      again.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l))
        .map((r) => [r.row, r]),
    );
    expect(byRow.get(2)).toMatchObject({ ref_id: "SALE-85-alt2", item_id: 3, outcome: "bought", sent: true });
    expect(byRow.get(2).tried).toContainEqual(
      expect.objectContaining({ ref_id: "SALE-85-alt1", outcome: "delivery_failed", refunded: 19_000 }),
    );
    // Each step says why the row's own order was given up, not the alternative's failure as if it were the original's.
    expect(again.stderr).toContain(
      "line 2: Canva Pro 1 Bulan is disrupted (nothing charged): buying its alternative Spotify Premium 1 Bulan (2 of 2)",
    );
    expect(byRow.get(3)).toMatchObject({
      ref_id: "SALE-86-alt1",
      outcome: "delivered",
      sent: true,
      already_bought: "SALE-86-alt1",
    });
    const after = service(harness, shop);
    expect(after.held.slice(before.held.length)).toEqual([["SALE-85-alt2", expect.any(String)]]);
    expect(before.balance - after.balance).toBe(18_000);
  });

  it("an orders file run again asks the service about a row's alternative last seen bought: failed and refunded since, the next is bought", async () => {
    const shop = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    harness.emulator.setItemAvailable(4, false);
    const file = join(shop.configDir, "orders.csv");
    writeFileSync(file, "item_id,quantity,note,ref_id,alternatives\n4,1,99990077,SALE-87,22|3\n");
    const run = ["buy", "--file", file, "--no-validate", "--yes", "--alternatives", "--max-price", "30rb"];
    const first = await shop.run(run, { mode: "json" });
    expect(JSON.parse(first.stdout.trim())).toMatchObject({ ref_id: "SALE-87-alt1", outcome: "bought" });
    // This machine's records last saw it bought; the provider fails it after the run, refunded whole.
    harness.emulator.clock.advance(600_000);
    const before = service(harness, shop);

    const again = await shop.run(run, { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    const row = JSON.parse(again.stdout.trim());
    expect(row).toMatchObject({ ref_id: "SALE-87-alt2", item_id: 3, outcome: "bought", sent: true });
    expect(row.tried).toContainEqual(
      expect.objectContaining({ ref_id: "SALE-87-alt1", outcome: "delivery_failed", refunded: 19_000 }),
    );
    const after = service(harness, shop);
    expect(after.held.slice(before.held.length)).toEqual([["SALE-87-alt2", expect.any(String)]]);
    expect(before.balance - after.balance).toBe(18_000);
    // Run once more, the row stands on its second alternative: nothing sent.
    const third = await shop.run(run, { mode: "json" });
    expect(JSON.parse(third.stdout.trim())).toMatchObject({ sent: false, already_bought: "SALE-87-alt2" });
    nothingBoughtSince(harness, shop, after);
  });

  it("an orders file's row whose alternative an earlier run elsewhere bought stands on it once its item can be sold again", async () => {
    const shop = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    harness.emulator.setItemAvailable(4, false);
    const file = join(shop.configDir, "orders.csv");
    writeFileSync(file, "item_id,quantity,note,ref_id,alternatives\n4,1,buyer89@example.com,SALE-89,3|5\n");
    const run = ["buy", "--file", file, "--no-validate", "--yes", "--alternatives", "--max-price", "30rb"];
    expect((await shop.run([...run, "--profile", "other"])).exitCode).toBe(0);
    const before = service(harness, shop);
    const held = await shop.run(run, { mode: "json" });
    expect(JSON.parse(held.stdout.trim())).toMatchObject({ ref_id: "SALE-89-alt1", already_bought: "SALE-89-alt1" });

    harness.emulator.setItemAvailable(4, true);
    const again = await shop.run(run, { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout.trim())).toMatchObject({ sent: false, already_bought: "SALE-89-alt1" });
    nothingBoughtSince(harness, shop, before);
  });
});
