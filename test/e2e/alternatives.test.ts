/**
 * Alternatives reviewed in advance: `alternatives set/list/unset` keeps them with the profile, a
 * disrupted item's refusal names them, and `buy --alternatives` buys the next one for the same
 * customer after an order that cost nothing (disrupted, refused, delivery failed and refunded),
 * charged once, never above the price cap, never after an unknown outcome or a partial delivery.
 * A file run again sells nothing twice, even once the disrupted item can be sold again.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Dialect } from "../../src/api/wire.js";
import { useEmulator, type Harness } from "../support/emulator.js";
import {
  journalRecords,
  resellerInProcess,
  tabRows,
  whileAdvancing,
  writeCart,
  type Reseller,
} from "./commands-harness.js";

const rows = tabRows;

/** What the service holds for the account: its balance and its transactions by ref_id. */
function service(harness: Harness, reseller: Reseller) {
  const account = harness.accountOf(reseller.apiKey);
  return { balance: account.balance, refs: account.transactions.map((t) => t.ref_id) };
}

/** A buy of one unit of `item` for the customer `note`, with `more` after. */
function oneOf(item: number, note: string, ...more: string[]): string[] {
  return ["buy", "--item", String(item), "--qty", "1", "--note", note, ...more];
}

/** The journal's intents of purchases, with what each asked. */
function intents(reseller: Reseller) {
  return journalRecords(reseller.configDir).filter((r: any) => r.type === "intent" && r.kind === "buy") as any[];
}

