/**
 * The shop in Bahasa Indonesia: with LANG=id_ID.UTF-8 the price table, the day's books, balance
 * history, a balance alert and the leaderboard speak Indonesian at 80 columns, every amount whole, as
 * their English screens do; a receipt and a price list speak the customer's language (Indonesian
 * unless --lang is given on the command line), whatever the reseller's; and a script reads the same
 * bytes on stdout in both languages (--json, piped rows and records).
 */
import { appendFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatRupiah } from "../../src/output/format.js";
import { runInProcess } from "../support/run-main.js";
import {
  billion,
  catalogue,
  customers,
  expectScreen,
  jakarta,
  minute,
  resellerMachine,
  screenEnv,
  serveFixedAnswers,
  transaction,
  trxRows,
  inIndonesian,
} from "../support/golden-screens.js";
import { json, useHostileServer } from "../support/hostile-server.js";
import { englishIn, indonesian } from "../support/language.js";
import { buyIntent } from "../support/journal-records.js";

const server = useHostileServer();
serveFixedAnswers(server);
server.routes.set("GET /v1/balance", json(200, { message: "OK", data: { balance: 9_876_543_210 } }));
server.routes.set(
  "GET /v1/leaderboard",
  json(200, {
    message: "OK",
    data: [
      { ranking: 1, name: "Toko Pulsa Makmur Jaya Abadi Sentosa Cabang Jakarta Selatan", total_trx: 1_234_567 },
      { ranking: 2, name: "Berkah Pulsa Cemerlang", total_trx: 98_765 },
      { ranking: 3, name: "Si Dia Store", total_trx: 870 },
      { ranking: 4, name: "Cahaya Voucher", total_trx: 764 },
    ],
  }),
);
server.routes.set(
  "GET /v1/leaderboard/profile",
  json(200, { message: "OK", data: { ranking: 13, total_trx: 42, points: 1_250 } }),
);

/** A purchase of the four long items with their selling prices kept, its SMM line partly delivered. */
const sale = { ref_id: "RSL-20261124-STRUK0000001", selling: [1_000_050_000, 1_000_052_500, 1_050_000_000, 50_000] };
server.routes.set(
  `GET /v1/trx/${sale.ref_id}`,
  json(200, { ...transaction, data: { ...transaction.data, ref_id: sale.ref_id } }),
);

async function shopMachine(): Promise<string> {
  const dir = await resellerMachine(server.baseUrl);
  const at = new Date(Date.now() - 5 * 60_000).toISOString();
  const record = (r: object) => appendFileSync(join(dir, "journal.jsonl"), `${JSON.stringify(r)}\n`);
  record(
    buyIntent({
      entry: "golden-sale",
      at,
      base_url: server.baseUrl,
      ref_id: sale.ref_id,
      request: {
        ref_id: sale.ref_id,
        carts: catalogue.map((e, i) => ({ item_id: e.id, quantity: i === 3 ? 1000 : 1, note: customers[0] })),
        selling_prices: sale.selling,
      },
      host: hostname(),
    }),
  );
  record({
    v: 1,
    type: "outcome",
    entry: "golden-sale",
    at,
    outcome: "done",
    invoice: transaction.data.invoice,
    amount: transaction.data.amount,
    by: "answer",
  });
  return dir;
}

type Language = Record<string, string>;
const english: Language = { LANG: "en_US.UTF-8" };

/** One run of the program (main(), in this process) on this machine's config dir, as a terminal at 80 columns unless piped. */
async function reseller(dir: string, args: string[], language: Language, terminal = true) {
  return runInProcess(args, {
    env: {
      ...screenEnv(server.baseUrl, dir),
      ...(terminal ? { RESELLER_FORCE_TTY: "1", COLUMNS: "80" } : {}),
      ...language,
    },
  });
}

function shown(name: string, id: { stdout: string; stderr: string }, en: { stdout: string; stderr: string }) {
  if (process.env.SHOW_SCREENS)
    console.log(`== ${name} id\n${id.stdout}${id.stderr}\n== ${name} en\n${en.stdout}${en.stderr}`);
}

