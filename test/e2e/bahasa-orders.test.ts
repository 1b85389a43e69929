/**
 * Buying and reading orders in Bahasa Indonesia: with LANG=id_ID.UTF-8 the refusals of an amount, a
 * quantity and an orders file's rows (each named `shop.csv baris 2`) speak Indonesian, while a script
 * sees the same exit code and the same bytes on stdout in both languages, and a JSON error the same code.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resellerInProcess, whileAdvancing, writeCart } from "./commands-harness.js";
import { useEmulator } from "../support/emulator.js";
import { columnCells, expectScreen, recordValues } from "../support/golden-screens.js";
import { englishIn, indonesian, statusWords } from "../support/language.js";
import { buyOne } from "../support/cli.js";

const english = { LANG: "en_US.UTF-8" };
/** A file's column and field names stay as the file writes them (`kolom note`, `field "qty"`), as flags do. */
const withoutColumns = (screen: string) =>
  screen.replace(/"[a-z_]+"|\b(?:note|quantity|qty|target|opt|comment|nominal)\b/g, " ");

describe("reading orders in Indonesian", () => {
  const harness = useEmulator();
  const reseller = () => resellerInProcess(harness, harness.apiKeyOf("Jaya Abadi Digital"));

  /** The same command in both languages: the same exit code and stdout; with --json the same error but for its words. */
  async function bothLanguages(args: string[]) {
    const r = reseller();
    const id = await r.run(args, { env: { ...indonesian, COLUMNS: "80" } });
    const en = await r.run(args, { env: { ...english, COLUMNS: "80" } });
    expect(id.exitCode, id.stderr).toBe(en.exitCode);
    expect(id.stdout).toBe(en.stdout);
    const idJson = await r.run([...args, "--json"], { env: indonesian });
    const enJson = await r.run([...args, "--json"], { env: english });
    expect(idJson.exitCode).toBe(enJson.exitCode);
    expect(idJson.stdout).toBe(enJson.stdout);
    if (enJson.stderr.startsWith("{")) {
      const [idError, enError] = [JSON.parse(idJson.stderr).error, JSON.parse(enJson.stderr).error];
      // Only the message and the hint follow the language: code, status and details are what scripts read.
      expect({ ...idError, message: "", suggestion: "" }).toEqual({ ...enError, message: "", suggestion: "" });
    }
    if (process.env.SHOW_SCREENS) console.log(`== ${args.join(" ")}\n${id.stderr}\n${en.stderr}`);
    return { id, en };
  }

  it("a malformed amount: both readings named in Indonesian, exit 2, nothing sent", async () => {
    const { id, en } = await bothLanguages(buyOne(29, "081234567890", "--nominal", "1.500rb", "--yes"));
    expect(id.exitCode).toBe(2);
    expect(id.stderr).toMatch(
      /^Gagal: --nominal "1\.500rb" bukan nominal Rupiah: dengan "rb" bisa berarti Rp 1\.500\.000 atau Rp 1\.500\.$/m,
    );
    expect(id.stderr).toMatch(/^Saran: Maksudnya Rp 1\.500\.000 \(1500000\) atau Rp 1\.500 \(1500\)\? Tulis seperti /m);
    expect(en.stderr).toMatch(/^Error: --nominal "1\.500rb" is not an amount of Rupiah: with "rb" it could mean/m);
    expect(englishIn(id.stderr)).toEqual([]);
  });

  it("an amount the item does not take: its range in Indonesian, with the code", async () => {
    const args = ["buy", "--item", "29", "--qty", "1", "--note", "081234567890", "--nominal", "5000", "--yes"];
    const { id } = await bothLanguages(args);
    expect(id.exitCode).toBe(2);
    expect(id.stderr).toMatch(
      /^Gagal: Nominal produk 29 \(.+\) di bawah minimal: harus dari Rp 10\.000 sampai Rp 2\.000\.000 dengan kelipatan Rp 1\.000; yang diminta Rp 5\.000\. \(OPEN_AMOUNT_OUT_OF_RANGE\)$/m,
    );
    expect(englishIn(id.stderr.replace(/\(Saldo [^)]*\)/, ""))).toEqual([]);
  });

  it("a refused quantity: said in Indonesian, exit 2", async () => {
    const { id, en } = await bothLanguages(["buy", "--item", "12", "--qty", "1,5", "--note", "081234567890", "--yes"]);
    expect(id.exitCode).toBe(2);
    expect(id.stderr).toMatch(/^Gagal: --qty harus bilangan bulat positif, bukan "1,5"\.$/m);
    expect(en.stderr).toMatch(/^Error: --qty must be a positive whole number, not "1,5"\.$/m);
    expect(englishIn(id.stderr)).toEqual([]);
  });

  it("an orders file with bad rows: each named by its place, shop.csv baris N, in Indonesian; nothing sent", async () => {
    const r = reseller();
    const file = join(r.configDir, "shop.csv");
    writeFileSync(
      file,
      ["item_id,quantity,note", "12,1.5,081234567890", "29,1,081234567890", "12,1,081234567890,x"].join("\n"),
    );
    const { id, en } = await bothLanguages(["buy", "--file", file, "--yes"]);
    expect(id.exitCode).toBe(2);
    expect(id.stderr).toMatch(/^Gagal: 3 baris perlu diperbaiki; tidak ada yang dikirim: \(INVALID_INPUT\)$/m);
    expect(id.stderr).toMatch(/^ {2}shop\.csv baris 2: quantity harus bilangan bulat positif, bukan "1\.5"\./m);
    expect(id.stderr).toMatch(
      /^ {2}shop\.csv baris 3: produk 29 \(.+\) bernominal bebas .+ \(Catatan berisi target dan kolom nominal/m,
    );
    expect(id.stderr).toMatch(/^ {2}shop\.csv baris 4: ada 4 kolom padahal header-nya 3/m);
    expect(en.stderr).toMatch(/^ {2}shop\.csv line 2: quantity must be a positive whole number/m);
    // A script reads the rows' places as keys: `shop.csv line 2` in the JSON error in both languages.
    const json = await r.run(["buy", "--file", file, "--yes", "--json"], { env: indonesian });
    expect(Object.keys(JSON.parse(json.stderr).error.details)).toEqual([
      "shop.csv line 2",
      "shop.csv line 3",
      "shop.csv line 4",
    ]);
    expect(englishIn(withoutColumns(id.stderr.replace(/\(Saldo [^)]*\)/g, "")))).toEqual([]);
    // A row of an item the service does not have: its place in Indonesian too.
    writeFileSync(file, ["item_id,quantity,note", "99999,1,081234567890"].join("\n"));
    const missing = await r.run(["buy", "--file", file, "--yes"], { env: indonesian });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/^Gagal: shop\.csv baris 2: Tidak ada produk aktif dengan id 99999\./m);
    expect(englishIn(missing.stderr)).toEqual([]);
  });

  it("a cart file's bad line: keranjang baris N, in Indonesian", async () => {
    const r = reseller();
    const cart = writeCart(r, [
      { item_id: 12, quantity: 1, note: "081234567890" },
      { item_id: 12, qty: 1 },
    ]);
    const { id } = await bothLanguages(["buy", "--cart", cart, "--yes"]);
    expect(id.exitCode).toBe(2);
    expect(id.stderr).toMatch(/^Gagal: keranjang baris 2: field "qty" tidak dikenal/m);
    expect(englishIn(withoutColumns(id.stderr))).toEqual([]);
  });
});

