/**
 * `reseller buy --file orders.csv|orders.jsonl`: many transactions, one per row, a few at a time.
 *
 * Each row's ref_id is derived from the file's content and the row number (unless the row gives
 * one), so running the same file again never buys twice: a row bought before is found on the
 * service and reported as `already_bought`. The whole file is checked before the first purchase,
 * so a typo in row 40 never leaves half a batch bought. One result per order as it completes
 * (JSON Lines with --json); exit 0 only when every order succeeded, else the highest exit code.
 */
import { createHash } from "node:crypto";
import { appendFileSync, readFileSync } from "node:fs";
import { openResultsFile } from "../../config/config-dir.js";
import { resolve } from "node:path";
import type { ServiceClient } from "../../api/client.js";
import type { Item } from "../../api/model.js";
import type { Context } from "../../context.js";
import { ExitCode, InputError, InterruptedError, ResellerError, ServiceError, UsageError } from "../../errors.js";
import { formatRupiah } from "../../output/format.js";
import { copyable, money, type Cell } from "../../output/output.js";
import type { BuyRequest } from "../../orders/buy-request.js";
import { checkLine } from "../../orders/check-line.js";
import { fetchItem } from "../../orders/items.js";
import { cartLines, orderTotal, type Order } from "../../orders/order.js";
import { bulkRefId, readOrders, type OrderRow } from "../../orders/orders-file.js";
import { journalFor, sentFromHere } from "../../journal/request.js";
import type { Settings } from "../../config/settings.js";
import type { JournalEntry } from "../../journal/journal.js";
import { purchase, refIdsSentBefore } from "../../orders/purchase.js";

type FileRequest = Extract<BuyRequest, { kind: "file" }>;

export type BulkOutcome = "bought" | "already_bought" | "refused" | "unknown" | "not_sent" | "interrupted";

export interface BulkResult {
  row: number;
  ref_id: string;
  item_id: number;
  quantity: number;
  outcome: BulkOutcome;
  exit_code: number;
  invoice?: string;
  amount?: number;
  status?: string;
  error?: { code: string; message: string };
  /** With --wait: the final transaction detail as the service sent it. */
  transaction?: unknown;
}

/**
 * Every row checked against its item before anything is bought, by the same checkLine as a single
 * buy and a cart; each message names the row as the user sees it in the file.
 */
async function ordersFor(client: ServiceClient, rows: OrderRow[], contentHash: string, path: string, check: boolean): Promise<Order[]> {
  const items = new Map<number, Item>();
  for (const r of rows) {
    if (items.has(r.itemId)) continue;
    try {
      items.set(r.itemId, await fetchItem(client, r.itemId));
    } catch (error) {
      // An unknown item is said with the row that names it.
      if (error instanceof ServiceError && error.code === "ITEM_NOT_FOUND") error.message = `${r.place}: ${error.message}`;
      throw error;
    }
  }
  const seen = new Map<string, string>();
  return rows.map((r) => {
    const where = `${r.place}: `;
    const item = items.get(r.itemId)!;
    const note = checkLine(item, r, where, { check });
    const refId = r.refId ?? bulkRefId(contentHash, r.row);
    const earlier = seen.get(refId);
    if (earlier !== undefined) throw new InputError(`${where}ref_id ${refId} is also used by ${earlier}.`);
    seen.set(refId, r.place);
    const source = path === "-" ? undefined : { file: resolve(path), version: contentHash.slice(0, 12) };
    return { refId, refIdGiven: true, lines: [{ item, quantity: r.quantity, ...(note !== undefined ? { note } : {}) }], ...(source ? { source } : {}) };
  });
}

