/**
 * A second bulk run by mistake, at a terminal: when every row is already bought (under the file's own
 * ref_ids, or skipped before as a repeat of a single buy) it says so and asks nothing, rather than
 * asking about one row and then "sending 0 orders". Driven through the real prompt library against
 * the emulator.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, type BuyOptions } from "../../src/commands/buy.js";
import { makeConfigDir } from "../support/cli.js";
import { answeringTerminal, testContext } from "../support/context.js";
import { useEmulator } from "../support/emulator.js";

const harness = useEmulator({ dialect: "live-short" });
const options = (extra: Partial<BuyOptions>): BuyOptions => ({ opt: [], wait: false, yes: false, ...extra });

describe("a bulk run where every row is already bought", () => {
  it("says all N already bought and asks nothing", async () => {
    const apiKey = harness.apiKeyOf("Sinar Digital Store");
    const env = harness.accountEnv(apiKey, makeConfigDir());
    const onService = () => harness.accountOf(apiKey).transactions.length;
    // The customer of row 2 was served by a single buy first.
    const single = await testContext({ env });
    expect(await run(single.ctx, options({ item: 11, qty: 1, note: "081277771001", yes: true }))).toBe(0);
    const file = join(env.RESELLER_CONFIG_DIR, "orders.csv");
    writeFileSync(file, `item_id,quantity,note\n${[1001, 1002, 1003].map((n) => `11,1,08127777${n}`).join("\n")}\n`);

    // The first run asks about the repeat (skipped, the default) and buys the two new rows.
    const first = await answeringTerminal(
      [
        [/What should happen to it\?/, "\r"],
        [/Buy 2 orders\?/, "y\r"],
      ],
      env,
    );
    expect(await run(first.ctx, options({ file }))).toBe(0);
    const count = onService();

    // Run again by mistake: nothing is new, so nothing is asked (an answer stands by in case it were).
    const second = await answeringTerminal([[/What should happen to it\?/, "\r"]], env);
    expect(await run(second.ctx, options({ file }))).toBe(0);
    expect(second.stderr()).toMatch(/All 3 orders of\s+\S+\s+are\s+already\s+bought;\s+nothing\s+sent\s+again\./);
    expect(second.stderr()).not.toMatch(/What should happen|Sending 0 orders/);
    expect(onService()).toBe(count);
  });
});
