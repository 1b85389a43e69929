/**
 * SKUs, and a catalogue grown to the size of a real seller's: `startEmulator({ catalogueSize: 5000 })`
 * or `reseller emulator --catalogue-size 5000` adds generated variants (game top-ups in several
 * regions, pulsa and data packages, SMM services) after the seeded 28, until the catalogue lists at
 * least that many. The growth is arithmetic, not random: the seeded draws (serials, licences) and the
 * generated items are the same whatever the size.
 */
import type { H2hTarget, ItemRecord, OrderProcess } from "./catalogue.js";

/** The seeded items' SKUs, as a seller's back office names them. */
const seededSkus: Readonly<Record<number, string>> = {
  1: "NFX-SH-1B",
  2: "NFX-PV-1B",
  3: "SPOT-1B",
  4: "CANVA-1B",
  5: "YTP-1B",
  6: "WIN11-PRO",
  7: "OFF21-PP",
  8: "GPT-SH-1B",
  9: "DSNY-1B",
  10: "JOKI-ML-EL",
  11: "TSEL5",
  12: "TSEL10",
  13: "TSEL25",
  14: "TSEL50",
  15: "XL10",
  16: "XL25",
  17: "ISAT10",
  18: "DANA50",
  19: "OVO50",
  20: "GOPAY50",
  21: "ML86",
  22: "FF140",
  23: "IG-FOL-ID",
  24: "TT-LIKE",
  25: "TT-VIEW",
  26: "YT-SUB",
  27: "LOGO-CUSTOM",
  28: "GMAIL-FRESH",
};

export function skuOf(item: ItemRecord): string {
  return item.sku ?? seededSkus[item.id] ?? `ITM-${item.id}`;
}

/** The first generated item's id: well clear of the seeded ones. */
export const FIRST_GENERATED_ID = 1001;

interface ProductLine {
  category: string;
  product: string;
  sku: string;
  process: OrderProcess;
  target?: H2hTarget;
  requiresZoneId?: boolean;
  description: string;
  variants: { name: string; sku: string; price: number; minOrder?: number }[];
}

const games: [name: string, code: string, unit: string, rupiahPerUnit: number, zone: boolean][] = [
  ["Mobile Legends", "ML", "Diamonds", 250, true],
  ["Free Fire", "FF", "Diamonds", 140, false],
  ["PUBG Mobile", "PUBG", "UC", 260, false],
  ["Genshin Impact", "GI", "Genesis Crystals", 260, true],
  ["Honkai Star Rail", "HSR", "Oneiric Shards", 260, true],
  ["Valorant", "VAL", "Points", 140, false],
  ["Call of Duty Mobile", "CODM", "CP", 150, false],
  ["Arena of Valor", "AOV", "Vouchers", 220, false],
  ["Clash of Clans", "COC", "Gems", 180, false],
  ["Point Blank", "PB", "Cash", 100, false],
  ["Honor of Kings", "HOK", "Tokens", 200, false],
  ["Sausage Man", "SM", "Candy", 160, false],
  ["Stumble Guys", "SG", "Gems", 120, false],
  ["Zepeto", "ZEP", "Zems", 300, false],
  ["Ragnarok M", "ROM", "Big Cat Coins", 280, true],
];
const regions: [name: string, code: string][] = [
  ["Indonesia", "ID"],
  ["Global", "GL"],
  ["Malaysia", "MY"],
  ["Philippines", "PH"],
  ["Singapore", "SG"],
  ["Thailand", "TH"],
  ["Vietnam", "VN"],
  ["Brazil", "BR"],
];
const gameAmounts = [
  5, 10, 12, 20, 28, 36, 50, 60, 70, 86, 100, 140, 172, 200, 257, 300, 344, 429, 514, 600, 706, 878, 1000, 1412, 2195,
  3688, 5532, 9288,
];
const operators: [name: string, code: string][] = [
  ["Telkomsel", "TSEL"],
  ["XL", "XL"],
  ["Indosat", "ISAT"],
  ["Tri", "TRI"],
  ["Smartfren", "SMF"],
  ["Axis", "AXIS"],
  ["by.U", "BYU"],
];
const pulsaAmounts = [
  5_000, 10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000, 75_000, 100_000, 150_000, 200_000, 300_000, 500_000,
  1_000_000,
];
const dataPackages: [gb: number, days: number][] = [
  [1, 7],
  [2, 30],
  [3, 30],
  [5, 30],
  [10, 30],
  [15, 30],
  [25, 30],
  [50, 30],
];
const platforms: [name: string, code: string][] = [
  ["Instagram", "IG"],
  ["TikTok", "TT"],
  ["YouTube", "YT"],
  ["Facebook", "FB"],
  ["Twitter X", "X"],
  ["Shopee", "SHP"],
  ["Telegram", "TG"],
  ["Spotify", "SPT"],
];
const smmServices: [name: string, code: string, rupiahPerUnit: number][] = [
  ["Followers", "FOL", 40],
  ["Likes", "LIKE", 12],
  ["Views", "VIEW", 2],
  ["Comments", "CMT", 300],
  ["Shares", "SHR", 25],
  ["Subscribers", "SUB", 450],
];
const smmQualities: [name: string, code: string, factor: number][] = [
  ["Indonesia", "ID", 1.5],
  ["Global", "GL", 1],
  ["Premium", "PRM", 2.5],
];

