/**
 * The core flows against the emulator speaking each published dialect of the live service (A: the
 * full reference, B: the short guide) and the abstract spec, over real HTTP through main()
 * (test/support/run-main.ts). Each asserts the figures a reseller reads, taken from the service's
 * own answer in that dialect: the balance, a serial number, a licence, an SMM order's delivered
 * count, the leaderboard, the own rank, the sandbox order, a lock used by a buy.
 */
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/api/wire.js";
import { useEmulator } from "../support/emulator.js";
import { journalRecords, resellerInProcess, serviceBody, whileAdvancing } from "./commands-harness.js";
import { buyOne } from "../support/cli.js";

/** Piped rows; empty leading or trailing cells are kept (a dialect may leave a field out). */
const rows = (stdout: string) =>
  stdout
    .replace(/\n$/, "")
    .split("\n")
    .map((l) => l.split("\t"));

/** Where each dialect puts a transaction's results: beside `data` (A, spec) or inside it (B). */
function resultsOf(body: any, kind: "h2h_results" | "smm_results"): any[] {
  return body[kind] ?? body.data[kind] ?? [];
}

describe.each<Dialect>(["live", "live-short", "spec"])("speaking %s", (dialect) => {
  const harness = useEmulator({ dialect });

  it("balance: the account's balance", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["balance"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe(`balance\t${harness.accountOf().balance}\n`);
  });

  it("buy --wait on an h2h item ends with the serial number the service holds (exit 0)", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const r = await whileAdvancing(
      harness.emulator,
      reseller.run(buyOne(12, "081234567890", "--ref-id", `H2H-${dialect}`, "--wait")),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const body = await serviceBody(harness, `/v1/trx/H2H-${dialect}`, reseller.apiKey);
    const serial: string = resultsOf(body, "h2h_results")[0].sn;
    expect(serial).toMatch(/^\w{8,}/);
    const sn = rows(r.stdout).find((row) => row[0] === "sn")!;
    expect(sn[1]).toBe("12");
    expect(sn[3]).toBe(serial);
    expect(rows(r.stdout)[0]![3]!.toLowerCase()).toBe("completed");
  });

  it("a purchase is a success whatever the creation answer says (paid, or pending with total_amount)", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const r = await reseller.run(buyOne(11, "081234567890", "--ref-id", `BUY-${dialect}`));
    expect(r.exitCode, r.stderr).toBe(0);
    const [row] = rows(r.stdout);
    const created = harness.accountOf(reseller.apiKey).transactions.find((t) => t.ref_id === `BUY-${dialect}`)!;
    expect(row).toEqual([
      created.invoice,
      `BUY-${dialect}`,
      expect.any(String),
      String(created.amount),
      expect.any(String),
      "bought",
    ]);
  });

  it("an auto item: its licence is shown", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const r = await whileAdvancing(
      harness.emulator,
      reseller.run(["buy", "--item", "1", "--qty", "1", "--ref-id", `AUTO-${dialect}`, "--wait"]),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const body = await serviceBody(harness, `/v1/trx/AUTO-${dialect}`, reseller.apiKey);
    const licence: string = body.data.items[0].product_license;
    expect(licence).toBeTruthy();
    const licences = rows(r.stdout)
      .filter((row) => row[0] === "licence")
      .map((row) => row[2]);
    expect(licences.join("\n")).toBe(licence.split("\n").filter(Boolean).join("\n"));
  });

  it("an SMM order: the delivered count once it completes", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const r = await whileAdvancing(
      harness.emulator,
      reseller.run([
        "buy",
        "--item",
        "23",
        "--qty",
        "200",
        "--target",
        "https://instagram.com/tokoku",
        "--ref-id",
        `SMM-${dialect}`,
        "--wait",
      ]),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const body = await serviceBody(harness, `/v1/trx/SMM-${dialect}`, reseller.apiKey);
    const smm = resultsOf(body, "smm_results")[0];
    const delivered = smm.delivered_count ?? 200 - smm.remains;
    const row = rows(r.stdout).find((x) => x[0] === "smm")!;
    // smm, item, order, status, start count, remains, delivered %, delivered count, refund, provider status
    expect(row[1]).toBe("23");
    expect(Number(row[7])).toBe(delivered);
    expect(delivered).toBeGreaterThan(0);
  });

  it("leaderboard: the ranks, names and totals the service lists", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["leaderboard"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const body = await serviceBody(harness, "/v1/leaderboard");
    const expected = body.data.map((e: any) => [
      String(e.ranking ?? e.rank),
      e.name,
      String(e.total_trx ?? e.total_transactions),
    ]);
    expect(expected).toHaveLength(10);
    expect(rows(r.stdout)).toEqual(expected);
  });

  it("leaderboard me: the own rank and transaction count", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const r = await reseller.run(["leaderboard", "me"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const body = await serviceBody(harness, "/v1/leaderboard/profile", reseller.apiKey);
    const rank = body.data.ranking ?? body.data.rank;
    expect(rank).toBeGreaterThan(0);
    const record = Object.fromEntries(rows(r.stdout).map(([k, v]) => [k, v]));
    expect(record.rank).toBe(String(rank));
    expect(record.transactions).toBe(String(body.data.total_trx ?? body.data.total_transactions));
  });

  it("sandbox: the order the service recorded, with its invoice where the dialect gives one", async () => {
    const reseller = resellerInProcess(harness);
    const before = harness.accountOf().balance;
    const r = await reseller.run(["sandbox", "--item", "12", "--qty", "1", "--ref-id", `SB-${dialect}`], {
      mode: "json",
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const body = r.json();
    const plain = await reseller.run(["sandbox", "--item", "12", "--qty", "1", "--ref-id", `SB2-${dialect}`]);
    expect(plain.exitCode, plain.stderr).toBe(0);
    const [id, ref, status, invoice] = rows(plain.stdout)[0]!;
    expect(ref).toBe(`SB2-${dialect}`);
    if (dialect === "live-short") {
      expect(body.data.invoice).toMatch(/^SAND-/);
      expect(invoice).toMatch(/^SAND-/);
    } else {
      expect(body.data).toMatchObject({ ref_id: `SB-${dialect}`, status: "sandbox" });
      expect(Number(id)).toBeGreaterThan(0);
      expect(status).toBe("sandbox");
    }
    expect(harness.accountOf().balance).toBe(before);
  });

  it("a stock lock, then a buy that uses it", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const lock = await reseller.run(["lock", "add", "--item", "3", "--qty", "1"]);
    expect(lock.exitCode, lock.stderr).toBe(0);
    const token = lock.stdout.trim();
    const r = await reseller.run(["buy", "--lock", token, "--ref-id", `LOCK-${dialect}`]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(harness.accountOf(reseller.apiKey).locks.find((l) => l.lock_token === token)?.status).toBe("used");
    expect(harness.accountOf(reseller.apiKey).transactions.some((t) => t.ref_id === `LOCK-${dialect}`)).toBe(true);
  });

  it("a product temporarily unavailable: exit 1, 'nothing was charged', journaled refused", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const before = harness.accountOf(reseller.apiKey).balance;
    harness.emulator.setItemAvailable(13, false);
    try {
      const r = await reseller.run(buyOne(13, "081234567890", "--ref-id", `GONE-${dialect}`));
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/PRODUCT_TEMPORARILY_UNAVAILABLE/);
      expect(r.stderr).toMatch(/nothing was charged/);
      const outcome = journalRecords(reseller.configDir).find((rec) => rec.type === "outcome") as
        | { outcome: string }
        | undefined;
      expect(outcome?.outcome).toBe("refused");
      expect(harness.accountOf(reseller.apiKey).balance).toBe(before);
    } finally {
      harness.emulator.setItemAvailable(13, true);
    }
  });

  it("a transaction that does not exist: exit 1, said plainly, in the dialect's own code", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["trx", "show", "NO-SUCH-REF"], { mode: "json" });
    expect(r.exitCode).toBe(1);
    expect(r.errorJson().error.code).toBe(dialect === "live-short" ? "TRANSACTION_NOT_FOUND" : "TRX_NOT_FOUND");
    expect(r.errorJson().error.message).toContain("NO-SUCH-REF");
  });
});
