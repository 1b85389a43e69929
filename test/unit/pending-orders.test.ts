/**
 * The orders `pending` follows and hands on (records/pending-orders.ts): each handed on once across
 * processes. A live process's claim is left to it; a gone one's is taken over; an order handed on is
 * never claimed again; a failed command keeps the order open, announced, for its next try.
 */
import { afterEach, describe, expect, it } from "vitest";
import { closeRecordsDatabases, openRecordsDatabase } from "../../src/records/database.js";
import { pendingOrders } from "../../src/records/pending-orders.js";
import { makeConfigDir } from "../support/cli.js";

afterEach(() => closeRecordsDatabases());

const order = (entry: string) => ({ entry, profile: "default", base_url: "http://svc", ref_id: `ref-${entry}` });

describe("orders followed by pending", () => {
  it("is written down once, listed per profile and address until handed on", () => {
    const orders = pendingOrders(openRecordsDatabase(makeConfigDir()));
    orders.watch([order("a"), order("b"), { ...order("c"), profile: "shop2" }], "2026-11-28T10:00:00.000Z");
    // Seen again later: the first sighting stands.
    orders.watch([order("a")], "2026-11-28T11:00:00.000Z");
    expect(orders.open("default", "http://svc").map((o) => [o.entry, o.seen_at])).toEqual([
      ["a", "2026-11-28T10:00:00.000Z"],
      ["b", "2026-11-28T10:00:00.000Z"],
    ]);
    expect(orders.claim("a", "host:1", () => true)).toEqual({ announced: false, tries: 0 });
    orders.handed("a", "2026-11-28T12:00:00.000Z");
    expect(orders.open("default", "http://svc").map((o) => o.entry)).toEqual(["b"]);
    // Handed on: nobody claims it again, not even its own process.
    expect(orders.claim("a", "host:1", () => false)).toBeUndefined();
  });

  it("leaves an order to the live process holding it, and takes it over once that process is gone", () => {
    const dir = makeConfigDir();
    const orders = pendingOrders(openRecordsDatabase(dir));
    orders.watch([order("a")], "2026-11-28T10:00:00.000Z");
    expect(orders.claim("a", "host:1", () => true)).toBeDefined();
    expect(orders.claim("a", "host:2", (owner) => owner === "host:1")).toBeUndefined();
    // Its own claim again (the next pass of the same process).
    expect(orders.claim("a", "host:1", () => true)).toBeDefined();
    orders.announced("a", "delivered", "2026-11-28T10:05:00.000Z");
    orders.failedTry("a", 1, 1_000, "exit 3");
    // host:1 died after the line and before its command succeeded: host:2 runs only the command.
    expect(orders.claim("a", "host:2", () => false)).toEqual({ announced: true, tries: 1 });
    expect(orders.open("default", "http://svc")).toEqual([
      expect.objectContaining({ entry: "a", announced: true, tries: 1, next_try_ms: 1_000 }),
    ]);
  });
});
