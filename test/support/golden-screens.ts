/**
 * Fixed answers for the golden screens (test/e2e/golden-screens.test.ts, test/pty/golden-screens.test.ts):
 * long names, Rp 1.000.000.000 amounts, 13-digit customer numbers, long ref_ids and invoices, served
 * over real HTTP by a hostile server; a config dir with the catalogue kept and a journal of what this
 * machine bought; and the check that a screen keeps every datum whole within its width.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { writeCatalogue, type CatalogueEntry } from "../../src/catalogue/cache.js";
import { openJournal } from "../../src/journal/journal.js";
import type { JournalRecord } from "../../src/journal/entries.js";
import { formatRupiah } from "../../src/output/format.js";
import { makeConfigDir } from "./cli.js";
import { json, type HostileServer } from "./hostile-server.js";
import { buyIntent } from "./journal-records.js";

export const apiKey = "rk_live_golden_screens_0000000000";
export const billion = 1_000_000_000;
const now = Date.now();
export const iso = (offsetMinutes: number) =>
  new Date(now + offsetMinutes * 60_000).toISOString().replace(/\.\d{3}Z$/, "Z");
/** The service's local time with its +07:00 offset, as the live service writes it. */
export const jakarta = (offsetMinutes: number) =>
  `${new Date(now + offsetMinutes * 60_000 + 7 * 3600_000).toISOString().slice(0, 19)}+07:00`;

export const catalogue: CatalogueEntry[] = [
  {
    id: 41,
    sku: "ML-DIAMOND-5000-RAMADHAN-SPESIAL",
    category: "Voucher Game Online Internasional",
    product: "Mobile Legends",
    name: "Mobile Legends 5000 Diamonds Bonus Spesial Ramadhan Tanpa Login 1.000.000",
    price: billion,
    process: "h2h",
    stock: null,
    unlimited: true,
    min_order: 1,
  },
  {
    id: 42,
    sku: "TSEL-PULSA-1000000000",
    category: "Pulsa Reguler Semua Operator",
    product: "Pulsa Telkomsel",
    name: "Pulsa Telkomsel Transfer Saldo Korporat Nominal Besar 1.000.000.000",
    price: 1_000_002_500,
    process: "h2h",
    stock: 0,
    unlimited: false,
    min_order: 1,
  },
  {
    id: 43,
    sku: "NETFLIX-PREMIUM-UHD-12",
    category: "Aplikasi Premium Streaming",
    product: "Netflix Premium",
    name: "Netflix Premium UHD 4 Layar Private 12 Bulan Garansi Penuh",
    price: 999_999_999,
    process: "auto",
    stock: 1_000_000,
    unlimited: false,
    min_order: 1,
  },
  {
    id: 44,
    sku: "IG-FOLLOWERS-ID-REAL",
    category: "Social Media Marketing",
    product: "Instagram Followers",
    name: "Instagram Followers Indonesia Real Aktif Garansi Refill 30 Hari",
    price: 35,
    process: "smm",
    stock: null,
    unlimited: true,
    min_order: 100,
  },
];

export const customers = ["6281234567890", "0812345678901", "6289876543210"];
export const trxRows = [
  {
    ref_id: "RSL-20261124-Q1W2E3R4T5Y6",
    invoice: "INV-20261124-0000001234567",
    status: "completed",
    amount: billion,
    item: 41,
    customer: customers[0]!,
  },
  {
    ref_id: "RSL-20261124-A9S8D7F6G5H4",
    invoice: "INV-20261124-0000001234568",
    status: "processing",
    amount: 1_000_002_500,
    item: 42,
    customer: customers[1]!,
  },
  {
    ref_id: "RSL-20261124-Z1X2C3V4B5N6",
    invoice: "INV-20261124-0000001234569",
    status: "failed",
    amount: 999_999_999,
    item: 43,
    customer: customers[2]!,
  },
];