describe("the shop's golden screens at 80 columns in both languages", () => {
  it("prices: Produk, Modal, Harga jual, Margin; costs and selling prices whole", async () => {
    const dir = await shopMachine();
    expect((await reseller(dir, ["prices", "set", "--markup", "5%", "--round", "1000"], english, false)).exitCode).toBe(
      0,
    );
    const id = await reseller(dir, ["prices"], indonesian);
    const en = await reseller(dir, ["prices"], english);
    shown("prices", id, en);
    expect(id.exitCode, id.stderr).toBe(0);
    // 100 followers (the minimum order) at Rp 35: Rp 3.500 + 5% rounded up to Rp 4.000; the others 5% over
    // their cost, rounded up.
    const data = [formatRupiah(billion), formatRupiah(1_000_002_500), "Rp 3.500", "Rp 4.000", "Rp 500"];
    expectScreen(id.stdout, 80, data);
    expectScreen(en.stdout, 80, data);
    // Too wide for borders at 80 columns: the headings in a line of their own, by the same column rules.
    expect(id.stdout).toMatch(/^ID +Produk +Modal +(Harga jual|Jual) +Margin$/m);
    expect(en.stdout).toMatch(/^ID +Item +Cost +(Selling price|Sell) +Margin$/m);
    expect(englishIn(id.stdout + id.stderr)).toEqual([]);

    const rules = await reseller(dir, ["prices", "rules"], indonesian);
    expect(rules.stdout).toMatch(/│ semua produk +│ \+5%, dibulatkan ke atas ke Rp 1\.000 +│/);
    expect(englishIn(rules.stdout)).toEqual([]);
  });

  it("a price list for customers: Indonesian whatever the reseller reads, English with --lang en", async () => {
    const dir = await shopMachine();
    await reseller(dir, ["prices", "set", "--markup", "5%", "--round", "1000"], english, false);
    for (const language of [english, indonesian, { ...indonesian, RESELLER_LANG: "en" }]) {
      const text = await reseller(dir, ["prices", "--format", "text"], language, false);
      expect(text.stdout).toMatch(/^\*DAFTAR HARGA\*\nPer \d{1,2} [A-Z][a-z]+ \d{4}\n/);
      expect(text.stdout).toContain("(stok habis)");
      expect(text.stdout.endsWith("\nHarga dapat berubah sewaktu-waktu.\n")).toBe(true);
      expect(englishIn(text.stdout)).toEqual([]);
      const md = await reseller(dir, ["prices", "--format", "md"], language, false);
      expect(md.stdout).toContain("| Produk | Harga |");
      expect(englishIn(md.stdout)).toEqual([]);
    }
    const en = await reseller(dir, ["prices", "--format", "md", "--lang", "en"], indonesian, false);
    expect(en.stdout).toMatch(/^# Price List\n\n_As of \d{1,2} [A-Z][a-z]+ \d{4}_\n/);
    expect(en.stdout).toContain("| Item | Price |");
    expect(en.stdout).toContain("(sold out)");
    // The CSV is for a spreadsheet or a site: its columns and `habis` the same in both.
    const csv = await reseller(dir, ["prices", "--format", "csv"], indonesian, false);
    expect(csv.stdout).toBe(
      (await reseller(dir, ["prices", "--format", "csv", "--lang", "en"], english, false)).stdout,
    );
  });

  it("report: the day's books, its table and chart in Indonesian; every amount whole", async () => {
    const dir = await shopMachine();
    // The fixed journal's purchases are minutes old: the last 7 days by hour, so a run just after the
    // shop's midnight counts them all, as one before it does.
    // As recorded (--no-refresh): the screen is of the fixed journal, not of what the service says now.
    const day = ["report", "--since", "7d", "--by", "hour", "--no-refresh"];
    const id = await reseller(dir, day, indonesian);
    const en = await reseller(dir, day, english);
    shown("report", id, en);
    expect(id.exitCode, id.stderr).toBe(0);
    // The three purchases of the fixed journal and the sale, none known delivered yet: each spent its amount.
    const spent = formatRupiah(trxRows.reduce((sum, t) => sum + t.amount, transaction.data.amount));
    const revenue = formatRupiah(sale.selling.reduce((a, b) => a + b, 0));
    expectScreen(id.stdout, 80, [spent, revenue]);
    expectScreen(en.stdout, 80, [spent, revenue]);
    expect(id.stdout).toMatch(/^Order +4: 4 diproses$/m);
    expect(id.stderr).toMatch(/^3 order terjual tanpa harga jual: omzet dan laba tidak menghitungnya/m);
    const label = (words: string) => new RegExp(`^${words} +\\S`, "m");
    for (const words of ["Pembukuan", "Order", "Terpakai", "Dana dikembalikan", "Omzet", "Laba", "Isi saldo"])
      expect(id.stdout).toMatch(label(words));
    for (const words of ["Books", "Orders", "Spent", "Refunded", "Revenue", "Profit", "Top-ups"])
      expect(en.stdout).toMatch(label(words));
    expect(id.stdout).toMatch(/^Isi saldo +Rp 0 dibayar \(0 diminta, Rp 0\)$/m);
    expect(id.stdout).toMatch(/^Per jam$/m);
    // Amounts in the billions leave no room for borders: the columns stand apart by spaces.
    // The hours' zone is named once, in the header; each hour is written as Indonesians write a time.
    expect(id.stdout).toMatch(/^│? ?Jam \(WIB\) +│? ?Order +│? ?Terpakai +│? ?Omzet +│? ?Laba\b/m);
    // The hours stand whole beside amounts in the billions, in both languages: a time is never cut.
    expect(id.stdout).toMatch(/^│? ?(\d{1,2} \S{3} )?\d\d\.00 +(│ )?\d/m);
    expect(en.stdout).toMatch(/^│? ?(\d{1,2} \S{3} )?\d\d:00 +(│ )?\d/m);
    expect(id.stdout).not.toMatch(/\d\d:00/);
    expect(`${id.stdout}${en.stdout}`).not.toMatch(/\d…|…\d/);
    expect(id.stdout).toMatch(/^(Laba|Terpakai) per jam \(WIB\)$/m);
    // The fixed journal's purchases stand bought or unknown: said apart, in Indonesian.
    expect(englishIn(id.stdout)).toEqual([]);
    expect(englishIn(id.stderr)).toEqual([]);
  });

  it("report over days with unknown outcomes: the warning and the range in Indonesian", async () => {
    const dir = await resellerMachine(server.baseUrl, { unknown: true });
    // As recorded: asking would settle the unknown outcomes this screen is about.
    const id = await reseller(dir, ["report", "--since", "7d", "--no-refresh"], indonesian);
    const en = await reseller(dir, ["report", "--since", "7d", "--no-refresh"], english);
    shown("report 7d", id, en);
    expect(id.exitCode, id.stderr).toBe(0);
    expect(id.stdout).toMatch(/^Pembukuan +\d{4}-\d{2}-\d{2} s\.d\. \d{4}-\d{2}-\d{2}$/m);
    expect(id.stdout).toMatch(/^Order +3: 3 belum pasti$/m);
    expect(id.stderr).toMatch(/^! 3 hasil belum pasti dihitung terpisah/m);
    expect(en.stderr).toMatch(/^! 3 unknown outcomes are counted apart/m);
    expect(id.stdout).toMatch(/^Per hari$/m);
    expect(englishIn(id.stdout)).toEqual([]);
    expect(englishIn(id.stderr)).toEqual([]);
    expectScreen(id.stdout, 80, []);
  });

  it("a receipt: the customer's language, Indonesian unless --lang en; each line within 80 columns", async () => {
    const dir = await shopMachine();
    const receipt = ["receipt", sale.ref_id];
    const byLocale = await reseller(dir, receipt, indonesian);
    const englishReseller = await reseller(dir, receipt, english);
    const ownLanguage = await reseller(dir, receipt, { ...indonesian, RESELLER_LANG: "en" });
    const en = await reseller(dir, [...receipt, "--lang", "en"], indonesian);
    const id = await reseller(dir, [...receipt, "--lang", "id"], english);
    shown("receipt", id, en);
    expect(id.exitCode, id.stderr).toBe(0);
    // The reseller's own language never changes the customer's receipt.
    expect(byLocale.stdout).toBe(id.stdout);
    expect(englishReseller.stdout).toBe(id.stdout);
    expect(ownLanguage.stdout).toBe(id.stdout);
    const data = [
      sale.ref_id,
      "98765432109876543210",
      "12345678901234567890",
      "netflix.uhd.1234567890@mailbox.id | Kata sandi: Rahasia-2026-Aman",
      catalogue[0]!.name,
      catalogue[1]!.name,
      formatRupiah(sale.selling[0]!),
      formatRupiah(sale.selling.reduce((a, b) => a + b, 0)),
    ];
    expectScreen(id.stdout, 80, data);
    expectScreen(en.stdout, 80, data);
    expect(id.stdout).toMatch(/^STRUK PEMBELIAN\nTanggal: \d{1,2} [A-Z][a-z]+ \d{4} \d{2}\.\d{2} WIB\n/);
    expect(en.stdout).toMatch(/^RECEIPT\nDate: \d{1,2} [A-Z][a-z]+ \d{4} \d{2}:\d{2} WIB\n/);
    // A label and a value wider than 80 columns together: the value under its label, whole.
    expect(id.stdout).toContain(`\nProduk:\n${catalogue[0]!.name}\n`);
    expect(id.stdout).toContain("\nTerkirim: 877 dari 1000\n");
    expect(en.stdout).toContain("\nDelivered: 877 of 1000\n");
    expect(id.stdout).toMatch(
      /\nDana dikembalikan: Rp [\d.]+\nStatus: SEBAGIAN — sisa dana dikembalikan\n\nTerima kasih\.\n$/,
    );
    expect(en.stdout).toMatch(/\nRefunded: Rp [\d.]+\nStatus: PARTLY DELIVERED — the rest refunded\n\nThank you\.\n$/);
    // `No.` is Nomor, as Indonesian receipts abbreviate it.
    expect(englishIn(id.stdout.replace(/^No\. Ref:/m, ""))).toEqual([]);
  });

  it("balance history: Waktu, Nominal, Sesudah, Keterangan; amounts and balances whole", async () => {
    const dir = await shopMachine();
    const id = await reseller(dir, ["balance", "history"], indonesian);
    const en = await reseller(dir, ["balance", "history"], english);
    shown("balance history", id, en);
    expect(id.exitCode, id.stderr).toBe(0);
    const data = trxRows.flatMap((t, i) => [
      t.invoice,
      `-${formatRupiah(t.amount)}`,
      formatRupiah(9_876_543_210 - i * billion - t.amount),
      minute(jakarta(-10 * (i + 1))),
    ]);
    expectScreen(id.stdout, 80, data.map(inIndonesian));
    expectScreen(en.stdout, 80, data);
    // Three rows whose amounts are billions: a table, or stacked as records where a column would be
    // squeezed below its longest word; either way with the Indonesian labels.
    const labelled = (screen: string, labels: string[]) =>
      labels.every((label) => new RegExp(`│ ${label} +│|^${label} {2,}\\S`, "m").test(screen));
    expect(labelled(id.stdout, ["Waktu", "Nominal", "Sesudah", "Keterangan"])).toBe(true);
    expect(labelled(en.stdout, ["Time", "Amount"])).toBe(true);
    expect(englishIn(id.stdout + id.stderr)).toEqual([]);
    // The service's type of each movement in the glossary's words (`purchase` is a pembelian); in English as it came.
    expect(id.stdout).toMatch(/\bpembelian\b/);
    expect(id.stdout).not.toMatch(/\bpurchase\b/);
    expect(en.stdout).toMatch(/\bpurchase\b/);
  });

  it("balance --below: the alert on stderr in Indonesian, exit 1; the balance on stdout the same bytes piped", async () => {
    const dir = await shopMachine();
    const below = ["balance", "--below", "10000jt"];
    const id = await reseller(dir, below, indonesian);
    const en = await reseller(dir, below, english);
    shown("balance --below", id, en);
    expect(id.exitCode).toBe(1);
    expect(en.exitCode).toBe(1);
    expect(id.stderr).toBe("! Saldo Rp 9.876.543.210, di bawah Rp 10.000.000.000.\n");
    expect(en.stderr).toBe("! The balance, Rp 9.876.543.210, is below Rp 10.000.000.000.\n");
    expect(englishIn(id.stdout + id.stderr)).toEqual([]);
    expectScreen(id.stdout + id.stderr, 80, ["Rp 9.876.543.210", "Rp 10.000.000.000"]);
    const piped = await reseller(dir, below, indonesian, false);
    expect(piped.stdout).toBe("balance\t9876543210\n");
    expect(piped.stdout).toBe((await reseller(dir, below, english, false)).stdout);
  });

  it("leaderboard and leaderboard me: Peringkat, Nama, Transaksi, Poin; ranks and counts whole", async () => {
    const dir = await shopMachine();
    const id = await reseller(dir, ["leaderboard"], indonesian);
    const en = await reseller(dir, ["leaderboard"], english);
    shown("leaderboard", id, en);
    expect(id.exitCode, id.stderr).toBe(0);
    expectScreen(id.stdout, 80, ["1234567", "98765", "Berkah Pulsa Cemerlang"]);
    expectScreen(en.stdout, 80, ["1234567", "98765", "Berkah Pulsa Cemerlang"]);
    expect(id.stdout).toMatch(/│ Peringkat +│ Nama +│ (Transaksi|Trx) +│/);
    expect(en.stdout).toMatch(/│ Rank +│ Reseller +│ (Transactions|Trx) +│/);
    expect(englishIn(id.stdout)).toEqual([]);

    const me = await reseller(dir, ["leaderboard", "me"], indonesian);
    expect(me.stdout).toBe("Peringkat  #13\nTransaksi  42\nPoin       1250\n");
    expect(englishIn(me.stdout)).toEqual([]);
  });
});

describe("what scripts read is the same in both languages", () => {
  it("--json, piped rows and piped records: byte-identical", async () => {
    const dir = await shopMachine();
    await reseller(dir, ["prices", "set", "--markup", "5%", "--round", "1000"], english, false);
    const commands = [
      ["prices"],
      ["prices", "rules"],
      ["report", "--since", "7d"],
      ["report", "--since", "7d", "--by", "product"],
      ["receipt", sale.ref_id],
      ["balance", "history"],
      ["balance", "--below", "10000jt"],
      ["leaderboard"],
      ["leaderboard", "me"],
    ];
    for (const args of commands)
      for (const output of [["--json"], []]) {
        const id = await reseller(dir, [...args, ...output], indonesian, false);
        const en = await reseller(dir, [...args, ...output], english, false);
        expect(id.stdout, [...args, ...output].join(" ")).not.toBe("");
        expect(id.stdout, [...args, ...output].join(" ")).toBe(en.stdout);
      }
    const set = ["prices", "set", "--markup", "2000", "--item", "41", "--json"];
    const unset = ["prices", "unset", "--item", "41", "--json"];
    const setInIndonesian = await reseller(dir, set, indonesian, false);
    const removed = await reseller(dir, unset, indonesian, false);
    expect(removed.json()).toEqual({ profile: "default", removed: "item 41" });
    expect(setInIndonesian.stdout).toBe((await reseller(dir, set, english, false)).stdout);
  });
});
