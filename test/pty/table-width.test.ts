/**
 * Tables fit a real terminal: in tmux windows 80 and 120 columns wide (no COLUMNS in the
 * environment, so the width is the terminal's own), no line of a purchase's detail wraps, and the
 * serial number stands whole outside the borders. Lines the terminal wrapped are joined back by
 * capture-pane -J, so a line too wide shows up as one longer than the window.
 */
import { describe, expect, it } from "vitest";
import { runReseller } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { terminalEnv, useTmux } from "./tmux.js";

describe("tables in a real terminal", () => {
  const harness = useEmulator();
  const tmux = useTmux("table-width");

  it.each([80, 120])("at %i columns: a purchase's detail fits and its serial number is whole", async (width) => {
    const env = terminalEnv(harness.accountEnv(harness.apiKeyOf("Toko Makmur Jaya")));
    const ref = `PTY-${width}`;
    const term = tmux.run(
      ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", ref, "--yes", "--wait"],
      { env, width, height: 60 },
    );
    // The service's clock runs ahead while it waits, so the dispatch takes a moment, not seconds.
    const ticking = setInterval(() => harness.emulator.clock.advance(5_000), 200);
    try {
      await term.waitFor("H2H results", 20_000);
      expect(await term.exitCode()).toBe(0);
    } finally {
      clearInterval(ticking);
    }
    const screen = term.screen();
    const detail = await fetch(`${harness.emulator.baseUrl}/v1/trx/${ref}`, {
      headers: { "X-APIKEY": harness.apiKeyOf("Toko Makmur Jaya") },
    }).then((r) => r.json() as Promise<any>);
    const sn: string = detail.h2h_results[0].sn;
    expect(sn).toMatch(/^\d{20}$/);
    // The result, from its first line on; the messages before it are stderr's, which the terminal wraps.
    const result = screen.slice(screen.indexOf("Invoice"));
    expect(result).toMatch(/^Invoice/);
    const tooWide = result.split("\n").filter((line) => [...line].length > width);
    expect(tooWide, screen).toEqual([]);
    const line = screen.split("\n").find((l) => l.includes(sn));
    expect(line, screen).toBeDefined();
    expect(line!.slice(line!.indexOf(sn) + sn.length)).not.toContain("│");
  });
});

describe("the terminal's own width", () => {
  const harness = useEmulator();
  const tmux = useTmux("table-width-own");

  it("a wide window is used: at 120 columns a long customer target takes more than 80, at 80 none does", async () => {
    const apiKey = harness.apiKeyOf("Cahaya Voucher");
    const target = `https://instagram.com/${"toko_pulsa_makmur_jaya_official_".repeat(3)}`;
    const bought = await runReseller(
      ["buy", "--item", "23", "--qty", "100", "--target", target, "--ref-id", "PTY-WIDE"],
      { env: harness.accountEnv(apiKey) },
    );
    expect(bought.exitCode, bought.stderr).toBe(0);
    // The target is handed to the provider as it is: never split, so a line of its own may be wider
    // than the window (the terminal folds it softly and copies it as one); every other line fits.
    const widest = async (width: number) => {
      const term = tmux.run(["trx", "show", "PTY-WIDE"], {
        env: terminalEnv(harness.accountEnv(apiKey)),
        width,
        height: 60,
      });
      expect(await term.exitCode()).toBe(0);
      const lines = term.screen().split("\n");
      expect(lines.some((line) => line.includes(target))).toBe(true);
      return Math.max(...lines.filter((line) => line !== target).map((line) => [...line].length));
    };
    expect(await widest(120)).toBeGreaterThan(80);
    expect(await widest(120)).toBeLessThanOrEqual(120);
    expect(await widest(80)).toBeLessThanOrEqual(80);
  });
});
