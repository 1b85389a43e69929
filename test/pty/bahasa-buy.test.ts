/**
 * A single buy's questions at a real terminal in Indonesian (tmux): a required field asked by the
 * item's own label, an open amount's nominal checked as typed against its range, the lines above
 * "Beli?" with the account the top-up goes to, and declining: nothing bought, exit 0.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { englishIn, indonesian } from "../support/language.js";
import { terminalEnv, useTmux } from "./tmux.js";

describe("buying at a terminal in Indonesian", () => {
  const harness = useEmulator();
  const tmux = useTmux("bahasa-buy");
  const run = (args: string[]) =>
    tmux.run(args, { env: terminalEnv({ ...harness.accountEnv(harness.apiKeyOf("Cahaya Voucher")), ...indonesian }) });
  /** The screen less what the service named (items, players) and tmux's own line. */
  const ours = (screen: string) =>
    screen
      .replace(/Saldo DANA Bebas Nominal|Free Fire 140 Diamonds|Pulsa Telkomsel 10\.000|RajaBooyah \(Indonesia\)/g, " ")
      .replace(/\n*Pane is dead .*$/, "");

  it("asks an open amount's nominal in Indonesian, refuses one off its step, then declining buys nothing", async () => {
    const before = harness.accountOf(harness.apiKeyOf("Cahaya Voucher")).transactions.length;
    const term = run(["buy", "--item", "29", "--note", "081234567890"]);
    await term.waitFor(
      "? Nominal untuk Saldo DANA Bebas Nominal (dari Rp 10.000 sampai Rp 2.000.000 dengan kelipatan Rp 1.000)",
    );
    term.type("10500");
    term.press("Enter");
    await term.waitFor("Rp 10.500 bukan kelipatan Rp 1.000");
    term.press(...Array<string>(5).fill("BSpace"));
    term.type("1,5");
    term.press("Enter");
    await term.waitFor("Bukan nominal: ada desimalnya tapi tanpa satuan (rb, jt) (Rp 1.500 atau Rp 1.500.000?)");
    term.press(...Array<string>(3).fill("BSpace"));
    term.type("25rb");
    term.press("Enter");
    const question = await term.waitFor("? Beli?");
    expect(question).toMatch(/Produk\s+Saldo DANA Bebas Nominal \(#29, h2h\)/);
    expect(question).toMatch(/Nominal\s+Rp 25\.000 \+ harga Rp 1\.000/);
    expect(question).toMatch(/Jumlah\s+1 × Rp 26\.000/);
    expect(question).toMatch(/Saldo setelahnya\s+Rp [\d.]+ \(sekarang Rp [\d.]+\)/);
    term.type("n");
    term.press("Enter");
    await term.waitFor("Tidak ada yang dibeli.");
    expect(await term.exitCode()).toBe(0);
    expect(englishIn(ours(term.screen())), term.screen()).toEqual([]);
    expect(harness.accountOf(harness.apiKeyOf("Cahaya Voucher")).transactions).toHaveLength(before);
  });

  it("asks a required field by the item's label, and names the player's account above the question", async () => {
    const term = run(["buy", "--item", "22", "--qty", "1", "--note", "123456789"]);
    const question = await term.waitFor("? Beli?");
    expect(question).toMatch(/Akun\s+RajaBooyah \(Indonesia\)/);
    expect(question).toMatch(/Catatan\s+123456789/);
    term.type("n");
    term.press("Enter");
    await term.waitFor("Tidak ada yang dibeli.");
    expect(await term.exitCode()).toBe(0);
    expect(englishIn(ours(term.screen())), term.screen()).toEqual([]);

    const asked = run(["buy", "--item", "12", "--qty", "1"]);
    await asked.waitFor("? Nomor HP untuk Pulsa Telkomsel 10.000");
    asked.press("Enter"); // empty: refused as typed
    await asked.waitFor("Wajib diisi");
    asked.press("C-c");
    expect(await asked.exitCode()).toBe(130);
  });
});
