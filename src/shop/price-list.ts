/**
 * A price list to send customers, from the catalogue and the profile's selling prices: CSV for a
 * spreadsheet or a shop's site, Markdown, or text grouped by product, ready to paste into WhatsApp or
 * Telegram, in the customer's language as a receipt is (Indonesian unless `--lang en` is given).
 * Only selling prices, never the cost: an item without a rule is left out. Service text is
 * neutralised: a name cannot carry a control sequence into a customer's chat.
 */
import { formatRupiah } from "../output/format.js";
import { formatCount } from "./price-rules.js";
import { neutralize } from "../output/sanitize.js";
import { shopDate, type ShopTime } from "./shop-time.js";
import type { Messages } from "../messages/messages.js";
import type { ReceiptLanguage } from "./receipt.js";

export type PriceListFormat = "csv" | "md" | "text";
export const priceListFormats: readonly PriceListFormat[] = ["csv", "md", "text"];

export interface PriceListLine {
  id: number;
  category: string | null;
  product: string | null;
  name: string;
  /** The selling price of `per` units; for an open amount, what is added to the amount the customer names. */
  selling_price: number;
  /** The units the price is for (1.000 followers); null for an open amount. */
  per: number | null;
  /** The fewest units an order may have: named when `per` does not already cover it. */
  min_order: number;
  /** Units in stock when the service counts them; null when it does not (unlimited). */
  stock: number | null;
  /** Sold out now: listed, marked, so a customer does not ask for it. */
  sold_out: boolean;
}

/** `1.000 Followers Indonesia`: the pack before the name, when there is one. */
function packName(line: PriceListLine, name: string): string {
  return line.per !== null && line.per > 1 ? `${formatCount(line.per)} ${name}` : name;
}

/** `Rp 4.000 (min. 5)`, `nominal + Rp 1.500`: the price as the customer pays it. */
function priceWords(line: PriceListLine, words: PriceListLanguage["words"]): string {
  const price = formatRupiah(line.selling_price);
  const shown = line.per === null ? words.plusAmount(price) : price;
  return line.min_order > (line.per ?? 1) ? `${shown} (${words.minimum(formatCount(line.min_order))})` : shown;
}

export interface PriceListHeading {
  shopName?: string;
  at: ShopTime;
}

/** The customer's language and its words for a price list (src/messages, `shop.priceList`). */
export interface PriceListLanguage {
  lang: ReceiptLanguage;
  words: Messages["shop"]["priceList"];
}

const clean = (text: string) => neutralize(text).replace(/\s+/g, " ").trim();

/** Lines by product, in the catalogue's order: the first line of a product places its group. */
function byProduct(lines: readonly PriceListLine[], others: string): [string, PriceListLine[]][] {
  const groups = new Map<string, PriceListLine[]>();
  for (const line of lines) {
    const key = clean(line.product ?? line.category ?? others);
    const group = groups.get(key);
    if (group) group.push(line);
    else groups.set(key, [line]);
  }
  return [...groups];
}

/**
 * One CSV cell. A spreadsheet reads a cell that starts with `=`, `+`, `-` or `@` (or a tab or CR
 * before one) as a formula: an item named `=HYPERLINK(…)` would open as a live link in the shop's
 * sheet. Such a cell gets a leading `'`, which spreadsheets take as "this is text" (OWASP's advice).
 */
function csvField(text: string): string {
  const inert = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/**
 * The columns and the `habis` of a sold-out item are what a spreadsheet or a site reads: the same in every
 * language. `price` is for `per` units; `open_amount` is 1 where it is added to the amount the customer names.
 */
function csv(lines: readonly PriceListLine[]): string {
  const rows = lines.map((l) =>
    [
      String(l.id),
      l.category ?? "",
      l.product ?? "",
      l.name,
      String(l.selling_price),
      l.sold_out ? "habis" : l.stock === null ? "" : String(l.stock),
      l.per === null ? "" : String(l.per),
      String(l.min_order),
      l.per === null ? "1" : "",
    ]
      .map((field) => csvField(neutralize(field)))
      .join(","),
  );
  return `${["id,category,product,name,price,stock,per,min_order,open_amount", ...rows].join("\r\n")}\r\n`;
}

function markdown(lines: readonly PriceListLine[], heading: PriceListHeading, language: PriceListLanguage): string {
  const w = language.words;
  const cell = (text: string) => clean(text).replace(/([\\|*_`[\]<>])/g, "\\$1");
  const out = [
    `# ${w.heading}${heading.shopName ? ` ${cell(heading.shopName)}` : ""}`,
    "",
    `_${w.asOf(shopDate(heading.at, language.lang))}_`,
  ];
  for (const [product, group] of byProduct(lines, w.others)) {
    out.push("", `## ${cell(product)}`, "", `| ${w.item} | ${w.price} |`, "|---|---:|");
    for (const l of group)
      out.push(`| ${cell(packName(l, l.name))}${l.sold_out ? ` (${w.soldOut})` : ""} | ${cell(priceWords(l, w))} |`);
  }
  return `${out.join("\n")}\n`;
}

/** WhatsApp's own marks: `*bold*` headings; a name's own asterisks and underscores are left out. */
function chat(lines: readonly PriceListLine[], heading: PriceListHeading, language: PriceListLanguage): string {
  const w = language.words;
  const plain = (text: string) => clean(text).replace(/[*_~`]/g, "");
  const title = heading.shopName ? `*${w.title} ${plain(heading.shopName).toUpperCase()}*` : `*${w.title}*`;
  const out = [title, w.asOf(shopDate(heading.at, language.lang))];
  for (const [product, group] of byProduct(lines, w.others)) {
    out.push("", `*${plain(product)}*`);
    for (const l of group)
      out.push(`- ${packName(l, plain(l.name))}: ${priceWords(l, w)}${l.sold_out ? ` (${w.soldOut})` : ""}`);
  }
  out.push("", w.mayChange);
  return `${out.join("\n")}\n`;
}

export function priceList(
  format: PriceListFormat,
  lines: readonly PriceListLine[],
  heading: PriceListHeading,
  language: PriceListLanguage,
): string {
  if (format === "csv") return csv(lines);
  if (format === "md") return markdown(lines, heading, language);
  return chat(lines, heading, language);
}
