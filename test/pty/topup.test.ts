/**
 * The top-up wizard in a real terminal (tmux) against an emulator in this process: the channel list,
 * the amount checked as typed, the confirmation, the QR code of the link, the countdown that notices
 * the payment, and every way out of it. Needs `npm run build` first, like every end-to-end test.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import qrcode from "qrcode";
import { describe, expect, it } from "vitest";
import { foldRecords } from "../support/journal-records.js";
import { journalRecords } from "../e2e/commands-harness.js";
import { makeConfigDir } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { until } from "../support/until.js";
import { qrGridFromScreen } from "./screen-qr.js";
import { terminalEnv, useTmux } from "./tmux.js";

// What the screen should show, worked out without the code that draws it: the QR code straight from
// the encoder at level M (chosen in src/output/qr.ts for phone cameras), and Rupiah as Indonesians
// write them.
function qrCodeOf(text: string): boolean[][] {
  const { modules } = qrcode.create(text, { errorCorrectionLevel: "M" });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, column) => Boolean(modules.get(row, column))),
  );
}
const rupiah = (amount: number) => `Rp ${amount.toLocaleString("id-ID")}`;

describe("topup in a terminal", () => {
  const harness = useEmulator();
  const tmux = useTmux("topup");
  const account = () => harness.accountOf();
  const run = (args: string[], extra: { stdoutFile?: string; env?: Record<string, string> } = {}) =>
    tmux.run(args, { stdoutFile: extra.stdoutFile, env: terminalEnv({ ...harness.accountEnv(), ...extra.env }) });

  it("walks the wizard to the link and its QR code, sees the customer pay it, and records it paid", async () => {
    const before = account();
    const configDir = makeConfigDir();
    const term = run(["topup"], { env: { RESELLER_CONFIG_DIR: configDir } });
    const list = await term.waitFor("Payment channel");
    // The list shows name, code and fee of each channel.
    expect(list).toMatch(/QRIS\s+QRIS \(semua e-wallet & mobile banking\)\s+fee Rp 750/);
    expect(list).toMatch(/BRIVA\s+BRI Virtual Account\s+fee Rp 3\.500/);
    term.press("Down", "Down", "Enter"); // QRIS, BCAVA, BRIVA

    await term.waitFor("? Amount to top up");
    term.type("5000");
    term.press("Enter");
    await term.waitFor("At least Rp 10.000"); // refused as typed; the prompt stays open
    term.press("BSpace", "BSpace", "BSpace", "BSpace");
    term.type("10000.5"); // a slip, not Rp 100.005
    term.press("Enter");
    await term.waitFor("Not an amount: Rupiah are whole numbers, without cents (Rp 10.000?)");
    term.press(...Array<string>(7).fill("BSpace"));
    term.type("50.000");
    await term.waitFor("= Rp 50.000");
    term.press("Enter");

    const confirmation = await term.waitFor("Request a payment link for Rp 53.500?");
    expect(confirmation).toMatch(/Amount\s+Rp 50\.000/);
    expect(confirmation).toMatch(/Fee\s+Rp 3\.500/);
    expect(confirmation).toMatch(/Total\s+Rp 53\.500/);
    expect(account().top_ups).toHaveLength(before.top_ups.length); // nothing requested before the answer
    term.press("Enter"); // the default is yes

    const result = await term.waitFor("Waiting for payment");
    const link = /Payment link\s+(http\S+)/.exec(result)?.[1];
    expect(link).toMatch(new RegExp(`^${harness.emulator.baseUrl}/pay/`));
    expect(result).toMatch(/Total to pay\s+Rp 53\.500/);
    expect(result).toMatch(/Expires\s+\d{1,2} \w{3,4} \d{4} \d\d:\d\d:\d\d WIB \(in (59m|1h)/);
    expect(result).toMatch(/the link expires in (1h 00m|59m \d\ds)/);
    // The QR code on the screen is the QR code of exactly this link.
    expect(qrGridFromScreen(result, "Expires")).toEqual(qrCodeOf(link!));

    // The customer pays on the emulator's page; the countdown sees the balance rise and ends.
    const page = await fetch(link!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Pay now");
    const paid = await fetch(link!, { method: "POST" });
    expect(await paid.text()).toContain("Payment received");
    await term.waitFor(`Payment received: the balance is now ${rupiah(before.balance + 50_000)}`, 15_000);
    expect(await term.exitCode()).toBe(0);
    expect(account().balance).toBe(before.balance + 50_000);
    expect(account().top_ups.at(-1)).toMatchObject({ amount: 50_000, fee: 3_500, channel: "BRIVA" });
    // Seen paid, so written down paid: history says so without a refresh.
    expect(foldRecords(journalRecords(configDir))).toEqual([
      expect.objectContaining({ kind: "topup", amount: 50_000, status: "paid" }),
    ]);
  });

  for (const [key, label] of [
    ["q", "q"],
    ["Escape", "Esc"],
    ["Enter", "Enter"],
    ["C-c", "Ctrl-C"],
  ] as const) {
    it(`leaves the countdown with ${label}, the link made and kept`, async () => {
      const before = account().top_ups.length;
      const term = run(["topup", "--amount", "20000", "--channel", "QRIS"]);
      await term.waitFor("Request a payment link for Rp 20.750?");
      term.press("Enter");
      await term.waitFor(/the link expires in \d+m/);
      // Hidden while the line redraws itself. The recording trails the screen: the hide may reach it later.
      await until("the cursor hidden under the countdown", () => !term.cursorShown());
      term.press(key);
      await term.waitFor("The link stays valid until it expires");
      expect(await term.exitCode()).toBe(0);
      expect(term.cursorShown()).toBe(true); // and given back
      expect(account().top_ups).toHaveLength(before + 1);
    });
  }

  it("Ctrl-C at a prompt exits 130 and requests nothing", async () => {
    const before = account().top_ups.length;
    const term = run(["topup", "--channel", "DANA"]);
    await term.waitFor("? Amount to top up");
    term.type("250");
    term.press("C-c");
    expect(await term.exitCode()).toBe(130);
    expect(term.screen()).toContain("Cancelled; nothing was sent.");
    expect(term.screen()).not.toContain("Error");
    expect(term.cursorShown()).toBe(true);

    const atList = run(["topup"]);
    await atList.waitFor("Payment channel");
    // The list hides it while it is drawn; the hide comes after the list, and reaches the recording later still.
    await until("the cursor hidden under the list", () => !atList.cursorShown());
    atList.press("Down", "C-c");
    expect(await atList.exitCode()).toBe(130);
    expect(atList.cursorShown()).toBe(true); // the terminal is given back as it was
    expect(account().top_ups).toHaveLength(before);
  });

  it("declining the confirmation requests nothing", async () => {
    const before = account().top_ups.length;
    const term = run(["topup", "--amount", "15000", "--channel", "OVO"]);
    await term.waitFor("Request a payment link for Rp 16.500?");
    term.type("n");
    term.press("Enter");
    await term.waitFor("Nothing was requested.");
    expect(await term.exitCode()).toBe(0);
    expect(account().top_ups).toHaveLength(before);
  });

  it("--yes with both flags never waits: the link and the QR code, then the prompt is back", async () => {
    const term = run(["topup", "--amount", "30000", "--channel", "DANA", "--yes"]);
    expect(await term.exitCode()).toBe(0);
    const screen = term.screen();
    expect(screen).not.toContain("Request a payment link");
    expect(screen).not.toContain("Waiting for payment");
    const link = /Payment link\s+(http\S+)/.exec(screen)?.[1];
    expect(qrGridFromScreen(screen, "Expires")).toEqual(qrCodeOf(link!));
  });

  it("without colours (NO_COLOR) the QR code is drawn for a dark background and still encodes the link", async () => {
    const term = run(["topup", "--amount", "30000", "--channel", "OVO", "--yes"], { env: { NO_COLOR: "1" } });
    expect(await term.exitCode()).toBe(0);
    const screen = term.screen();
    const link = /Payment link\s+(http\S+)/.exec(screen)?.[1];
    expect(qrGridFromScreen(screen, "Expires", "light")).toEqual(qrCodeOf(link!));
  });

  it("with --json the questions and the QR code stay on the terminal and stdout is the service's JSON", async () => {
    const out = join(makeConfigDir(), "topup.json");
    const term = run(["topup", "--json", "--amount", "25000"], { stdoutFile: out });
    await term.waitFor("Payment channel");
    term.press("Enter"); // QRIS
    await term.waitFor("Request a payment link for Rp 25.750?");
    term.press("Enter");
    const screen = await term.waitFor("Waiting for payment");
    term.press("q");
    expect(await term.exitCode()).toBe(0);
    const body = JSON.parse(readFileSync(out, "utf8"));
    expect(body).toMatchObject({ message: "OK", data: { amount: 25_000, channel: "QRIS" } });
    expect(qrGridFromScreen(screen, "Request a payment link")).toEqual(qrCodeOf(body.data.payment_url));
  });
});
