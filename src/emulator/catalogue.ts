import { createHash } from "node:crypto";
import type { SeededRandom } from "./seeded-random.js";

export type OrderProcess = "auto" | "manual" | "h2h" | "smm";

/** What an h2h provider expects in the note: a mobile number (pulsa, e-wallet) or a game user id. */
export type H2hTarget = "phone" | "game_id";

export interface ItemRecord {
  id: number;
  name: string;
  productName: string;
  /** The catalogue heading it is listed under ("Pulsa", "Top Up Game"). */
  category: string;
  description: string;
  price: number;
  minOrder: number;
  orderProcess: OrderProcess;
  active: boolean;
  /** auto items: the licences still for sale, one per unit (their count is the stock); null = unlimited. */
  licences: string[] | null;
  h2hTarget?: H2hTarget;
  /** game items whose user id comes with a server zone, as Mobile Legends' do. */
  requiresZoneId?: boolean;
  /** Set from the control surface: orders are refused (503) until it is cleared; nothing else changes. */
  temporarilyUnavailable?: boolean;
  /** manual items: what the seller writes when the job is done. */
  sellerNote?: string;
  /** The seller's own code for it; seeded items take theirs from large-catalogue.ts. */
  sku?: string;
  /** When its price, stock rules or listing last changed (epoch ms): what `updated_since` compares. */
  updatedAt?: number;
  /**
   * An open-amount item (`provider_meta.open_denom`): the note is JSON `{target, provider_qty, zone_id}`
   * and `provider_qty` must lie within these bounds, a multiple of `step`. It costs `provider_qty`
   * plus `price` (the seller's fee) per unit.
   */
  openAmount?: { min: number; max: number; step: number; label: string };
}

export interface PaymentChannel {
  code: string;
  name: string;
  /** qris, va, ewallet, retail: the `type` of the other key set (real-service-notes §12). */
  type: string;
  /** The flat fee; a percent channel's flat part. */
  fee: number;
  /** A fee as a percentage of the amount on top of `fee`: only the `service` key set can say it (`fee_percentage`). */
  feePercentage?: number;
  /** Not usable now (`status:"off"`): only the `service` key set can say it, so the `code` key set leaves it out. */
  off?: boolean;
  /** The top-up amounts this channel accepts, inclusive. */
  minAmount: number;
  maxAmount: number;
}

export interface AccountRecord {
  name: string;
  apiKey: string;
  contact: string;
  balance: number;
  /** Rivals' sales this month made outside the emulator, so the leaderboard looks lived-in. */
  baseMonthlyTransactions: number;
}

export const DEMO_API_KEY = "rk_demo_7d3f9a2c5e1b4860f2a9";

// Every channel starts at the service's minimum top-up; the ceilings follow what each kind of channel takes.
const QRIS_MAX = 5_000_000;
const VIRTUAL_ACCOUNT_MAX = 10_000_000;
const E_WALLET_MAX = 2_000_000;
const RETAIL_MAX = 2_500_000;

export const paymentChannels: readonly PaymentChannel[] = [
  {
    code: "QRIS",
    name: "QRIS (semua e-wallet & mobile banking)",
    type: "qris",
    fee: 750,
    minAmount: 10_000,
    maxAmount: QRIS_MAX,
  },
  {
    code: "BCAVA",
    name: "BCA Virtual Account",
    type: "va",
    fee: 4000,
    minAmount: 10_000,
    maxAmount: VIRTUAL_ACCOUNT_MAX,
  },
  {
    code: "BRIVA",
    name: "BRI Virtual Account",
    type: "va",
    fee: 3500,
    minAmount: 10_000,
    maxAmount: VIRTUAL_ACCOUNT_MAX,
  },
  {
    code: "MANDIRIVA",
    name: "Mandiri Virtual Account",
    type: "va",
    fee: 4000,
    minAmount: 10_000,
    maxAmount: VIRTUAL_ACCOUNT_MAX,
  },
  {
    code: "BNIVA",
    name: "BNI Virtual Account",
    type: "va",
    fee: 4000,
    minAmount: 10_000,
    maxAmount: VIRTUAL_ACCOUNT_MAX,
  },
  {
    code: "PERMATAVA",
    name: "Permata Virtual Account",
    type: "va",
    fee: 3000,
    minAmount: 10_000,
    maxAmount: VIRTUAL_ACCOUNT_MAX,
  },
  { code: "DANA", name: "DANA", type: "ewallet", fee: 1500, minAmount: 10_000, maxAmount: E_WALLET_MAX },
  { code: "OVO", name: "OVO", type: "ewallet", fee: 1500, minAmount: 10_000, maxAmount: E_WALLET_MAX },
  { code: "SHOPEEPAY", name: "ShopeePay", type: "ewallet", fee: 1500, minAmount: 10_000, maxAmount: E_WALLET_MAX },
  { code: "ALFAMART", name: "Alfamart", type: "retail", fee: 2500, minAmount: 10_000, maxAmount: RETAIL_MAX },
  // Listed only in the `service` key set, which can say a percent fee and a channel switched off.
  {
    code: "GOPAY",
    name: "GoPay",
    type: "ewallet",
    fee: 500,
    feePercentage: 1.5,
    minAmount: 10_000,
    maxAmount: E_WALLET_MAX,
  },
  {
    code: "LINKAJA",
    name: "LinkAja",
    type: "ewallet",
    fee: 1500,
    off: true,
    minAmount: 10_000,
    maxAmount: E_WALLET_MAX,
  },
];

