/**
 * Indonesian at an 80-column terminal on screens the golden set does not hold, against the emulator:
 * a usage error, a service's refusal, a file's rows to fix, a partly delivered purchase waited for, a
 * confirmation's JSON note, a fresh stock lock, the emulator's start-up lines, long lists in the
 * pager (items, prices), the next page's command, the help's topics. What a terminal folds shows up
 * in capture-pane -J as a line wider than the window: every line must fit, so no word is cut in two
 * (`dikembal` / `ikan`).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { indonesian } from "../support/language.js";
import { makeTempDir } from "../support/temp-dir.js";
import { needsPrograms } from "../support/tools.js";
import { until } from "../support/until.js";
import { terminalEnv, useTmux, type TerminalSession } from "./tmux.js";

const width = 80;

/** The lines the terminal had to fold: wider than the window once capture-pane has joined them. */
const folded = (screen: string) => screen.split("\n").filter((line) => [...line].length > width);

describe("Indonesian at 80 columns beyond the golden screens", () => {
  const harness = useEmulator();
  const tmux = useTmux("bahasa-beyond");
  // Tall enough that nothing goes through the pager: the screen is what was written.
  const run = (args: string[], account = "Toko Makmur Jaya") =>
    tmux.run(args, {
      env: terminalEnv({ ...harness.accountEnv(harness.apiKeyOf(account)), ...indonesian }),
      width,
      height: 150,
    });
  const ended = async (term: TerminalSession, code: number) => {
    expect(await term.exitCode(15_000), term.screen()).toBe(code);
    return term.screen();
  };

  it("a usage error wraps between words, before any command has run", async () => {
    const screen = await ended(run(["trx", "list", "--status", "selesai"]), 2);
    expect(folded(screen), screen).toEqual([]);
    expect(screen).toMatch(
      /^Gagal: --status harus pending, paid, completed, failed atau canceled, bukan\n {2}"selesai"\.$/m,
    );
  });

  it("a service's refusal keeps its code whole: never `HTTP` at a line's end and `422)` on the next", async () => {
    const screen = await ended(run(["sandbox", "--item", "28", "--qty", "1"]), 1);
    expect(folded(screen), screen).toEqual([]);
    expect(screen).toMatch(/\(MINIMUM_ORDER_NOT_MET, HTTP 422\)$/m);
  });

  it("a file's rows to fix wrap between words under the error, further in than the next row", async () => {
    const file = join(makeTempDir("reseller-beyond-"), "orders.csv");
    writeFileSync(file, "item_id,quantity,note\n999,1,081234567002\n15,1,0819abc\n");
    const screen = await ended(run(["buy", "--file", file, "--yes"]), 2);
    expect(folded(screen), screen).toEqual([]);
    expect(screen).toMatch(/^ {2}orders\.csv baris 3: catatan "0819abc" bukan nomor HP untuk produk 15/m);
    expect(screen).toMatch(/^ {4}\S/m);
  });

  it("a partly delivered purchase: its details wrap, and the service's note does not say the refund again", async () => {
    const term = run(
      ["buy", "--item", "23", "--qty", "1000", "--target", "https://instagram.com/partial_beyond", "--wait", "--yes"],
      "Cahaya Voucher",
    );
    // The panel finishes 60 s after the order on the emulator's clock: moved on until the verdict shows.
    await until(
      "the verdict of the partly delivered order",
      () => {
        const screen = term.screen();
        if (/Berhasil beli/.test(screen)) harness.emulator.clock.advance(10_000);
        return /Sebagian terkirim:/.test(screen);
      },
      20_000,
      100,
    );
    const screen = await ended(term, 1);
    expect(folded(screen), screen).toEqual([]);
    expect(screen).toMatch(
      /^ {2}hasil: sebagian terkirim; saldo terpotong, bagian yang tidak terkirim\n {4}dikembalikan$/m,
    );
    expect(screen).toMatch(/dana Rp [\d.]+ dikembalikan/);
    // The emulator's note, `Rp 14.700 was refunded to the balance for …`, says what the lines above say.
    expect(screen).not.toMatch(/was refunded|layanan: /);
    expect(screen).not.toMatch(/^Catatan/m);
  });

  it("a confirmation's JSON note too long for a line is parted after its commas, never mid-word", async () => {
    const target = "https://www.youtube.com/channel/UCabcdefghijklmnopqrstuvwx";
    const term = run(
      ["buy", "--item", "26", "--qty", "100", "--target", target, "--opt", "drip_feed_slow_speed_premium_retention"],
      "Mitra Top Up Nusantara",
    );
    await term.waitFor("? Beli?");
    term.type("n");
    term.press("Enter");
    const screen = await ended(term, 0);
    expect(folded(screen), screen).toEqual([]);
    expect(screen).toMatch(/^ {4}\{"target":"https:\/\/www\.youtube\.com\/channel\/\w+",$/m);
    expect(screen).toMatch(/^ {4}"opt_smm":\["drip_feed_slow_speed_premium_retention"\]\}$/m);
  });

  it("a fresh stock lock names its two commands each on a line of its own", async () => {
    const screen = await ended(run(["lock", "add", "--item", "3", "--qty", "1"], "Sumber Rejeki Cell"), 0);
    expect(folded(screen), screen).toEqual([]);
    expect(screen).toMatch(/^Beli dengan: reseller buy --lock LCK-\S+ --note …$/m);
    expect(screen).toMatch(/^Lepas: reseller lock release LCK-\S+$/m);
  });

  it("and so does the English one", async () => {
    const term = tmux.run(["lock", "add", "--item", "3", "--qty", "1"], {
      env: terminalEnv(harness.accountEnv(harness.apiKeyOf("Sumber Rejeki Cell"))),
      width,
      height: 150,
    });
    const screen = await ended(term, 0);
    expect(folded(screen), screen).toEqual([]);
    expect(screen).toMatch(/^Buy with it: reseller buy --lock LCK-\S+ --note …$/m);
    expect(screen).toMatch(/^Give it back: reseller lock release LCK-\S+$/m);
  });

  it("the emulator's start-up lines wrap between words: no `PO` / `ST`, no address cut in two", async () => {
    const term = run(["emulator", "--port", "0"]);
    await term.waitFor("Tekan Ctrl-C untuk berhenti");
    term.press("C-c");
    const screen = await ended(term, 0);
    expect(folded(screen), screen).toEqual([]);
    expect(screen).toMatch(/ POST \/__emulator\/dialect$/m);
    expect(screen).toMatch(/ http:\/\/127\.0\.0\.1:\d+\/__emulator\/state,/);
  });

  describe("paged", () => {
    needsPrograms("less");

    it("a long list goes through less, its borders drawn even where the machine lacks the id_ID locale", async () => {
      // 24 rows: the catalogue is longer, so less shows its first page and waits.
      const term = tmux.run(["items"], {
        env: terminalEnv({ ...harness.accountEnv(harness.apiKeyOf("Toko Makmur Jaya")), ...indonesian }),
        width,
        height: 24,
      });
      const screen = await term.waitFor("│ Netflix");
      term.press("q");
      expect(await term.exitCode(15_000)).toBe(0);
      expect(screen).toMatch(/^┌─+┬/m);
      expect(screen).not.toMatch(/<E2>/);
      expect(folded(screen), screen).toEqual([]);
    });
  });

  it("prices, a row per item as items has, goes through the pager too; a price list to copy does not", async () => {
    const env = terminalEnv({
      ...harness.accountEnv(harness.apiKeyOf("Toko Makmur Jaya")),
      ...indonesian,
      PAGER: "sed s/^/PAGED:/",
    });
    const table = tmux.run(["prices"], { env, width, height: 24 });
    expect(await table.exitCode(15_000)).toBe(0);
    expect(table.screen()).toMatch(/^PAGED:│ 12 +│ Pulsa Telkomsel 10\.000 /m);
    const list = tmux.run(["prices", "--format", "text"], { env, width, height: 24 });
    expect(await list.exitCode(15_000)).toBe(0);
    expect(list.screen()).not.toContain("PAGED:");
  });

  it("the next page's command stands whole on a line, never `--page 2` / `--per-page 1`", async () => {
    for (const note of ["081234560101", "081234560102"])
      await ended(run(["buy", "--item", "12", "--qty", "1", "--note", note, "--yes"], "Jaya Abadi Digital"), 0);
    const screen = await ended(run(["trx", "list", "--per-page", "1", "--no-refresh"], "Jaya Abadi Digital"), 0);
    expect(folded(screen), screen).toEqual([]);
    expect(screen).toMatch(
      /^Halaman 1 dari \d+ \(\d+ transaksi\)\. Berikutnya:\nreseller trx list --page 2 --per-page 1$/m,
    );
  });

  it("the help's topics are named in Indonesian: help PERINTAH", async () => {
    const screen = await ended(run(["--help"]), 0);
    expect(screen).toMatch(/^ {2}help PERINTAH {2,}opsi, contoh/m);
    expect(screen).not.toMatch(/COMMAND/);
  });
});
