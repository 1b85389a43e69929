/**
 * At a terminal, the same order as a purchase reconcile did not find (the service may have bought it
 * since): asked about as any repeat, with the safe way said before the question.
 */
import { describe, expect, it } from "vitest";
import { resellerAs } from "../e2e/commands-harness.js";
import { useEmulator } from "../support/emulator.js";
import { until } from "../support/until.js";
import { terminalEnv, useTmux } from "./tmux.js";

describe("a repeat of a purchase a look-up did not find, at a terminal", () => {
  const harness = useEmulator();
  const tmux = useTmux("records-not-found");

  it("names it as sent and maybe bought, says to send the same ref_id or look it up, and no (the default) buys nothing", async () => {
    const apiKey = harness.apiKeyOf("Warung Premium ID");
    const reseller = resellerAs(harness, apiKey);
    const args = ["buy", "--item", "12", "--qty", "1", "--note", "081234569961"];
    const onService = () => harness.accountOf(apiKey).transactions.length;
    const before = onService();
    harness.emulator.faults.configure({ latency_ms: 60_000, match: { method: "POST", path: "/v1/trx" } });
    const running = reseller.start([...args, "--yes"]);
    await until("the service to hold the purchase", () => harness.emulator.faults.status().injected.latency > 0);
    running.child.kill("SIGKILL");
    await running.done;
    const reconciled = await reseller.run(["reconcile"], { mode: "json" });
    const refId: string = reconciled.json().entries[0].ref_id;
    harness.emulator.faults.reset();
    harness.emulator.answerHeld();
    await until("the service to finish the purchase", () => onService() === before + 1);

    const again = tmux.run(args, { env: terminalEnv(reseller.env) });
    const asked = await again.waitFor("? Buy it again?");
    expect(asked).toMatch(
      new RegExp(`The same order was sent .*\\(ref_id\\s+${refId}\\)\\.\\s+The service did not`, "s"),
    );
    expect(asked).toMatch(new RegExp(`--ref-id\\s+${refId}`));
    expect(asked).toMatch(new RegExp(`reseller\\s+trx\\s+show\\s+${refId}`));
    again.press("Enter");
    await again.waitFor("Nothing bought");
    expect(await again.exitCode()).toBe(0);
    expect(onService()).toBe(before + 1);
  });
});