/** The channels a key set can list: the documented `code` keys say neither a percent fee nor "off". */
export function listedChannels(keys: "code" | "service"): readonly PaymentChannel[] {
  return keys === "service"
    ? paymentChannels
    : paymentChannels.filter((channel) => channel.feePercentage === undefined && !channel.off);
}

/** What a channel charges on top of a top-up: the flat fee plus the percentage, rounded up to a whole Rupiah. */
export function channelFee(channel: PaymentChannel, amount: number): number {
  return channel.fee + (channel.feePercentage === undefined ? 0 : Math.ceil((amount * channel.feePercentage) / 100));
}

function rivalKey(name: string): string {
  return `rk_live_${createHash("sha256").update(name).digest("hex").slice(0, 24)}`;
}

const rivals: [name: string, balance: number, monthly: number][] = [
  ["Toko Makmur Jaya", 18_450_000, 1240],
  ["Berkah Pulsa Cell", 7_320_000, 985],
  ["Sinar Digital Store", 4_100_000, 870],
  ["Cahaya Voucher", 2_875_000, 764],
  ["Mitra Top Up Nusantara", 12_600_000, 642],
  ["Rumah Game Murah", 950_000, 517],
  ["Warung Premium ID", 3_300_000, 433],
  ["Kios Reload 24 Jam", 1_480_000, 351],
  ["Sumber Rejeki Cell", 620_000, 264],
  ["Jaya Abadi Digital", 5_050_000, 182],
  ["Mandiri Pulsa Center", 310_000, 97],
  ["Nusantara Akun Store", 2_150_000, 41],
];

export function seedAccounts(): AccountRecord[] {
  return [
    {
      name: "Toko Demo Reseller",
      apiKey: DEMO_API_KEY,
      contact: "demo@tokodemo.id",
      balance: 2_500_000,
      baseMonthlyTransactions: 0,
    },
    ...rivals.map(([name, balance, monthly]) => ({
      name,
      apiKey: rivalKey(name),
      contact: `${name.toLowerCase().replaceAll(" ", "")}@gmail.com`,
      balance,
      baseMonthlyTransactions: monthly,
    })),
  ];
}

const PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const PRODUCT_KEY_ALPHABET = "BCDFGHJKMNPQRTVWXY2346789";

function streamingAccount(random: SeededRandom, prefix: string, domain: string, withProfile: boolean): string {
  const email = `${prefix}.${random.characters(5, "abcdefghijkmnpqrstuvwxyz")}${random.digits(2)}@${domain}`;
  const password = random.characters(10, PASSWORD_ALPHABET);
  const profile = withProfile ? ` | Profil: ${random.integer(1, 5)} | PIN: ${random.digits(4)}` : "";
  return `Email: ${email} | Password: ${password}${profile}`;
}

function productKey(random: SeededRandom): string {
  return Array.from({ length: 5 }, () => random.characters(5, PRODUCT_KEY_ALPHABET)).join("-");
}

function licencePool(count: number, make: () => string): string[] {
  return Array.from({ length: count }, make);
}

