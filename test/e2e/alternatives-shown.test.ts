/**
 * An order bought as the alternative of another is shown so: `trx show` names the order it was bought
 * instead of and why that one was given up, `history` marks its row, both in the reseller's language
 * within 80 columns, and `--json` adds `alternative_of` beside the fields scripts already read. A
 * --ref-id asked again once its sale was sold as the alternative prints that purchase as a buy's
 * result, in every mode, with its refund.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatRupiah } from "../../src/output/format.js";
import { useEmulator } from "../support/emulator.js";
import { expectScreen } from "../support/golden-screens.js";
import { indonesian } from "../support/language.js";
import { pipedRows, resellerInProcess, whileAdvancing } from "./commands-harness.js";

const english = { LANG: "en_US.UTF-8" };

describe("an alternative shown after it was bought", () => {
  const harness = useEmulator();
  afterEach(() => {
    harness.emulator.setItemAvailable(13, true);
    harness.emulator.setItemAvailable(24, true);
  });

  it("trx show and history name the order it stands in for, in both languages and in --json", async () => {
    const shop = resellerInProcess(harness);
    expect((await shop.run(["alternatives", "set", "13", "12"])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(13, false);
    const bought = await shop.run(
      ["buy", "--item", "13", "--qty", "1", "--note", "081234567801", "--yes", "--alternatives"],
      { mode: "json" },
    );
    expect(bought.exitCode, bought.stderr).toBe(0);
    const refId = bought.json().alternative_of.ref_id as string;
    const alternative = `${refId}-alt1`;
    expect(bought.json().data.ref_id).toBe(alternative);

    for (const [env, label, why, mark] of [
      [english, "Alternative of", "disrupted", `↳ instead of ${refId}`],
      [indonesian, "Pengganti dari", "gangguan", `↳ pengganti ${refId}`],
    ] as const) {
      const shown = await shop.run(["trx", "show", alternative], { mode: "table", env: { ...env, COLUMNS: "80" } });
      if (process.env.SHOW_SCREENS) console.log(shown.stdout);
      expect(shown.exitCode, shown.stderr).toBe(0);
      expectScreen(shown.stdout, 80, [alternative]);
      expect(shown.stdout).toMatch(new RegExp(`${label}\\b[^\\n]*${refId} \\(Pulsa Telkomsel 25\\.000, ${why}\\)`));

      const listed = await shop.run(["history"], { mode: "table", env: { ...env, COLUMNS: "80" } });
      if (process.env.SHOW_SCREENS) console.log(listed.stdout);
      expect(listed.exitCode, listed.stderr).toBe(0);
      expectScreen(listed.stdout, 80, [alternative, refId]);
      expect(listed.stdout.replace(/[│\s]+/g, " ")).toContain(mark);
    }

    // --json: a new field, the service's own fields as they were.
    const json = await shop.run(["trx", "show", alternative], { mode: "json" });
    expect(json.json().alternative_of).toEqual({ ref_id: refId, item_id: 13, item: "Pulsa Telkomsel 25.000" });
    const plain = await shop.run(["trx", "show", alternative]);
    expect(pipedRows(plain.stdout).find((r) => r[0] === "alternative_of")).toEqual([
      "alternative_of",
      refId,
      "13",
      "disrupted",
    ]);

    const entries = (await shop.run(["history", "--no-refresh"], { mode: "json" })).json() as any[];
    const byRef = new Map(entries.map((e) => [e.ref_id, e]));
    // The same shape as buy --json and trx show --json give it: the item by name too.
    expect(byRef.get(alternative)).toMatchObject({ outcome: "done" });
    expect(byRef.get(alternative).alternative_of).toEqual({
      ref_id: refId,
      item_id: 13,
      item: "Pulsa Telkomsel 25.000",
    });
    expect(byRef.get(alternative).alternative_of).toEqual(bought.json().alternative_of);
    expect(byRef.get(refId)).toMatchObject({ outcome: "refused" });
    expect(byRef.get(refId)).not.toHaveProperty("alternative_of");
    const piped = pipedRows((await shop.run(["history", "--no-refresh"])).stdout);
    expect(piped.find((r) => r[2] === alternative)?.at(-1)).toBe(refId);
    // A new column at the end: the refused original's is empty, the columns before it where they were.
    expect(piped.find((r) => r[2] === alternative)).toHaveLength(16);
    expect(piped.find((r) => r[2] === refId)?.[15] ?? "").toBe("");
  });

  it("a --ref-id sold before as its alternative prints that purchase on stdout, piped and at a terminal, with one line on stderr", async () => {
    const shop = resellerInProcess(harness);
    expect((await shop.run(["alternatives", "set", "13", "12"])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(13, false);
    const sale = ["buy", "--item", "13", "--qty", "1", "--note", "081234567811", "--ref-id", "SALE-91", "--yes"];
    const sold = await shop.run([...sale, "--alternatives"], { mode: "json" });
    expect(sold.exitCode, sold.stderr).toBe(0);
    const { ref_id: alternative, invoice } = sold.json().data;
    expect(alternative).toBe("SALE-91-alt1");
    harness.emulator.setItemAvailable(13, true);
    const before = harness.accountOf(shop.apiKey).transactions.length;

    // A script reading the piped row finds the purchase that stands: its invoice, ref_id and outcome.
    const plain = await shop.run(sale);
    expect(plain.exitCode, plain.stderr).toBe(0);
    const [row, ...more] = pipedRows(plain.stdout);
    expect(more).toEqual([]);
    expect(row?.slice(0, 2)).toEqual([invoice, alternative]);
    expect(row?.at(-1)).toBe("bought");
    expect(plain.stderr).toContain("ref_id SALE-91 was sold as its alternative SALE-91-alt1");
    expect(plain.stderr.match(/SALE-91-alt1/g)).toHaveLength(1);

    const table = await shop.run(sale, { mode: "table", env: { ...english, COLUMNS: "80" } });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toContain(alternative);
    expect(table.stdout).toContain(invoice);
    expect(harness.accountOf(shop.apiKey).transactions).toHaveLength(before);
  });

  it("a --ref-id whose alternative was partly delivered says the refund and the net in --json, as a buy result does", async () => {
    const shop = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    expect((await shop.run(["alternatives", "set", "24", "23"])).exitCode).toBe(0);
    harness.emulator.setItemAvailable(24, false);
    const sale = [
      "buy",
      "--item",
      "24",
      "--qty",
      "300",
      "--target",
      "https://instagram.com/partial_sold_as",
      "--ref-id",
      "SALE-92",
      "--yes",
    ];
    const sold = await whileAdvancing(
      harness.emulator,
      shop.run([...sale, "--alternatives", "--max-price", "20rb", "--wait"], { mode: "json" }),
      10,
      150,
    );
    expect(sold.exitCode, sold.stderr).toBe(1);
    expect(sold.errorJson().error.details).toMatchObject({ outcome: "partial", ref_id: "SALE-92-alt1" });
    const refunded = sold.errorJson().error.details?.refunded as number;
    expect(refunded).toBeGreaterThan(0);
    const before = harness.accountOf(shop.apiKey).transactions.length;

    const again = await shop.run(sale, { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(1);
    expect(again.json()).toMatchObject({
      ref_id: "SALE-92-alt1",
      sent: false,
      outcome: "partial",
      already_bought: "SALE-92-alt1",
      amount: 300 * 35,
      refunded,
      net: 300 * 35 - refunded,
    });
    expect(again.stderr).toContain(`(partly delivered; ${formatRupiah(refunded)} refunded)`);
    // Piped, the outcome word stands last, as a buy's row has it.
    const plain = await shop.run(sale);
    expect(plain.exitCode, plain.stderr).toBe(1);
    expect(pipedRows(plain.stdout)[0]?.slice(1)).toEqual([
      "SALE-92-alt1",
      expect.any(String),
      "10500",
      expect.any(String),
      "partial",
    ]);
    // Its plan, and the sale as a file's row, say the same money.
    const plan = await shop.run([...sale, "--plan"], { mode: "json" });
    expect(plan.json().rows).toEqual([
      expect.objectContaining({ verdict: "already_bought", amount: 300 * 35, refunded, net: 300 * 35 - refunded }),
    ]);
    const file = join(shop.configDir, "again.csv");
    writeFileSync(file, "item_id,quantity,target,ref_id\n24,300,https://instagram.com/partial_sold_as,SALE-92\n");
    const filePlan = await shop.run(["buy", "--file", file, "--plan"], { mode: "json" });
    expect(filePlan.json().rows).toEqual([
      expect.objectContaining({ verdict: "already_bought", already_bought: "SALE-92-alt1", refunded }),
    ]);
    const row = await shop.run(["buy", "--file", file, "--yes"], { mode: "json" });
    expect(JSON.parse(row.stdout.trim())).toMatchObject({
      sent: false,
      outcome: "partial",
      already_bought: "SALE-92-alt1",
      refunded,
      net: 300 * 35 - refunded,
    });
    expect(harness.accountOf(shop.apiKey).transactions).toHaveLength(before);
  });
});
