/**
 * A purchase is proven, not assumed: against a service that answers `POST /v1/trx` wrongly (a
 * misrouted base URL, a gateway, a buggy release), reseller never says "bought" for nothing and
 * never says "refused" for a purchase the service holds. Each case runs twice: the service either
 * committed the purchase before answering, or did not; the journal and the exit code follow it.
 */
import { describe, expect, it } from "vitest";
import { foldRecords } from "../support/journal-records.js";
import { buyOne, makeConfigDir } from "../support/cli.js";
import { runInProcess } from "../support/run-main.js";
import { json, useHostileServer, type Route } from "../support/hostile-server.js";
import { journalRecords } from "./commands-harness.js";

const server = useHostileServer();
const apiKey = "sk_live_proof0123456789abcdef";
const item12 = json(200, {
  message: "OK",
  data: { id: 12, name: "Telkomsel 10K", price: 10650, stock: null, order_process: "h2h" },
});

function transaction(refId: string): unknown {
  return {
    message: "OK",
    data: {
      invoice: `INV-${refId}`,
      ref_id: refId,
      status: "paid",
      amount: 10650,
      created_at: new Date().toISOString(),
      items: [
        {
          variant_id: 12,
          variant_name: "Telkomsel 10K",
          qty: 1,
          price: 10650,
          note: "081234567890",
          order_process: "h2h",
        },
      ],
    },
  };
}

/** The service's own record: what a look-up by ref_id finds. */
function serviceHolds(refId: string, committed: boolean): void {
  server.routes.set(
    `GET /v1/trx/${refId}`,
    committed ? json(200, transaction(refId)) : json(404, { message: "TRX_NOT_FOUND" }),
  );
}

const html: (status: number) => Route = (status) => (_request, response) => {
  response.writeHead(status, { "content-type": "text/html", location: "https://elsewhere.example/v1/trx" });
  response.end("<html><body>See other</body></html>");
};

type Verdict = "bought" | "unknown" | "refused";
const exitCodeOf: Record<Verdict, number> = { bought: 0, unknown: 5, refused: 1 };

/** What reseller must conclude when the service committed the purchase, and when it did not. */
const cases: [string, Route, { committed: Verdict; notCommitted: Verdict }][] = [
  ["200 {}", json(200, {}), { committed: "bought", notCommitted: "unknown" }],
  ['200 {"status":"ok"}', json(200, { status: "ok" }), { committed: "bought", notCommitted: "unknown" }],
  [
    "a 200 naming another ref_id and invoice",
    json(200, transaction("SOMEONE-ELSE")),
    { committed: "bought", notCommitted: "unknown" },
  ],
  ["303 with a page", html(303), { committed: "bought", notCommitted: "refused" }],
  [
    '303 {"message":"See Other"}',
    json(303, { message: "See Other" }),
    { committed: "bought", notCommitted: "refused" },
  ],
  ['409 {"message":"Conflict"}', json(409, { message: "Conflict" }), { committed: "bought", notCommitted: "refused" }],
  [
    '409 {"message":"CONFLICT"} (a code not the service\'s)',
    json(409, { message: "CONFLICT" }),
    { committed: "bought", notCommitted: "refused" },
  ],
];

