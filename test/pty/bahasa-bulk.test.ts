/**
 * A bulk run's golden screens in a real terminal, in Indonesian and in English: a tmux window 80
 * columns wide (its own width, no COLUMNS), orders with mixed outcomes (delivered, a delivery that
 * failed and was refunded, a game account that does not exist so the row is not sent, an item the
 * service refused as sold out). The progress lines, the table, the summary and
 * the money line all fit; every serial, invoice, ref_id, customer and amount stands whole on a line;
 * and the Indonesian screen has no English words of the tool's own.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatRupiah } from "../../src/output/format.js";
import { useEmulator } from "../support/emulator.js";
import { expectScreen } from "../support/golden-screens.js";
import { englishIn } from "../support/language.js";
import { terminalEnv, useTmux } from "./tmux.js";

interface Result {
  row: number;
  ref_id: string;
  outcome: string;
  invoice?: string;
  amount?: number;
  refunded?: number;
  customer?: string;
  hand_over?: string[];
}

describe("a bulk run's golden screens at 80 columns", () => {
  const harness = useEmulator();
  const tmux = useTmux("bahasa-bulk");

  const languages = [
    [
      "Indonesian",
      "id_ID.UTF-8",
      "Warung Premium ID",
      / 5 order: 2 berhasil, 1 gagal \(dana Rp [\d.]+ dikembalikan\), 1 ditolak, 1 tidak dikirim\. /,
    ],
    [
      "English",
      "en_US.UTF-8",
      "Sinar Digital Store",
      / 5 orders: 2 delivered, 1 failed \(Rp [\d.]+ refunded\), 1 refused, 1 not sent\. /,
    ],
  ] as const;

  it.each(languages)("in %s: every line fits, every datum whole", async (language, lang, account, summary) => {
    // An account each, so neither run meets the other's orders.
    const env = harness.accountEnv(harness.apiKeyOf(account));
    const dir = env.RESELLER_CONFIG_DIR;
    const orders = join(dir, "toko.csv");
    const out = join(dir, "hasil.jsonl");
    // With --no-check, 08123 goes to the provider, which refuses it: the service refunds it. The account
    // check finds no player 999990101, so that row is not sent. Item 8 is sold out.
    const prefix = language === "English" ? "0812555592" : "0812555591";
    writeFileSync(
      orders,
      ["item_id,quantity,note", `11,1,${prefix}01`, `13,1,${prefix}02`, "12,1,08123", "22,1,999990101", "8,1,"].join(
        "\n",
      ),
    );
    const term = tmux.run(["buy", "--file", orders, "--wait", "--no-check", "--yes", "--out", out], {
      env: terminalEnv({ ...env, LANG: lang }),
      width: 80,
      height: 100,
    });
    // The service's clock runs ahead while the run waits for deliveries.
    const ticking = setInterval(() => harness.emulator.clock.advance(5_000), 200);
    try {
      expect(await term.exitCode(30_000)).toBe(1);
    } finally {
      clearInterval(ticking);
    }
    // tmux's own line under a finished program is not reseller's.
    const screen = term.screen().replace(/\n*Pane is dead .*$/, "");
    if (process.env.SHOW_SCREENS) console.log(`== ${language}\n${screen}`);

    const results = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Result);
    expect(results.map((r) => r.outcome).sort()).toEqual([
      "delivered",
      "delivered",
      "delivery_failed",
      "not_sent",
      "refused",
    ]);
    const data = results.flatMap((r) => [
      r.ref_id,
      ...(r.invoice ? [r.invoice] : []),
      ...(r.customer ? [r.customer] : []),
      ...(r.amount !== undefined ? [formatRupiah(r.amount)] : []),
      // Money given back is said on screen; a row that kept it all (`refunded: 0`) says nothing of it.
      ...(r.refunded ? [formatRupiah(r.refunded)] : []),
      ...(r.hand_over ?? []),
    ]);
    expectScreen(screen, 80, data);
    // A sentence the terminal's width wrapped between words reads as one again.
    const said = screen.replace(/\s+/g, " ");
    expect(said).toMatch(summary);
    if (language === "Indonesian") {
      expect(screen).toMatch(/^Mengirim 5 order \(paling banyak Rp [\d.]+\), 4 sekaligus…$/m);
      expect(screen).toMatch(/^\[\d\/5\] baris 4 1 × Pulsa Telkomsel 10\.000 untuk 08123: gagal/m);
      expect(screen).toMatch(/^\[\d\/5\] baris 5 1 × Free Fire 140 Diamonds untuk 999990101: tidak dikirim/m);
      // Below the table, the row not sent says why and that nothing was charged.
      expect(said).toMatch(
        /Tidak ada akun 999990101 untuk produk 22 \(Free Fire 140 Diamonds\); tidak dikirim, saldo tidak terpotong/,
      );
      expect(screen).toMatch(/│ Baris +│ Produk +│ Hasil +│ Nominal +│/);
      expect(said).toMatch(
        / Terpakai Rp [\d.]+, dana Rp [\d.]+ dikembalikan: total Rp [\d.]+; saldo sekarang Rp [\d.]+\. /,
      );
      expect(englishIn(screen), screen).toEqual([]);
    } else {
      expect(screen).toMatch(/^Sending 5 orders \(up to Rp [\d.]+\), 4 at a time…$/m);
      expect(said).toMatch(
        /There is no account 999990101 for item 22 \(Free Fire 140 Diamonds\); not sent, nothing charged/,
      );
      expect(screen).toMatch(/│ Line +│ Item +│ Outcome +│ Amount +│/);
      expect(said).toMatch(/ Spent Rp [\d.]+, Rp [\d.]+ refunded: Rp [\d.]+ in all; balance now Rp [\d.]+\. /);
    }
  });
});