export async function runBulk(ctx: Context, request: FileRequest): Promise<number> {
  const { concurrency } = request;
  const path = request.path;
  let text: string;
  try {
    text = path === "-" ? await ctx.readStdin() : readFileSync(path, "utf8");
  } catch (error) {
    throw new InputError(`Cannot read the orders file ${path}: ${(error as Error).message}`);
  }
  const contentHash = createHash("sha256").update(text).digest("hex");
  const rows = readOrders(path === "-" ? "stdin.jsonl" : path, text);
  const client = await ctx.client();
  const orders = await ordersFor(client, rows, contentHash, path, request.check);
  const total = orders.reduce((sum, o) => sum + orderTotal(o), 0);

  await confirmRepeats(ctx, orders, rows, request.yes);
  if (ctx.canPrompt && !request.yes) {
    ctx.output.info(`${orders.length} order${orders.length === 1 ? "" : "s"} from ${path}, ${formatRupiah(total)} in all (orders bought before by this file are not bought again).`);
    if (!(await (await ctx.prompter()).confirm(`Buy ${orders.length} order${orders.length === 1 ? "" : "s"}?`))) {
      ctx.output.info("Nothing bought.");
      return 0;
    }
  }
  const out = request.out ? openResultsFile(request.out, path) : undefined;
  ctx.output.info(`Sending ${orders.length} order${orders.length === 1 ? "" : "s"} (up to ${formatRupiah(total)}), ${Math.min(concurrency, orders.length)} at a time; an order this file already bought is not bought again…`);

  const results: BulkResult[] = new Array(orders.length);
  let next = 0;
  let finished = 0;
  const waitTimeout = request.wait ? (await import("../../orders/delivery.js")).waitTimeoutSeconds(ctx, request.waitTimeout) : 0;
  // Read once: the journal can be long, and every order asks the same question of it.
  const sentBefore = refIdsSentBefore(ctx);
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= orders.length) return;
      const order = orders[index]!;
      const result = ctx.signal.aborted ? interruptedBefore(order, rows[index]!) : await buyOne(ctx, client, order, rows[index]!, request.wait, waitTimeout, sentBefore);
      results[index] = result;
      finished++;
      report(ctx, result, finished, orders.length, out);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, orders.length) }, worker));

  if (ctx.output.mode === "table") {
    ctx.output.table(
      ["Order", "Ref ID", "Outcome", "Invoice", "Amount", "Problem"],
      // ref_ids and invoices are what a reseller copies: whole, outside the borders.
      results.map((r): Cell[] => [r.row, copyable(r.ref_id), outcomeCell(r.outcome), r.invoice === undefined ? undefined : copyable(r.invoice, "bold"), r.amount === undefined ? undefined : money(r.amount), r.error ? `${r.error.code}: ${r.error.message}` : undefined]),
    );
  }
  const counts = new Map<BulkOutcome, number>();
  for (const r of results) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
  const summary = [...counts].map(([outcome, n]) => `${n} ${outcome.replace(/_/g, " ")}`).join(", ");
  const interrupted = results.some((r) => r.outcome === "interrupted");
  const code = interrupted ? ExitCode.interrupted : Math.max(0, ...results.map((r) => r.exit_code));
  ctx.output.info(`${results.length} order${results.length === 1 ? "" : "s"}: ${summary}.`);
  if (code !== 0) {
    ctx.output.warn(
      interrupted || counts.has("unknown")
        ? `Settle unknown outcomes with \`reseller reconcile\`; running the same file again finishes the rest and never buys an order twice.`
        : `Running the same file again retries what failed and never buys an order twice (editing it changes the derived ref_ids: give rows a ref_id column first).`,
    );
  }
  return code;
}

interface Repeat {
  row: number;
  earlierRefId: string;
}

/**
 * Rows with derived ref_ids that match a purchase made from an earlier version of the same file
 * (same item, quantity and note). Editing a file changes every derived ref_id, so these would be
 * bought a second time: the one way a re-run could spend twice.
 */
export function repeatsOfEarlierVersions(entries: JournalEntry[], orders: Order[], rows: OrderRow[], settings: Pick<Settings, "profile" | "baseUrl">): Repeat[] {
  const version = orders.find((o) => o.source)?.source;
  if (!version) return [];
  const earlier = new Map<string, string[]>();
  for (const e of entries) {
    const source = e.request.source as Order["source"] | undefined;
    if (e.kind !== "buy" || !e.ref_id || !sentFromHere(e, settings)) continue;
    if (!source || source.file !== version.file || source.version === version.version) continue;
    if (e.outcome !== "done" && e.outcome !== "unknown" && e.outcome !== "pending") continue;
    const key = JSON.stringify(e.request.carts);
    earlier.set(key, [...(earlier.get(key) ?? []), e.ref_id]);
  }
  const repeats: Repeat[] = [];
  orders.forEach((order, index) => {
    if (rows[index]!.refId !== undefined) return;
    const matches = earlier.get(JSON.stringify(cartLines(order)));
    // Each earlier purchase accounts for one row: two identical rows need two earlier purchases.
    const earlierRefId = matches?.shift();
    if (earlierRefId) repeats.push({ row: rows[index]!.row, earlierRefId });
  });
  return repeats;
}

