/**
 * `trx show` and the journal when the service's answer leaves the ref_id out: the ref_id typed stands
 * for it (an unknown purchase of it is settled, its status noted), an invoice typed never does.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openJournal } from "../../src/journal/journal.js";
import { buyIntent } from "../support/journal-records.js";
import { testContext } from "../support/context.js";

let server: Server;
let baseUrl: string;
/** The transaction the service shows, whatever was asked for: invoice INV-9, no ref_id. */
const shown = { data: { invoice: "INV-9", status: "completed", price: 10_000, amount: 10_000 } };

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(shown));
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** A context at this service, with a purchase of `refId` sent from here: its outcome unknown, or bought and processing. */
async function withPurchase(refId: string, bought = false) {
  const test = await testContext({ env: { RESELLER_BASE_URL: baseUrl, RESELLER_API_KEY: "rk_test_trx_show" } });
  const journal = openJournal(test.ctx.settings.configDir);
  const at = new Date(Date.now() - 60_000).toISOString();
  journal.append(buyIntent({ entry: "e-1", at, ref_id: refId, base_url: baseUrl }));
  journal.append({ v: 1, type: "attempt", entry: "e-1", at, attempt: 1 });
  journal.append(
    bought
      ? { v: 1, type: "outcome", entry: "e-1", at, outcome: "done", invoice: "INV-OTHER", status: "processing" }
      : { v: 1, type: "outcome", entry: "e-1", at, outcome: "unknown", reason: "no answer" },
  );
  return { ...test, journal };
}

describe("trx show, an answer without its ref_id", () => {
  it("the ref_id typed stands for it: its unknown purchase is settled as bought, with the status shown", async () => {
    const { ctx, stderr, journal } = await withPurchase("REF-9");
    const { run } = await import("../../src/commands/trx/show.js");
    await run(ctx, { ref: "REF-9", watch: false });
    expect(journal.byRefId("REF-9")[0]).toMatchObject({
      outcome: "done",
      by: "trx show",
      invoice: "INV-9",
      status: "completed",
    });
    expect(stderr()).toContain("REF-9");
  });

  it("an invoice typed is never taken for a ref_id: another purchase sent under that text keeps its own status", async () => {
    const { ctx, journal } = await withPurchase("INV-9", true);
    const { run } = await import("../../src/commands/trx/show.js");
    await run(ctx, { ref: "INV-9", watch: false });
    expect(journal.byRefId("INV-9")[0]).toMatchObject({ invoice: "INV-OTHER", status: "processing" });
  });
});
