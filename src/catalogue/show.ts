/**
 * The one renderer of `reseller items`: the kept catalogue filtered and shown, as JSON, as
 * tab-separated rows, or as a table.
 */
import type { Output, Cell, Column } from "../output/output.js";
import { money } from "../output/output.js";
import { relativeHint } from "../output/format.js";
import type { CatalogueEntry, KeptCatalogue } from "./cache.js";
import { checkCategory, findItems, searchWords, type ProcessFilter } from "./search.js";
import type { Messages } from "../messages/messages.js";
import type { RecentFailures } from "../journal/recent-failures.js";

export interface ItemsOptions {
  search?: string;
  category?: string;
  process?: ProcessFilter;
  refresh: boolean;
}

/** A copy younger than this is used without asking the service: searching again at once costs nothing. */
export const freshForMs = 60_000;

/**
 * On a terminal, a table longer than this helps nobody, and laying out thousands of rows takes
 * seconds: the rest is a narrower search, or a pipe (which gets every row), away.
 */
export const tableRowsShown = 100;

/** Whether the copy may be used as it is (a clock that went back says nothing about its age). */
export function isFresh(kept: KeptCatalogue, now: number): boolean {
  return now >= kept.synced_at && now - kept.synced_at < freshForMs;
}

/** The service's own word stands beside ours when it says something else (`disrupted (maintenance)`). */
export function disruptedWords(word: string, say: Messages): string {
  return word.trim().toLowerCase() === say.items.disrupted ? say.items.disrupted : `${say.items.disrupted} (${word})`;
}

function stockCell(entry: CatalogueEntry, say: Messages): Cell {
  // Disrupted says more than any count: the service refuses its orders now.
  if (entry.disrupted !== undefined)
    return { human: disruptedWords(entry.disrupted, say), plain: stockWord(entry), tone: "bad" };
  if (entry.unlimited) return { human: say.items.unlimited, plain: "unlimited", tone: "good" };
  if (entry.stock === null) return undefined;
  if (entry.stock <= 0)
    return { human: `${entry.stock} (${say.items.soldOut})`, plain: String(entry.stock), tone: "bad" };
  return entry.stock;
}

function stockWord(entry: CatalogueEntry): string {
  return entry.unlimited ? "unlimited" : entry.stock === null ? "" : String(entry.stock);
}

function row(entry: CatalogueEntry, say: Messages): Cell[] {
  return [
    entry.id,
    entry.category,
    entry.product,
    { human: entry.name, plain: entry.name, tone: "bold" },
    money(entry.price),
    entry.process,
    stockCell(entry, say),
    entry.min_order,
    entry.sku,
  ];
}

/** Piped rows end with the service's word for a disruption (empty when none): the table says it in the stock column. */
const pipedRow = (entry: CatalogueEntry, say: Messages): Cell[] => [...row(entry, say), entry.disrupted];

/**
 * On a terminal every row says what it sells: the product (game, operator, app) in a column of its
 * own, and the name without the product's words where it begins with them (`Pulsa Telkomsel 10.000`
 * reads `Pulsa Telkomsel │ 10.000`), so neither is spent twice at 80 columns.
 */
function shownRow(entry: CatalogueEntry, say: Messages, recent?: RecentFailures): Cell[] {
  const cells = row(entry, say);
  // Failed here recently: said beside the stock, which is never cut.
  if (recent) {
    const stock = cells[6];
    const before = typeof stock === "object" && stock !== null ? stock.human : stock === undefined ? "" : String(stock);
    cells[6] = {
      human: `${before ? `${before} · ` : ""}${say.items.failedRecently(recent.failed, recent.of)}`,
      plain: before,
      tone: "warn",
    };
  }
  const product = entry.product?.trim();
  if (product && entry.name.toLowerCase().startsWith(`${product.toLowerCase()} `))
    cells[3] = { human: entry.name.slice(product.length).trim(), plain: entry.name, tone: "bold" };
  return cells;
}

