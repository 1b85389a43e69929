/**
 * The listener's golden screen: `webhook listen` at 80 columns printing the events it received, in
 * English and in Indonesian. Each event's time with its zone, ref_id, invoice, item, customer and
 * serial stand whole, no line is wider than the window, no word is split, and the Indonesian screen
 * holds no English word of the tool's own, status words included (the event names are the service's).
 * The repeat refusal's golden screen is on stderr, which only a real terminal wraps:
 * test/pty/golden-refusal.test.ts.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { ansi, expectNothingSplit, expectScreen, ownWords, wholeWords } from "../support/golden-screens.js";
import { englishIn, indonesian, statusWords } from "../support/language.js";
import { resellerAs } from "./commands-harness.js";
import { buy, makeSecret, pointServiceAt, until, useListeners } from "./webhook-harness.js";

const harness = useEmulator();
const { listen } = useListeners();
const item = "Pulsa Telkomsel 10.000";

describe("golden screen of webhook listen at 80 columns", () => {
  it.each([
    ["English", "Sumber Rejeki Cell", "en", {}],
    ["Indonesian", "Mandiri Pulsa Center", "id", indonesian],
  ] as const)(
    "in %s: each event's time and zone, ref_id, invoice, item, customer and serial whole",
    async (_language, account, tag, language: Record<string, string>) => {
      const reseller = resellerAs(harness, harness.apiKeyOf(account));
      await makeSecret(reseller);
      const listener = await listen(reseller, [], { mode: "table", env: { ...language, COLUMNS: "80" } });
      await pointServiceAt(reseller, listener.url);
      const ref = `RSL-GOLDEN-LISTENER-${tag.toUpperCase()}-0001`;
      const customer = "0812345678901";
      await buy(reseller, ["--item", "12", "--qty", "1", "--note", customer, "--ref-id", ref]);
      harness.emulator.clock.advance(6_000);
      await until("the delivered order printed", () => listener.stdout().includes("order.completed"));
      const { stdout: screen, stderr } = await listener.stop();
      if (process.env.SHOW_SCREENS) console.log(`== webhook listen (${tag})\n${screen}\n${stderr}`);
      const trx = harness.accountOf(harness.apiKeyOf(account)).transactions.find((t) => t.ref_id === ref)!;
      // One word per thing in both languages: `SN`, as the glossary has it (never `sn`).
      const serial = /\bSN (\d{20})\b/.exec(screen)?.[1];
      expect(screen).not.toMatch(/\bsn\b/);
      expect(serial, screen).toBeDefined();
      expectScreen(screen, 80, [ref, trx.invoice, item, customer, serial!]);
      // Each event's line starts with when it came, to the second, its zone named, and the order's ref_id.
      const lines = screen.replace(ansi, "").split("\n");
      for (const event of ["order.paid", "order.completed"])
        expect(
          lines.some((line) =>
            new RegExp(`^\\d{1,2} \\p{L}{3,4} \\d{4} \\d\\d[:.]\\d\\d[:.]\\d\\d WIB  ${event} +${ref}\\b`, "u").test(
              line,
            ),
          ),
          `${event} with its time and zone:\n${screen}`,
        ).toBe(true);
      expectNothingSplit(
        screen,
        80,
        wholeWords(`${ref} ${trx.invoice} order.paid order.completed ${item} ${customer}`),
      );
      if (tag === "id") {
        expect(screen).toMatch(/ berhasil /);
        // The event names (order.paid, order.completed) are what the service calls them.
        expect(englishIn(ownWords(screen.replace(/\border\.[a-z_.]+/g, " "), [item]), statusWords), screen).toEqual([]);
      } else expect(screen).toMatch(/ completed +\(delivered\) /);
      // A status and its gloss on one line (`paid` at a line's end and `(delivered)` on the next glossed
      // nothing), and the arrow with the customer it points to; no line ends in a space.
      const glossed = tag === "id" ? /\bdibayar \((diproses|berhasil)\)/ : /\bpaid \((bought|delivered)\)/;
      expect(
        lines.some((line) => glossed.test(line)),
        screen,
      ).toBe(true);
      expect(screen).toContain(`→ ${customer}`);
      expect(
        lines.filter((line) => line.endsWith(" ")),
        screen,
      ).toEqual([]);
    },
  );
});
