/**
 * A fault of reseller's own after a purchase was sent (here: stdout breaks while the result is
 * printed) is never said as the service's refusal (exit 1, "nothing charged" to a script): it is an
 * unknown outcome (exit 5) naming the ref_id, and the purchase it made stands in the journal.
 */
import { describe, expect, it } from "vitest";
import { run } from "../../src/commands/buy.js";
import { ExitCode, OutcomeUnknownError } from "../../src/errors.js";
import { testContext } from "../support/context.js";
import { useEmulator } from "../support/emulator.js";

const harness = useEmulator();

describe("a fault after sending", () => {
  it("is an unknown outcome with the ref_id, never a refusal; the service has the purchase", async () => {
    const { ctx } = await testContext({
      env: harness.accountEnv(),
      stdout: {
        write: () => {
          throw new TypeError("the renderer broke");
        },
      },
    });
    const refId = "FAULT-AFTER-1";
    const failure = await run(ctx, {
      opt: [],
      wait: false,
      yes: true,
      item: 12,
      qty: 1,
      note: "081234567890",
      refId,
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(OutcomeUnknownError);
    const unknown = failure as OutcomeUnknownError;
    expect(unknown.exitCode).toBe(ExitCode.outcomeUnknown);
    expect(unknown.refId).toBe(refId);
    expect(unknown.message).toContain("the renderer broke");
    expect(unknown.details).toMatchObject({ outcome: "unknown" });
    expect(harness.accountOf().transactions.filter((t) => t.ref_id === refId)).toHaveLength(1);
  });
});
