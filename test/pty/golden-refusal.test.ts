/**
 * The repeat refusal's golden screen at 80 columns in a real terminal (tmux), in English and in
 * Indonesian: it is said on stderr, which only a terminal wraps. The earlier purchase's ref_id,
 * invoice, customer and time with its zone stand whole, each said once (its item too, wrapped between words at worst), no line is wider than the window, no
 * word is split, and the Indonesian screen holds no English word of the tool's own, status words
 * included. The listener's golden screen: test/e2e/golden-refusal-listener.test.ts.
 */
import { describe, expect, it } from "vitest";
import { runReseller } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import {
  expectNothingSplit,
  expectScreen,
  inIndonesian,
  minute,
  ownWords,
  wholeWords,
} from "../support/golden-screens.js";
import { englishIn, indonesian, statusWords } from "../support/language.js";
import { terminalEnv, useTmux } from "./tmux.js";

const item = "Pulsa Telkomsel 10.000";

describe("golden screen of a repeat refused, at 80 columns in a real terminal", () => {
  const harness = useEmulator();
  const tmux = useTmux("golden-refusal");

  it.each([
    ["English", "Toko Makmur Jaya", "en", {}],
    ["Indonesian", "Kios Reload 24 Jam", "id", indonesian],
  ] as const)(
    "in %s: the earlier purchase's ref_id, invoice, item, customer and time with its zone whole",
    async (_language, account, tag, language: Record<string, string>) => {
      const env = { ...harness.accountEnv(harness.apiKeyOf(account)), ...language };
      const customer = "0812345678901";
      const ref = `RSL-GOLDEN-REPEAT-${tag.toUpperCase()}-0001`;
      const args = ["buy", "--item", "12", "--qty", "1", "--note", customer, "--yes", "--no-input"];
      const first = await runReseller([...args, "--ref-id", ref, "--json"], { env });
      expect(first.exitCode, first.stderr).toBe(0);
      const bought = JSON.parse(first.stdout).data as { invoice: string; created_at: string };
      // The same refusal piped: its words unwrapped, what the terminal's screen may only wrap.
      const piped = await runReseller(args, { env });
      expect(piped.exitCode, piped.stderr).toBe(2);
      const term = tmux.run(args, { env: terminalEnv(env), width: 80, height: 40 });
      expect(await term.exitCode(15_000)).toBe(2);
      const screen = term.screen().replace(/\n*Pane is dead .*$/, "");
      if (process.env.SHOW_SCREENS) console.log(`== repeat refused (${tag})\n${screen}`);
      // The refusal tells the time this machine sent the purchase, a moment before the service
      // created it: the same minute, or the one before when a minute turned between them.
      const minutes = [0, -60_000]
        .map((by) => minute(new Date(Date.parse(bought.created_at) + by).toISOString()))
        .map((at) => (tag === "id" ? inIndonesian(at) : at));
      const at = minutes.find((m) => screen.includes(m)) ?? minutes[0]!;
      expectScreen(screen, 80, [ref, bought.invoice, customer, at]);
      // The item's name whole, wrapped between words at worst, beside its customer.
      expect(screen.replace(/\n {2}/g, " ")).toContain(`1 × ${item} ${tag === "id" ? "untuk" : "for"} ${customer}`);
      expectNothingSplit(screen, 80, wholeWords(piped.stderr));
      expect(screen).toContain("REPEATED_ORDER");
      // Each fact of the earlier purchase said once, in the message: no line under it names it again.
      for (const fact of [ref, bought.invoice]) expect(screen.split(fact).length - 1, fact).toBe(1);
      expect(screen).not.toMatch(tag === "id" ? /sebelumnya:/ : /earlier [a-z_]+:/);
      expect(screen).toContain(
        tag === "id" ? "\n  hasil: tidak dikirim; saldo tidak terpotong\n" : "\n  outcome: not sent; nothing charged\n",
      );
      // The repeat window with its unit, never `48` at a line's end and `h:` on the next.
      expect(screen).toContain(tag === "id" ? "48 jam" : "48 h");
      const said = screen.replace(/\n {2}/g, " ");
      if (tag === "id") {
        expect(said).toMatch(/dibeli \d{1,2} \p{L}{3,4} \d{4} \d\d\.\d\d\.\d\d WIB/u);
        expect(englishIn(ownWords(screen, [item]), statusWords), screen).toEqual([]);
      } else expect(said).toMatch(/bought \d{1,2} \p{L}{3} \d{4} \d\d:\d\d:\d\d WIB/u);
    },
  );
});
