/**
 * A signed order event settles the purchases it proves, and only those `reconcile` and `trx show`
 * would settle from here: a buy of its ref_id, this profile, this service address, not in flight.
 */
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { decodeWebhookEvent } from "../../src/api/decode.js";
import { type Journal, openJournal } from "../../src/journal/journal.js";
import type { IntentRecord } from "../../src/journal/entries.js";
import { settleFromEvent } from "../../src/webhooks/settle.js";
import { makeConfigDir } from "../support/cli.js";
import { buyIntent } from "../support/journal-records.js";

const at = "2026-11-21T14:30:00.000Z";
const now = Date.parse("2026-11-21T15:30:00.000Z");

function write(journal: Journal, entry: string, intent: Partial<IntentRecord>, unknown = true): void {
  journal.append(buyIntent({ entry, at, base_url: "", ref_id: "wh-1", request: {}, host: "elsewhere", ...intent }));
  if (unknown) journal.append({ v: 1, type: "outcome", entry, at, outcome: "unknown", reason: "no answer" });
}

describe("settling from a webhook", () => {
  it("settles the unknown buy of its ref_id sent from here, with the event's invoice and amount, and nothing else", () => {
    const journal = openJournal(makeConfigDir());
    write(journal, "here", {});
    write(journal, "other-address", { base_url: "http://127.0.0.1:8787" });
    write(journal, "other-profile", { profile: "toko-2" });
    write(journal, "a-top-up", { kind: "topup" });
    write(journal, "in-flight", { pid: process.pid, host: hostname(), at: new Date(now).toISOString() }, false);
    const event = decodeWebhookEvent({
      event: "order.completed",
      data: { ref_id: "wh-1", invoice: "INV-1", status: "completed", amount: 10_500 },
    });

    const settled = settleFromEvent(journal, event, { profile: "default", baseUrl: undefined }, now);

    expect(settled).toEqual(["wh-1"]);
    const entries = Object.fromEntries(journal.byRefId("wh-1").map((e) => [e.entry, e]));
    expect(entries.here).toMatchObject({ outcome: "done", by: "webhook", invoice: "INV-1", amount: 10_500 });
    expect(entries["other-address"]?.outcome).toBe("unknown");
    expect(entries["other-profile"]?.outcome).toBe("unknown");
    expect(entries["a-top-up"]?.outcome).toBe("unknown");
    expect(entries["in-flight"]?.outcome).toBe("pending");
  });
});