export const transaction = {
  message: "OK",
  data: {
    id: 99001,
    ref_id: trxRows[0]!.ref_id,
    invoice: trxRows[0]!.invoice,
    payment_method: "saldo",
    status: "completed",
    price: billion,
    fees: 2500,
    amount: billion + 2500,
    note: null,
    created_at: jakarta(-30),
    items: [
      {
        variant_id: 41,
        variant_name: catalogue[0]!.name,
        product_name: "Mobile Legends",
        price: billion,
        qty: 1,
        note: JSON.stringify({ target: customers[0], zone_id: "12345" }),
        order_process: "h2h",
      },
      {
        variant_id: 42,
        variant_name: catalogue[1]!.name,
        product_name: "Pulsa Telkomsel",
        price: 2500,
        qty: 1,
        note: customers[1],
        order_process: "h2h",
      },
      {
        variant_id: 43,
        variant_name: catalogue[2]!.name,
        product_name: "Netflix Premium",
        product_license: "netflix.uhd.1234567890@mailbox.id | Kata sandi: Rahasia-2026-Aman",
        price: 0,
        qty: 1,
        note: null,
        order_process: "auto",
      },
      {
        variant_id: 44,
        variant_name: catalogue[3]!.name,
        product_name: "Instagram Followers",
        price: 35,
        qty: 1000,
        note: JSON.stringify({ target: "https://instagram.com/toko_pulsa_makmur_jaya" }),
        order_process: "h2h",
        is_smm: true,
        status: "processing",
        provider_status: "In progress",
      },
    ],
  },
  h2h_results: [
    {
      variant_id: 41,
      sn: "98765432109876543210",
      dispatch_status: "completed",
      log_message: "Transaksi Sukses, diamonds sudah masuk ke akun pelanggan tujuan",
    },
    { variant_id: 42, sn: "12345678901234567890", dispatch_status: "completed", log_message: "Sukses" },
  ],
  smm_results: [
    {
      variant_id: 44,
      order_id: "1234567890123",
      status: "partial",
      start_count: 1_000_000_000,
      remains: 123,
      delivered_count: 877,
      refund_amount: 4305,
      provider_status: "Partial completed",
      partial_refund_pending_manual: false,
    },
  ],
};

export function serveFixedAnswers(server: HostileServer): void {
  server.routes.set(
    "GET /v1/trx",
    json(200, {
      message: "OK",
      data: {
        transactions: trxRows.map((t, i) => ({
          invoice: t.invoice,
          ref_id: t.ref_id,
          status: t.status,
          price: t.amount,
          fees: 0,
          amount: t.amount,
          created_at: jakarta(-10 * (i + 1)),
        })),
        pagination: { current_page: 1, per_page: 20, total: 3, last_page: 1 },
      },
    }),
  );
  server.routes.set(
    "GET /v1/balance/mutations",
    json(200, {
      message: "OK",
      data: trxRows.map((t, i) => ({
        id: 10 - i,
        invoice: t.invoice,
        direction: "debit",
        type: "purchase",
        amount: t.amount,
        balance_before: 9_876_543_210 - i * billion,
        balance_after: 9_876_543_210 - i * billion - t.amount,
        description: `Pembelian ${catalogue[i]!.name} x1`,
        created_at: jakarta(-10 * (i + 1)),
      })),
    }),
  );
  server.routes.set(
    "GET /v1/balance/channels",
    json(200, {
      message: "OK",
      data: [
        {
          code: "QRIS",
          name: "QRIS (semua e-wallet & mobile banking, termasuk GoPay, OVO, DANA)",
          fee: 750,
          min_amount: 10_000,
          max_amount: billion,
        },
        {
          code: "MANDIRIVA",
          name: "Mandiri Virtual Account (transfer dari semua bank)",
          fee: 4000,
          min_amount: 10_000,
          max_amount: 10_000_000,
        },
      ],
    }),
  );
  server.routes.set(
    "GET /v1/item/lock",
    json(200, {
      success: true,
      data: [
        {
          lock_token: "LCK-a1b2c3d4-e5f6-7890-abcd-ef1234567890",
          item_id: 43,
          quantity: 1_000_000,
          locked_at: iso(-1),
          expires_at: iso(9),
          remaining_seconds: 540,
        },
        {
          lock_token: "LCK-0f9e8d7c-6b5a-4321-fedc-ba0987654321",
          item_id: 99,
          quantity: 1,
          locked_at: iso(-1),
          expires_at: iso(1),
          remaining_seconds: 45,
        },
      ],
    }),
  );
  server.routes.set(`GET /v1/trx/${trxRows[0]!.ref_id}`, json(200, transaction));
  for (const t of trxRows.slice(1))
    server.routes.set(
      `GET /v1/trx/${t.ref_id}`,
      json(200, {
        message: "OK",
        data: { ...transaction.data, ref_id: t.ref_id, invoice: t.invoice, status: t.status, amount: t.amount },
      }),
    );
}

