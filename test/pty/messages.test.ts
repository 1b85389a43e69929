/**
 * People's messages in a real terminal 80 columns wide (tmux): wrapped between words to the width,
 * never an id, a ref_id, an invoice or an amount split across lines (`RSL-20261126-L5PB97S` / `C9D`,
 * `Rp 7` / `5.500`); and a warning such as `Retrying…` never printed on the spinner's line.
 * capture-pane -J joins what the terminal itself wrapped, so a message left unwrapped shows as a line
 * wider than the window.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { terminalEnv, useTmux } from "./tmux.js";
import { buyOne } from "../support/cli.js";

const width = 80;
const tooWide = (screen: string) => screen.split("\n").filter((line) => [...line].length > width);
/** The screen's lines joined as one text again, each line's leading indent taken off. */
const joined = (screen: string) =>
  screen
    .split("\n")
    .map((line) => line.trim())
    .join(" ");

describe("messages in an 80-column terminal", () => {
  const harness = useEmulator({ catalogueSize: 400 });
  const tmux = useTmux("messages");
  const run = (args: string[]) =>
    tmux.run(args, { env: terminalEnv(harness.accountEnv()), width, height: 40, stdoutFile: "/dev/null" });

  it("a purchase's message wraps between words: the ref_id, the invoice and the amount stay whole", async () => {
    const refId = "RSL-20261126-L5PB97SC9D";
    const term = run(buyOne(1094, "12345678(1234)", "--ref-id", refId, "--yes", "--no-check"));
    expect(await term.exitCode()).toBe(0);
    const screen = term.screen();
    expect(tooWide(screen), screen).toEqual([]);
    const invoice = /INV-\d{8}-\d+/.exec(screen)![0];
    const said = joined(screen);
    expect(said, screen).toContain(
      `✓ Bought 1 × Mobile Legends Philippines 86 Diamonds for Rp 24.100: invoice ${invoice}, ref_id ${refId}.`,
    );
    const lines = screen.split("\n");
    for (const datum of [refId, invoice, "Rp 24.100"])
      expect(
        lines.some((line) => line.includes(datum)),
        `${datum} on one line:\n${screen}`,
      ).toBe(true);
    expect(
      lines.filter((line) => /Rp$/.test(line)),
      screen,
    ).toEqual([]);
  });

  it("an error and its hint wrap to the width, the code with the message's last word", async () => {
    const term = run(["buy", "--item", "12", "--qty", "1", "--note", "081712345678", "--no-input"]);
    expect(await term.exitCode()).toBe(2);
    const screen = term.screen();
    expect(tooWide(screen), screen).toEqual([]);
    expect(joined(screen)).toContain(
      "Error: 081712345678 is an XL number, and item 12 (Pulsa Telkomsel 10.000) is for Telkomsel. Nothing was bought. (OPERATOR_MISMATCH)",
    );
    expect(joined(screen)).toContain("Hint: Check it with the customer; if it is right, buy again with --no-check.");
    // The lines after the first stand under the text, not under `Error:`.
    expect(screen.split("\n")[1]).toMatch(/^ {2}\S/);
  });

  it("in Indonesian, the wait for delivery says so on its spinner line, and Ctrl-C says the purchase stands", async () => {
    // A manual order: nobody delivers it while the spinner turns.
    const term = tmux.run(buyOne(27, "Toko Sejahtera, biru", "--yes", "--wait", "--wait-timeout", "60"), {
      env: terminalEnv({ ...harness.accountEnv(), LANG: "id_ID.UTF-8" }),
      width,
      height: 40,
      stdoutFile: "/dev/null",
    });
    // The service's status in Indonesian too: `paid` is `dibayar`.
    const waiting = await term.waitFor(/Menunggu pengiriman: dibayar \(\d+d\)/);
    expect(waiting).not.toMatch(/Waiting|delivery|paid/);
    term.press("C-c");
    expect(await term.exitCode()).toBe(130);
    const said = joined(term.screen());
    expect(said).toMatch(/Berhenti menunggu; pembelian tetap berlaku \(invoice INV-\S+, ref_id RSL-\S+\)\./);
    expect(said).toMatch(/Pantau dengan `reseller trx show RSL-\S+ --watch`\./);
  });

  it("a Retrying… warning stands on its own line, never after the spinner's text", async () => {
    // The delivery is followed with a spinner; one of its reads is answered 503, and retried.
    harness.emulator.faults.configure({ error_next: 1, error_status: 503, match: { method: "GET", path: "/v1/trx" } });
    const term = run(["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--yes", "--wait"]);
    expect(await term.exitCode(20_000)).toBe(0);
    harness.emulator.faults.reset();
    const screen = term.screen();
    expect(screen).toMatch(/^! Retrying GET \/v1\/trx/m);
    expect(
      screen.split("\n").filter((line) => /Waiting for delivery/.test(line)),
      screen,
    ).toEqual([]);
    expect(tooWide(screen), screen).toEqual([]);
  });
});
