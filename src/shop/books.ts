/**
 * The day's books from the journal: orders by verdict, what they cost the balance (net of refunds),
 * what was refunded, what customers paid (the selling prices kept with each sale), the profit, and
 * the top-ups; in total and per hour, day, product, category or customer.
 *
 * Money follows the balance: a delivered or not-yet-delivered order spent its amount, a partly
 * delivered one its amount less the refund, a failed one nothing once refunded; a refused order and
 * one never sent spent nothing. An unknown outcome is counted apart, never as spent or not spent.
 * Revenue is the selling price of what the customer keeps: all of it when delivered or on its way,
 * each line's price times the share of it delivered when partial, nothing when failed.
 */
import type { JournalEntry } from "../journal/entries.js";
import { ledgerVerdict } from "../orders/ledger.js";
import { type LineDelivery, recordedRefund, type Verdict } from "../domain/verdict.js";
import { customerKey, shownCustomer } from "../rules/customer.js";
import { shopDay, shopTime } from "./shop-time.js";

export type Grouping = "day" | "hour" | "product" | "category" | "customer";

/** The verdicts a report counts, in the order it shows them. */
export const reportVerdicts = ["delivered", "bought", "partial", "delivery_failed", "refused", "unknown"] as const;
type Counted = (typeof reportVerdicts)[number];

export interface BooksRow {
  key: string;
  orders: number;
  by_verdict: Record<Counted, number>;
  spent: number;
  refunded: number;
  revenue: number;
  profit: number;
}

export interface Books extends Omit<BooksRow, "key"> {
  /** Orders sold without a selling price: their revenue is not known, so the profit leaves them out. */
  unpriced: number;
  top_ups: { count: number; amount: number; paid: number };
  rows: BooksRow[];
}

/** What the report needs to name an item by product and category (from the kept catalogue). */
export type ItemFacts = (itemId: number) => { product: string | null; category: string | null } | undefined;

interface Line {
  item_id?: unknown;
  quantity?: unknown;
  note?: unknown;
}

const emptyCounts = (): Record<Counted, number> => ({
  delivered: 0,
  bought: 0,
  partial: 0,
  delivery_failed: 0,
  refused: 0,
  unknown: 0,
});

function emptyRow(key: string): BooksRow {
  return { key, orders: 0, by_verdict: emptyCounts(), spent: 0, refunded: 0, revenue: 0, profit: 0 };
}

/** What one purchase did to the balance and the till. */
export function moneyOf(
  entry: JournalEntry,
  verdict: Verdict,
): { spent: number; refunded: number; revenue: number | null } {
  const amount = entry.amount ?? 0;
  const kept = Array.isArray(entry.request.selling_prices) ? (entry.request.selling_prices as unknown[]) : [];
  // Each cart line's selling price in its place: a line no rule priced is null, and left out.
  const prices = kept.map((p) => (typeof p === "number" ? p : null));
  const sold = prices.some((p) => p !== null) ? prices.reduce<number>((a, p) => a + (p ?? 0), 0) : null;
  switch (verdict) {
    case "delivered":
    case "bought":
      return { spent: amount, refunded: 0, revenue: sold };
    case "partial": {
      const refunded = Math.min(recordedRefund(verdict, entry) ?? 0, amount);
      return {
        spent: amount - refunded,
        refunded,
        revenue: sold === null ? null : partialRevenue(entry, prices, sold, refunded),
      };
    }
    case "delivery_failed": {
      // A failure recorded before refunds were kept gave back the whole amount (recordedRefund says so).
      const refunded = Math.min(recordedRefund(verdict, entry) ?? amount, amount);
      return { spent: amount - refunded, refunded, revenue: 0 };
    }
    default:
      return { spent: 0, refunded: 0, revenue: 0 };
  }
}

/**
 * What the customer pays for a partly delivered order: each line's selling price times the share of
 * it delivered, as the journal kept the lines when the order was seen partial. An order recorded
 * before the lines were kept (or whose kept lines do not match its cart) is counted by the share of
 * its amount not refunded, which is right for a one-line order and an estimate for a cart.
 */
function partialRevenue(
  entry: JournalEntry,
  prices: readonly (number | null)[],
  sold: number,
  refunded: number,
): number {
  const shares = deliveredShares(entry);
  if (shares) return Math.round(prices.reduce<number>((sum, p, i) => sum + (p ?? 0) * (shares[i] ?? 0), 0));
  const amount = entry.amount ?? 0;
  const kept = amount > 0 ? (amount - refunded) / amount : 0;
  return Math.round(sold * kept);
}

/**
 * The share of each cart line delivered (0 to 1), from the lines the journal kept; undefined when a
 * line is missing, names another item, or says no count. An SMM line short of its count is its share.
 */
function deliveredShares(entry: JournalEntry): number[] | undefined {
  const kept: unknown = entry.delivered;
  const lines = linesOf(entry);
  if (!Array.isArray(kept) || lines.length === 0) return undefined;
  const shares: number[] = [];
  for (const [index, line] of lines.entries()) {
    const mine = (kept as Partial<LineDelivery>[]).filter((d) => d?.line === index + 1);
    if (mine.length === 0) return undefined;
    let share = 0;
    for (const d of mine) {
      if (typeof d.item_id === "number" && typeof line.item_id === "number" && d.item_id !== line.item_id)
        return undefined;
      const part = lineShare(d);
      if (part === undefined) return undefined;
      share += part;
    }
    // A line the service answered in several results never counts more than it was ordered.
    shares.push(Math.min(1, share));
  }
  return shares;
}