/** An SMM order this machine bought for a long link: `history` must keep the link whole. */
export const smmOrder = {
  ref_id: "RSL-20261124-S5M4M3O2R1D0",
  invoice: "INV-20261124-0000001234570",
  amount: billion,
  item: 44,
  quantity: 1000,
  target: "https://instagram.com/toko_pulsa_makmur_jaya_official_store_2026",
};

/**
 * A config dir as a reseller's machine would have it: the catalogue kept fresh, and the journal of
 * what this machine bought (outcomes unknown when `unknown`; with `smm`, an SMM order for a long link too).
 */
export async function resellerMachine(
  baseUrl: string,
  options: { unknown?: boolean; smm?: boolean } = {},
): Promise<string> {
  const dir = makeConfigDir();
  await writeCatalogue(
    { configDir: dir, profile: "default", baseUrl, apiKey },
    { server_time: jakarta(0), synced_at: Date.now(), full_synced_at: Date.now() },
    catalogue,
  );
  mkdirSync(dir, { recursive: true });
  const journal = openJournal(dir);
  trxRows.forEach((t, i) => {
    const entry = `golden${i}`;
    const at = iso(-10 * (i + 1) - 1);
    journal.append(
      buyIntent({
        entry,
        at,
        base_url: baseUrl,
        ref_id: t.ref_id,
        request: { ref_id: t.ref_id, carts: [{ item_id: t.item, quantity: 1, note: t.customer }] },
        host: hostname(),
      }),
    );
    journal.append({
      v: 1,
      type: "outcome",
      entry,
      at,
      outcome: options.unknown ? "unknown" : "done",
      ...(options.unknown ? { code: "NETWORK_ERROR" } : { invoice: t.invoice, amount: t.amount }),
      by: "answer",
    } as JournalRecord);
  });
  if (options.smm) {
    const at = iso(-45);
    const s = smmOrder;
    journal.append(
      buyIntent({
        entry: "golden-smm",
        at,
        base_url: baseUrl,
        ref_id: s.ref_id,
        request: {
          ref_id: s.ref_id,
          carts: [{ item_id: s.item, quantity: s.quantity, note: JSON.stringify({ target: s.target }) }],
        },
        host: hostname(),
      }),
    );
    journal.append({
      v: 1,
      type: "outcome",
      entry: "golden-smm",
      at,
      outcome: "done",
      invoice: s.invoice,
      amount: s.amount,
      status: "processing",
      by: "answer",
    } as JournalRecord);
  }
  return dir;
}

export function screenEnv(baseUrl: string, configDir: string): Record<string, string> {
  return { RESELLER_CONFIG_DIR: configDir, RESELLER_BASE_URL: baseUrl, RESELLER_API_KEY: apiKey };
}

