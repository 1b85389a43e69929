/**
 * The checks before paying, at a real terminal (tmux): a required field asked for by the item's own
 * label, an open amount's nominal checked as typed against its range, the customer's account named in
 * the confirmation (or said not to exist), and the top-up wizard showing each channel's range.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { terminalEnv, useTmux } from "./tmux.js";

describe("checks before paying, in a terminal", () => {
  const harness = useEmulator();
  const tmux = useTmux("checks");
  const account = () => harness.accountOf();
  const run = (args: string[]) => tmux.run(args, { env: terminalEnv(harness.accountEnv()) });

  it("asks for a missing required field by the item's label, and sends what was typed", async () => {
    const before = account();
    const term = run(["buy", "--item", "12", "--qty", "1"]);
    await term.waitFor("? Nomor HP for Pulsa Telkomsel 10.000");
    term.press("Enter"); // empty: refused as typed
    await term.waitFor("Required");
    term.type("081234567890");
    term.press("Enter");
    const question = await term.waitFor("? Buy?");
    expect(question).toMatch(/Note\s+081234567890/);
    term.type("y");
    term.press("Enter");
    await term.waitFor("Bought");
    expect(await term.exitCode()).toBe(0);
    expect(account().transactions).toHaveLength(before.transactions.length + 1);
    expect(harness.emulator.requestBodies("/v1/trx").at(-1)!.body).toMatchObject({
      carts: [{ item_id: 12, quantity: 1, note: "081234567890" }],
    });
  });

  it("asks an open amount's nominal within its range, then shows it and the total before buying", async () => {
    const term = run(["buy", "--item", "29", "--note", "081234567890"]);
    await term.waitFor("? Nominal for Saldo DANA Bebas Nominal (from Rp 10.000 to Rp 2.000.000 in steps of Rp 1.000)");
    term.type("10500");
    term.press("Enter");
    await term.waitFor("Rp 10.500 is not a multiple of Rp 1.000");
    term.press(...Array<string>(5).fill("BSpace"));
    // Typed as people write it: 25rb is Rp 25.000.
    term.type("25rb");
    term.press("Enter");
    const question = await term.waitFor("? Buy?");
    expect(question).toMatch(/Nominal\s+Rp 25\.000 \+ price Rp 1\.000/);
    expect(question).toMatch(/Total\s+Rp 26\.000/);
    term.type("y");
    term.press("Enter");
    await term.waitFor("Bought");
    expect(await term.exitCode()).toBe(0);
    expect(harness.emulator.requestBodies("/v1/trx").at(-1)!.body).toMatchObject({
      carts: [{ item_id: 29, quantity: 1, note: '{"target":"081234567890","provider_qty":25000}' }],
    });
  });

  it("names the customer's account in the confirmation before anything is charged", async () => {
    const before = account();
    const term = run(["buy", "--item", "21", "--qty", "1", "--note", "12345678(1234)"]);
    const question = await term.waitFor("? Buy?");
    expect(question).toMatch(/Account\s+SultanMabar \(Indonesia\)/);
    expect(account().transactions).toHaveLength(before.transactions.length);
    term.press("Enter"); // the default is no
    await term.waitFor("Nothing bought");
    expect(await term.exitCode()).toBe(0);
    expect(account().transactions).toHaveLength(before.transactions.length);
  });

  it("says an account does not exist, and the default answer buys nothing", async () => {
    const before = account();
    const term = run(["buy", "--item", "22", "--qty", "1", "--note", "99990001"]);
    const question = await term.waitFor("? Buy?");
    expect(question).toMatch(/Account\s+NOT FOUND: no account 99990001/);
    expect(question).toContain(
      "There is no account 99990001 for item 22 (Free Fire 140 Diamonds). Buying would send the top-up to nobody.",
    );
    term.press("Enter");
    await term.waitFor("Nothing bought");
    expect(await term.exitCode()).toBe(0);
    expect(account().transactions).toHaveLength(before.transactions.length);
  });

  it("the top-up wizard shows each channel's range and refuses an amount outside the one chosen", async () => {
    const before = account().top_ups.length;
    const term = run(["topup"]);
    const list = await term.waitFor("Payment channel");
    expect(list).toMatch(/QRIS\s+.+fee Rp 750\s+Rp 10\.000 – Rp 5\.000\.000/);
    expect(list).toMatch(/DANA\s+.+fee Rp 1\.500\s+Rp 10\.000 – Rp 2\.000\.000/);
    term.press("Enter"); // QRIS
    await term.waitFor("? Amount to top up (Rp 10.000 – Rp 5.000.000)");
    term.type("6000000");
    term.press("Enter");
    await term.waitFor("QRIS takes Rp 10.000 – Rp 5.000.000");
    term.press("C-c");
    expect(await term.exitCode()).toBe(130);
    expect(account().top_ups).toHaveLength(before);
  });

  it("a number of another operator than the item's is said before the question; the default buys nothing", async () => {
    const before = account();
    const term = run(["buy", "--item", "12", "--qty", "1", "--note", "081712345678"]);
    const question = await term.waitFor("? Buy?");
    // Wrapped between words to the terminal's width: read as one text again.
    const said = question
      .split("\n")
      .map((line) => line.trim())
      .join(" ");
    expect(said).toContain(
      "081712345678 is an XL number, and item 12 (Pulsa Telkomsel 10.000) is for Telkomsel. Check it with the customer before buying.",
    );
    // The warning stands on lines of its own, above the question.
    expect(question.split("\n").find((line) => line.includes("is an XL number"))).toMatch(/^! /);
    term.press("Enter");
    await term.waitFor("Nothing bought");
    expect(await term.exitCode()).toBe(0);
    expect(account().transactions).toHaveLength(before.transactions.length);
  });

  it("--zone-id for Mobile Legends: no question for the zone, the note and account in the confirmation", async () => {
    const term = run(["buy", "--item", "21", "--qty", "1", "--note", "12345678", "--zone-id", "1234"]);
    const question = await term.waitFor("? Buy?");
    expect(question).toMatch(/Note\s+12345678\|1234/);
    expect(question).toMatch(/Account\s+SultanMabar \(Indonesia\)/);
    expect(question).not.toContain("Zone ID for");
    term.press("Enter");
    await term.waitFor("Nothing bought");
    expect(await term.exitCode()).toBe(0);
  });
});

describe("an account of another region than the item's, in a terminal", () => {
  const harness = useEmulator({ catalogueSize: 400 });
  const tmux = useTmux("checks-region");

  it("is said before the question, naming both regions; the default buys nothing", async () => {
    const before = harness.accountOf().transactions.length;
    // Item 1066: Mobile Legends Malaysia 86 Diamonds in the emulator's catalogue of 400.
    const term = tmux.run(["buy", "--item", "1066", "--qty", "1", "--note", "12345678(1234)"], {
      env: terminalEnv(harness.accountEnv()),
    });
    const question = await term.waitFor("? Buy?");
    expect(question).toMatch(/Account\s+SultanMabar \(Indonesia\)/);
    expect(
      question
        .split("\n")
        .map((line) => line.trim())
        .join(" "),
    ).toContain(
      "The account 12345678 is SultanMabar (Indonesia), and item 1066 (Mobile Legends Malaysia 86 Diamonds) is for Malaysia.",
    );
    term.press("Enter");
    await term.waitFor("Nothing bought");
    expect(await term.exitCode()).toBe(0);
    expect(harness.accountOf().transactions).toHaveLength(before);
  });
});