function lineShare(d: Partial<LineDelivery>): number | undefined {
  if (d.state === "failed") return 0;
  if (typeof d.ordered === "number" && d.ordered > 0 && typeof d.delivered === "number")
    return Math.max(0, d.delivered) / d.ordered;
  return d.state === "delivered" ? 1 : undefined;
}

function linesOf(entry: JournalEntry): Line[] {
  const carts = entry.request.carts;
  return Array.isArray(carts) ? (carts as Line[]) : [];
}

/**
 * The shop's day or hour of an instant, remembered per quarter of an hour (every zone's offset is a
 * whole number of quarters): reading the zone's calendar for each of thousands of orders cost more
 * than the rest of the report.
 */
function clockKeys(timeZone: string): (atMs: number, by: "day" | "hour") => string {
  const quarters = new Map<number, { day: string; hour: string }>();
  return (atMs, by) => {
    const quarter = Math.floor(atMs / 900_000);
    let keys = quarters.get(quarter);
    if (!keys) {
      const t = shopTime(atMs, timeZone);
      const day = shopDay(t);
      keys = { day, hour: `${day} ${String(t.hour).padStart(2, "0")}:00` };
      quarters.set(quarter, keys);
    }
    return keys[by];
  };
}

/** The group an order falls in; a cart of several lines goes with its first line. */
function keyOf(entry: JournalEntry, by: Grouping, clock: ReturnType<typeof clockKeys>, facts: ItemFacts): string {
  const at = Date.parse(entry.at);
  const first = linesOf(entry)[0];
  const itemId = typeof first?.item_id === "number" ? first.item_id : undefined;
  const names = entry.request.item_names as Record<string, string> | undefined;
  const name = itemId !== undefined ? (names?.[String(itemId)] ?? `item ${itemId}`) : "?";
  switch (by) {
    case "day":
    case "hour":
      return clock(at, by);
    case "product":
      return (itemId !== undefined ? facts(itemId)?.product : undefined) ?? name;
    case "category":
      return (itemId !== undefined ? facts(itemId)?.category : undefined) ?? "?";
    case "customer":
      return (typeof first?.note === "string" ? shownCustomer(first.note) : null) ?? "?";
  }
}

export interface BooksInput {
  /** The orders and top-ups of the range, as the journal's window selected them. */
  entries: Iterable<JournalEntry>;
  nowMs: number;
  by: Grouping;
  timeZone: string;
  facts: ItemFacts;
}

export function keepBooks(input: BooksInput): Books {
  const total = emptyRow("total");
  const rows = new Map<string, BooksRow>();
  let unpriced = 0;
  const topUps = { count: 0, amount: 0, paid: 0 };
  const clock = clockKeys(input.timeZone);
  for (const entry of input.entries) {
    if (entry.kind === "topup") {
      if (entry.outcome !== "done") continue;
      topUps.count++;
      topUps.amount += entry.amount ?? 0;
      if (entry.status === "paid") topUps.paid += entry.amount ?? 0;
      continue;
    }
    const verdict = ledgerVerdict(entry, input.nowMs);
    if (verdict === undefined || verdict === "not_sent") continue;
    const money = moneyOf(entry, verdict);
    const label = keyOf(entry, input.by, clock, input.facts);
    // A customer is one row however the orders spelled them (0812…, +62 812-…; id(zone), id|zone).
    const key = input.by === "customer" ? customerKey(label) : label;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = emptyRow(label)));
    for (const r of [row, total]) {
      r.orders++;
      r.by_verdict[verdict]++;
      r.spent += money.spent;
      r.refunded += money.refunded;
      r.revenue += money.revenue ?? 0;
    }
    if (money.revenue === null) unpriced++;
  }
  const sorted = [...rows.values()];
  if (input.by === "day" || input.by === "hour") sorted.sort((a, b) => a.key.localeCompare(b.key));
  else sorted.sort((a, b) => b.spent - a.spent || a.key.localeCompare(b.key));
  for (const r of [...sorted, total]) r.profit = r.revenue - r.spent;
  const { key: _key, ...totals } = total;
  return { ...totals, unpriced, top_ups: topUps, rows: sorted };
}

/**
 * A bar chart of one figure per row that fits `width` columns: the label, a bar of eighths of a
 * block, the amount. Negative amounts (a loss) are drawn with a lighter bar.
 */
export function barChart(rows: readonly { label: string; value: number; shown: string }[], width: number): string[] {
  if (rows.length === 0) return [];
  const labelWidth = Math.max(...rows.map((r) => r.label.length));
  const shownWidth = Math.max(...rows.map((r) => r.shown.length));
  const room = Math.max(10, width - labelWidth - shownWidth - 4);
  const largest = Math.max(1, ...rows.map((r) => Math.abs(r.value)));
  const eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];
  return rows.map((r) => {
    const units = Math.round((Math.abs(r.value) / largest) * room * 8);
    const bar = (r.value < 0 ? "░" : "█").repeat(Math.floor(units / 8)) + (r.value < 0 ? "" : eighths[units % 8]);
    return `${r.label.padEnd(labelWidth)}  ${bar.padEnd(room)}  ${r.shown.padStart(shownWidth)}`;
  });
}