export const ansi = /\u001b\[[0-9;]*m/g;
/** A time to the minute as an English screen shows it, `29 Nov 2026 00:28` before its seconds and zone (Indonesian: `00.28`, see inIndonesian). */
export const minute = (isoText: string) => {
  const d = new Date(Date.parse(isoText));
  const pad = (n: number) => String(n).padStart(2, "0");
  // The shop's zone, Asia/Jakarta: +07:00 all year.
  const j = new Date(d.getTime() + 7 * 3600_000);
  const month = new Intl.DateTimeFormat("en-GB", { month: "short", timeZone: "UTC" }).format(j);
  return `${j.getUTCDate()} ${month} ${j.getUTCFullYear()} ${pad(j.getUTCHours())}:${pad(j.getUTCMinutes())}`;
};

/**
 * A time as a table whose header names the zone shows it when short of room (`Time (WIB)`): `00:28`
 * on the shop's today, `28 Nov 00:28` this year, `28 Nov 2025 00:28` before.
 */
export const compactMinute = (isoText: string, nowMs = Date.now()) => {
  const whole = minute(isoText);
  const [day, month, year, clock] = whole.split(" ");
  const today = minute(new Date(nowMs).toISOString()).split(" ");
  if (day === today[0] && month === today[1] && year === today[2]) return clock!;
  return year === today[2] ? `${day} ${month} ${clock}` : whole;
};

/** The hours and minutes of a time (`00:28`): what every form of it shows, the most compact too. */
export const clockOf = (isoText: string) => minute(isoText).split(" ")[3]!;

/** A datum as an Indonesian screen writes it: a time's hours and minutes parted by a dot (`00.28`), its month in Indonesian. */
export const inIndonesian = (datum: string) =>
  datum
    .replace(/\b(\d{1,2}) (\w{3,4})(?: (\d{4}))? (\d\d):(\d\d)\b/g, (_all, day, _month, year, h, m) => {
      const at = Date.UTC(Number(year ?? new Date().getUTCFullYear()), monthIndex(_month), Number(day));
      const month = new Intl.DateTimeFormat("id-ID", { month: "short", timeZone: "UTC" }).format(at).replace(/\.$/, "");
      return `${day} ${month}${year ? ` ${year}` : ""} ${h}.${m}`;
    })
    .replace(/^(\d\d):(\d\d)$/, "$1.$2");

function monthIndex(name: string): number {
  const names = Array.from({ length: 12 }, (_, i) =>
    new Intl.DateTimeFormat("en-GB", { month: "short", timeZone: "UTC" }).format(Date.UTC(2026, i, 1)),
  );
  return names.indexOf(name);
}

/**
 * The screen keeps each datum whole: on one line, never next to a `…`, never its first part at the
 * end of a line and the rest on the next; and no line is wider than the window.
 */
export function expectScreen(screen: string, width: number, data: string[]): void {
  const lines = screen.replace(ansi, "").split("\n");
  const tooWide = lines.filter((line) => [...line].length > width);
  expect(tooWide, `lines wider than ${width}:\n${screen}`).toEqual([]);
  for (const datum of data) {
    expect(
      lines.some((line) => line.includes(datum)),
      `"${datum}" whole on a line at ${width} columns:\n${screen}`,
    ).toBe(true);
    const head = datum.slice(0, Math.min(datum.length - 1, 6));
    for (const line of lines) {
      // A cut: the datum's start, then `…` before its end.
      const at = line.indexOf(head);
      if (at < 0) continue;
      const rest = line.slice(at, at + datum.length + 1);
      expect(rest, `"${datum}" cut at ${width} columns:\n${screen}`).not.toContain("…");
    }
  }
  // A time shown names its zone (the shop's, WIB here), whatever the machine's own: on its line, or
  // once in the header of its column (`Time (WIB)`).
  const times = lines.filter((line) => /\b\d{1,2} \p{L}{3,4} \d{4} \d\d[.:]\d\d/u.test(line));
  const zoneInHeader = lines.some((line) => /\p{L} \(WIB\)/u.test(line));
  expect(
    times.filter((line) => !zoneInHeader && !/\b\d{1,2} \p{L}{3,4} \d{4} \d\d[.:]\d\d(?:[.:]\d\d)? WIB\b/u.test(line)),
    `a time without its zone:\n${screen}`,
  ).toEqual([]);
  // Money never split between `Rp` and its digits, nor its digits between lines.
  expect(
    lines.filter((line) => /\bRp *(│|$)/.test(line.trimEnd())),
    `Rp split from its amount:\n${screen}`,
  ).toEqual([]);
  expect(
    lines.filter((line) => /Rp [\d.]*…/.test(line)),
    `money cut:\n${screen}`,
  ).toEqual([]);
}

/** Each golden screen: the command, whether its journal holds unknown outcomes (reconcile) or an SMM order (history), and every datum it must keep whole. */
export interface GoldenScreen {
  name: string;
  args: string[];
  unknown?: boolean;
  smm?: boolean;
  data: () => string[];
}

export const goldenScreens: GoldenScreen[] = [
  {
    name: "items",
    args: ["items"],
    data: () =>
      catalogue.flatMap((e) => [
        formatRupiah(e.price),
        e.unlimited ? "unlimited" : e.stock! <= 0 ? `${e.stock} (sold out)` : String(e.stock),
      ]),
  },
  {
    name: "trx list",
    // The fixed journal as recorded: the screen is its layout, not what asking the fixed answers would change.
    args: ["trx", "list", "--no-refresh"],
    data: () =>
      trxRows.flatMap((t, i) => [
        t.ref_id,
        t.invoice,
        t.status,
        formatRupiah(t.amount),
        t.customer,
        // The clock, which every form of the time shows (`20:40` in a table short of room: its header names the zone).
        clockOf(jakarta(-10 * (i + 1))),
      ]),
  },
  {
    name: "balance history",
    args: ["balance", "history"],
    data: () =>
      trxRows.flatMap((t, i) => [
        t.invoice,
        `-${formatRupiah(t.amount)}`,
        formatRupiah(9_876_543_210 - i * billion - t.amount),
        minute(jakarta(-10 * (i + 1))),
      ]),
  },
  {
    name: "channels",
    args: ["channels"],
    data: () => ["QRIS", "MANDIRIVA", "Rp 750", "Rp 4.000", "Rp 10.000", formatRupiah(billion), "Rp 10.000.000"],
  },
  {
    name: "lock list",
    args: ["lock", "list"],
    data: () => [
      "LCK-a1b2c3d4-e5f6-7890-abcd-ef1234567890",
      "LCK-0f9e8d7c-6b5a-4321-fedc-ba0987654321",
      "1000000",
      minute(iso(9)),
      minute(iso(1)),
      "45s",
    ],
  },
  {
    name: "history",
    args: ["history", "--no-refresh"],
    smm: true,
    data: () => [
      ...trxRows.flatMap((t, i) => [
        t.ref_id,
        t.invoice,
        formatRupiah(t.amount),
        t.customer,
        clockOf(iso(-10 * (i + 1) - 1)),
      ]),
      smmOrder.ref_id,
      smmOrder.invoice,
      smmOrder.target,
      clockOf(iso(-45)),
    ],
  },
  {
    name: "reconcile",
    args: ["reconcile"],
    unknown: true,
    // Each purchase stands at its verdict under Outcome (the words differ by row; each is a word of the table).
    data: () => [...trxRows.flatMap((t) => [t.ref_id, t.invoice]), "Outcome", "bought"],
  },
  {
    name: "pending",
    args: ["pending"],
    unknown: true,
    // Asked about, the one still being processed stays: when it was bought (the clock, which every
    // form of the time shows), its amount, customer and ref_id whole.
    data: () => [trxRows[1]!.ref_id, formatRupiah(trxRows[1]!.amount), trxRows[1]!.customer, clockOf(iso(-21))],
  },
  {
    name: "trx show",
    args: ["trx", "show", trxRows[0]!.ref_id],
    data: () => [
      trxRows[0]!.ref_id,
      trxRows[0]!.invoice,
      formatRupiah(billion + 2500),
      formatRupiah(billion),
      minute(jakarta(-30)),
      ...customers.slice(0, 2),
      "https://instagram.com/toko_pulsa_makmur_jaya",
      "SN 98765432109876543210",
      "98765432109876543210",
      "SN 12345678901234567890",
      "netflix.uhd.1234567890@mailbox.id | Kata sandi: Rahasia-2026-Aman",
      "1234567890123",
      "1000000000",
      "877 (87%)",
      "Rp 4.305",
      "partial",
      "completed",
    ],
  },
];

/** trx show of the failed order: the same lines, the order failed, said with the transaction. */
goldenScreens.push({
  name: "trx show failed",
  args: ["trx", "show", trxRows[2]!.ref_id],
  data: () => [trxRows[2]!.ref_id, trxRows[2]!.invoice, formatRupiah(trxRows[2]!.amount), minute(jakarta(-30))],
});

/** The books by customer: each customer's number whole beside their money. */
goldenScreens.push({
  name: "report by customer",
  args: ["report", "--since", "7d", "--by", "customer"],
  // The books name a customer as a number is dialled in Indonesia: 08…, not 628….
  data: () => customers.map((c) => c.replace(/^62/, "0")),
});

/**
 * The cells of one column of a table, boxed or borderless, each row's lines joined by a space (a cell
 * wrapped between words reads as one text again). A row starts where the first column has text; a
 * borderless table ends where its row numbers start again (the values listed below it by row number).
 */
export function columnCells(screen: string, header: string): string[] {
  const lines = screen.replace(ansi, "").split("\n");
  const boxed = lines.findIndex((line) => line.startsWith("│") && line.includes(`│ ${header} `));
  const headerLine =
    boxed >= 0
      ? boxed
      : lines.findIndex((line) =>
          new RegExp(`(^|  )${header.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(  |$)`).test(line),
        );
  if (headerLine < 0) return [];
  const head = lines[headerLine]!;
  // Where each column starts and ends: between the bars, or from each header to the next.
  const bounds: [number, number][] =
    boxed >= 0
      ? [...head.matchAll(/│/g)].map((m) => m.index!).map((at, i, bars) => [at + 1, bars[i + 1] ?? at + 1])
      : [...head.matchAll(/(?:^|(?<= {2}))\S+(?: \S+)*/g)].map((m, i, all) => [
          m.index!,
          all[i + 1]?.index ?? Infinity,
        ]);
  const column = bounds.findIndex(([from, to]) => head.slice(from, to).trim() === header);
  const cellOf = (line: string, k: number) => line.slice(bounds[k]![0], bounds[k]![1]).trim();
  const cells: string[] = [];
  let lastNumber = 0;
  for (const line of lines.slice(headerLine + (boxed >= 0 ? 2 : 1))) {
    if (boxed >= 0 ? !line.startsWith("│") : line.trim() === "") break;
    const first = cellOf(line, 0);
    // A borderless table too wide for the window goes on in a block of its own, under its own headers.
    if (boxed < 0 && first !== "" && first === cellOf(head, 0)) break;
    if (boxed < 0 && /^\d+$/.test(first)) {
      if (Number(first) <= lastNumber) break;
      lastNumber = Number(first);
    }
    const text = cellOf(line, column);
    if (first !== "" || cells.length === 0) cells.push(text);
    else if (text) cells[cells.length - 1] = `${cells.at(-1)} ${text}`.trim();
  }
  return cells;
}

/**
 * The values a label has in a screen of stacked records (`Waktu      2026-11-28 …`, a wrapped value
 * continued on indented lines), one per record: what a table stacks its rows into when a column would
 * otherwise be squeezed below its longest word.
 */
export function recordValues(screen: string, label: string): string[] {
  const lines = screen.replace(ansi, "").split("\n");
  const values: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( {2,})(\\S.*)$`).exec(lines[i] ?? "");
    if (!head) continue;
    const indent = label.length + (head[1]?.length ?? 0);
    let value = head[2] ?? "";
    while (i + 1 < lines.length && /^ +\S/.test(lines[i + 1] ?? "") && (lines[i + 1] ?? "").search(/\S/) === indent)
      value += ` ${(lines[++i] ?? "").trim()}`;
    values.push(value);
  }
  return values;
}

/**
 * Every word a screen can show whole: the words of the message catalogues (labels, headers, status
 * words in both languages) and of the same command's piped rows and JSON, where nothing is wrapped.
 */
export function wholeWords(...texts: string[]): Set<string> {
  const words = new Set<string>();
  const catalogues = ["en.ts", "id.ts"].map((file) =>
    readFileSync(join(import.meta.dirname, "../../src/messages", file), "utf8"),
  );
  // A time's month and zone, as either language writes them.
  for (const locale of ["en-GB", "id-ID"])
    for (let month = 0; month < 12; month++)
      words.add(
        new Intl.DateTimeFormat(locale, { month: "short", timeZone: "UTC" })
          .format(Date.UTC(2026, month, 1))
          .replace(/\.$/, ""),
      );
  for (const zone of ["WIB", "WITA", "WIT"]) words.add(zone);
  // The fixed answers too: piped rows name an item by its id, the screen by its kept name.
  const fixtures = JSON.stringify({ catalogue, trxRows, transaction, smmOrder });
  for (const text of [...catalogues, fixtures, ...texts]) for (const word of tokensOf(text)) words.add(word);
  return words;
}

/** The words of a text as a screen shows them: between spaces, borders, tabs and quotes, punctuation around them dropped. */
function tokensOf(text: string): string[] {
  return (
    text
      .replace(ansi, "")
      .split(/[\s│┃┌┐└┘├┤┬┴┼─|"`\\]+|\\[nt]/)
      .map((token) => token.replace(/^[([{'.,;:!?*+-]+|[)\]}'.,;:!?*]+$/g, ""))
      // A duration (`9m`, `45s`, `2j`) is a number with its unit, as a number is checked elsewhere.
      .filter((token) => /\p{L}/u.test(token) && !/^\d+\p{L}{1,2}$/u.test(token))
  );
}

/**
 * No word split across lines: each word on the screen is one some text of the command holds whole
 * (wholeWords), or a name cut with `…` on purpose. A line wider than the window only for a word
 * longer than any line could hold (a customer's link), standing whole at its end.
 */
export function expectNothingSplit(screen: string, width: number, whole: Set<string>): void {
  const lines = screen.replace(ansi, "").split("\n");
  const tooWide = lines.filter((line) => {
    if ([...line].length <= width) return false;
    const last = line.trim().split(/\s+/).at(-1)!;
    return [...last].length < width * 0.75;
  });
  expect(tooWide, `lines wider than ${width}:\n${screen}`).toEqual([]);
  const split = lines.flatMap((line) => tokensOf(line).filter((token) => !whole.has(token) && !token.includes("…")));
  expect(split, `words split at ${width} columns:\n${screen}`).toEqual([]);
}

/**
 * A screen's words less what is not the tool's own: the service's text quoted as its own
 * (`(layanan: "…")`) and the names of the fixtures' items, products and channels (and `others`, a
 * screen's other items named by the service).
 */
export function ownWords(screen: string, others: string[] = []): string {
  const names = [
    ...others,
    ...catalogue.flatMap((e) => [e.name, e.product, e.category]).filter((n): n is string => !!n),
    "QRIS",
    "Mandiri",
  ];
  let text = screen.replace(ansi, "").replace(/\(layanan: "[^"]*"\)/g, " ");
  for (const name of names) text = text.split(name).join(" ");
  return text;
}
