/**
 * A receipt for the reseller's customer: the shop's name, the time in the shop's zone, what was
 * bought for whom (and the account name the check found), the serial, licence or voucher whole, the
 * selling price (never the cost; none when no rule priced it) and a status the customer understands.
 * Indonesian by default, English on request: the customer's language, not the reseller's, so its
 * words come from that language's catalogue whichever the reseller reads.
 *
 * Everything the service wrote is neutralised: a serial or an item name cannot carry a control
 * sequence into the reseller's terminal or the customer's chat.
 */
import type { Transaction, TransactionLine } from "../api/model.js";
import type { Context } from "../context.js";
import { isFinal } from "../api/status.js";
import { formatRupiah } from "../output/format.js";
import { neutralize } from "../output/sanitize.js";
import { deliveredCount } from "../domain/transaction.js";
import { shownCustomer } from "../rules/customer.js";
import { orderVerdict, sellerNoteToHandOver, type Verdict } from "../domain/verdict.js";
import { readPhoneNumber } from "../rules/phone.js";
import { shopProfile } from "./shop-profile.js";
import { shopDateTime, shopTime } from "./shop-time.js";
import { catalogueOf, type Messages } from "../messages/messages.js";
import { itemName } from "../domain/item-name.js";

export type ReceiptLanguage = "id" | "en";
export const receiptLanguages: readonly ReceiptLanguage[] = ["id", "en"];

/** What the customer is told: done, being done, failed with the money back, or part of it. */
export type CustomerStatus = "success" | "processing" | "failed" | "partial";

/** The customer's language and its words for a receipt (src/messages, `shop.receipt`). */
export interface CustomerLanguage {
  lang: ReceiptLanguage;
  words: Messages["shop"]["receipt"];
}

/**
 * A receipt's language, which need not be the reseller's: the customer's catalogue, not the one in
 * use.
 */
export function customerLanguage(lang: ReceiptLanguage = "id"): CustomerLanguage {
  return { lang, words: catalogueOf(lang).shop.receipt };
}

/** What the journal kept of the purchase on this machine: each line's selling price in force and the account names found. */
export interface KeptSale {
  carts: { item_id: number; quantity: number }[];
  selling_prices?: (number | null)[];
  account_names?: (string | null)[];
}

export interface ReceiptLine {
  item: string;
  quantity: number | null;
  customer: string | null;
  account_name: string | null;
  serials: string[];
  licences: string[];
  seller_note: string | null;
  /** SMM: how many of the ordered quantity arrived, when the service says. */
  delivered: number | null;
  /** The selling price of the line (unit price times quantity); null when none was set. */
  price: number | null;
}

export interface Receipt {
  lang: ReceiptLanguage;
  shop_name: string | null;
  ref_id: string | null;
  invoice: string | null;
  time: string | null;
  time_local: string | null;
  status: CustomerStatus;
  status_text: string;
  verdict: Verdict;
  lines: ReceiptLine[];
  total: number | null;
  /** What the customer gets back, in selling prices: all of it when it failed, the part not delivered when partial. */
  refund: number | null;
  text: string;
  wa_link?: string;
}

export interface ReceiptInput {
  transaction: Transaction;
  sale?: KeptSale;
  shopName?: string;
  timeZone: string;
  language: CustomerLanguage;
}

export function customerStatus(verdict: Verdict): CustomerStatus {
  // A wider vocabulary (partial, not sent) is read by its word, so this holds as verdicts are added.
  const word: string = verdict;
  if (word === "delivered") return "success";
  if (word === "partial") return "partial";
  if (word === "delivery_failed") return "failed";
  return "processing";
}

/**
 * Service text as the receipt shows it: on its line, a line break shown as a space, so no part of it
 * can stand on a line of its own and pass for a field of the receipt (`Status: SUKSES`).
 */
const clean = (text: string) => neutralize(text.replace(/\s*[\r\n]+\s*/g, " ")).trim();

/** Each transaction line matched to the kept cart line of the same item, in order: its selling price and account name. */
function keptFor(sale: KeptSale | undefined, lines: TransactionLine[]): { price?: number; account?: string }[] {
  const used = new Set<number>();
  return lines.map((line) => {
    const index = sale?.carts.findIndex((c, i) => !used.has(i) && c.item_id === line.itemId) ?? -1;
    if (index === -1) return {};
    used.add(index);
    const price = sale?.selling_prices?.[index];
    const account = sale?.account_names?.[index];
    return {
      ...(typeof price === "number" ? { price } : {}),
      ...(typeof account === "string" && account ? { account } : {}),
    };
  });
}

