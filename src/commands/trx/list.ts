/**
 * `reseller trx list [--status S] [--page N] [--per-page N]`: past purchases, newest first, one row
 * each (time, ref_id, invoice, status, amount), with the item, the customer and the refund when this
 * machine bought it (the service's list names none of them; the journal does). `trx show` gives one in full.
 */
import type { TransactionSummary } from "../../api/model.js";
import type { Context } from "../../context.js";
import type { Messages } from "../../messages/messages.js";
import { keptItemNames } from "../../catalogue/names.js";
import type { JournalEntry } from "../../journal/entries.js";
import { journalFor, sentFromHere } from "../../journal/request.js";
import { ledgerVerdict, refreshEntries, sayNotRefreshed, type Refreshed } from "../../orders/ledger.js";
import { customersOf, itemText, journalLines, type JournalLine } from "../../output/journal.js";
import { moneyOf } from "../../shop/books.js";
import { copyable, customerCell, money, statusCell, type Cell, type Column } from "../../output/output.js";
import { pageHint } from "../../output/pages.js";
import type { TrxListOptions } from "./flags.js";

/**
 * Ref ID, invoice and customer are copied, so they stand whole beside the table or below it by row
 * number. The refund stands beside the amount when a purchase on the page had one.
 */
const columns = (refunds: boolean, created: Column, say: Messages): Column[] => [
  created,
  // What was sold: wrapped between words at worst, never cut (`1 × Mobile Legends Ph…Diamonds` said nothing).
  { header: say.headings.item, fit: "wrap" },
  { header: say.headings.status },
  { header: say.headings.amount },
  ...(refunds ? [{ header: say.transaction.refund }] : []),
  { header: say.headings.customer },
  { header: say.headings.refId },
  { header: say.headings.invoice },
];

interface BoughtHere {
  lines: JournalLine[];
  /** What the service gave back, as the report counts it (the service's list says nothing of refunds). */
  refunded: number;
}

/** Each listed purchase this machine journaled, by ref_id: one indexed look-up per ref_id of the page. */
function journaledHere(ctx: Context, refIds: string[]): Map<string, JournalEntry> {
  const entries = new Map<string, JournalEntry>();
  if (refIds.length === 0) return entries;
  const journal = journalFor(ctx);
  for (const refId of new Set(refIds)) {
    // Newest first: the latest purchase sent with this ref_id from here.
    const entry = journal.byRefId(refId).find((e) => e.kind === "buy" && sentFromHere(e, ctx.settings));
    if (entry) entries.set(refId, entry);
  }
  return entries;
}

/** What the page shows of each purchase bought here: its lines and the refund the journal now records. */
function boughtHere(ctx: Context, entries: Map<string, JournalEntry>): Map<string, BoughtHere> {
  const now = ctx.now();
  const lines = new Map<string, BoughtHere>();
  for (const [refId, entry] of entries) {
    const verdict = ledgerVerdict(entry, now);
    lines.set(refId, {
      lines: journalLines(entry),
      refunded: verdict === undefined ? 0 : moneyOf(entry, verdict).refunded,
    });
  }
  return lines;
}

/** A long list on a terminal goes through the pager (Context.paged). */
export function run(ctx: Context, options: TrxListOptions): Promise<number | undefined> {
  return ctx.paged(() => listTransactions(ctx, options));
}

async function listTransactions(ctx: Context, options: TrxListOptions): Promise<number | undefined> {
  const client = await ctx.client();
  const { data, body } = await client.listTransactions({
    ...(options.status !== undefined ? { status: options.status } : {}),
    ...(options.page !== undefined ? { page: options.page } : {}),
    ...(options.perPage !== undefined ? { perPage: options.perPage } : {}),
  });
  // The service's own body, as received: nothing of the journal is in it to bring up to date.
  if (ctx.output.mode === "json") {
    ctx.output.json(body);
    return;
  }
  if (data.transactions.length === 0) {
    ctx.output.info(ctx.say.trx.none(options.status ?? "", options.page ?? 1));
    return;
  }
  const journaled = journaledHere(
    ctx,
    data.transactions.flatMap((t) => (t.refId === null ? [] : [t.refId])),
  );
  // The page already says each one's status: only those it calls final are asked for their refund.
  let refreshed: Refreshed | undefined;
  if (options.refresh !== false && journaled.size) {
    const listed = new Map(data.transactions.flatMap((t) => (t.refId === null ? [] : [[t.refId, t.status] as const])));
    refreshed = await refreshEntries(ctx, [...journaled.values()], { listed });
    for (const [refId, entry] of journaled) {
      const current = refreshed.updated.get(entry.entry);
      if (current) journaled.set(refId, current);
    }
  }
  const here = boughtHere(ctx, journaled);
  const linesOf = (t: TransactionSummary) => (t.refId === null ? [] : (here.get(t.refId)?.lines ?? []));
  const refundOf = (t: TransactionSummary) => (t.refId === null ? 0 : (here.get(t.refId)?.refunded ?? 0));
  const refunds = data.transactions.some((t) => refundOf(t) > 0);
  if (ctx.output.mode === "plain") {
    // created, ref_id, invoice, status, amount, then (appended) item ids, quantities and customers,
    // comma-separated per line of the purchase; empty when this machine did not buy it. Then, when a
    // purchase of the page had one, the refund.
    ctx.output.table(
      [],
      data.transactions.map((t) => {
        const lines = linesOf(t);
        return [
          ctx.output.time(t.createdAt),
          t.refId,
          t.invoice,
          statusCell(t.status, ctx.say),
          money(t.amount ?? t.price),
          lines.map((l) => l.itemId ?? "").join(","),
          lines.map((l) => l.quantity ?? "").join(","),
          customersOf(lines, ","),
          ...(refunds ? [refundOf(t) || ""] : []),
        ];
      }),
    );
  } else {
    const names = keptItemNames(ctx.settings);
    const created = ctx.output.timeColumn(
      ctx.say.headings.created,
      data.transactions.map((t) => t.createdAt),
    );
    ctx.output.table(
      columns(refunds, created.column, ctx.say),
      data.transactions.map((t, i): Cell[] => {
        const lines = linesOf(t);
        const customer = customersOf(lines);
        return [
          created.cells[i],
          itemText(lines, names, ctx.say) || undefined,
          statusCell(t.status, ctx.say),
          money(t.amount ?? t.price),
          ...(refunds ? [refundOf(t) ? money(refundOf(t)) : undefined] : []),
          customer ? customerCell(customer) : undefined,
          t.refId === null ? undefined : copyable(t.refId),
          t.invoice === null ? undefined : copyable(t.invoice, "bold"),
        ];
      }),
    );
  }
  const hint = pageHint(
    data.pagination,
    data.transactions.length,
    options.page,
    options.perPage,
    "transactions",
    (page) =>
      `reseller trx list${options.status !== undefined ? ` --status ${options.status}` : ""} --page ${page}${options.perPage !== undefined ? ` --per-page ${options.perPage}` : ""}`,
    ctx.say,
  );
  if (hint) ctx.output.info(hint);
  return refreshed ? sayNotRefreshed(ctx, refreshed) : undefined;
}
