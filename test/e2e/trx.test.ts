/**
 * `trx show`, `trx show --watch` and `buy --wait` through main() (test/support/run-main.ts): what a
 * reseller hands to the customer (serials, licences, SMM progress) stands out in every output mode,
 * failures show their refund, and waiting follows the emulator's clock to the final state. Watching
 * a transaction to its end, which no other end-to-end file starts, runs the built binary.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import {
  resellerAs,
  resellerInProcess,
  serviceBody,
  singleJson,
  tableBorder,
  whileAdvancing,
  pipedRows,
} from "./commands-harness.js";

const harness = useEmulator();

describe("buy --wait", () => {
  it("h2h: waits for the dispatch and shows the serial number (plain row `sn`)", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const r = await whileAdvancing(
      harness.emulator,
      reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--wait"]),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = pipedRows(r.stdout);
    expect(rows[0]![0]).toBe("transaction");
    expect(rows[0]![3]).toBe("completed");
    const sn = rows.find((row) => row[0] === "sn")!;
    expect(sn[1]).toBe("12");
    expect(sn[2]).toBe("completed");
    expect(sn[3]).toMatch(/^\d{20}$/);
    // Piped: no spinner and no cursor control on stderr.
    expect(r.stderr).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]|\u001b\[2K/);
  });

  it("h2h --json: one document, the final transaction detail with the serial", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const r = await whileAdvancing(
      harness.emulator,
      reseller.run(["buy", "--item", "15", "--qty", "1", "--note", "081898765432", "--wait"], { mode: "json" }),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const body = singleJson(r);
    expect(body.data.status).toBe("completed");
    expect(body.h2h_results).toEqual([
      expect.objectContaining({ variant_id: 15, dispatch_status: "completed", sn: expect.stringMatching(/^\d{20}$/) }),
    ]);
    // The service's body as received, with the verdict beside it and what it cost in the end.
    const { outcome, refunded, net, ...received } = body;
    expect(outcome).toBe("delivered");
    expect([refunded, net]).toEqual([0, body.data.amount]);
    expect(received).toEqual(await serviceBody(harness, `/v1/trx/${body.data.ref_id}`, reseller.apiKey));
  });

  it('failed h2h (invalid number): exit 1, "delivery failed" with the provider\'s message on its own line, never as the serial', async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const before = harness.accountOf(reseller.apiKey).balance;
    const r = await whileAdvancing(
      harness.emulator,
      reseller.run(
        ["buy", "--item", "12", "--qty", "1", "--note", "12345", "--no-check", "--ref-id", "fail-h2h", "--wait"],
        { mode: "table", env: { COLUMNS: "160" } },
      ),
    );
    expect(r.exitCode, r.stderr).toBe(1);
    // The refund is said once, under it: the service's note saying it again is left out.
    expect(r.stdout).not.toMatch(/was refunded/);
    expect(r.stderr).toMatch(/Rp 11\.500 refunded/);
    // The serial number column of the H2H results holds no serial, and the reason stands beside it.
    expect(r.stdout).toMatch(/│ failed +│ - +│ invalid destination number "12345"/);
    expect(r.stderr).toMatch(/^Delivery failed: Pulsa Telkomsel 10\.000 for 12345\b.*refunded/m);
    expect(r.stderr).toMatch(/^ {2}provider message: invalid destination number "12345": expected 08x+ or 628x+$/m);
    expect(harness.accountOf(reseller.apiKey).balance).toBe(before);

    // Piped, the `sn` row's serial column (4th) is empty and the reason is in the last.
    const piped = await reseller.run(["trx", "show", "fail-h2h", "--watch"]);
    expect(piped.exitCode).toBe(1);
    const sn = piped.stdout
      .split("\n")
      .find((l) => l.startsWith("sn\t"))!
      .split("\t");
    expect(sn.slice(0, 4)).toEqual(["sn", "12", "failed", ""]);
    expect(sn[4]).toMatch(/^invalid destination number "12345"/);
    // --json: the transaction on stdout, the failure as JSON on stderr.
    const json = await reseller.run(["trx", "show", "fail-h2h", "--watch"], { mode: "json" });
    expect(json.exitCode).toBe(1);
    expect(json.json().data.status).toBe("failed");
    expect(json.errorJson().error).toMatchObject({
      code: "DELIVERY_FAILED",
      details: { provider_message: expect.stringMatching(/^invalid destination number/), ref_id: "fail-h2h" },
    });
    // Looking at it without waiting is not an error: it warns.
    const look = await reseller.run(["trx", "show", "fail-h2h"]);
    expect(look.exitCode).toBe(0);
    expect(look.stderr).toMatch(/Delivery failed/);

    // The list names the refund beside the amount, from this machine's journal: piped as the last field.
    const listed = await reseller.run(["trx", "list"]);
    expect(listed.exitCode, listed.stderr).toBe(0);
    const row = pipedRows(listed.stdout).find((r) => r[1] === "fail-h2h")!;
    expect([row[4], row.at(-1)]).toEqual(["11500", "11500"]);
    const table = await reseller.run(["trx", "list"], { mode: "table", env: { COLUMNS: "200" } });
    expect(table.stdout).toMatch(/│ Amount +│ Refund +│/);
    expect(table.stdout).toMatch(/│ Rp 11\.500 +│ Rp 11\.500 +│ +12345 /);
  });

  it("auto: shows the licence to hand over, highlighted in a `Deliver to customer` section", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    const r = await whileAdvancing(
      harness.emulator,
      reseller.run(["buy", "--item", "6", "--qty", "1", "--wait"], { mode: "table", env: { FORCE_COLOR: "1" } }),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("Deliver to customer");
    // A Windows product key, painted bold cyan (the highlight tone).
    expect(r.stdout).toMatch(/\u001b\[1m\u001b\[36m[B-Y2-9]{5}(-[B-Y2-9]{5}){4}/);
  });

  it("auto, piped: each licence line is a `licence` row", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    const r = await whileAdvancing(harness.emulator, reseller.run(["buy", "--item", "3", "--qty", "2", "--wait"]));
    expect(r.exitCode, r.stderr).toBe(0);
    const licences = r.stdout.split("\n").filter((l) => l.startsWith("licence\t"));
    expect(licences).toHaveLength(2);
    for (const l of licences) expect(l).toMatch(/^licence\t3\tEmail: spt\..*@premiumku\.id \| Password: /);
  });

  it("SMM with --target: follows the order to Completed and shows 100% delivered", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Cahaya Voucher"));
    const r = await whileAdvancing(
      harness.emulator,
      reseller.run(
        ["buy", "--item", "24", "--qty", "200", "--target", "https://www.tiktok.com/@toko/video/9", "--wait"],
        { mode: "table", env: { COLUMNS: "120" } },
      ),
      8,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("SMM progress");
    expect(r.stdout).toMatch(/completed/);
    expect(r.stdout).toMatch(/100%/);
    expect(r.stdout).toContain("https://www.tiktok.com/@toko/video/9");
  });

  it("gives up after --wait-timeout: prints the transaction as it stands, warns, exit 0 (the purchase stands)", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Cahaya Voucher"));
    const r = await reseller.run(
      ["buy", "--item", "27", "--qty", "1", "--note", "Toko Sejahtera, biru", "--wait", "--wait-timeout", "2"],
      { mode: "json" },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(singleJson(r).data.status).toBe("paid");
    expect(r.stderr).toMatch(/Still not delivered after 2s .*reseller trx show RSL-\S+ --watch/);
  });
});

describe("trx show", () => {
  async function deliveredH2h(name: string) {
    const reseller = resellerInProcess(harness, harness.apiKeyOf(name));
    const bought = await reseller.run(["buy", "--item", "13", "--qty", "1", "--note", "081311112222"], {
      mode: "json",
    });
    const { ref_id: refId, invoice } = bought.json().data;
    harness.emulator.clock.advance(6_000);
    return { reseller, refId, invoice };
  }

  it("--json: the service's body unchanged; found by ref_id or invoice", async () => {
    const { reseller, refId, invoice } = await deliveredH2h("Mitra Top Up Nusantara");
    const byRef = await reseller.run(["trx", "show", refId], { mode: "json" });
    expect(byRef.exitCode).toBe(0);
    expect(singleJson(byRef)).toEqual(await serviceBody(harness, `/v1/trx/${refId}`, reseller.apiKey));
    const byInvoice = await reseller.run(["trx", "show", invoice], { mode: "json" });
    expect(byInvoice.json().data.ref_id).toBe(refId);
  });

  it("table: the money, the items and the serial to hand over; status coloured", async () => {
    const { reseller, refId } = await deliveredH2h("Mitra Top Up Nusantara");
    const sn = (await serviceBody(harness, `/v1/trx/${refId}`, reseller.apiKey)).h2h_results[0].sn;
    const r = await reseller.run(["trx", "show", refId], { mode: "table", env: { FORCE_COLOR: "1" } });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(tableBorder);
    for (const text of [
      "Invoice",
      "Rp 25.800",
      "Items",
      "Pulsa Telkomsel 25.000",
      "Deliver to customer",
      "H2H results",
      "081311112222",
    ])
      expect(r.stdout).toContain(text);
    expect(r.stdout).toContain(`\u001b[1m\u001b[36mSN ${sn}`);
    expect(r.stdout).toContain("\u001b[32mcompleted");
  });

  it("plain: one row per fact, first field naming it", async () => {
    const { reseller, refId, invoice } = await deliveredH2h("Mitra Top Up Nusantara");
    const r = await reseller.run(["trx", "show", refId]);
    const rows = pipedRows(r.stdout);
    expect(rows.map((row) => row[0])).toEqual(["transaction", "item", "sn", "outcome"]);
    // The verdict as buy --wait and history give it: its own row, last.
    expect(r.stdout).toMatch(/\noutcome\tdelivered\t\n$/);
    // Times piped are UTC, whatever offset the service wrote (the live one writes +07:00).
    expect(rows[0]).toEqual([
      "transaction",
      invoice,
      refId,
      "completed",
      "25800",
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    ]);
    expect(rows[1]).toEqual(["item", "13", "Pulsa Telkomsel 25.000", "1", "25800", "h2h", "081311112222"]);
  });

  it("SMM in progress: start count, remains and the share delivered", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Jaya Abadi Digital"));
    const bought = await reseller.run(
      ["buy", "--item", "23", "--qty", "1000", "--target", "https://instagram.com/tokoku"],
      { mode: "json" },
    );
    expect(bought.exitCode, bought.stderr).toBe(0);
    const refId = bought.json().data.ref_id;
    harness.emulator.clock.advance(35_000);
    const r = await reseller.run(["trx", "show", refId]);
    expect(r.exitCode, r.stderr).toBe(0);
    const smm = r.stdout
      .split("\n")
      .find((l) => l.startsWith("smm\t"))!
      .split("\t");
    // The live service's word for it; the short guide says "In progress".
    expect(smm[3]).toBe("processing");
    expect(Number(smm[4])).toBeGreaterThan(0);
    const [remains, pct] = [Number(smm[5]), Number(smm[6])];
    expect(remains).toBeGreaterThan(0);
    expect(remains).toBeLessThan(1000);
    expect(pct).toBe(Math.floor(((1000 - remains) / 1000) * 100));
  });

  it("--watch follows a transaction until it is final", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Jaya Abadi Digital"));
    const bought = await reseller.run(["buy", "--item", "1", "--qty", "1"], { mode: "json" });
    const refId = bought.json().data.ref_id;
    const r = await whileAdvancing(harness.emulator, reseller.run(["trx", "show", refId, "--watch"]), 1);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^transaction\t\S+\t\S+\tcompleted/);
    expect(r.stdout).toMatch(/\nlicence\t1\tEmail: nfx\./);
  });

  it("TRX_NOT_FOUND is exit 1 with the code", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Jaya Abadi Digital"));
    const r = await reseller.run(["trx", "show", "RSL-NOPE"], { mode: "json" });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.errorJson().error).toMatchObject({ code: "TRX_NOT_FOUND", status: 404 });
    const text = await reseller.run(["trx", "show", "RSL-NOPE"]);
    expect(text.stderr).toContain("RSL-NOPE");
  });
});
