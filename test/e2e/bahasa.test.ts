/**
 * Bahasa Indonesia: with LANG=id_ID.UTF-8 the screens a reseller reads speak Indonesian, laid out
 * within 80 columns like the English ones and keeping every datum whole; `--lang en` wins over the
 * locale; and a script sees the same bytes on stdout in both languages (--json, piped columns) and
 * the same code and details in a JSON error, only its message in the language chosen. Screens and
 * messages come from main() in this process (test/support/run-main.ts); the help the launcher
 * answers alone and the language a profile chooses, from the built binary.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatRupiah } from "../../src/output/format.js";
import { runReseller } from "../support/cli.js";
import { resellerInProcess, whileAdvancing } from "./commands-harness.js";
import { runInProcess } from "../support/run-main.js";
import { useEmulator } from "../support/emulator.js";
import { json, useHostileServer } from "../support/hostile-server.js";
import {
  billion,
  columnCells,
  expectScreen,
  inIndonesian,
  goldenScreens,
  resellerMachine,
  screenEnv,
  serveFixedAnswers,
} from "../support/golden-screens.js";

import { englishIn, indonesian, statusWords } from "../support/language.js";

describe("golden screens at 80 columns in both languages", () => {
  const server = useHostileServer();
  serveFixedAnswers(server);
  server.routes.set("GET /v1/balance", json(200, { message: "OK", data: { balance: 9_876_543_210 } }));

  const show = async (args: string[], language: Record<string, string>) => {
    const r = await runInProcess(args, {
      env: {
        ...screenEnv(server.baseUrl, await resellerMachine(server.baseUrl)),
        RESELLER_FORCE_TTY: "1",
        COLUMNS: "80",
        ...language,
      },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    if (process.env.SHOW_SCREENS) console.log(`== ${args.join(" ")} ${JSON.stringify(language)}\n${r.stdout}`);
    return r.stdout;
  };
  const data = (name: string) => goldenScreens.find((g) => g.name === name)!.data();

  it("balance: Saldo in Indonesian, Balance in English, the amount whole", async () => {
    const id = await show(["balance"], indonesian);
    const en = await show(["balance"], {});
    expectScreen(id, 80, [formatRupiah(9_876_543_210)]);
    expectScreen(en, 80, [formatRupiah(9_876_543_210)]);
    expect(id).toMatch(/^Saldo +Rp 9\.876\.543\.210$/m);
    expect(en).toMatch(/^Balance +Rp 9\.876\.543\.210$/m);
    expect(englishIn(id)).toEqual([]);
  });

  it("channels: Kode, Metode, Biaya, Batas; the fees and limits whole", async () => {
    const id = await show(["channels"], indonesian);
    const en = await show(["channels"], {});
    expectScreen(id, 80, data("channels"));
    expectScreen(en, 80, data("channels"));
    expect(id).toMatch(/│ Kode +│ Metode +│ Biaya +│ Batas +│/);
    expect(en).toMatch(/│ Code +│ Channel +│ Fee +│ Limits +│/);
    expect(englishIn(id)).toEqual([]);
  });

  it("items: Produk, Nama, Harga, Stok; tak terbatas and habis; prices and stock whole", async () => {
    const id = await show(["items"], indonesian);
    const en = await show(["items"], {});
    expectScreen(en, 80, data("items"));
    expectScreen(
      id,
      80,
      data("items").map((datum) => (datum === "unlimited" ? "tak terbatas" : datum.replace("(sold out)", "(habis)"))),
    );
    expect(id).toMatch(/│ ID +│ Produk +│ Nama +│ Harga +│ Stok +│/);
    expect(englishIn(id)).toEqual([]);
  });

  it("lock list: Produk, Jml, Berakhir, Sisa waktu; tokens whole beside the table", async () => {
    const id = await show(["lock", "list"], indonesian);
    const en = await show(["lock", "list"], {});
    expectScreen(en, 80, data("lock list"));
    // Seconds are `d` (detik) in Indonesian: 45d where English says 45s.
    expectScreen(
      id,
      80,
      data("lock list").map((datum) => (datum === "45s" ? "45d" : inIndonesian(datum))),
    );
    expect(id).toMatch(/│ Produk +│ Jml +│ Berakhir +│ Sisa waktu +│/);
    expect(englishIn(id)).toEqual([]);
  });

  it("pending: a table at 80 columns, its zone once; Menunggu, the verdict and the service's status in Indonesian; money, customer and ref_id whole", async () => {
    const id = await show(["pending"], indonesian);
    const en = await show(["pending"], {});
    // Indonesian writes the time with a dot: 01.47, not 01:47.
    expectScreen(id, 80, data("pending").map(inIndonesian));
    expectScreen(en, 80, data("pending"));
    // One order: at 80 columns a table, its header line naming each column and the zone once; the
    // time and the wait to the minute.
    expect(id).toMatch(/^# +Jam \(WIB\) +Menunggu +Hasil +Produk +Nominal$/m);
    expect(en).toMatch(/^# +At \(WIB\) +Waited +Outcome +Item +Amount$/m);
    // Bought 21 minutes before the fixtures were made: more by the time a slow run shows it.
    expect(en).toMatch(/^1 +\d\d:\d\d +(2[1-9]|[3-5]\d)m +bought +/m);
    // The service's status beside the verdict, on a line of its own when room is short.
    expect(en).toMatch(/^ +\(processing\)/m);
    // The service's "processing" is what the verdict says already: said once.
    expect(id).toMatch(/^1 +\d\d\.\d\d +\d+m +diproses +1 × /m);
    expect(id).not.toContain("(diproses)");
    expect(englishIn(id, statusWords)).toEqual([]);
  });
});

describe("messages in both languages against the emulator", () => {
  const harness = useEmulator();
  // Through main() in this process, but for the help the built binary's launcher answers alone.
  const run = (args: string[], language: Record<string, string> = indonesian, extra: Record<string, string> = {}) =>
    (args.length === 1 && args[0] === "--help" ? runReseller : runInProcess)(args, {
      env: { ...harness.accountEnv(), COLUMNS: "80", ...language, ...extra },
    });

  it("reseller --help and buy --help: Indonesian headings, descriptions and flags, within 80 columns", async () => {
    for (const args of [["--help"], ["buy", "--help"], ["help"]]) {
      const id = await run(args);
      const en = await run(args, {});
      expect(id.exitCode).toBe(0);
      expect(id.stdout).toMatch(/^Cara pakai: reseller/);
      expect(en.stdout).toMatch(/^Usage: reseller/);
      // The piped columns' paragraph names columns and values as scripts read them (outcome, not_sent),
      // the same in both languages, on one long line; every other line is Indonesian and fits.
      const lines = id.stdout.split("\n").filter((line) => !/^(Lewat pipe|Dengan --wait)/.test(line));
      expect(englishIn(lines.join("\n")), id.stdout).toEqual([]);
      expect(lines.filter((line) => [...line].length > 80)).toEqual([]);
    }
  });

  it("a delivered buy with --wait: the transaction, what to hand over and the verdict in Indonesian, within 80 columns", async () => {
    const r = await run(
      ["buy", "--item", "3", "--qty", "1", "--note", "081234567890", "--yes", "--no-input", "--wait"],
      {
        ...indonesian,
        RESELLER_FORCE_TTY: "1",
      },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toContain("Serahkan ke pelanggan");
    expect(r.stdout).toMatch(/│ Produk +│ Nama +│ Jml +│ Harga +│ Proses +│/);
    expect(r.stderr).toMatch(/^✓ Berhasil beli 1 × .+ seharga Rp /m);
    expect(r.stderr).toMatch(/^✓ Terkirim: ref_id \S+, invoice \S+ \(hasil: berhasil\)\.$/m);
    expect(englishIn(r.stdout)).toEqual([]);
    expect(englishIn(r.stderr)).toEqual([]);
    expectScreen(r.stdout, 80, []);
  });

  it("history: its table and the lines around it in Indonesian, within 80 columns; piped rows the same bytes", async () => {
    const env = harness.accountEnv();
    const go = (args: string[], language: Record<string, string> = indonesian, extra: Record<string, string> = {}) =>
      runInProcess(args, { env: { ...env, COLUMNS: "80", ...language, ...extra } });
    const empty = await go(["history"]);
    expect(empty.stderr).toMatch(/^Belum ada permintaan .+ profil "default" di alamat layanan ini\.$/m);
    expect(englishIn(empty.stderr)).toEqual([]);

    const buy = ["buy", "--item", "3", "--qty", "1", "--yes", "--no-input"];
    expect((await go([...buy, "--note", "081234567890", "--ref-id", "hb-1"])).exitCode).toBe(0);
    expect((await go(["sandbox", "--item", "3", "--qty", "1", "--ref-id", "hb-2"])).exitCode).toBe(0);
    harness.emulator.faults.configure({ drop_before_commit_next: 10, match: { method: "POST", path: "/v1/trx" } });
    const lost = await go([...buy, "--note", "081234567891", "--ref-id", "hb-3"]);
    harness.emulator.faults.reset();
    expect(lost.exitCode).toBe(5);

    // As recorded (--no-refresh): the notes on what is not known yet are what this screen shows.
    const id = await go(["history", "--no-refresh"], indonesian, { RESELLER_FORCE_TTY: "1" });
    const en = await go(["history", "--no-refresh"], {}, { RESELLER_FORCE_TTY: "1" });
    if (process.env.SHOW_SCREENS) console.log(`${id.stdout}${id.stderr}`);
    expect(id.exitCode, id.stderr).toBe(0);
    expectScreen(id.stdout, 80, ["hb-1", "hb-2", "hb-3", "081234567890", "081234567891"]);
    expectScreen(en.stdout, 80, ["hb-1", "hb-2", "hb-3", "081234567890", "081234567891"]);
    expect(id.stdout).toMatch(/│ Waktu \(WIB\) +│ Produk +│/);
    expect(
      columnCells(id.stdout, "Produk").some((cell) => cell.startsWith("order sandbox: 1 × ")),
      id.stdout,
    ).toBe(true);
    expect(id.stdout).toMatch(/tanpa biaya/);
    // One note for both doubts, each named by its own word: not "belum pasti" twice for two things.
    expect(id.stderr).toMatch(
      /^! 1 hasil belum pasti, 1 masih diproses: cek `reseller reconcile`, lalu `history --refresh`\.$/m,
    );
    expect(id.stderr.match(/belum pasti/g)).toHaveLength(1);
    expect(en.stderr).toMatch(/^! 1 unknown outcome, 1 not known delivered yet: run `reseller reconcile`/m);
    expect(englishIn(id.stdout)).toEqual([]);
    expect(englishIn(id.stderr)).toEqual([]);

    const settled = await go(["history", "--unresolved", "--refresh"]);
    expect(settled.stderr).toMatch(/^Semua hasil sudah pasti/m);
    expect(englishIn(settled.stderr)).toEqual([]);
    // Every order final first: the two runs ask the service and must read the same states, however
    // long the machine takes between them (hb-1 is delivered seconds after it was bought).
    harness.emulator.clock.advance(3_600_000);
    expect((await go(["history"])).stdout).toBe((await go(["history"], {})).stdout);
  });

  it("a bulk run: progress, table, summary and money line in Indonesian, within 80 columns; piped rows the same bytes", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Jaya Abadi Digital"));
    const orders = join(reseller.configDir, "orders.csv");
    // The last player id is one nobody has: the provider refuses it and the service refunds it.
    writeFileSync(
      orders,
      ["item_id,quantity,note", "11,1,081255559001", "13,1,081255559002", "22,1,999990001"].join("\n"),
    );
    const language = { env: { ...indonesian, COLUMNS: "80" } };
    const r = await whileAdvancing(
      harness.emulator,
      reseller.run(["buy", "--file", orders, "--wait", "--no-validate"], { mode: "table", ...language }),
      5,
      200,
    );
    if (process.env.SHOW_SCREENS) console.log(`${r.stdout}${r.stderr}`);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/^Mengirim 3 order \(paling banyak Rp [\d.]+\), 3 sekaligus…$/m);
    expect(r.stderr).toMatch(/^\[\d\/3\] baris 4 1 × .+ untuk 999990001: gagal/m);
    expect(r.stderr).toMatch(/^3 order: 2 berhasil, 1 gagal \(dana Rp [\d.]+ dikembalikan\)\.$/m);
    expect(r.stderr).toMatch(
      /^Terpakai Rp [\d.]+, dana Rp [\d.]+ dikembalikan: total Rp [\d.]+; saldo sekarang Rp [\d.]+\.$/m,
    );
    expect(r.stderr).toMatch(/Pengiriman gagal untuk baris 4 \(999990001\): dana dikembalikan\./);
    expect(r.stdout).toMatch(/│ Baris +│ Produk +│/);
    expectScreen(r.stdout, 80, ["081255559001", "081255559002"]);
    expect(englishIn(r.stdout)).toEqual([]);
    expect(englishIn(r.stderr)).toEqual([]);

    // Run again: every row bought before; piped, the same bytes in both languages.
    const id = await reseller.run(["buy", "--file", orders], { env: indonesian });
    const en = await reseller.run(["buy", "--file", orders], { env: { LANG: "en_US.UTF-8" } });
    expect(id.stdout).toBe(en.stdout);
    expect(id.stderr).toMatch(
      /^3 order: 2 berhasil, 1 gagal \(dana Rp [\d.]+ dikembalikan\); 3 di antaranya sudah dibeli/m,
    );
    expect(en.stderr).toMatch(/^3 orders: 2 delivered, 1 failed \(Rp [\d.]+ refunded\); 3 of them bought before/m);
  });

  it("a wait for delivery that times out: said in Indonesian, the purchase stands, exit 0", async () => {
    const r = await run(
      ["buy", "--item", "27", "--qty", "1", "--note", "Toko Sejahtera, biru", "--yes", "--wait", "--wait-timeout", "2"],
      indonesian,
      { RESELLER_FORCE_TTY: "1" },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /^! Masih belum terkirim setelah 2d \(status dibayar\); pembelian tetap berlaku\. Pantau terus: reseller trx show RSL-\S+ --watch$/m,
    );
    expect(englishIn(r.stderr)).toEqual([]);
  });

  it("help environment and help exit-codes: Indonesian within 80 columns, the variables and codes the same", async () => {
    for (const [topic, heading, english] of [
      ["environment", "Variabel lingkungan, opsi dan pengaturan di profil", "Environment variables"],
      ["exit-codes", "Kode keluar", "Exit codes"],
    ]) {
      const id = await run(["help", topic!]);
      const en = await run(["help", topic!], {});
      expect(id.exitCode, id.stderr).toBe(0);
      expect(id.stdout.split("\n")[0]).toBe(heading);
      expect(en.stdout.startsWith(english!)).toBe(true);
      expect(englishIn(id.stdout), id.stdout).toEqual([]);
      expect(id.stdout.split("\n").filter((line) => [...line].length > 80)).toEqual([]);
      // What a script writer copies is the same in both: each entry's variables and flags, each exit code.
      const names = (text: string) =>
        text
          .split("\n")
          .filter((line) => /^ {2}\S/.test(line))
          .map((line) => line.trim().split(/ {2,}/)[0]);
      expect(names(id.stdout)).toEqual(names(en.stdout));
    }
  });

  it("a bulk file that repeats a recent purchase: named in Indonesian, nothing sent, exit 2", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Jaya Abadi Digital"));
    // Bought by hand first: the file's row is the same order under another ref_id.
    const single = ["buy", "--item", "11", "--qty", "1", "--note", "081255558001", "--yes", "--no-input"];
    expect((await reseller.run(single, { env: indonesian })).exitCode).toBe(0);
    const second = join(reseller.configDir, "shop.csv");
    writeFileSync(second, ["item_id,quantity,note", "11,1,081255558001"].join("\n"));
    const r = await reseller.run(["buy", "--file", second], { env: indonesian });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      /^Gagal: 1 order di file ini sama dengan pembelian dalam \d+ jam terakhir: shop\.csv baris 2 \(1 × .+ untuk 081255558001, dibeli .+ dengan RSL-\S+\)\./m,
    );
    // That nothing was sent is said once, on the outcome line, as for a single buy's repeat.
    expect(r.stderr).toMatch(/^ {2}hasil: tidak dikirim; saldo tidak terpotong\nSaran: Tambahkan --skip-bought/m);
    expect(r.stderr).not.toMatch(/tidak ada yang dikirim/i);
    // The row's place is named as the orders file's own errors name it: `shop.csv baris 2`.
    expect(englishIn(r.stderr)).toEqual([]);
  });

  it("a usage error: said in Indonesian, exit 2, nothing sent", async () => {
    const r = await run(["buy", "--quantity", "3"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(
      "Gagal: --quantity bukan opsi dari `reseller buy`.\nSaran: Maksudnya --qty? Lihat `reseller buy --help`.\n",
    );
    expect(englishIn(r.stderr)).toEqual([]);
  });

  it("a phone-number refusal: said in Indonesian, with the code, exit 2", async () => {
    const r = await run(["buy", "--item", "12", "--qty", "1", "--note", "0812", "--yes", "--no-input"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      /^Gagal: catatan "0812" bukan nomor HP untuk produk 12 \(.+\): baru 4 digit, dihitung dari 0 di depan;/,
    );
    expect(r.stderr).toContain("PHONE_NUMBER_INVALID");
    expect(r.stderr).toMatch(/^Saran: Cek lagi dengan pelanggan/m);
    expect(englishIn(r.stderr.replace(/\(Pulsa[^)]*\)/, ""))).toEqual([]);
  });

  it("a transaction not found and a wrong key: the service's codes in Indonesian", async () => {
    const missing = await run(["trx", "show", "RSL-TIDAK-ADA"]);
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/^Gagal: Tidak ada transaksi dengan ref_id atau invoice RSL-TIDAK-ADA\./);
    expect(englishIn(missing.stderr)).toEqual([]);
    const wrong = await run(["balance"], indonesian, { RESELLER_API_KEY: "rk_live_salah_0000000000000000" });
    expect(wrong.exitCode).toBe(3);
    expect(wrong.stderr).toMatch(/^Gagal: Layanan tidak menerima API key ini\./);
    expect(englishIn(wrong.stderr)).toEqual([]);
  });

  it("--lang en wins over an Indonesian locale, and --lang id over an English one", async () => {
    const english = await run(["buy", "--quantity", "3", "--lang", "en"]);
    expect(english.stderr).toMatch(/^Error: --quantity is not an option of `reseller buy`\./);
    const env = await run(["buy", "--quantity", "3"], indonesian, { RESELLER_LANG: "en" });
    expect(env.stderr).toMatch(/^Error: /);
    const bahasa = await run(["buy", "--quantity", "3", "--lang", "id"], { LANG: "en_US.UTF-8" });
    expect(bahasa.stderr).toMatch(/^Gagal: /);
  });

  it("--json and piped columns on stdout are byte-identical in both languages; a JSON error keeps code and details", async () => {
    for (const args of [["balance", "--json"], ["channels", "--json"], ["channels"], ["lock", "list", "--json"]]) {
      const id = await run(args);
      const en = await run(args, {});
      expect(id.exitCode).toBe(0);
      expect(id.stdout, args.join(" ")).toBe(en.stdout);
    }
    const id = await run(["trx", "show", "RSL-TIDAK-ADA", "--json"]);
    const en = await run(["trx", "show", "RSL-TIDAK-ADA", "--json"], {});
    expect(id.stdout).toBe(en.stdout);
    const idError = JSON.parse(id.stderr).error;
    const enError = JSON.parse(en.stderr).error;
    expect(idError.code).toBe("TRX_NOT_FOUND");
    expect({ ...idError, message: "", suggestion: "" }).toEqual({ ...enError, message: "", suggestion: "" });
    expect(idError.message).not.toBe(enError.message);
  });
});

describe("the profile's language", () => {
  const harness = useEmulator();
  it("is used under an English locale, and RESELLER_LANG wins over it", async () => {
    const env = harness.accountEnv();
    const { writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    writeFileSync(
      join(env.RESELLER_CONFIG_DIR, "config.json"),
      JSON.stringify({ profiles: { default: { language: "id" } } }),
      { mode: 0o600 },
    );
    const profile = await runReseller(["buy", "--quantity", "3"], { env: { ...env, LANG: "en_US.UTF-8" } });
    expect(profile.stderr).toMatch(/^Gagal: /);
    const piped = await runReseller(["--help"], { env: { ...env, LANG: "en_US.UTF-8" } });
    expect(piped.stdout).toMatch(/^Cara pakai: reseller/);
    const overridden = await runReseller(["buy", "--quantity", "3"], { env: { ...env, RESELLER_LANG: "en" } });
    expect(overridden.stderr).toMatch(/^Error: /);
    const listed = await runReseller(["config", "list"], { env: { ...env, LANG: "en_US.UTF-8" } });
    expect(listed.stdout).toMatch(/^language\tid\tprofile$/m);
  });

  it("is the default profile's under an empty RESELLER_PROFILE, as its settings are", async () => {
    const env = harness.accountEnv();
    writeFileSync(
      join(env.RESELLER_CONFIG_DIR, "config.json"),
      JSON.stringify({ profiles: { default: { language: "id" } } }),
      { mode: 0o600 },
    );
    const blank = { ...env, LANG: "en_US.UTF-8", RESELLER_PROFILE: "" };
    const listed = await runReseller(["config", "list"], { env: blank });
    expect(listed.stdout).toMatch(/^language\tid\tprofile$/m);
    const said = await runReseller(["buy", "--quantity", "3"], { env: blank });
    expect(said.stderr).toMatch(/^Gagal: /);
  });

  it("config list says when the locale chose it", async () => {
    const env = harness.accountEnv();
    const listed = await runReseller(["config", "list"], { env: { ...env, LANG: "id_ID.UTF-8" } });
    expect(listed.stdout).toMatch(/^language\tid\tlocale$/m);
  });
});

void billion;