describe("buying, locking, checking and settling in Indonesian", () => {
  const harness = useEmulator();
  afterEach(() => harness.emulator.faults.reset());

  it("a delivery that failed: its outcome line says in Indonesian that money moved and came back; exit 1 in both", async () => {
    const r = resellerInProcess(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    const buy = (player: string) => buyOne(22, player, "--yes", "--wait", "--no-validate");
    const id = await whileAdvancing(harness.emulator, r.run(buy("999990201"), { env: indonesian }), 5, 200);
    const en = await whileAdvancing(harness.emulator, r.run(buy("999990202"), { env: english }), 5, 200);
    if (process.env.SHOW_SCREENS) console.log(`${id.stderr}\n${en.stderr}`);
    expect(id.exitCode, id.stderr).toBe(1);
    expect(en.exitCode, en.stderr).toBe(1);
    expect(id.stderr).toMatch(/^Tidak terkirim: [^"]*999990201; dana Rp 19\.000 dikembalikan\. \(DELIVERY_FAILED\)$/m);
    expect(id.stderr).toMatch(/^ {2}hasil: gagal; saldo terpotong, lalu dikembalikan$/m);
    expect(id.stderr).toMatch(/^Saran: Cek data pelanggan, lalu beli lagi dengan ref_id baru/m);
    expect(en.stderr).toMatch(/^Delivery failed: [^"]*999990202; Rp 19\.000 refunded\. \(DELIVERY_FAILED\)$/m);
    expect(en.stderr).toMatch(/^ {2}outcome: delivery failed; charged, then refunded$/m);
    // The service's note on the transaction and the provider's words are the service's own; the names
    // of the details under the error are the printer's, in Indonesian.
    expect(id.stderr).toMatch(/^ {2}pesan pemasok: /m);
    // The service's note says the refund again: said once, in our words, not spliced in.
    expect(id.stderr).not.toContain("All items failed");
    expect(id.stderr).toMatch(/^ {2}ref_id: RSL-\S+$/m);
    const ours = id.stderr.replace(/^ {2}pesan pemasok:.*$/gm, "");
    expect(englishIn(ours, statusWords)).toEqual([]);
  });

  it("a repeat of a recent purchase refused under --no-input: the earlier one's details named in Indonesian", async () => {
    const r = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const args = ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--yes", "--no-input"];
    expect((await r.run(args, { env: indonesian })).exitCode).toBe(0);
    const again = await r.run(args, { env: indonesian });
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toMatch(
      /^Gagal: Order yang sama sudah dibeli .*\(invoice INV-\S+, ref_id RSL-\S+, diproses\)\. \(REPEATED_ORDER\)$/m,
    );
    // The message names the earlier purchase; the lines under it do not name it again.
    for (const name of ["ref_id sebelumnya", "invoice sebelumnya", "waktu sebelumnya", "hasil sebelumnya"])
      expect(again.stderr).not.toContain(name);
    expect(again.stderr).toMatch(/^ {2}hasil: tidak dikirim; saldo tidak terpotong\nSaran: Kalau pelanggan/m);
    expect(englishIn(again.stderr)).toEqual([]);
  });

  it("a purchase whose answer never came: said in Indonesian with the ref_id, exit 5; reconcile settles it in Indonesian", async () => {
    const r = resellerInProcess(harness, harness.apiKeyOf("Sumber Rejeki Cell"));
    // Every attempt is dropped before the service commits it: no answer, and nothing bought.
    harness.emulator.faults.configure({ drop_before_commit_next: 5, match: { method: "POST", path: "/v1/trx" } });
    const args = ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "TOKO-LOST-1", "--yes"];
    const lost = await r.run(args, { env: indonesian });
    expect(lost.exitCode, lost.stderr).toBe(5);
    expect(lost.stderr).toMatch(
      /^Hasil belum pasti: Pembelian sudah dikirim tapi tidak ada jawaban setelah \d+ kali percobaan \(.+\); mungkin sudah masuk, mungkin belum\./m,
    );
    expect(lost.stderr).toMatch(
      /Jalankan `reseller reconcile` \(atau `reseller trx show TOKO-LOST-1`\) untuk memastikannya/,
    );
    harness.emulator.faults.reset();

    // Piped, reconcile's rows are for scripts: the journal's words in English whatever the language.
    const piped = await r.run(["reconcile"], { env: indonesian });
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(
      /\tbuy\tTOKO-LOST-1\tnot_bought\tnot bought; safe to buy again with the same ref_id \(--ref-id TOKO-LOST-1\)\t12\t1\t081234567890\n$/,
    );
    expect(piped.stderr).toBe("1 dari 1 sudah dipastikan.\n");
    expect((await r.run(["history", "--unresolved"], { env: indonesian })).stderr).toMatch(/^Semua hasil sudah pasti/);
  });

  it("reconcile on a terminal: its table and lines in Indonesian within 80 columns, English under --lang en", async () => {
    for (const [language, env] of [
      ["id", indonesian],
      ["en", english],
    ] as const) {
      const r = resellerInProcess(harness, harness.apiKeyOf("Mandiri Pulsa Center"));
      harness.emulator.faults.configure({ drop_before_commit_next: 5, match: { method: "POST", path: "/v1/trx" } });
      const ref = `TOKO-LOST-${language}`;
      const buy = ["buy", "--item", "11", "--qty", "1", "--note", "081234567891", "--ref-id", ref, "--yes"];
      expect((await r.run(buy, { env })).exitCode).toBe(5);
      harness.emulator.faults.reset();
      const shown = await r.run(["reconcile"], { mode: "table", env: { ...env, COLUMNS: "80" } });
      if (process.env.SHOW_SCREENS) console.log(`${shown.stdout}${shown.stderr}`);
      expect(shown.exitCode, shown.stderr).toBe(0);
      expectScreen(shown.stdout, 80, [ref]);
      if (language === "id") {
        // One row at 80 columns: a table, the service's answer a word and what it means said below it.
        expect(columnCells(shown.stdout, "Hasil"), shown.stdout).toEqual(["tidak dikirim"]);
        expect(columnCells(shown.stdout, "Jawaban")).toEqual(["tidak ada"]);
        expect(recordValues(shown.stdout, "tidak ada")[0]).toMatch(
          /^layanan tidak punya pembelian ini: tidak jadi dibeli\. Aman beli lagi dengan ref_id yang sama/,
        );
        expect(shown.stderr).toMatch(/^1 dari 1 sudah dipastikan\.$/m);
        expect(englishIn(shown.stdout)).toEqual([]);
        expect(englishIn(shown.stderr)).toEqual([]);
      } else {
        expect(shown.stderr).toMatch(/^Settled 1 of 1\.$/m);
      }
      const nothing = await r.run(["reconcile"], { env });
      expect(nothing.stderr).toBe(
        language === "id"
          ? "Tidak ada yang perlu dipastikan: hasil setiap permintaan sudah diketahui.\n"
          : "Nothing to reconcile: every request's outcome is known.\n",
      );
    }
  });

  it("a lock added and released: said in Indonesian; piped, the token alone", async () => {
    const r = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    const added = await r.run(["lock", "add", "--item", "3", "--qty", "1"], {
      mode: "table",
      env: { ...indonesian, COLUMNS: "80" },
    });
    expect(added.exitCode, added.stderr).toBe(0);
    const token = /LCK-\S+/.exec(added.stdout)![0];
    expect(added.stdout).toMatch(/^Token kunci stok +LCK-/m);
    expect(added.stdout).toMatch(/^Dikunci pada +/m);
    expect(added.stderr).toContain(
      `Beli dengan: reseller buy --lock ${token} --note …\nLepas: reseller lock release ${token}\n`,
    );
    expect(englishIn(added.stdout)).toEqual([]);
    expect(englishIn(added.stderr)).toEqual([]);

    const released = await r.run(["lock", "release", token], { env: indonesian });
    expect(released.exitCode, released.stderr).toBe(0);
    expect(released.stderr).toBe(`✓ ${token} dilepas; stoknya tersedia lagi.\n`);
    const again = await r.run(["lock", "release", token], { env: indonesian });
    const againEn = await r.run(["lock", "release", token], { env: english });
    expect(again.exitCode).toBe(againEn.exitCode);
    expect(again.stderr).toMatch(/^Saran: Tidak ada yang perlu dilepas; lihat kunci stok yang aktif/m);
    expect(englishIn(again.stderr)).toEqual([]);
    const empty = await r.run(["lock", "release", " "], { env: indonesian });
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toMatch(/^Gagal: Token kunci stok tidak boleh kosong\./m);

    // Piped: the token alone, in both languages.
    const pipedId = await r.run(["lock", "add", "--item", "3", "--qty", "1"], { env: indonesian });
    expect(pipedId.stdout).toMatch(/^LCK-\S+\n$/);
    expect(pipedId.stderr).toBe("");
  });

  it("validate: the account in Indonesian on a terminal; piped keys and --json the same bytes in both languages", async () => {
    const r = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    const args = ["validate", "--item", "22", "--customer-id", "123456789"];
    const shown = await r.run(args, { mode: "table", env: { ...indonesian, COLUMNS: "80" } });
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^Akun +RajaBooyah/m);
    expect(shown.stdout).toMatch(/^ID pelanggan +123456789$/m);
    expect(shown.stdout).toMatch(/^Produk +22 \(Free Fire 140 Diamonds\)$/m);
    expect(englishIn(shown.stdout.replace(/\(Free Fire [^)]*\)/, ""))).toEqual([]);
    for (const extra of [[], ["--json"]]) {
      const id = await r.run([...args, ...extra], { env: indonesian });
      const en = await r.run([...args, ...extra], { env: english });
      expect(id.exitCode).toBe(0);
      // The check is cached after the first: `from_cache` says so the same way in both.
      expect(id.stdout.replace(/(from_cache\t|"cached":)\S+/, ""), extra.join(" ")).toBe(
        en.stdout.replace(/(from_cache\t|"cached":)\S+/, ""),
      );
    }
    const missing = await r.run(["validate", "--item", "22", "--customer-id", "999990301"], { env: indonesian });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(
      /^Gagal: Tidak ada akun 999990301 untuk produk 22 \(Free Fire 140 Diamonds\)\. \(ACCOUNT_NOT_FOUND, HTTP 404\)$/m,
    );
    expect(missing.stderr).toMatch(/^Saran: Cek lagi ID \(dan zona\) dengan pelanggan\.$/m);
    expect(englishIn(missing.stderr.replace(/\(Free Fire [^)]*\)/, ""))).toEqual([]);
  });

  it("a sold-out item and a short balance: refused in Indonesian before anything is sent", async () => {
    const r = resellerInProcess(harness, harness.apiKeyOf("Mandiri Pulsa Center"));
    const soldOut = await r.run(["buy", "--item", "8", "--qty", "1", "--yes"], { env: indonesian });
    expect(soldOut.exitCode).toBe(1);
    expect(soldOut.stderr).toMatch(
      /^Gagal: Produk 8 \(ChatGPT Plus 1 Bulan \(Sharing\)\) habis; tidak ada yang dibeli\./m,
    );
    // The details under it (item_id, stock) are named by the printer.
    expect(soldOut.stderr).toMatch(/^ {2}id produk: /m);
    expect(englishIn(soldOut.stderr.replace(/\(ChatGPT.*?\)\)/, ""))).toEqual([]);
    const short = await r.run(["buy", "--item", "14", "--qty", "99", "--note", "081234567890", "--yes"], {
      env: indonesian,
    });
    if (process.env.SHOW_SCREENS) console.log(short.stderr);
    expect(short.exitCode).toBe(1);
    expect(short.stderr).toMatch(/^Gagal: Saldo (Rp [\d.]+ )?tidak cukup untuk pembelian Rp [\d.]+ ini\./m);
    expect(short.stderr).toMatch(/^Saran: Isi saldo dengan `reseller topup/m);
    // What the message does not say is under it, named by the printer, in Rupiah, not a bare number:
    // the balance and the total are in the message, "saldo tidak terpotong" on the outcome line, each once.
    expect(short.stderr).toMatch(/^ {2}hasil: ditolak; saldo tidak terpotong\n {2}kekurangan: Rp [\d.]+$/m);
    expect(short.stderr.split(/saldo tidak terpotong/i).length - 1).toBe(1);
    expect(short.stderr).not.toMatch(/^ {2}(saldo|total): /m);
    expect(englishIn(short.stderr)).toEqual([]);
  });

  it("a bulk run's JSON lines: the same bytes in both languages but for a problem's message", async () => {
    const lines: string[][] = [];
    for (const [account, env] of [
      ["Nusantara Akun Store", indonesian],
      ["Berkah Pulsa Cell", english],
    ] as const) {
      const r = resellerInProcess(harness, harness.apiKeyOf(account));
      const orders = join(r.configDir, "toko.csv");
      writeFileSync(orders, ["item_id,quantity,note", "22,1,999990401", "8,1,"].join("\n"));
      const run = await r.run(["buy", "--file", orders, "--json"], { env });
      expect(run.exitCode, run.stderr).toBe(1);
      lines.push(run.stdout.trim().split("\n"));
    }
    const [id, en] = lines.map((run) =>
      run
        .map((line) => JSON.parse(line))
        .map(({ error, ...rest }) => ({ ...rest, error: { ...error, message: typeof error?.message } }))
        .sort((a, b) => a.row - b.row),
    );
    expect(id).toEqual(en);
    expect(id!.map((r) => [r.outcome, r.error.code])).toEqual([
      ["not_sent", "ACCOUNT_NOT_FOUND"],
      ["refused", "INSUFFICIENT_STOCK"],
    ]);
    const said = lines[0]!.map((line) => JSON.parse(line).error.message as string).join("\n");
    expect(said).toMatch(/Tidak ada akun 999990401 untuk produk 22 \(.+\); tidak dikirim, saldo tidak terpotong/);
  });
});
