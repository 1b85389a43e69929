/**
 * A person at a terminal: `buy` spells out the purchase on stderr and asks before spending; what is
 * missing is asked for. Driven through the real prompt library on in-memory streams.
 */
import { describe, expect, it } from "vitest";
import { run, type BuyOptions } from "../../src/commands/buy.js";
import { answeringTerminal } from "../support/context.js";
import { useEmulator } from "../support/emulator.js";
import { journalRecordsIn } from "../support/journal-records.js";

const harness = useEmulator();

/** A terminal whose keyboard answers each question when it appears on stderr. */
async function terminal(answers: [RegExp, string][], apiKey = harness.emulator.demoApiKey) {
  const env = harness.accountEnv(apiKey);
  return { ...(await answeringTerminal(answers, env)), configDir: env.RESELLER_CONFIG_DIR };
}

const options = (extra: Partial<BuyOptions>): BuyOptions => ({ opt: [], wait: false, yes: false, ...extra });
const transactions = (apiKey: string) => harness.accountOf(apiKey).transactions;
const journal = (dir: string) => journalRecordsIn(dir);

describe("buy on a terminal", () => {
  it("shows item, quantity, unit price, total, balance after and the note, then asks; declined: nothing bought", async () => {
    const apiKey = harness.emulator.accounts[1]!.apiKey;
    harness.emulator.setBalance(apiKey, 100_000);
    const t = await terminal([[/Buy\?/, "n\r"]], apiKey);
    const before = transactions(apiKey).length;
    const code = await run(t.ctx, options({ item: 12, qty: 2, note: "081234567890" }));
    expect(code).toBe(0);
    const text = t.stderr();
    expect(text).toMatch(/Item\s+Pulsa Telkomsel 10\.000 \(#12, h2h\)/);
    expect(text).toMatch(/Quantity\s+2 × Rp 11\.500/);
    expect(text).toMatch(/Total\s+Rp 23\.000/);
    expect(text).toMatch(/Balance after\s+Rp 77\.000 \(now Rp 100\.000\)/);
    expect(text).toMatch(/Note\s+081234567890/);
    expect(text).toContain("Nothing bought.");
    expect(t.stdout()).toBe("");
    expect(transactions(apiKey)).toHaveLength(before);
    expect(journal(t.configDir)).toEqual([]);
  });

  it("confirmed: bought, the result on stdout", async () => {
    const apiKey = harness.emulator.accounts[2]!.apiKey;
    const t = await terminal([[/Buy\?/, "y\r"]], apiKey);
    await run(t.ctx, options({ item: 3, qty: 1 }));
    expect(t.stdout()).toMatch(/Rp 18\.000/);
    expect(transactions(apiKey)).toHaveLength(1);
  });

  it("--yes skips the question", async () => {
    const apiKey = harness.emulator.accounts[3]!.apiKey;
    const t = await terminal([], apiKey);
    await run(t.ctx, options({ item: 3, qty: 1, yes: true }));
    expect(t.stderr()).not.toContain("Buy?");
    expect(transactions(apiKey)).toHaveLength(1);
  });

  it("asks for a missing item (showing its name and price back), quantity (defaulting to the minimum order) and SMM target", async () => {
    const apiKey = harness.emulator.accounts[4]!.apiKey;
    const t = await terminal(
      [
        [/Item id/, "9999\r"],
        [/No active item has id 9999[\s\S]*Item id/, "23\r"],
        [/Quantity/, "\r"],
        [/Link \/ Username for Instagram Followers Indonesia/, "https://instagram.com/tokoku\r"],
        [/Buy\?/, "y\r"],
      ],
      apiKey,
    );
    await run(t.ctx, options({}));
    const text = t.stderr();
    expect(text).toMatch(/Instagram Followers Indonesia: Rp 35 each, minimum order 100/);
    expect(text).toMatch(/Note\s+\{"target":"https:\/\/instagram\.com\/tokoku","opt_smm":\[\]\}/);
    const [bought] = transactions(apiKey);
    expect(bought).toMatchObject({ amount: 100 * 35 });
  });
});
