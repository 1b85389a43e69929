/**
 * A top-up outside its channel's own limits (`min_amount`/`max_amount` of GET /v1/balance/channels) is
 * refused before anything is sent: exit 2 with the channel's range, no payment link requested.
 */
import { describe, expect, it } from "vitest";
import { apiRequests, useEmulator } from "../support/emulator.js";
import { resellerInProcess } from "./commands-harness.js";

const harness = useEmulator();
const topUpRequests = () => apiRequests(harness).filter((line) => line.startsWith("POST /v1/balance "));

describe("topup within the channel's limits", () => {
  it("above the channel's maximum: exit 2 naming the range, nothing sent", async () => {
    const before = { requests: topUpRequests().length, topUps: harness.accountOf().top_ups.length };
    const r = await resellerInProcess(harness).run(["topup", "--amount", "6000000", "--channel", "QRIS", "--yes"]);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("QRIS takes top-ups of Rp 10.000 – Rp 5.000.000; Rp 6.000.000 is above that.");
    expect(topUpRequests()).toHaveLength(before.requests);
    expect(harness.accountOf().top_ups).toHaveLength(before.topUps);
  });

  it("--json: AMOUNT_OUT_OF_RANGE on stderr; an e-wallet's lower ceiling is its own", async () => {
    const before = topUpRequests().length;
    const r = await resellerInProcess(harness).run(["topup", "--amount", "2500000", "--channel", "dana"], {
      mode: "json",
    });
    expect(r.exitCode).toBe(2);
    expect(r.errorJson().error).toMatchObject({
      code: "AMOUNT_OUT_OF_RANGE",
      message: "DANA takes top-ups of Rp 10.000 – Rp 2.000.000; Rp 2.500.000 is above that.",
    });
    expect(topUpRequests()).toHaveLength(before);
  });

  it("exactly the maximum is taken", async () => {
    const r = await resellerInProcess(harness).run(["topup", "--amount", "5.000.000", "--channel", "QRIS", "--yes"], {
      mode: "json",
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(harness.accountOf().top_ups.at(-1)).toMatchObject({ amount: 5_000_000, channel: "QRIS" });
  });
});