/**
 * What gives way at 80 columns: the SKU and the category first, then the process and the minimum
 * order; the product is never dropped (fourteen rows of `86 Diamonds` say nothing without their game
 * and region) and wraps between words at worst; the name is cut in the middle so the nominal at its
 * end still reads. The id, price and stock are never cut.
 */
const itemColumns = (say: Messages): Column[] => [
  { header: say.headings.id },
  { header: say.headings.category, fit: "end", drop: 2 },
  { header: say.headings.product, fit: "wrap" },
  { header: say.headings.name, fit: "middle", min: 12 },
  { header: say.headings.price },
  { header: say.headings.process, drop: 3 },
  { header: say.headings.stock },
  { header: say.headings.minOrder, short: say.headings.minOrderShort, drop: 4 },
  { header: say.headings.sku, fit: "end", drop: 1 },
];

export function showItems(
  output: Output,
  kept: KeptCatalogue,
  options: Omit<ItemsOptions, "refresh">,
  now: number,
  recent: Map<number, RecentFailures> = new Map(),
): void {
  const { say } = output;
  // Only the lines holding every word are parsed; the filter then decides on the fields themselves.
  const words = searchWords(options.search);
  if (output.mode === "plain" && words.length === 0) return printEveryRow(output, kept, options);
  const found = findItems(words.length ? kept.entriesHolding(words) : kept.entries(), options);
  if (found.length === 0 && options.category !== undefined) checkCategory(kept.entries(), options.category);
  if (output.mode === "json")
    return output.json({
      server_time: kept.server_time,
      items: recent.size
        ? found.map((e) => (recent.has(e.id) ? { ...e, recent_failures: recent.get(e.id) } : e))
        : found,
    });
  if (found.length === 0) return output.info(kept.count ? say.catalogue.noneMatch : say.catalogue.empty);
  const shown = output.mode === "table" ? found.slice(0, tableRowsShown) : found;
  // Piped rows keep every field as the service has it, in the order scripts read.
  output.table(
    itemColumns(say),
    shown.map((e) => (output.mode === "table" ? shownRow(e, say, recent.get(e.id)) : pipedRow(e, say))),
  );
  if (output.mode !== "table") return;
  const checked = say.items.checked(relativeHint(kept.synced_at, now, output.say));
  if (shown.length < found.length) output.info(say.items.firstOf(shown.length, found.length, kept.count, checked));
  else output.info(say.items.countOf(found.length, kept.count, checked));
}

/**
 * Rows made into one text and written at once. A whole piece of the copy (~600 rows, ~60 KB of
 * text) at once made some `--refresh` runs that print 200,000 variants peak at 152–168 MiB
 * instead of ~115: `--trace-gc` showed ~6 MB surviving each young collection while the list was
 * printed, until a full one. Why is not known; 200 rows at a time never did it in 32 rounds
 * (`node scripts/bench-scale/catalogue.mjs`), where the whole pieces did in 8 of 40.
 */
const rowsAtOnce = 200;

/**
 * Piped without a search, the whole catalogue is printed a piece of the copy at a time (one row a
 * line, nothing depends on the rows around it): 200,000 variants are never all held as entries and
 * rows at once.
 */
function printEveryRow(output: Output, kept: KeptCatalogue, options: Omit<ItemsOptions, "refresh">): void {
  const { say } = output;
  let printed = 0;
  for (const batch of kept.entryBatches()) {
    const found = findItems(batch, options);
    for (let at = 0; at < found.length; at += rowsAtOnce)
      output.table(
        itemColumns(say),
        found.slice(at, at + rowsAtOnce).map((entry) => pipedRow(entry, say)),
      );
    printed += found.length;
  }
  if (printed > 0) return;
  if (options.category !== undefined) checkCategory(kept.entries(), options.category);
  output.info(kept.count ? say.catalogue.noneMatch : say.catalogue.empty);
}
