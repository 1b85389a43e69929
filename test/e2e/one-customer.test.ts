/**
 * One customer in every spelling: a game account written `id(zone)`, `id zone`, `id|zone` or with
 * --zone-id, an SMM page with or without scheme, `www.`, trailing slash or query, and a mobile number
 * with +62, spaces or dashes are each one customer for the repeat check; a number is sent, shown on
 * the receipt and counted by `report --by customer` in its national form (0812…). Both live dialects.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { zoneAtMidday } from "../support/midday.js";
import { journalRecordsIn } from "../support/journal-records.js";
import { resellerInProcess } from "./commands-harness.js";

// The books kept where it is midday: the shop's day in Jakarta could end between a purchase and
// the report that counts it (test/support/midday.ts).
const midday = { RESELLER_TIME_ZONE: zoneAtMidday() };

describe.each(["live", "live-short"] as const)("one customer in every spelling (%s)", (dialect) => {
  const harness = useEmulator({ dialect });
  const onService = (apiKey: string) => harness.accountOf(apiKey).transactions.length;

  /** The first spelling is bought; every other is the same order, refused under --yes with nothing sent. */
  async function oneCustomer(apiKey: string, item: string, qty: string, spellings: string[][]): Promise<void> {
    const reseller = resellerInProcess(harness, apiKey);
    const [first, ...others] = spellings;
    const bought = await reseller.run(["buy", "--item", item, "--qty", qty, ...first!, "--yes"]);
    expect(bought.exitCode, bought.stderr).toBe(0);
    const count = onService(apiKey);
    for (const spelling of others) {
      const again = await reseller.run(["buy", "--item", item, "--qty", qty, ...spelling, "--yes"], { mode: "json" });
      expect(again.exitCode, `${spelling.join(" ")}: ${again.stderr}`).toBe(2);
      expect(again.errorJson().error.code).toBe("REPEATED_ORDER");
    }
    expect(onService(apiKey)).toBe(count);
  }

  it("a game account written four ways is one customer, sent as id|zone", async () => {
    const apiKey = harness.apiKeyOf("Toko Makmur Jaya");
    await oneCustomer(apiKey, "21", "1", [
      ["--note", "12345678(1234)"],
      ["--note", "12345678 1234"],
      ["--note", "12345678|1234"],
      ["--note", "12345678", "--zone-id", "1234"],
    ]);
    await oneCustomer(apiKey, "21", "1", [
      ["--note", "87654321", "--zone-id", "2468"],
      ["--note", "87654321|2468"],
      ["--note", "87654321(2468)"],
    ]);
    const notes = harness.emulator
      .requestBodies("/v1/trx")
      .map((r) => (r.body as { carts: { note: string }[] }).carts[0]!.note);
    expect(notes.slice(-2)).toEqual(["12345678|1234", "87654321|2468"]);
  });

  it("an SMM page with or without scheme, www., a trailing slash or a query is one customer", async () => {
    await oneCustomer(harness.apiKeyOf("Berkah Pulsa Cell"), "23", "100", [
      ["--target", "https://instagram.com/tokoku"],
      ["--target", "https://instagram.com/tokoku/"],
      ["--target", "https://www.instagram.com/tokoku"],
      ["--target", "instagram.com/tokoku"],
      ["--target", "https://instagram.com/tokoku?x=1"],
      ["--target", "https://Instagram.com/tokoku#bio"],
    ]);
  });

  it("a number with +62, spaces or dashes is sent, shown on the receipt and reported as 0857…", async () => {
    const apiKey = harness.apiKeyOf("Sinar Digital Store");
    const reseller = resellerInProcess(harness, apiKey);
    const refs: string[] = [];
    for (const spelling of ["+62 857 4444 5555", "62 857-4444-5555", "0857 4444 5555"]) {
      const r = await reseller.run(["buy", "--item", "17", "--qty", "1", "--note", spelling, "--again", "--yes"], {
        mode: "json",
      });
      expect(r.exitCode, r.stderr).toBe(0);
      refs.push(r.json().data.ref_id);
      const sent = harness.emulator.requestBodies("/v1/trx").at(-1)!.body as { carts: { note: string }[] };
      expect(sent.carts[0]!.note).toBe("085744445555");
    }
    const receipt = await reseller.run(["receipt", refs[0]!]);
    expect(receipt.exitCode, receipt.stderr).toBe(0);
    expect(receipt.stdout).toContain("\nTujuan: 085744445555\n");
    // What the user typed stands in the journal beside what was sent.
    type Line = { note?: string };
    const intents = journalRecordsIn(reseller.configDir).flatMap((r) =>
      r.type === "intent" ? [r.request as { carts: Line[]; typed?: (Line | null)[] }] : [],
    );
    expect(intents.map((r) => [r.carts[0]?.note, r.typed?.[0]?.note])).toEqual([
      ["085744445555", "+62 857 4444 5555"],
      ["085744445555", "62 857-4444-5555"],
      ["085744445555", "0857 4444 5555"],
    ]);
    const report = await reseller.run(["report", "--since", "today", "--by", "customer"], { env: midday });
    expect(report.exitCode, report.stderr).toBe(0);
    const rows = report.stdout
      .trim()
      .split("\n")
      .filter((line) => !line.startsWith("total"));
    expect(rows, report.stdout).toHaveLength(1);
    expect(rows[0]!.split("\t")[0]).toBe("085744445555");
    expect(rows[0]!.split("\t")[1]).toBe("3");
  });
});
