/**
 * `pending --once` from cron with the service gone while ended orders wait to be handed on: it asks
 * for one of them, and once that goes unanswered it leaves the rest for the next run instead of
 * waiting out --timeout (and its retries) order after order, which with a day of orders ran for as
 * many half-minutes as there were orders.
 */
import { describe, expect, it } from "vitest";
import { manualClock } from "../../src/emulator/server.js";
import { useEmulator } from "../support/emulator.js";
import { pipedRows, resellerAs } from "./commands-harness.js";
import { bought, manualOrder } from "./pending-harness.js";

const harness = useEmulator({ clock: manualClock(Date.now()) });
const refs = ["gone-1", "gone-2", "gone-3", "gone-4"];

describe("pending --once with the service gone while ended orders wait", () => {
  it("asks for one order, leaves the others to the next run, says so, and hands all on when it is back", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    for (const ref of refs) await bought(reseller, manualOrder(ref));
    // Seen by a list, then settled ended by the next list: waiting to be handed on.
    expect((await reseller.run(["pending"])).exitCode).toBe(0);
    harness.emulator.clock.advance(5 * 60_000);
    const listed = await reseller.run(["pending"]);
    expect(listed.stderr).toContain("4 orders ended since first seen");

    const before = harness.requests.length;
    harness.emulator.faults.configure({ down: true });
    let once: Awaited<ReturnType<typeof reseller.run>>;
    try {
      once = await reseller.run(["pending", "--once"], { env: { RESELLER_MAX_RETRIES: "0" } });
    } finally {
      harness.emulator.faults.reset();
    }
    const lookedUp = new Set(
      harness.requests
        .slice(before)
        .map((line) => /^GET \/v1\/trx\/(gone-\d)/.exec(line)?.[1])
        .filter(Boolean),
    );
    expect([...lookedUp]).toHaveLength(1);
    expect(once.exitCode, once.stderr).toBe(1);
    expect(once.stdout).toBe("");
    expect(once.stderr).toContain("4 ended orders not handed on this time (the service could not be reached)");

    const back = await reseller.run(["pending", "--once"]);
    expect(back.exitCode, back.stderr).toBe(0);
    expect(
      pipedRows(back.stdout)
        .map((r) => r[1])
        .sort(),
    ).toEqual(refs);
  });
});
