/**
 * What a day at an 80-column terminal met, each as it was seen: a column squeezed to a word a line,
 * words and amounts split over lines, names cut where their row had a line free, a licence's password
 * parted from its label, a JSON note folded by the terminal.
 */
import { describe, expect, it } from "vitest";
import { copyable, customerCell, money, Output, type Cell, type Column } from "../../src/output/output.js";

const ansi = /\u001b\[[0-9;]*m/g;

function terminal(width: number) {
  let stdout = "";
  let stderr = "";
  const output = new Output({
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    mode: "table",
    stdoutIsTTY: true,
    stderrIsTTY: true,
    now: () => Date.parse("2026-11-28T13:40:00Z"),
    width,
    stderrWidth: width,
  });
  return { output, stdout: () => stdout.replace(ansi, ""), stderr: () => stderr.replace(ansi, "") };
}

describe("a wrapped column is never squeezed to a word a line", () => {
  const time: Cell = { human: "2026-11-28 20:40:03", plain: "", shorter: ["2026-11-28 20:40"] };

  it("trx list with a refund column: `1 × Mobile Legends 86 Diamonds` on no more than three lines, `1 ×` never alone", () => {
    const t = terminal(80);
    const columns: Column[] = [
      { header: "Dibuat" },
      { header: "Produk", fit: "wrap" },
      { header: "Status" },
      { header: "Nominal" },
      { header: "Dana dikembalikan" },
      { header: "Pelanggan" },
      { header: "Ref ID" },
    ];
    const rows: Cell[][] = [
      [
        time,
        "1 × Mobile Legends 86 Diamonds",
        "processing",
        money(10_000_002_500),
        money(1_000_002_500),
        customerCell("99990001(1234)"),
        copyable("RSL-20261128-WEJQPLR6T4"),
      ],
    ];
    t.output.table(columns, rows);
    const screen = t.stdout();
    for (const line of screen.split("\n")) expect([...line].length, screen).toBeLessThanOrEqual(80);
    // A table keeps the item on three lines at most (the row's lines end where the copied values are
    // listed by row number), or the rows are stacked, the item whole on its line.
    const lines = screen.split("\n");
    const listing = lines.findIndex((line, i) => i > 0 && line.startsWith("#"));
    if (listing > 0) expect(listing - 1, screen).toBeLessThanOrEqual(3);
    else expect(screen, screen).toContain("1 × Mobile Legends 86 Diamonds");
    expect(screen, screen).not.toMatch(/(^| {2}|│ )1 ×( *│| *$)/m);
  });

  it("reconcile: `1 × Saldo GoPay 50.000` stays readable beside its outcome and ids", () => {
    const t = terminal(80);
    t.output.table(
      [
        { header: "Waktu" },
        { header: "Produk", fit: "wrap" },
        { header: "Hasil sekarang" },
        { header: "Nominal" },
        { header: "Dana dikembalikan" },
        { header: "Ref ID" },
      ],
      [
        [
          time,
          "1 × Saldo GoPay 50.000",
          "bought",
          money(1_000_002_500),
          money(1_000_002_500),
          copyable("RSL-20261128-Q1W2E3R4T5Y6"),
        ],
      ],
    );
    const screen = t.stdout();
    const lines = screen.split("\n");
    const listing = lines.findIndex((line, i) => i > 0 && line.startsWith("#"));
    if (listing > 0) expect(listing - 1, screen).toBeLessThanOrEqual(3);
    else expect(screen, screen).toContain("1 × Saldo GoPay 50.000");
    expect(screen, screen).not.toMatch(/(^| {2}|│ )1 ×( *│| *$)/m);
  });
});

describe("a record and a message break between words only, an amount with its Rp", () => {
  it("`dana Rp 2.625 dikembalikan` and `dikembalikan` whole at any width", () => {
    for (const width of [24, 30, 36, 40]) {
      const t = terminal(width);
      t.output.record([
        ["Hasil", "sebagian terkirim (dana Rp 2.625 dikembalikan ke saldo)"],
        ["Catatan", "Pesanan tersisa dibatalkan oleh provider, dana Rp 19.000 dikembalikan"],
      ]);
      const screen = t.stdout();
      expect(screen, screen).toContain("dikembalikan");
      expect(screen, screen).toContain("tersisa");
      expect(screen, screen).not.toMatch(/Rp\s*\n/);
      expect(screen, screen).toMatch(/Rp 2\.625/);
    }
  });
});

describe("a name is cut only when its row truly has no room", () => {
  it("`Microsoft Windows 11 Pro Retail` wraps into the line its row already takes below", () => {
    const t = terminal(60);
    t.output.table(
      [
        { header: "ID" },
        { header: "Name", fit: "middle" },
        { header: "Description", fit: "wrap" },
        { header: "Price" },
      ],
      [["77", "Microsoft Windows 11 Pro Retail", "Lisensi resmi seumur hidup untuk satu perangkat", money(1_250_000)]],
    );
    const screen = t.stdout();
    expect(screen, screen).not.toContain("…");
    expect(screen, screen).toMatch(/Retail/);
  });
});

describe("what is copied stays whole on its line", () => {
  it("the listener's line: a Netflix licence parted between its fields, its password beside its label", () => {
    const licence = "Email: netflix.uhd.1234567890@mailbox.id | Password: Rahasia 2026 Aman";
    for (const width of [60, 80, 100]) {
      const t = terminal(width);
      t.output.result(
        "2026-11-28 20:40:03  order.completed   RSL-20261128-Q1W2E3R4T5Y6  INV-20261128-000123  completed  delivered",
        undefined,
        { whole: [`licence ${licence}`] },
      );
      const lines = t.stdout().split("\n");
      expect(
        lines.some((line) => line.includes("Password: Rahasia 2026 Aman")),
        t.stdout(),
      ).toBe(true);
      for (const line of lines) expect([...line].length, t.stdout()).toBeLessThanOrEqual(width);
    }
  });

  it("a buy confirmation's JSON note: under its label, never folded beside it", () => {
    const t = terminal(80);
    const note = JSON.stringify({ target: "https://instagram.com/toko_pulsa_makmur_jaya", opt_smm: "fast" });
    t.output.summary([
      ["Item", "Instagram Followers Indonesia Real (#44, smm)"],
      ["Note", note],
    ]);
    const lines = t.stderr().split("\n");
    expect(
      lines.some((line) => line.trim() === note),
      t.stderr(),
    ).toBe(true);
    for (const line of lines) expect([...line].length, t.stderr()).toBeLessThanOrEqual(80);
  });
});