const rounded = (rupiah: number) => Math.max(100, Math.round(rupiah / 100) * 100);

/** One round of every product line; round 2 and later are the same lines sold as further packages. */
function productLines(round: number): ProductLine[] {
  const suffix = round === 1 ? "" : ` Paket ${round}`;
  const skuSuffix = round === 1 ? "" : `-P${round}`;
  const lines: ProductLine[] = [];
  for (const [game, code, unit, perUnit, zone] of games) {
    regions.forEach(([region, regionCode], r) => {
      const product = `${game} ${region}${suffix}`;
      lines.push({
        category: "Top Up Game",
        product,
        sku: `${code}-${regionCode}${skuSuffix}`,
        process: "h2h",
        target: "game_id",
        requiresZoneId: zone,
        description: `Top up ${unit} ${game} server ${region}. Isi note dengan User ID${zone ? " dan Zone ID, contoh 12345678(1234)" : ", contoh 123456789"}.`,
        variants: gameAmounts.map((amount) => ({
          name: `${product} ${amount} ${unit}`,
          sku: `${code}${regionCode}${amount}${skuSuffix}`,
          price: rounded(amount * perUnit * (1 + r * 0.04) * (1 + (round - 1) * 0.01)),
        })),
      });
    });
  }
  for (const [operator, code] of operators) {
    lines.push({
      category: "Pulsa",
      product: `Pulsa ${operator}${suffix}`,
      sku: `${code}${skuSuffix}`,
      process: "h2h",
      target: "phone",
      description: `Pulsa reguler ${operator}. Isi note dengan nomor tujuan, contoh 081234567890.`,
      variants: pulsaAmounts.map((amount) => ({
        name: `Pulsa ${operator}${suffix} ${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`,
        sku: `${code}P${amount / 1000}${skuSuffix}`,
        price: rounded(amount * 1.03 + 1_000),
      })),
    });
    lines.push({
      category: "Paket Data",
      product: `Data ${operator}${suffix}`,
      sku: `${code}D${skuSuffix}`,
      process: "h2h",
      target: "phone",
      description: `Paket data ${operator}. Isi note dengan nomor tujuan, contoh 081234567890.`,
      variants: dataPackages.map(([gb, days]) => ({
        name: `Data ${operator}${suffix} ${gb} GB ${days} Hari`,
        sku: `${code}D${gb}G${skuSuffix}`,
        price: rounded(gb * 4_500 + 3_000),
      })),
    });
  }
  for (const [platform, code] of platforms) {
    for (const [quality, qualityCode, factor] of smmQualities) {
      const product = `${platform} ${quality}${suffix}`;
      lines.push({
        category: "Sosial Media",
        product,
        sku: `${code}-${qualityCode}${skuSuffix}`,
        process: "smm",
        description: `Layanan ${platform} kualitas ${quality}. Note wajib JSON, contoh {"target":"https://${platform.toLowerCase().replace(/\s+/g, "")}.com/username"}.`,
        variants: smmServices.map(([service, serviceCode, perUnit]) => ({
          name: `${product} ${service}`,
          sku: `${code}-${serviceCode}-${qualityCode}${skuSuffix}`,
          price: Math.max(1, Math.round(perUnit * factor)),
          minOrder: 100,
        })),
      });
    }
  }
  return lines;
}

/** Generated variants after `existing`, until there are at least `size` active items in all. */
export function growCatalogue(existing: ItemRecord[], size: number): ItemRecord[] {
  const grown = [...existing];
  let active = existing.filter((item) => item.active).length;
  let id = Math.max(FIRST_GENERATED_ID - 1, ...existing.map((item) => item.id)) + 1;
  for (let round = 1; active < size; round++) {
    for (const line of productLines(round)) {
      for (const variant of line.variants) {
        if (active >= size) return grown;
        grown.push({
          id: id++,
          name: variant.name,
          productName: line.product,
          category: line.category,
          description: line.description,
          price: variant.price,
          minOrder: variant.minOrder ?? 1,
          orderProcess: line.process,
          active: true,
          licences: null,
          sku: variant.sku,
          ...(line.target ? { h2hTarget: line.target } : {}),
          ...(line.requiresZoneId ? { requiresZoneId: true } : {}),
        });
        active++;
      }
    }
  }
  return grown;
}