/** The seeded catalogue. Item 12 (Telkomsel 10.000) is the one the documentation buys. */
export function seedCatalogue(random: SeededRandom): ItemRecord[] {
  const auto = (
    id: number,
    name: string,
    productName: string,
    price: number,
    stock: number,
    description: string,
    makeLicence: () => string,
    { active = true, minOrder = 1, category = "Aplikasi Premium" } = {},
  ): ItemRecord => ({
    id,
    name,
    productName,
    category,
    description,
    price,
    minOrder,
    orderProcess: "auto",
    active,
    licences: licencePool(stock, makeLicence),
  });
  const h2h = (
    id: number,
    name: string,
    productName: string,
    category: string,
    price: number,
    target: H2hTarget,
    description: string,
    { requiresZoneId = false } = {},
  ): ItemRecord => ({
    id,
    name,
    productName,
    category,
    description,
    price,
    minOrder: 1,
    orderProcess: "h2h",
    active: true,
    licences: null,
    h2hTarget: target,
    requiresZoneId,
  });
  const smm = (
    id: number,
    name: string,
    productName: string,
    price: number,
    minOrder: number,
    description: string,
  ): ItemRecord => ({
    id,
    name,
    productName,
    category: "Sosial Media",
    description,
    price,
    minOrder,
    orderProcess: "smm",
    active: true,
    licences: null,
  });
  const manual = (
    id: number,
    name: string,
    productName: string,
    category: string,
    price: number,
    description: string,
    sellerNote: string,
  ): ItemRecord => ({
    id,
    name,
    productName,
    category,
    description,
    price,
    minOrder: 1,
    orderProcess: "manual",
    active: true,
    licences: null,
    sellerNote,
  });
  const pulsa = (operator: string, nominal: string) =>
    `Pulsa reguler ${operator} ${nominal}. Isi note dengan nomor tujuan, contoh 081234567890.`;
  const wallet = (name: string) => `Top up saldo ${name}. Isi note dengan nomor HP yang terdaftar di ${name}.`;
  const smmNote = (target: string) => `Note wajib JSON, contoh {"target":"${target}"}.`;

  return [
    auto(
      1,
      "Netflix Premium 1 Bulan (Sharing)",
      "Netflix",
      35_000,
      12,
      "Akun sharing 1 profil, garansi 30 hari. Jangan ubah password atau PIN.",
      () => streamingAccount(random, "nfx", "akunpremium.id", true),
    ),
    auto(
      2,
      "Netflix Premium 1 Bulan (Private)",
      "Netflix",
      120_000,
      3,
      "Akun private 5 profil, garansi full 30 hari.",
      () => streamingAccount(random, "nfxpriv", "akunpremium.id", false),
    ),
    auto(
      3,
      "Spotify Premium 1 Bulan",
      "Spotify",
      18_000,
      15,
      "Akun individual, bisa ganti password. Garansi 30 hari.",
      () => streamingAccount(random, "spt", "premiumku.id", false),
    ),
    auto(
      4,
      "Canva Pro 1 Bulan",
      "Canva",
      15_000,
      25,
      "Undangan tim Canva Pro ke email pembeli. Berlaku 30 hari.",
      () => `Link undangan: https://www.canva.com/brand/join?token=${random.characters(22, PASSWORD_ALPHABET)}`,
    ),
    auto(
      5,
      "YouTube Premium 1 Bulan",
      "YouTube",
      25_000,
      10,
      "Akun YouTube Premium siap pakai, tanpa iklan, garansi 30 hari.",
      () => streamingAccount(random, "ytp", "premiumku.id", false),
    ),
    auto(
      6,
      "Windows 11 Pro Lisensi Retail",
      "Microsoft Windows",
      85_000,
      5,
      "Product key retail, aktivasi online, 1 PC selamanya.",
      () => productKey(random),
      { category: "Lisensi Software" },
    ),
    auto(
      7,
      "Microsoft Office 2021 Pro Plus",
      "Microsoft Office",
      95_000,
      4,
      "Product key bind ke akun Microsoft, 1 PC.",
      () => productKey(random),
      { category: "Lisensi Software" },
    ),
    auto(
      8,
      "ChatGPT Plus 1 Bulan (Sharing)",
      "ChatGPT",
      65_000,
      0,
      "Akun sharing ChatGPT Plus. Stok sedang kosong.",
      () => streamingAccount(random, "gpt", "akunpremium.id", false),
    ),
    // Withdrawn by the seller: reads as not found, as the real service does for inactive items.
    auto(
      9,
      "Disney+ Hotstar 1 Bulan",
      "Disney+ Hotstar",
      30_000,
      6,
      "Produk tidak aktif.",
      () => streamingAccount(random, "dsn", "akunpremium.id", false),
      { active: false },
    ),
    manual(
      10,
      "Joki Mobile Legends Epic ke Legend",
      "Jasa Joki Mobile Legends",
      "Jasa Joki",
      175_000,
      "Isi note dengan login Moonton/akun dan jam main yang dihindari. Estimasi 1-3 hari.",
      "Joki selesai, akun sudah Legend V. Silakan ganti password akun Anda.",
    ),
    h2h(11, "Pulsa Telkomsel 5.000", "Pulsa Telkomsel", "Pulsa", 6_500, "phone", pulsa("Telkomsel", "5.000")),
    h2h(12, "Pulsa Telkomsel 10.000", "Pulsa Telkomsel", "Pulsa", 11_500, "phone", pulsa("Telkomsel", "10.000")),
    h2h(13, "Pulsa Telkomsel 25.000", "Pulsa Telkomsel", "Pulsa", 25_800, "phone", pulsa("Telkomsel", "25.000")),
    h2h(14, "Pulsa Telkomsel 50.000", "Pulsa Telkomsel", "Pulsa", 50_500, "phone", pulsa("Telkomsel", "50.000")),
    h2h(15, "Pulsa XL 10.000", "Pulsa XL", "Pulsa", 11_200, "phone", pulsa("XL/Axis", "10.000")),
    h2h(16, "Pulsa XL 25.000", "Pulsa XL", "Pulsa", 25_500, "phone", pulsa("XL/Axis", "25.000")),
    h2h(17, "Pulsa Indosat 10.000", "Pulsa Indosat", "Pulsa", 11_300, "phone", pulsa("Indosat Ooredoo", "10.000")),
    h2h(18, "Saldo DANA 50.000", "DANA", "E-Wallet", 51_000, "phone", wallet("DANA")),
    h2h(19, "Saldo OVO 50.000", "OVO", "E-Wallet", 51_200, "phone", wallet("OVO")),
    h2h(20, "Saldo GoPay 50.000", "GoPay", "E-Wallet", 51_000, "phone", wallet("GoPay")),
    h2h(
      21,
      "Mobile Legends 86 Diamonds",
      "Mobile Legends",
      "Top Up Game",
      21_500,
      "game_id",
      "Isi note dengan User ID dan Zone ID, contoh 12345678(1234).",
      { requiresZoneId: true },
    ),
    h2h(
      22,
      "Free Fire 140 Diamonds",
      "Free Fire",
      "Top Up Game",
      19_000,
      "game_id",
      "Isi note dengan Player ID Free Fire, contoh 123456789.",
    ),
    smm(
      23,
      "Instagram Followers Indonesia",
      "Instagram",
      35,
      100,
      `Followers akun Indonesia aktif, garansi refill 30 hari. ${smmNote("https://instagram.com/username")}`,
    ),
    smm(
      24,
      "TikTok Likes",
      "TikTok",
      12,
      100,
      `Likes untuk video TikTok. ${smmNote("https://www.tiktok.com/@user/video/123")}`,
    ),
    smm(
      25,
      "TikTok Views",
      "TikTok",
      2,
      1000,
      `Views untuk video TikTok. ${smmNote("https://www.tiktok.com/@user/video/123")}`,
    ),
    smm(
      26,
      "YouTube Subscribers",
      "YouTube",
      450,
      100,
      `Subscriber channel YouTube, non-drop. ${smmNote("https://youtube.com/@channel")}`,
    ),
    manual(
      27,
      "Desain Logo Custom",
      "Jasa Desain",
      "Jasa Desain",
      75_000,
      "Tulis nama usaha, warna dan gaya yang diinginkan di note. Revisi 2x.",
      "Desain final sudah dikirim ke kontak pembeli (PNG, SVG, PDF). Revisi masih tersisa 2x.",
    ),
    auto(
      28,
      "Akun Gmail Fresh (grosir)",
      "Gmail",
      3_500,
      60,
      "Akun Gmail baru, sudah verifikasi nomor. Minimal beli 5 akun.",
      () => streamingAccount(random, "fresh", "gmail.com", false),
      { minOrder: 5, category: "Akun" },
    ),
    // The customer names the amount: the note is {"target":"08…","provider_qty":50000}; the seller's fee is the price.
    {
      ...h2h(
        29,
        "Saldo DANA Bebas Nominal",
        "DANA",
        "E-Wallet",
        1_000,
        "phone",
        'Top up saldo DANA dengan nominal bebas Rp 10.000 - Rp 2.000.000 (kelipatan Rp 1.000). Note JSON: {"target":"081234567890","provider_qty":50000}. Harga = nominal + biaya admin.',
      ),
      sku: "DANA-BEBAS",
      openAmount: { min: 10_000, max: 2_000_000, step: 1_000, label: "Nominal" },
    },
  ];
}