describe("an answer to POST /v1/trx that proves nothing is looked up", () => {
  it("the cases reach every verdict: each branch below is checked by some of them", () => {
    expect(new Set(cases.flatMap(([, , v]) => [v.committed, v.notCommitted]))).toEqual(
      new Set(Object.keys(exitCodeOf)),
    );
  });

  let n = 0;
  for (const [name, answer, expected] of cases) {
    for (const committed of [true, false]) {
      const verdict = committed ? expected.committed : expected.notCommitted;
      it(`${name}, ${committed ? "after committing" : "nothing committed"}: ${verdict}, exit ${exitCodeOf[verdict]}`, async () => {
        const refId = `PROOF-${++n}`;
        const configDir = makeConfigDir();
        server.routes.set("GET /v1/item/12", item12);
        server.routes.set("POST /v1/trx", answer);
        serviceHolds(refId, committed);
        const posts = server.seen.filter((s) => s === "POST /v1/trx").length;
        const r = await runInProcess(
          ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", refId, "--yes", "--json"],
          {
            env: { RESELLER_BASE_URL: server.baseUrl, RESELLER_API_KEY: apiKey, RESELLER_CONFIG_DIR: configDir },
          },
        );
        expect(r.exitCode, r.stderr).toBe(exitCodeOf[verdict]);
        // Sent once: a lost or odd answer never becomes a second purchase.
        expect(server.seen.filter((s) => s === "POST /v1/trx").length - posts).toBe(1);
        expect(server.seen).toContain(`GET /v1/trx/${refId}`);
        const [entry] = foldRecords(journalRecords(configDir));
        switch (verdict) {
          case "bought":
            expect(entry).toMatchObject({ outcome: "done", by: "lookup", invoice: `INV-${refId}` });
            expect(r.json()).toMatchObject({ data: { ref_id: refId, invoice: `INV-${refId}` }, outcome: "bought" });
            break;
          case "unknown":
            expect(entry).toMatchObject({ outcome: "unknown" });
            expect(r.errorJson().error).toMatchObject({
              code: "OUTCOME_UNKNOWN",
              details: { outcome: "unknown", ref_id: refId },
            });
            expect(r.stdout).toBe("");
            break;
          case "refused":
            expect(entry).toMatchObject({ outcome: "refused", by: "lookup" });
            expect(r.errorJson().error.message).toMatch(
              /the service has no purchase with ref_id PROOF-\d+, so nothing was charged/,
            );
            expect(r.errorJson().error.details).toMatchObject({ outcome: "refused" });
            expect(r.stdout).toBe("");
            break;
        }
        // No false "bought": the success line appears only for what the service holds, and always for it.
        expect(/Bought 1 × Telkomsel 10K/.test(r.stderr), r.stderr).toBe(committed);
        expect(/Bought /.test(r.stderr)).toBe(verdict === "bought");
      });
    }
  }
});

describe("a purchase recovered after a lost answer, without --wait", () => {
  for (const mode of ["json", "plain", "table"] as const) {
    it(`that the service already marks failed is exit 1 and delivery failed (${mode === "json" ? "--json" : mode === "plain" ? "piped rows" : "a terminal"})`, async () => {
      const refId = `PROOF-FAILED-${mode}`;
      const configDir = makeConfigDir();
      server.routes.set("GET /v1/item/12", item12);
      server.routes.set("POST /v1/trx", json(200, {}));
      const failed = transaction(refId) as { data: Record<string, unknown> };
      server.routes.set(`GET /v1/trx/${refId}`, json(200, { ...failed, data: { ...failed.data, status: "failed" } }));
      const r = await runInProcess(
        buyOne(12, "081234567890", "--ref-id", refId, "--yes", ...(mode === "json" ? ["--json"] : [])),
        {
          env: {
            RESELLER_BASE_URL: server.baseUrl,
            RESELLER_API_KEY: apiKey,
            RESELLER_CONFIG_DIR: configDir,
            ...(mode === "table" ? { RESELLER_FORCE_TTY: "1" } : {}),
          },
        },
      );
      expect(r.exitCode, r.stderr).toBe(1);
      if (mode === "json")
        expect(r.json()).toMatchObject({ data: { ref_id: refId, status: "failed" }, outcome: "delivery_failed" });
      else if (mode === "plain") expect(r.stdout).toMatch(new RegExp(`${refId}\\tfailed\\t.*\\tdelivery_failed$`, "m"));
      // The record's Outcome says the refund, as the bulk table and history do.
      else expect(r.stdout).toMatch(/Outcome\s+delivery failed \(Rp 10\.650 refunded\)/);
      expect(r.stderr).not.toMatch(/Follow it/);
    });
  }
});

describe("an answer nested past the depth read", () => {
  it("still carries the verdict in --json, the service's answer otherwise as sent", async () => {
    const refId = "PROOF-DEEP";
    const configDir = makeConfigDir();
    let deep: unknown = "bottom";
    for (let i = 0; i < 80; i++) deep = { next: deep };
    const answer = transaction(refId) as { data: Record<string, unknown> };
    server.routes.set("GET /v1/item/12", item12);
    server.routes.set("POST /v1/trx", json(200, { ...answer, data: { ...answer.data, extra: deep } }));
    const r = await runInProcess(
      ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", refId, "--yes", "--json"],
      {
        env: { RESELLER_BASE_URL: server.baseUrl, RESELLER_API_KEY: apiKey, RESELLER_CONFIG_DIR: configDir },
      },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const printed = r.json() as { data: { extra: unknown }; outcome: string };
    expect(printed.outcome).toBe("bought");
    // Whole, past depth 64: nothing of the service's answer was cut on the way out.
    expect(JSON.stringify(printed.data.extra)).toBe(JSON.stringify(deep));
  });
});
