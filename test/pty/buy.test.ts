/**
 * The purchase confirmation at a real terminal: what will be bought is spelled out, "yes" buys once,
 * "no" (the default) and Ctrl-C buy nothing. Also the interactive item and quantity questions.
 */
import { describe, expect, it } from "vitest";
import { makeConfigDir } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { terminalEnv, useTmux } from "./tmux.js";

describe("buy in a terminal", () => {
  const harness = useEmulator();
  const tmux = useTmux("buy");
  const account = () => harness.accountOf();
  const run = (args: string[]) => tmux.run(args, { env: terminalEnv(harness.accountEnv()) });

  it("shows the item, quantity, price, total, balance after and note, and buys once on yes", async () => {
    const before = account();
    const term = run(["buy", "--item", "12", "--qty", "1", "--note", "081234567890"]);
    const question = await term.waitFor("? Buy?");
    expect(question).toMatch(/Item\s+.+\(#12/);
    expect(question).toMatch(/Quantity\s+1 × Rp [\d.]+/);
    expect(question).toMatch(/Total\s+Rp [\d.]+/);
    expect(question).toMatch(/Balance after\s+Rp [\d.]+/);
    expect(question).toMatch(/Note\s+081234567890/);
    expect(account().transactions).toHaveLength(before.transactions.length); // nothing bought before the answer
    term.type("y");
    term.press("Enter");
    await term.waitFor("Bought");
    expect(await term.exitCode()).toBe(0);
    expect(account().transactions).toHaveLength(before.transactions.length + 1);
    expect(account().balance).toBeLessThan(before.balance);
  });

  it("the same order again names the earlier purchase and asks; no (the default) buys nothing, yes goes on to the confirmation", async () => {
    const configDir = makeConfigDir();
    const env = terminalEnv(harness.accountEnv(undefined, configDir));
    const args = ["buy", "--item", "12", "--qty", "1", "--note", "081234560077"];
    const first = tmux.run([...args, "--yes"], { env });
    await first.waitFor("Bought");
    expect(await first.exitCode()).toBe(0);
    const before = account().transactions.length;
    // The same customer in another spelling.
    const again = tmux.run(["buy", "--item", "12", "--qty", "1", "--note", "+62 812-3456-0077"], { env });
    const asked = await again.waitFor("? Buy it again?");
    expect(asked).toMatch(
      /The same order was bought .*: 1 × .* for\s+081234560077\s+\(invoice\s+INV-\S+,\s+ref_id\s+RSL-\S+,\s+bought\)/s,
    );
    again.press("Enter");
    await again.waitFor("Nothing bought");
    expect(await again.exitCode()).toBe(0);
    expect(account().transactions).toHaveLength(before);
    const yes = tmux.run(args, { env });
    await yes.waitFor("? Buy it again?");
    yes.type("y");
    yes.press("Enter");
    await yes.waitFor("? Buy?");
    yes.type("y");
    yes.press("Enter");
    await yes.waitFor("Bought");
    expect(await yes.exitCode()).toBe(0);
    expect(account().transactions).toHaveLength(before + 1);
  });

  it("buys nothing when declined", async () => {
    const before = account();
    const term = run(["buy", "--item", "12", "--qty", "1", "--note", "081234567890"]);
    await term.waitFor("? Buy?");
    term.type("n");
    term.press("Enter");
    await term.waitFor("Nothing bought");
    expect(await term.exitCode()).toBe(0);
    expect(account().transactions).toHaveLength(before.transactions.length);
    expect(account().balance).toBe(before.balance);
  });

  it("Ctrl-C at the confirmation exits 130 and buys nothing", async () => {
    const before = account();
    const term = run(["buy", "--item", "12", "--qty", "1", "--note", "081234567890"]);
    await term.waitFor("? Buy?");
    term.press("C-c");
    expect(await term.exitCode()).toBe(130);
    // Nothing alarming: the person chose to stop, and nothing was sent.
    const screen = term.screen();
    expect(screen).not.toMatch(/Error|Interrupted|INTERRUPTED/);
    expect(screen).toMatch(/Cancelled; nothing was sent\./);
    expect(account().transactions).toHaveLength(before.transactions.length);
    expect(account().balance).toBe(before.balance);
  });

  it("asks for a missing item and quantity, showing the item back, then confirms", async () => {
    const before = account();
    const term = run(["buy", "--note", "081234567890"]);
    await term.waitFor("? Item id");
    term.type("12");
    term.press("Enter");
    await term.waitFor("? Quantity");
    term.press("Enter"); // the minimum order is offered as the default
    const question = await term.waitFor("? Buy?");
    expect(question).toMatch(/Item\s+.+\(#12/);
    term.press("Enter"); // the default is no
    await term.waitFor("Nothing bought");
    expect(await term.exitCode()).toBe(0);
    expect(account().transactions).toHaveLength(before.transactions.length);
  });
});
