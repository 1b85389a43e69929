/**
 * `reseller items --changes`: what changed in the catalogue since the copy before. The copy itself
 * holds only the latest word on each variant, so a small summary of it (id, price, whether it can be
 * bought, what it is called) is kept beside it, `<copy>.prices`, and compared with the copy brought
 * up to date: a map lookup per variant, with no second copy of thousands of lines to read.
 *
 * The summary is written by `--changes` alone: a cron job that asks every hour sees every change
 * since its last run, even when `reseller items` brought the copy up to date in between.
 */
import { readFileSync } from "node:fs";
import { replaceOwnFile } from "../config/config-dir.js";
import { catalogueCachePath, type CatalogueEntry, type CatalogueOwner } from "./cache.js";

export type ChangeKind = "price" | "new" | "gone" | "out_of_stock" | "back_in_stock" | "disrupted" | "recovered";

export interface CatalogueChange {
  change: ChangeKind;
  id: number;
  product: string | null;
  name: string;
  old_price: number | null;
  new_price: number | null;
  /** The service's word for a disruption (`disrupted`); absent on other changes. */
  status?: string;
}

/**
 * One variant as the summary keeps it: id, price, whether it is in stock, product, name, and the service's
 * word when it says the variant cannot be bought now (a summary kept before it was written has none).
 */
type SummaryLine = [
  id: number,
  price: number | null,
  available: boolean,
  product: string | null,
  name: string,
  disrupted?: string | null,
];

export interface PriceSummary {
  version: 1;
  /** This machine's clock (ms) when the copy it sums up was brought up to date. */
  synced_at: number;
  items: SummaryLine[];
}

const summaryPath = (owner: CatalogueOwner) => `${catalogueCachePath(owner)}.prices`;

/** Sold out is a count of zero or less; an item whose stock the service does not count can be bought. */
const isAvailable = (entry: CatalogueEntry) => entry.unlimited || entry.stock === null || entry.stock > 0;

export function summarise(entries: Iterable<CatalogueEntry>, syncedAt: number): PriceSummary {
  const items: SummaryLine[] = [];
  for (const e of entries) items.push([e.id, e.price, isAvailable(e), e.product, e.name, e.disrupted ?? null]);
  return { version: 1, synced_at: syncedAt, items };
}

/** The summary kept by the last `--changes`; undefined when there is none worth using. */
export function readSummary(owner: CatalogueOwner): PriceSummary | undefined {
  try {
    const summary = JSON.parse(readFileSync(summaryPath(owner), "utf8")) as PriceSummary;
    return summary?.version === 1 && Array.isArray(summary.items) && typeof summary.synced_at === "number"
      ? summary
      : undefined;
  } catch {
    return undefined;
  }
}

/** Kept for the next `--changes`; a summary that cannot be written only costs the next comparison. */
export function keepSummary(owner: CatalogueOwner, summary: PriceSummary): Error | undefined {
  try {
    replaceOwnFile(summaryPath(owner), `${JSON.stringify(summary)}\n`);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/**
 * What changed from `before` to `now`, in the order of the copy now (gone ones last): a new price, a
 * variant new or withdrawn, sold out or back in stock, disrupted or recovered as the service says. A variant
 * whose price and stock both changed gives two lines.
 */
export function compareSummaries(before: PriceSummary, now: PriceSummary): CatalogueChange[] {
  const old = new Map(before.items.map((line) => [line[0], line]));
  const changes: CatalogueChange[] = [];
  const change = (kind: ChangeKind, line: SummaryLine, oldPrice: number | null, newPrice: number | null) =>
    changes.push({
      change: kind,
      id: line[0],
      product: line[3],
      name: line[4],
      old_price: oldPrice,
      new_price: newPrice,
      ...(kind === "disrupted" && line[5] ? { status: line[5] } : {}),
    });
  for (const line of now.items) {
    const was = old.get(line[0]);
    old.delete(line[0]);
    if (!was) {
      change("new", line, null, line[1]);
      continue;
    }
    if (was[1] !== line[1]) change("price", line, was[1], line[1]);
    if (was[2] && !line[2]) change("out_of_stock", line, was[1], line[1]);
    if (!was[2] && line[2]) change("back_in_stock", line, was[1], line[1]);
    if (!was[5] && line[5]) change("disrupted", line, was[1], line[1]);
    if (was[5] && !line[5]) change("recovered", line, was[1], line[1]);
  }
  for (const was of old.values()) change("gone", was, was[1], null);
  return changes;
}
