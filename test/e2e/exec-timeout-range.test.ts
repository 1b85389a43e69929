/**
 * `--exec-timeout` and `--exec-grace` beyond what a timer can hold: Node fires a longer timer at
 * once, so a "timeout" of three thousand years stopped every command as it started, said it "ran
 * longer than" the timeout, and retried it forever. Such a value is refused before anything runs
 * (exit 2, naming the flag and the longest it takes), for `pending` and `webhook listen` alike.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { manualClock } from "../../src/emulator/server.js";
import { useEmulator } from "../support/emulator.js";
import { pipedRows, resellerAs } from "./commands-harness.js";
import { bought, manualOrder } from "./pending-harness.js";

const harness = useEmulator({ clock: manualClock(Date.now()) });

describe("--exec-timeout and --exec-grace past the longest timer", () => {
  it("are refused with exit 2 before anything runs; the longest accepted lets a command finish", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    await bought(reseller, manualOrder("timer-manual"));
    expect((await reseller.run(["pending", "--once"])).exitCode).toBe(1);
    harness.emulator.clock.advance(10 * 60_000);
    const ran = join(reseller.configDir, "ran.txt");
    const exec = ["--exec", `sleep 1; echo ok >> '${ran}'`];

    for (const [flag, value] of [
      ["--exec-timeout", "99999999999"],
      ["--exec-timeout", "2147484"],
      ["--exec-grace", "99999999999"],
    ] as const) {
      const refused = await reseller.run(["pending", "--once", ...exec, flag, value]);
      expect(refused.exitCode, refused.stderr).toBe(2);
      expect(refused.stderr).toContain(`${flag} must be at most 2147483 seconds`);
      expect(refused.stdout).toBe("");
      const listener = await reseller.run(["webhook", "listen", "--port", "0", ...exec, flag, value], {
        env: { RESELLER_WEBHOOK_SECRET: "whsec_test" },
      });
      expect(listener.exitCode, listener.stderr).toBe(2);
      expect(listener.stderr).toContain(`${flag} must be at most 2147483 seconds`);
    }

    const longest = await reseller.run([
      "pending",
      "--once",
      ...exec,
      ...["--exec-timeout", "2147483", "--exec-grace", "2147483"],
    ]);
    expect(longest.exitCode, longest.stderr).toBe(0);
    expect(pipedRows(longest.stdout).map((r) => [r[1], r[3]])).toEqual([["timer-manual", "delivered"]]);
    expect(readFileSync(ran, "utf8")).toBe("ok\n");
  });
});
