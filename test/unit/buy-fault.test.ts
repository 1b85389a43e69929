/**
 * A fault of reseller's own (here: stdout breaks while the result is printed). Once the service has
 * answered the purchase, the purchase stands: it is said as bought with the fault named, and the exit
 * code is the purchase's, never `unknown` (exit 5) and never a refusal.
 */
import { describe, expect, it } from "vitest";
import { run } from "../../src/commands/buy.js";
import { ExitCode } from "../../src/errors.js";
import { testContext } from "../support/context.js";
import { useEmulator } from "../support/emulator.js";

const harness = useEmulator();

describe("a fault after the purchase's answer", () => {
  it("says the purchase as bought, with the fault, and exits by the purchase (0); the service has it once", async () => {
    const { ctx, stderr } = await testContext({
      env: harness.accountEnv(),
      stdout: {
        write: () => {
          throw new TypeError("the renderer broke");
        },
      },
    });
    const refId = "FAULT-AFTER-1";
    const exit = await run(ctx, {
      opt: [],
      wait: false,
      yes: true,
      item: 12,
      qty: 1,
      note: "081234567890",
      refId,
    });
    expect(exit).toBe(ExitCode.ok);
    expect(stderr()).toMatch(/The purchase stands \(outcome: bought; ref_id FAULT-AFTER-1, invoice INV-\S+\)/);
    expect(stderr()).toContain("the renderer broke");
    expect(harness.accountOf().transactions.filter((t) => t.ref_id === refId)).toHaveLength(1);
  });
});