describe.each<Dialect>(["live", "live-short"])("speaking %s", (dialect) => {
  const harness = useEmulator({ dialect });
  afterEach(() => {
    harness.emulator.faults.reset();
    harness.emulator.setItemAvailable(13, true);
  });

  it("a disrupted item is sold as its alternative: bought once, charged once, at no more than the original's price", async () => {
    const shop = resellerInProcess(harness);
    expect((await shop.run(["alternatives", "set", "13", "14", "12"])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(13, false);
    const before = service(harness, shop);

    const bought = await shop.run(oneOf(13, "081234567001", "--yes", "--alternatives"), { mode: "json" });
    expect(bought.exitCode, bought.stderr).toBe(0);
    const body = bought.json();
    // 14 costs Rp 50.500, above the original's Rp 25.800: skipped and said why; 12 (Rp 11.500) is bought.
    expect(bought.stderr).toMatch(
      /Skipped the alternative Pulsa Telkomsel 50\.000: it costs Rp 50\.500, above .*Rp 25\.800/,
    );
    expect(body.outcome).toBe("bought");
    const refId = body.alternative_of.ref_id as string;
    expect(body.data.ref_id).toBe(`${refId}-alt2`);
    expect(body.alternative_of).toEqual({ ref_id: refId, item_id: 13, item: "Pulsa Telkomsel 25.000" });
    expect(body.tried).toEqual([
      {
        ref_id: refId,
        item_id: 13,
        item: "Pulsa Telkomsel 25.000",
        outcome: "refused",
        code: "PRODUCT_TEMPORARILY_UNAVAILABLE",
      },
      {
        ref_id: `${refId}-alt1`,
        item_id: 14,
        item: "Pulsa Telkomsel 50.000",
        outcome: "not_sent",
        code: "ABOVE_MAX_PRICE",
      },
    ]);
    expect(bought.stderr).toContain(
      "Pulsa Telkomsel 10.000 sold as the alternative for Pulsa Telkomsel 25.000, which was disrupted.",
    );

    // Charged once, for the alternative only, and the customer got it.
    const after = service(harness, shop);
    expect(after.refs.filter((r) => !before.refs.includes(r))).toEqual([`${refId}-alt2`]);
    expect(before.balance - after.balance).toBe(11_500);
    const detail = await shop.run(["trx", "show", `${refId}-alt2`], { mode: "json" });
    expect(JSON.stringify(detail.json())).toContain("081234567001");

    // The journal links the two orders.
    const alternative = intents(shop).find((r) => r.ref_id === `${refId}-alt2`);
    expect(alternative.request.alternative_of).toMatchObject({ ref_id: refId, carts: [{ item_id: 13, quantity: 1 }] });

    // The customer's order typed again is the same sale: refused as a repeat, nothing sent.
    const again = await shop.run(oneOf(13, "081234567001", "--yes", "--alternatives"));
    expect(again.exitCode, again.stderr).toBe(2);
    expect(again.stderr).toContain(`${refId}-alt2`);
    expect(service(harness, shop).refs).toEqual(after.refs);
  });
});

describe("alternatives and buy --alternatives", () => {
  const harness = useEmulator();
  afterEach(() => {
    harness.emulator.faults.reset();
    harness.emulator.setItemAvailable(13, true);
  });

  it("set, list in every mode, unset; ids checked against the kept catalogue", async () => {
    const shop = resellerInProcess(harness);
    expect((await shop.run(["alternatives"])).stdout).toBe("");
    const set = await shop.run(["alternatives", "set", "13", "14", "12"], { mode: "table" });
    expect(set.exitCode, set.stderr).toBe(0);
    expect(rows((await shop.run(["alternatives"])).stdout)).toEqual([
      ["13", "1", "14", "", ""],
      ["13", "2", "12", "", ""],
    ]);
    // With the catalogue kept, names come with the ids, and an id it does not have is refused.
    expect((await shop.run(["items", "--refresh"])).exitCode).toBe(0);
    const listed = await shop.run(["alternatives", "list"], { mode: "json" });
    expect(listed.json().alternatives).toEqual([
      {
        item_id: 13,
        item: expect.stringContaining("25.000"),
        alternatives: [
          { item_id: 14, item: expect.stringContaining("50.000") },
          { item_id: 12, item: expect.stringContaining("10.000") },
        ],
      },
    ]);
    const unknown = await shop.run(["alternatives", "set", "13", "99999"]);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain("Not in the kept catalogue: 99999");
    expect((await shop.run(["alternatives", "set", "13", "13"])).exitCode).toBe(2);
    expect((await shop.run(["alternatives", "set", "13", "12", "12"])).exitCode).toBe(2);
    // Replaced whole, kept in the profile's 0600 file.
    expect((await shop.run(["alternatives", "set", "13", "12"], { mode: "json" })).json()).toMatchObject({
      item_id: 13,
      alternatives: [12],
      replaced: true,
    });
    expect(rows((await shop.run(["alternatives"])).stdout).map((r) => r.slice(0, 3))).toEqual([["13", "1", "12"]]);
    expect((await shop.run(["alternatives", "unset", "13"])).exitCode).toBe(0);
    expect((await shop.run(["alternatives"], { mode: "json" })).json().alternatives).toEqual([]);
    const again = await shop.run(["alternatives", "unset", "13"]);
    expect(again.exitCode).toBe(2);
  });

  it("the refusal of a disrupted item names its alternatives, or items of the same product, and charges nothing", async () => {
    const shop = resellerInProcess(harness);
    expect((await shop.run(["items", "--refresh"])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(13, false);
    const before = service(harness, shop);

    const none = await shop.run(oneOf(13, "081234567101", "--yes"));
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toMatch(
      /No alternatives kept for it; items of the same product: 11 \(.*\), 12 \(.*\), 14 \(.*\)/,
    );
    expect(none.stderr).toContain("reseller alternatives set 13 ALT");

    expect((await shop.run(["alternatives", "set", "13", "14", "12"])).exitCode).toBe(0);
    const named = await shop.run(oneOf(13, "081234567102", "--yes"));
    expect(named.exitCode).toBe(1);
    expect(named.stderr).toMatch(
      /Its alternatives: 14 \(.*50\.000\), 12 \(.*10\.000\)\. Buy again with --alternatives/,
    );
    const json = await shop.run(oneOf(13, "081234567103", "--yes"), {
      mode: "json",
    });
    expect(json.errorJson().error).toMatchObject({
      code: "PRODUCT_TEMPORARILY_UNAVAILABLE",
      details: { outcome: "refused", alternatives: [14, 12] },
    });
    // In Indonesian the refusal says it in the reseller's words, the alternatives named the same way.
    const bahasa = await shop.run(oneOf(13, "081234567104", "--yes"), {
      env: { RESELLER_LANG: "id" },
    });
    expect(bahasa.stderr).toContain("Produk ini sedang gangguan");
    expect(bahasa.stderr).toMatch(/Penggantinya: 14 \(.*50\.000\), 12 \(.*10\.000\)\. Beli lagi dengan --alternatives/);
    expect(service(harness, shop)).toEqual(before);
  });

  it("above --max-price an alternative is skipped and said; nothing bought, exit 1; a higher --max-price buys it", async () => {
    const shop = resellerInProcess(harness);
    expect((await shop.run(["alternatives", "set", "13", "14"])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(13, false);
    const before = service(harness, shop);
    const skipped = await shop.run(oneOf(13, "081234567201", "--yes", "--alternatives"), { mode: "json" });
    expect(skipped.exitCode).toBe(1);
    expect(skipped.stderr).toContain("Skipped the alternative Pulsa Telkomsel 50.000");
    expect(skipped.stderr).toContain("No alternative of Pulsa Telkomsel 25.000 could be bought");
    expect(skipped.errorJson().error.details?.tried).toHaveLength(2);
    expect(service(harness, shop)).toEqual(before);

    const allowed = await shop.run(oneOf(13, "081234567202", "--yes", "--alternatives", "--max-price", "60rb"));
    expect(allowed.exitCode, allowed.stderr).toBe(0);
    expect(rows(allowed.stdout)[0]?.[1]).toMatch(/-alt1$/);
    expect(before.balance - service(harness, shop).balance).toBe(50_500);
    // --max-price says nothing without --alternatives.
    expect((await shop.run(oneOf(12, "0812345672", "--max-price", "1"))).exitCode).toBe(2);
  });

  it("an answer dropped after the service bought it (unknown) buys no alternative: exit 5, one purchase", async () => {
    const shop = resellerInProcess(harness);
    expect((await shop.run(["alternatives", "set", "12", "11"])).exitCode).toBe(0);
    const before = service(harness, shop);
    harness.emulator.faults.configure({ drop_after_commit_next: 20, match: { path: "/v1/trx" } });
    const lost = await shop.run(oneOf(12, "081234567301", "--yes", "--alternatives"));
    harness.emulator.faults.reset();
    expect(lost.exitCode, lost.stderr).toBe(5);
    expect(lost.stderr).not.toMatch(/alternative/);
    const after = service(harness, shop);
    expect(after.refs.filter((r) => !before.refs.includes(r))).toHaveLength(1);
    expect(intents(shop).some((r) => /-alt\d$/.test(r.ref_id))).toBe(false);
  });

  it("a partly delivered order buys no alternative: partial, exit 1", async () => {
    const shop = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    expect((await shop.run(["alternatives", "set", "23", "24"])).exitCode).toBe(0);
    const before = service(harness, shop);
    const partial = await whileAdvancing(
      harness.emulator,
      shop.run(
        [
          "buy",
          "--item",
          "23",
          "--qty",
          "300",
          "--target",
          "https://instagram.com/partial_alternatives",
          "--wait",
          "--yes",
          "--alternatives",
        ],
        { mode: "json" },
      ),
      10,
      150,
    );
    expect(partial.exitCode, partial.stderr).toBe(1);
    expect(partial.errorJson().error.details?.outcome).toBe("partial");
    expect(partial.stderr).not.toMatch(/alternative/);
    expect(service(harness, shop).refs.filter((r) => !before.refs.includes(r))).toHaveLength(1);
  });

  it("a delivery that failed and was refunded whole is followed by the alternative, delivered; the money counted once", async () => {
    const shop = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    // Free Fire to a player nobody has fails at the provider and is refunded; Canva Pro (Rp 15.000) is the alternative.
    expect((await shop.run(["alternatives", "set", "22", "4"])).exitCode).toBe(0);
    const before = service(harness, shop);
    const result = await whileAdvancing(
      harness.emulator,
      shop.run(oneOf(22, "99990077", "--no-validate", "--wait", "--yes", "--alternatives"), { mode: "json" }),
      5,
      150,
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const body = result.json();
    expect(body.outcome).toBe("delivered");
    expect(body.tried).toEqual([
      expect.objectContaining({ item_id: 22, outcome: "delivery_failed", refunded: 19_000 }),
    ]);
    expect(body.alternative_of).toMatchObject({ item_id: 22 });
    expect(result.stderr).toContain("which failed to deliver (refunded)");
    const after = service(harness, shop);
    expect(after.refs.filter((r) => !before.refs.includes(r))).toHaveLength(2);
    // Rp 19.000 charged and refunded, Rp 15.000 for the alternative: the balance moved once.
    expect(before.balance - after.balance).toBe(15_000);
  });

  it("an orders file: a row's own alternatives column, then the file run again once the item recovers buys nothing", async () => {
    const shop = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const file = join(shop.configDir, "orders.csv");
    writeFileSync(
      file,
      "item_id,quantity,note,alternatives\n13,1,081234567401,14|12\n13,1,081234567402,\n11,1,081234567403,\n",
    );
    harness.emulator.setItemAvailable(13, false);
    const before = service(harness, shop);
    // The second row has no column and --alternatives is not given: it is refused, nothing bought for it.
    const first = await shop.run(["buy", "--file", file], { mode: "json" });
    expect(first.exitCode).toBe(1);
    const results = first.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const byRow = new Map(results.map((r) => [r.row, r]));
    expect(byRow.get(2)).toMatchObject({ item_id: 12, outcome: "bought", alternative_of: { item_id: 13 } });
    expect(byRow.get(2).ref_id).toMatch(/-alt2$/);
    expect(byRow.get(2).tried.map((t: any) => [t.item_id, t.outcome, t.code])).toEqual([
      [13, "refused", "PRODUCT_TEMPORARILY_UNAVAILABLE"],
      [14, "not_sent", "ABOVE_MAX_PRICE"],
    ]);
    expect(byRow.get(3)).toMatchObject({ item_id: 13, outcome: "refused" });
    expect(byRow.get(4)).toMatchObject({ item_id: 11, outcome: "bought" });
    const afterFirst = service(harness, shop);
    expect(afterFirst.refs.filter((r) => !before.refs.includes(r))).toHaveLength(2);

    // The item can be sold again: the row sold as an alternative stays sold, nothing is bought twice.
    harness.emulator.setItemAvailable(13, true);
    const again = await shop.run(["buy", "--file", file, "--skip-bought"], { mode: "json" });
    const second = new Map(
      again.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l))
        .map((r) => [r.row, r]),
    );
    expect(second.get(2)).toMatchObject({
      sent: false,
      item_id: 12,
      already_bought: byRow.get(2).ref_id,
      alternative_of: { item_id: 13 },
    });
    expect(second.get(4)).toMatchObject({ sent: false });
    // Only the row refused before (no alternative) is bought now.
    expect(second.get(3)).toMatchObject({ sent: true, item_id: 13, outcome: "bought" });
    const afterSecond = service(harness, shop);
    expect(afterSecond.refs.filter((r) => !afterFirst.refs.includes(r))).toEqual([second.get(3).ref_id]);
  });

  it("a --ref-id sold as its alternative stands when the sale is asked again without --alternatives, alone or as a file's row", async () => {
    const shop = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    expect((await shop.run(["alternatives", "set", "13", "12"])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(13, false);
    const sale = oneOf(13, "081234567601", "--ref-id", "SALE-71", "--yes");
    const sold = await shop.run([...sale, "--alternatives"], { mode: "json" });
    expect(sold.exitCode, sold.stderr).toBe(0);
    expect(sold.json().data.ref_id).toBe("SALE-71-alt1");
    harness.emulator.setItemAvailable(13, true);
    const before = service(harness, shop);

    // A bot retrying its own ref_id, the item sold again: the alternative stands, nothing is sent.
    const again = await shop.run(sale, { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({
      sent: false,
      outcome: "bought",
      already_bought: "SALE-71-alt1",
      alternative_of: { ref_id: "SALE-71" },
    });
    // Its plan says the same: already bought as the alternative, nothing to send.
    const plan = await shop.run([...sale, "--plan"], { mode: "json" });
    expect(plan.exitCode, plan.stderr).toBe(0);
    expect(plan.json()).toMatchObject({
      rows: [{ ref_id: "SALE-71", verdict: "already_bought", already_bought: "SALE-71-alt1" }],
      counts: { would_buy: 0, already_bought: 1 },
      total: 0,
    });
    // Another order under that ref_id (another item, quantity or customer, or a cart) is not that sale:
    // the ref_id is used, nothing is sent, and nothing is said bought.
    const cart = writeCart(shop, [
      { item_id: 13, quantity: 1, note: "081234567601" },
      { item_id: 12, quantity: 1, note: "081234567601" },
    ]);
    for (const other of [
      oneOf(14, "081234567601", "--ref-id", "SALE-71", "--yes"),
      ["buy", "--item", "13", "--qty", "2", "--note", "081234567601", "--ref-id", "SALE-71", "--yes"],
      oneOf(13, "081234567699", "--ref-id", "SALE-71", "--yes", "--alternatives"),
      ["buy", "--cart", cart, "--ref-id", "SALE-71", "--yes"],
    ]) {
      const refused = await shop.run(other, { mode: "json" });
      expect(refused.exitCode, refused.stderr).toBe(2);
      expect(refused.stdout).toBe("");
      expect(refused.errorJson().error).toMatchObject({
        code: "REF_ID_ALREADY_EXIST",
        details: { outcome: "not_sent", already_bought: "SALE-71-alt1" },
      });
      const plan = await shop.run([...other, "--plan"], { mode: "json" });
      expect(plan.json()).toMatchObject({ counts: { would_buy: 0, refused: expect.any(Number) }, can_run: false });
    }
    const file = join(shop.configDir, "again.csv");
    writeFileSync(file, "item_id,quantity,note,ref_id\n13,1,081234567601,SALE-71\n");
    const row = await shop.run(["buy", "--file", file, "--yes"], { mode: "json" });
    expect(row.exitCode, row.stderr).toBe(0);
    expect(JSON.parse(row.stdout.trim())).toMatchObject({ sent: false, already_bought: "SALE-71-alt1" });
    // A file's row of another order under that ref_id is refused as a used ref_id too, not said bought.
    for (const other of ["14,1,081234567601", "13,2,081234567601", "13,1,081234567699"]) {
      writeFileSync(file, `item_id,quantity,note,ref_id\n${other},SALE-71\n`);
      for (const extra of [[], ["--alternatives"]]) {
        const refusedRow = await shop.run(["buy", "--file", file, "--yes", ...extra], { mode: "json" });
        expect(refusedRow.exitCode, refusedRow.stderr).toBe(2);
        const result = JSON.parse(refusedRow.stdout.trim());
        expect(result).toMatchObject({
          ref_id: "SALE-71",
          sent: false,
          outcome: "not_sent",
          error: { code: "REF_ID_ALREADY_EXIST" },
        });
        expect(result.already_bought).toBeUndefined();
        expect(result.error.message).toContain("SALE-71-alt1");
        const plan = await shop.run(["buy", "--file", file, "--plan", ...extra], { mode: "json" });
        expect(plan.json()).toMatchObject({
          rows: [{ ref_id: "SALE-71", verdict: "refused", problem: { code: "REF_ID_ALREADY_EXIST" } }],
          counts: { would_buy: 0, already_bought: 0, refused: 1 },
          can_run: false,
        });
      }
    }
    expect(service(harness, shop)).toEqual(before);
  });

  it("a --ref-id the service already holds, asked again with --alternatives, sells no alternative: that sale was bought", async () => {
    const shop = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    expect((await shop.run(["alternatives", "set", "13", "12"])).exitCode).toBe(0);
    const sale = (ref: string) => oneOf(13, "081234567621", "--ref-id", ref, "--yes");
    expect((await shop.run(sale("SALE-72"))).exitCode).toBe(0);
    // A sale sold as its alternative: that alternative's own ref_id is one the service holds too.
    harness.emulator.setItemAvailable(13, false);
    expect((await shop.run([...sale("SALE-73"), "--alternatives"])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(13, true);
    const before = service(harness, shop);
    for (const ref of ["SALE-72", "SALE-73-alt1"]) {
      const again = await shop.run([...sale(ref), "--alternatives"], { mode: "json" });
      expect(again.exitCode, again.stderr).toBe(1);
      expect(again.errorJson().error.code).toBe("REF_ID_ALREADY_EXIST");
      expect(again.stderr).not.toContain("alternative");
    }
    expect(service(harness, shop)).toEqual(before);
  });

  it("a --ref-id whose alternative's delivery failed after the run, refunded, is bought when asked again: the sale is still to be made", async () => {
    // Canva Pro disrupted; its alternative, Free Fire to a player nobody has, is bought and fails later.
    const shop = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    expect((await shop.run(["alternatives", "set", "4", "22"])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(4, false);
    const sale = oneOf(4, "99990077", "--no-validate", "--ref-id", "SALE-74", "--yes");
    const sold = await shop.run([...sale, "--alternatives", "--max-price", "20rb"], { mode: "json" });
    expect(sold.exitCode, sold.stderr).toBe(0);
    expect(sold.json().data.ref_id).toBe("SALE-74-alt1");
    harness.emulator.clock.advance(600_000);
    harness.emulator.setItemAvailable(4, true);
    const before = service(harness, shop);

    const plan = await shop.run([...sale, "--plan"], { mode: "json" });
    expect(plan.json()).toMatchObject({ rows: [{ ref_id: "SALE-74", verdict: "would_buy" }], total: 15_000 });
    const again = await shop.run(sale, { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({ data: { ref_id: "SALE-74" }, outcome: "bought" });
    expect(service(harness, shop).refs.filter((r) => !before.refs.includes(r))).toEqual(["SALE-74"]);
    expect(before.balance - service(harness, shop).balance).toBe(15_000);
  });

  it("a sale's alternative bought by another run meanwhile is that sale's, not a refusal: exit 0, charged once", async () => {
    const shop = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    expect((await shop.run(["alternatives", "set", "13", "12"])).exitCode).toBe(0);
    expect((await shop.run(["alternatives", "set", "13", "12", "--profile", "other"])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(13, false);
    const sale = oneOf(13, "081234567641", "--ref-id", "SALE-75", "--yes");
    // The other run (here another profile of the same account, whose records this one does not read).
    expect((await shop.run([...sale, "--alternatives", "--profile", "other"])).exitCode).toBe(0);
    const before = service(harness, shop);
    const again = await shop.run([...sale, "--alternatives"], { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    // Nothing was bought now: it is said as the --ref-id sold as its alternative is.
    expect(again.json()).toMatchObject({
      ref_id: "SALE-75-alt1",
      outcome: "bought",
      // Sent, refused as a ref_id the service holds, and found: a file's row found so says the same.
      sent: true,
      already_bought: "SALE-75-alt1",
      alternative_of: { ref_id: "SALE-75" },
    });
    expect(service(harness, shop)).toEqual(before);
  });

  it("an alternative the service does not know is skipped by its id: --json carries no words for it, stderr says it in the reader's", async () => {
    const shop = resellerInProcess(harness);
    const file = join(shop.configDir, "orders.csv");
    writeFileSync(file, "item_id,quantity,note,alternatives\n13,1,081234567501,99999|12\n");
    harness.emulator.setItemAvailable(13, false);
    const english = await shop.run(["buy", "--file", file], { mode: "json" });
    expect(english.exitCode, english.stderr).toBe(0);
    const [row] = english.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(row).toMatchObject({ item_id: 12, outcome: "bought", alternative_of: { item_id: 13 } });
    expect(row.tried[1]).toEqual({
      ref_id: `${row.alternative_of.ref_id}-alt1`,
      item_id: 99999,
      item: "",
      outcome: "not_sent",
      code: expect.any(String),
    });
    expect(english.stderr).toContain("Skipped the alternative item 99999: ");

    writeFileSync(file, "item_id,quantity,note,alternatives\n13,1,081234567502,99999|12\n");
    const indonesian = await shop.run(["--lang", "id", "buy", "--file", file], { mode: "json" });
    expect(indonesian.exitCode, indonesian.stderr).toBe(0);
    expect(JSON.parse(indonesian.stdout.trim()).tried[1]).toMatchObject({ item_id: 99999, item: "" });
    expect(indonesian.stderr).toContain("Pengganti varian 99999 dilewati: ");
  });

  it("with --alternatives a file's rows use the alternatives kept for their items", async () => {
    const shop = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    expect((await shop.run(["alternatives", "set", "13", "12"])).exitCode).toBe(0);
    const file = join(shop.configDir, "kept.csv");
    writeFileSync(file, "item_id,quantity,note\n13,1,081234567501\n");
    harness.emulator.setItemAvailable(13, false);
    const run = await shop.run(["buy", "--file", file, "--alternatives"]);
    expect(run.exitCode, run.stderr).toBe(0);
    const [row] = rows(run.stdout);
    expect(row?.[1]).toMatch(/-alt1$/);
    expect(row?.[2]).toBe("bought");
    expect(row?.[8]).toBe("Pulsa Telkomsel 10.000");
    expect(run.stderr).toMatch(
      /line 2: Pulsa Telkomsel 25\.000 is disrupted .*buying its alternative Pulsa Telkomsel 10\.000/,
    );
  });
});
