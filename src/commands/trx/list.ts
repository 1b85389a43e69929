/**
 * `reseller trx list [--status S] [--page N] [--per-page N]`: past purchases, newest first, one row
 * each (time, ref_id, invoice, status, amount). `trx show` gives one with its items and deliveries.
 */
import type { Context } from "../../context.js";
import { money, statusCell } from "../../output/output.js";
import { pageHint } from "../../output/pages.js";

export interface TrxListOptions {
  status?: string;
  page?: number;
  perPage?: number;
}

export async function run(ctx: Context, options: TrxListOptions): Promise<void> {
  const client = await ctx.client();
  const { data, body } = await client.listTransactions({
    ...(options.status !== undefined ? { status: options.status } : {}),
    ...(options.page !== undefined ? { page: options.page } : {}),
    ...(options.perPage !== undefined ? { perPage: options.perPage } : {}),
  });
  if (ctx.output.mode === "json") return ctx.output.json(body);
  if (data.transactions.length === 0) {
    ctx.output.info(`No transactions${options.status !== undefined ? ` with status ${options.status}` : ""}${options.page !== undefined && options.page > 1 ? ` on page ${options.page}` : ""}.`);
    return;
  }
  ctx.output.table(
    ["Created", "Ref ID", "Invoice", "Status", "Amount"],
    data.transactions.map((t) => [
      ctx.output.time(t.createdAt),
      t.refId === null ? undefined : { human: t.refId, plain: t.refId, tone: "highlight" },
      t.invoice,
      statusCell(t.status),
      money(t.amount ?? t.price),
    ]),
  );
  const hint = pageHint(data.pagination, data.transactions.length, options.page, options.perPage, "transactions", (page) => `reseller trx list${options.status !== undefined ? ` --status ${options.status}` : ""} --page ${page}${options.perPage !== undefined ? ` --per-page ${options.perPage}` : ""}`);
  if (hint) ctx.output.info(hint);
}