export function buildReceipt(input: ReceiptInput): Receipt {
  const t = input.transaction;
  const { verdict, refunded } = orderVerdict(t, isFinal(t.status));
  const status = customerStatus(verdict);
  const kept = keptFor(input.sale, t.lines);
  const lines: ReceiptLine[] = t.lines.map((line, index) => {
    const h2h = t.h2h.filter((r) => r.itemId === line.itemId && !r.failed && r.serial);
    const smm = t.smm.find((r) => r.itemId === line.itemId);
    const sellerNote = sellerNoteToHandOver(line);
    const account = kept[index]?.account;
    return {
      item: clean(line.name ? itemName(line.productName, line.name) : (line.productName ?? `#${line.itemId ?? "?"}`)),
      quantity: line.quantity,
      customer: line.note ? clean(shownCustomer(line.note) ?? "") || null : null,
      account_name: account ? clean(account) : null,
      serials: h2h.flatMap((r) => (r.serial ? [clean(r.serial)] : [])),
      licences: (line.licence ?? "")
        .split(/\r?\n/)
        .map((l) => clean(l))
        .filter(Boolean),
      seller_note: sellerNote === null ? null : clean(sellerNote),
      delivered: smm ? deliveredCount(line.quantity, smm) : null,
      price: kept[index]?.price ?? null,
    };
  });
  const priced = lines.filter((l) => l.price !== null);
  const total = priced.length ? priced.reduce((sum, l) => sum + (l.price ?? 0), 0) : null;
  const refund =
    total === null
      ? null
      : status === "failed"
        ? total
        : status === "partial"
          ? partRefund(lines, t.amount, refunded, total)
          : null;
  const createdAt = t.createdAt && !Number.isNaN(Date.parse(t.createdAt)) ? Date.parse(t.createdAt) : undefined;
  const { lang, words: w } = input.language;
  const receipt: Omit<Receipt, "text"> = {
    lang,
    shop_name: input.shopName ?? null,
    ref_id: t.refId,
    invoice: t.invoice,
    time: createdAt === undefined ? null : new Date(createdAt).toISOString(),
    time_local: createdAt === undefined ? null : shopDateTime(shopTime(createdAt, input.timeZone), lang),
    status,
    status_text: w.statuses[status],
    verdict,
    lines,
    total,
    refund,
  };
  return { ...receipt, text: receiptText(receipt, w) };
}

/**
 * The customer's share back of a partly delivered order, in selling prices: per SMM line the part
 * not delivered; else the service's refund in the proportion it bears to what was paid.
 */
function partRefund(lines: ReceiptLine[], amount: number | null, refunded: number | undefined, total: number): number {
  let sum = 0;
  let counted = true;
  for (const l of lines) {
    if (l.price === null) continue;
    if (l.delivered !== null && l.quantity) sum += Math.round((l.price * (l.quantity - l.delivered)) / l.quantity);
    else counted = false;
  }
  if (counted) return sum;
  return amount && refunded !== undefined ? Math.round((total * refunded) / amount) : 0;
}

/** Past this a value goes under its label, whole: a terminal shows the receipt at 80 columns, a chat wraps it as it likes. */
const receiptWidth = 80;

function receiptText(r: Omit<Receipt, "text">, w: CustomerLanguage["words"]): string {
  // No padding to line the values up: a chat's font is not monospaced.
  const field = (label: string, value: string) =>
    [...label].length + 2 + [...value].length > receiptWidth ? `${label}:\n${value}` : `${label}: ${value}`;
  const out: string[] = [];
  if (r.shop_name) out.push(`*${clean(r.shop_name)}*`);
  out.push(w.title);
  if (r.time_local) out.push(field(w.date, r.time_local));
  if (r.ref_id) out.push(field(w.ref, clean(r.ref_id)));
  for (const line of r.lines) {
    out.push("");
    out.push(field(w.item, line.item));
    if (line.quantity !== null && line.quantity !== 1) out.push(field(w.quantity, String(line.quantity)));
    if (line.customer) out.push(field(w.customer, line.customer));
    if (line.account_name) out.push(field(w.account, line.account_name));
    for (const serial of line.serials) out.push(field(w.serial, serial));
    // Whole, one a line, so each can be copied alone.
    if (line.licences.length) out.push(`${w.licence}:`, ...line.licences);
    if (line.seller_note) out.push(`${w.sellerNote}:`, line.seller_note);
    if (line.delivered !== null && line.quantity !== null && line.delivered !== line.quantity)
      out.push(field(w.delivered, w.deliveredOf(line.delivered, line.quantity)));
    if (line.price !== null && r.lines.length > 1) out.push(field(w.price, formatRupiah(line.price)));
  }
  out.push("");
  if (r.total !== null) out.push(field(r.lines.length > 1 ? w.total : w.price, formatRupiah(r.total)));
  if (r.refund) out.push(field(w.refund, formatRupiah(r.refund)));
  out.push(field(w.status, r.status_text));
  out.push("", w.thanks);
  return `${out.join("\n")}\n`;
}

/**
 * A wa.me link that opens a chat with the text filled in: to the number given, else to the customer's
 * when the order went to a phone number, else a link that asks whom to send it to.
 */
export function whatsAppLink(text: string, number: string | undefined, lines: ReceiptLine[]): string {
  const to = number ?? lines.map((l) => l.customer).find((c) => c && readPhoneNumber(c).ok) ?? undefined;
  let digits = "";
  if (to) {
    const read = readPhoneNumber(to);
    const plain = (read.ok ? read.number : to).replace(/\D/g, "");
    digits = plain.startsWith("0") ? `62${plain.slice(1)}` : plain;
  }
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

/** The shop's receipt of a transaction: its name and time zone from the profile. */
export function shopReceipt(
  ctx: Context,
  transaction: Transaction,
  sale: KeptSale | undefined,
  language: CustomerLanguage,
): Receipt {
  const shop = shopProfile(ctx);
  return buildReceipt({
    transaction,
    ...(sale ? { sale } : {}),
    ...(shop.shopName ? { shopName: shop.shopName } : {}),
    timeZone: shop.timeZone,
    language,
  });
}

/** Between receipts in one file: each can be copied alone. */
export const receiptSeparator = "\n====================\n\n";
