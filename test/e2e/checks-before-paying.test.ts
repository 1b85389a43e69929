/**
 * The checks before paying where nobody confirms (a script, --no-input, --yes): a game's zone given
 * with --zone-id wherever the tool would ask for one; a phone number of another operator than the
 * item's, and a game account of another region than the item's, refused with exit 2 and nothing
 * sent, unless --no-check; and `reconcile` naming the item and the customer of each answer.
 * Through main() (test/support/run-main.ts); the purchase lost to a failing service is started as
 * the built binary. test/pty/checks-before-paying.test.ts shows the same doubts at a terminal.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiRequests, useEmulator } from "../support/emulator.js";
import { columnCells } from "../support/golden-screens.js";
import { until } from "../support/until.js";
import { journalRecords, resellerInProcess } from "./commands-harness.js";
import { buyOne } from "../support/cli.js";

const purchasesSent = (lines: string[]) => lines.filter((line) => line.startsWith("POST /v1/trx "));

describe("checks before paying, nobody to confirm", () => {
  const harness = useEmulator({ catalogueSize: 400 });
  const sentSoFar = () => purchasesSent(apiRequests(harness)).length;
  const buy = (...args: string[]) => resellerInProcess(harness).run(["buy", "--qty", "1", "--no-input", ...args]);

  it("--zone-id for Mobile Legends goes into the note as the service takes it, and the account is checked with it", async () => {
    const r = await buy("--item", "21", "--note", "12345678", "--zone-id", "1234");
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain("SultanMabar (Indonesia)");
    expect(harness.emulator.requestBodies("/v1/trx").at(-1)!.body).toMatchObject({
      carts: [{ item_id: 21, quantity: 1, note: "12345678|1234" }],
    });
  });

  it("--zone-id that contradicts the note's zone is refused, nothing sent", async () => {
    const before = sentSoFar();
    const r = await buy("--item", "21", "--note", "12345678(1234)", "--zone-id", "99");
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('the note "12345678(1234)" gives zone 1234, and the zone id says 99.');
    expect(sentSoFar()).toBe(before);
  });

  it.each([
    ["081712345678", "an XL"],
    ["085612345678", "an Indosat"],
    ["083112345678", "an Axis"],
    ["089612345678", "a Tri"],
    ["088112345678", "a Smartfren"],
    ["+62 817-1234-5678", "an XL"],
  ])("a Telkomsel item for %s (%s number): exit 2, nothing sent", async (number, operator) => {
    const before = sentSoFar();
    const r = await buy("--item", "12", "--note", number);
    expect(r.exitCode, r.stderr).toBe(2);
    // The number as it would be sent: its national form.
    expect(r.stderr).toContain(
      `${number.replace(/[ -]/g, "").replace(/^\+62/, "0")} is ${operator} number, and item 12 (Pulsa Telkomsel 10.000) is for Telkomsel. Nothing was bought. (OPERATOR_MISMATCH)`,
    );
    expect(r.stderr).toContain("--no-check");
    // The verdict a bulk row stopped by the same check gets.
    expect(r.stderr).toMatch(/^ {2}outcome: not sent; nothing charged$/m);
    expect(sentSoFar()).toBe(before);
  });

  it("--yes at a script refuses the same way; --no-check buys it as given", async () => {
    const before = sentSoFar();
    const refused = await buy("--item", "15", "--note", "081234567890", "--yes");
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("is a Telkomsel number, and item 15 (Pulsa XL 10.000) is for XL.");
    expect(sentSoFar()).toBe(before);
    const bought = await buy("--item", "15", "--note", "081234567890", "--no-check");
    expect(bought.exitCode, bought.stderr).toBe(0);
    expect(sentSoFar()).toBe(before + 1);
  });

  it("a number of the item's own operator goes through without a word", async () => {
    for (const [item, number] of [
      ["12", "081234567890"],
      ["15", "081812345678"],
      ["17", "085712345678"],
    ] as const) {
      const r = await buy("--item", item, "--note", number);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stderr).not.toContain("number, and item");
    }
  });

  it("an account in another region than the item's (Indonesia for Malaysia): exit 2, nothing sent; --no-check buys", async () => {
    const catalogue = await resellerInProcess(harness).run(["items", "--search", "Mobile Legends Malaysia 86"]);
    const malaysia = catalogue.stdout.split("\n")[0]!.split("\t")[0]!;
    expect(catalogue.stdout).toContain("Mobile Legends Malaysia");
    const before = sentSoFar();
    const r = await buy("--item", malaysia, "--note", "12345678", "--zone-id", "1234");
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stderr).toMatch(
      /The account 12345678 is SultanMabar \(Indonesia\), and item \d+ \(.*86 Diamonds\) is for Malaysia\. Nothing was bought\. \(REGION_MISMATCH\)/,
    );
    expect(r.stderr).toMatch(/^ {2}outcome: not sent; nothing charged$/m);
    expect(sentSoFar()).toBe(before);
    const bought = await buy("--item", malaysia, "--note", "12345678", "--zone-id", "1234", "--no-check");
    expect(bought.exitCode, bought.stderr).toBe(0);
    expect(sentSoFar()).toBe(before + 1);
  });
});

describe("checks before paying in an orders file", () => {
  const harness = useEmulator({ catalogueSize: 400 });
  const sentSoFar = () => purchasesSent(apiRequests(harness)).length;

  it("a row with another operator's number: the file is refused, exit 2, nothing sent; --no-check buys it", async () => {
    const reseller = resellerInProcess(harness);
    const file = join(reseller.configDir, "orders.csv");
    writeFileSync(file, ["item_id,quantity,note", "12,1,081234567890", "12,1,081712345678"].join("\n"));
    const refused = await reseller.run(["buy", "--file", file, "--yes"]);
    expect(refused.exitCode, refused.stderr).toBe(2);
    expect(refused.stderr).toContain(
      "line 3: 081712345678 is an XL number, and item 12 (Pulsa Telkomsel 10.000) is for Telkomsel.",
    );
    expect(sentSoFar()).toBe(0);
    const bought = await reseller.run(["buy", "--file", file, "--yes", "--no-check"]);
    expect(bought.exitCode, bought.stderr).toBe(0);
    expect(sentSoFar()).toBe(2);
  });

  it("a row whose account is in another region: not sent (REGION_MISMATCH, exit 2), the other rows bought", async () => {
    const reseller = resellerInProcess(harness);
    const file = join(reseller.configDir, "games.csv");
    // 1010: Mobile Legends Indonesia; 1066: Mobile Legends Malaysia (the emulator's catalogue of 400).
    writeFileSync(file, ["item_id,quantity,note", "1010,1,12345678(1234)", "1066,1,12345678(1234)"].join("\n"));
    const before = sentSoFar();
    const r = await reseller.run(["buy", "--file", file, "--yes"]);
    expect(r.exitCode, r.stderr).toBe(2);
    const rows = r.stdout
      .trim()
      .split("\n")
      .map((line) => line.split("\t"));
    const malaysia = rows.find((row) => row[0] === "3")!;
    expect(malaysia[2]).toBe("not_sent");
    expect(malaysia[7]).toBe("REGION_MISMATCH");
    expect(rows.find((row) => row[0] === "2")![2]).toBe("bought");
    expect(sentSoFar()).toBe(before + 1);
  });
});

describe("reconcile names the item and the customer", () => {
  const harness = useEmulator();

  it("each row: the item bought and whom for, beside the ref_id and the answer", async () => {
    const reseller = resellerInProcess(harness);
    await reseller.run(["items"]); // the catalogue copy that names items
    // The first attempt is lost; while reseller backs off, the whole service goes down: the outcome is unknown.
    harness.emulator.faults.configure({ drop_before_commit_next: 1, match: { method: "POST", path: "/v1/trx" } });
    const running = reseller.start(buyOne(12, "081234567890", "--ref-id", "lost-1", "--yes"));
    await until("the first attempt to fail", () =>
      journalRecords(reseller.configDir).some((x) => x.type === "attempt_failed"),
    );
    harness.emulator.faults.configure({ down: true });
    const lost = await running.done;
    expect(lost.exitCode, lost.stderr).toBe(5);
    // Still down: --json lists the entry, still unknown, with the lines it asked for.
    const stillDown = await reseller.run(["reconcile"], { mode: "json" });
    expect(stillDown.exitCode).toBe(5);
    expect(stillDown.json().entries[0].lines).toEqual([{ item_id: 12, quantity: 1, customer: "081234567890" }]);
    const piped = await reseller.run(["reconcile"]);
    expect(piped.stdout.trim().split("\t").slice(-3)).toEqual(["12", "1", "081234567890"]);
    harness.emulator.faults.reset();
    const shown = await reseller.run(["reconcile"], { mode: "table", env: { COLUMNS: "80" } });
    expect(shown.exitCode, shown.stderr).toBe(0);
    // Wrapped between words at 80 columns, never cut.
    expect(columnCells(shown.stdout, "Item")).toEqual(["1 × Pulsa Telkomsel 10.000"]);
    expect(shown.stdout).toContain("081234567890");
    expect(shown.stdout).toContain("lost-1");
    for (const line of shown.stdout.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
  });
});