async function confirmRepeats(ctx: Context, orders: Order[], rows: OrderRow[], yes: boolean): Promise<void> {
  const repeats = repeatsOfEarlierVersions(journalFor(ctx).entries(), orders, rows, ctx.settings);
  if (!repeats.length) return;
  const listed = repeats.slice(0, 10).map((r) => `order ${r.row} (bought as ${r.earlierRefId})`).join(", ");
  const more = repeats.length > 10 ? ` and ${repeats.length - 10} more` : "";
  const message = `${repeats.length} order${repeats.length === 1 ? "" : "s"} of this file match${repeats.length === 1 ? "es" : ""} a purchase made from an earlier version of it: ${listed}${more}. The file changed, so ${repeats.length === 1 ? "it" : "they"} would get new ref_ids and be bought again.`;
  if (yes) return ctx.output.warn(`${message} Buying again, as --yes says.`);
  if (!ctx.canPrompt) {
    throw new UsageError(message, {
      code: "REPEATED_ORDERS",
      suggestion: "Give those rows a ref_id column with their earlier ref_ids to skip them, or pass --yes to buy them again.",
    });
  }
  ctx.output.warn(message);
  if (!(await (await ctx.prompter()).confirm("Buy them again?", { default: false }))) {
    throw new UsageError("Nothing bought.", { code: "REPEATED_ORDERS", suggestion: "Give those rows a ref_id column with their earlier ref_ids, then run the file again." });
  }
}

async function buyOne(ctx: Context, client: ServiceClient, order: Order, row: OrderRow, wait: boolean, waitTimeout: number, sentBefore: Set<string>): Promise<BulkResult> {
  const base = { row: row.row, ref_id: order.refId, item_id: row.itemId, quantity: row.quantity };
  let result: BulkResult;
  try {
    const bought = await purchase(ctx, client, order, { sentBefore, fromOrdersFile: true });
    result = { ...base, outcome: bought.earlier ? "already_bought" : "bought", exit_code: 0, invoice: bought.invoice ?? undefined, amount: bought.amount ?? undefined, status: bought.status?.text };
  } catch (error) {
    result = failed(base, error);
  }
  if (wait && (result.outcome === "bought" || result.outcome === "already_bought")) {
    const { waitForDelivery } = await import("../../orders/delivery.js");
    try {
      const waited = await waitForDelivery(ctx, client, order.refId, waitTimeout);
      result = { ...result, status: waited.result.data.status?.text ?? result.status, transaction: waited.result.body };
    } catch (error) {
      // Waiting failed or was interrupted; the purchase itself stands.
      if (error instanceof InterruptedError) result = { ...result, error: { code: "INTERRUPTED", message: "stopped waiting for delivery" } };
    }
  }
  return result;
}

function failed(base: Omit<BulkResult, "outcome" | "exit_code">, error: unknown): BulkResult {
  if (error instanceof ResellerError) {
    const outcome: BulkOutcome =
      error.exitCode === ExitCode.outcomeUnknown ? "unknown" : error.exitCode === ExitCode.interrupted ? "interrupted" : error.exitCode === ExitCode.unreachable ? "not_sent" : "refused";
    return { ...base, outcome, exit_code: error.exitCode, error: { code: error.code, message: error.message } };
  }
  return { ...base, outcome: "refused", exit_code: ExitCode.refused, error: { code: "INTERNAL_ERROR", message: error instanceof Error ? error.message : String(error) } };
}

function interruptedBefore(order: Order, row: OrderRow): BulkResult {
  return { row: row.row, ref_id: order.refId, item_id: row.itemId, quantity: row.quantity, outcome: "interrupted", exit_code: ExitCode.interrupted, error: { code: "NOT_STARTED", message: "not started: interrupted (Ctrl-C)" } };
}

function outcomeCell(outcome: BulkOutcome): Cell {
  const tone = outcome === "bought" || outcome === "already_bought" ? "good" : outcome === "unknown" || outcome === "interrupted" ? "warn" : "bad";
  return { human: outcome.replace(/_/g, " "), plain: outcome, tone };
}

/** One result as it completes: a JSON line (--json), a tab-separated row (piped), progress on stderr (terminal). */
function report(ctx: Context, result: BulkResult, finished: number, total: number, out: number | undefined): void {
  if (out !== undefined) appendFileSync(out, `${JSON.stringify(result)}\n`);
  if (ctx.output.mode === "json") ctx.output.jsonLine(result);
  else if (ctx.output.mode === "plain") {
    ctx.output.table([], [[result.row, result.ref_id, result.outcome, result.exit_code, result.invoice, result.amount, result.status, result.error?.code]]);
  } else {
    const what = result.error ? `${result.outcome.replace(/_/g, " ")}: ${result.error.code}` : `${result.outcome.replace(/_/g, " ")} ${result.invoice ?? ""}`;
    ctx.output.info(`[${finished}/${total}] order ${result.row} (${result.ref_id}) ${what}`);
  }
}
