/**
 * A price list to send customers, from the catalogue and the profile's selling prices: CSV for a
 * spreadsheet or a shop's site, Markdown, or text grouped by product in Indonesian, ready to paste
 * into WhatsApp or Telegram. Only selling prices, never the cost: an item without a rule is left
 * out. Service text is neutralised: a name cannot carry a control sequence into a customer's chat.
 */
import { formatRupiah } from "../output/format.js";
import { neutralize } from "../output/sanitize.js";
import { shopDate, type ShopTime } from "./shop-time.js";

export type PriceListFormat = "csv" | "md" | "text";
export const priceListFormats: readonly PriceListFormat[] = ["csv", "md", "text"];

export interface PriceListLine {
  id: number;
  category: string | null;
  product: string | null;
  name: string;
  selling_price: number;
  /** Sold out now: listed, marked, so a customer does not ask for it. */
  sold_out: boolean;
}

export interface PriceListHeading {
  shopName?: string;
  at: ShopTime;
}

const clean = (text: string) => neutralize(text).replace(/\s+/g, " ").trim();

/** Lines by product, in the catalogue's order: the first line of a product places its group. */
function byProduct(lines: readonly PriceListLine[]): [string, PriceListLine[]][] {
  const groups = new Map<string, PriceListLine[]>();
  for (const line of lines) {
    const key = clean(line.product ?? line.category ?? "Lainnya");
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups];
}

function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(lines: readonly PriceListLine[]): string {
  const rows = lines.map((l) =>
    [String(l.id), l.category ?? "", l.product ?? "", l.name, String(l.selling_price), l.sold_out ? "habis" : ""]
      .map((field) => csvField(neutralize(field)))
      .join(","),
  );
  return `${["id,category,product,name,price,stock", ...rows].join("\r\n")}\r\n`;
}

function markdown(lines: readonly PriceListLine[], heading: PriceListHeading): string {
  const cell = (text: string) => clean(text).replace(/([\\|*_`[\]<>])/g, "\\$1");
  const out = [
    `# Daftar Harga${heading.shopName ? ` ${cell(heading.shopName)}` : ""}`,
    "",
    `_Per ${shopDate(heading.at)}_`,
  ];
  for (const [product, group] of byProduct(lines)) {
    out.push("", `## ${cell(product)}`, "", "| Item | Harga |", "|---|---:|");
    for (const l of group)
      out.push(`| ${cell(l.name)}${l.sold_out ? " (stok habis)" : ""} | ${formatRupiah(l.selling_price)} |`);
  }
  return `${out.join("\n")}\n`;
}

/** WhatsApp's own marks: `*bold*` headings; a name's own asterisks and underscores are left out. */
function chat(lines: readonly PriceListLine[], heading: PriceListHeading): string {
  const plain = (text: string) => clean(text).replace(/[*_~`]/g, "");
  const title = heading.shopName ? `*DAFTAR HARGA ${plain(heading.shopName).toUpperCase()}*` : "*DAFTAR HARGA*";
  const out = [title, `Per ${shopDate(heading.at)}`];
  for (const [product, group] of byProduct(lines)) {
    out.push("", `*${plain(product)}*`);
    for (const l of group)
      out.push(`- ${plain(l.name)}: ${formatRupiah(l.selling_price)}${l.sold_out ? " (stok habis)" : ""}`);
  }
  out.push("", "Harga dapat berubah sewaktu-waktu.");
  return `${out.join("\n")}\n`;
}

export function priceList(format: PriceListFormat, lines: readonly PriceListLine[], heading: PriceListHeading): string {
  if (format === "csv") return csv(lines);
  if (format === "md") return markdown(lines, heading);
  return chat(lines, heading);
}
