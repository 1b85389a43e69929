/**
 * `reseller pending` and a purchase the service takes after a look-up found nothing: the request
 * was still being processed when pending asked, so pending handed it on as `not_sent` ("safe to
 * buy again"). Once the purchase lands, the shop must hear the truth: the order is handed on again
 * when it ends, with its line, its receipt and its command, never left as "not sent".
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { manualClock } from "../../src/emulator/server.js";
import { buyOne } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { until } from "../support/until.js";
import { pipedRows, resellerAs } from "./commands-harness.js";
import { receiptsIn } from "./pending-harness.js";

const harness = useEmulator({ clock: manualClock(Date.now()) });

describe.sequential("pending and a purchase that lands after it was found never made", () => {
  it.each([
    ["a manual order, found bought before it is delivered", 27, "logo toko", "late-manual", false],
    ["an auto item, found delivered when first asked after it lands", 3, "pembeli@contoh.id", "late-auto", true],
  ])("%s: handed on as not_sent, then again as delivered", async (_, item, note, refId, atOnce) => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Sinar Digital Store"));
    const commands = join(reseller.configDir, "commands.jsonl");
    const receipts = join(reseller.configDir, "receipts.txt");
    const ids = join(reseller.configDir, "delivery-ids.txt");
    const handOn = [
      "pending",
      "--once",
      "--receipts",
      receipts,
      "--exec",
      `cat >> '${commands}'; echo >> '${commands}'; echo "$RESELLER_DELIVERY_ID" >> '${ids}'`,
    ];
    const handedOn = () =>
      readFileSync(commands, "utf8")
        .trim()
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as { ref_id: string; outcome: string });

    // The service holds the purchase past the buy's deadline: the outcome is unknown here.
    harness.emulator.faults.configure({ latency_ms: 60_000, match: { method: "POST", path: "/v1/trx" } });
    const lost = await reseller.run([...buyOne(item, note, "--ref-id", refId, "--yes"), "--timeout", "2"]);
    expect(lost.exitCode, lost.stderr).toBe(5);

    // Asked while the service still holds it: not found, handed on as never made.
    const notFound = await reseller.run(handOn);
    expect(notFound.exitCode, notFound.stderr).toBe(0);
    expect(pipedRows(notFound.stdout).map((r) => [r[1], r[3]])).toEqual([[refId, "not_sent"]]);
    expect(handedOn().map((o) => o.outcome)).toEqual(["not_sent"]);

    // The service then takes it: charged once.
    harness.emulator.answerHeld();
    await until("the service to take the purchase", () =>
      harness.accountOf(reseller.apiKey).transactions.some((t) => t.ref_id === refId),
    );
    harness.emulator.faults.reset();
    if (!atOnce) {
      // Found bought: followed again, nothing handed on until it ends.
      const bought = await reseller.run(handOn);
      expect(bought.exitCode, bought.stderr).toBe(1);
      expect(bought.stdout).toBe("");
    }
    harness.emulator.clock.advance(10 * 60_000);

    const ended = await reseller.run(handOn);
    expect(ended.exitCode, ended.stderr).toBe(0);
    expect(pipedRows(ended.stdout).map((r) => [r[1], r[3]])).toEqual([[refId, "delivered"]]);
    expect(handedOn().map((o) => [o.ref_id, o.outcome])).toEqual([
      [refId, "not_sent"],
      [refId, "delivered"],
    ]);
    expect(receiptsIn(receipts)).toHaveLength(1);
    expect(receiptsIn(receipts)[0]).toContain(refId);
    // A command that drops repeats by the delivery id still runs for how the order ended.
    expect(readFileSync(ids, "utf8").trim().split("\n")).toEqual([`order-${refId}-not_sent`, `order-${refId}`]);

    // Handed on as delivered once: the next pass has nothing to say.
    const again = await reseller.run(handOn);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toBe("");
    expect(handedOn()).toHaveLength(2);
  });
});
