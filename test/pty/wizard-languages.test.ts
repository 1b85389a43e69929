/**
 * The top-up wizard at 80 columns in both languages (tmux): the channel list, the amount, the
 * confirmation, the link with its QR code and the countdown. Every line fits, every amount, channel
 * and link stands whole on a line, and the Indonesian screens keep no English words of the tool's own.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { englishIn, indonesian } from "../support/language.js";
import { terminalEnv, useTmux } from "./tmux.js";

const width = 80;

const languages = [
  {
    name: "English",
    env: {},
    channelPrompt: "Payment channel",
    amountPrompt: "Amount to top up",
    confirm: "Request a payment link for Rp 53.500?",
    labels: [/Amount\s+Rp 50\.000/, /Fee\s+Rp 3\.500/, /Total\s+Rp 53\.500/],
    waiting: "Waiting for payment",
    linkLabel: "Payment link",
    result: [/Total to pay\s+Rp 53\.500/, /Expires\s+\d{1,2} \w{3,4} \d{4} \d\d:\d\d:\d\d WIB/],
    left: "The link stays valid until it expires",
    keys: "↑↓ navigate • ⏎ select",
    yes: "Rp 53.500? Yes",
  },
  {
    name: "Indonesian",
    env: indonesian,
    channelPrompt: "Metode pembayaran",
    amountPrompt: "Nominal isi saldo",
    confirm: "Minta link pembayaran sebesar Rp 53.500?",
    labels: [/Nominal\s+Rp 50\.000/, /Biaya\s+Rp 3\.500/, /Total\s+Rp 53\.500/],
    waiting: "Menunggu pembayaran",
    linkLabel: "Link pembayaran",
    result: [/Total bayar\s+Rp 53\.500/, /Berlaku sampai\s+\d{1,2} \w{3,4} \d{4} \d\d\.\d\d\.\d\d WIB/],
    left: "Link tetap berlaku sampai kedaluwarsa",
    keys: "↑↓ pindah • ⏎ pilih",
    yes: "Rp 53.500? Ya",
  },
];

describe("the top-up wizard at 80 columns", () => {
  const harness = useEmulator();
  const tmux = useTmux("wizard-languages");

  it.each(languages.map((l) => [l.name, l] as const))("in %s", async (_name, language) => {
    const term = tmux.run(["topup"], {
      env: terminalEnv({ ...harness.accountEnv(), ...language.env }),
      width,
      height: 60,
    });
    const screens = [await term.waitFor(language.channelPrompt)];
    expect(screens[0]).toContain(language.keys);
    expect(screens[0]).toMatch(/BRIVA\s+BRI Virtual Account\s+\S+ Rp 3\.500/);
    term.press("Down", "Down", "Enter"); // QRIS, BCAVA, BRIVA
    screens.push(await term.waitFor(language.amountPrompt));
    term.type("50.000");
    await term.waitFor("= Rp 50.000");
    term.press("Enter");
    const confirmation = await term.waitFor(language.confirm);
    screens.push(confirmation);
    for (const label of language.labels) expect(confirmation).toMatch(label);
    term.press("Enter");
    const result = await term.waitFor(language.waiting);
    expect(result).toContain(language.yes);
    screens.push(result);
    const link = new RegExp(`${language.linkLabel}\\s+(http\\S+)`).exec(result)?.[1];
    expect(link, result).toMatch(new RegExp(`^${harness.emulator.baseUrl}/pay/`));
    for (const label of language.result) expect(result).toMatch(label);
    term.press("q");
    expect(await term.exitCode()).toBe(0);
    // tmux's own line about the ended pane is not the tool's.
    screens.push(term.screen().replace(/^Pane is dead.*$/m, ""));
    expect(term.screen()).toContain(language.left);

    for (const screen of screens) {
      if (process.env.SHOW_SCREENS) console.log(`== ${language.name}\n${screen}`);
      expect(
        screen.split("\n").filter((line) => [...line].length > width),
        screen,
      ).toEqual([]);
      if (language.env === indonesian) expect(englishIn(screen), screen).toEqual([]);
    }
  });
});
