/**
 * `reseller balance history [--page N]`: how the balance moved, newest first: time, type, amount (in
 * as +, out as −), the balance before and after, the description. The service documents no fields for
 * it, so whatever else a row carries is shown too, as it came.
 */
import type { BalanceMutation } from "../../api/model.js";
import type { Context } from "../../context.js";
import type { Messages } from "../../messages/messages.js";
import { formatRupiah } from "../../output/format.js";
import { copyable, money, type Cell, type Column } from "../../output/output.js";
import { pageHint } from "../../output/pages.js";
import type { BalanceHistoryOptions } from "./flags.js";

function signedMoney(amount: number | null): Cell {
  if (amount === null) return undefined;
  return {
    human: `${amount > 0 ? "+" : ""}${formatRupiah(amount)}`,
    plain: String(amount),
    tone: amount < 0 ? "bad" : "good",
  };
}

/** The fields reseller has no column for, `name: value` (piped: one `name=value` cell each). */
function others(m: BalanceMutation): { human: string; plain: string[] } {
  const fields = m.fields.filter((f) => f.value !== null && f.value !== "");
  return {
    human: fields.map((f) => `${f.name}: ${f.value}`).join("\n"),
    plain: fields.map((f) => `${f.name}=${f.value}`),
  };
}

/**
 * Amounts and balances are never cut, the time keeps its minute; the description says what the money
 * bought (`Pembelian Mobile Legends Malaysia 86 Diamonds x1`), so it is wrapped between words, never
 * cut; the fields reseller has no column for, the balance before and the type (the description and
 * the amount's sign say it) go first. The invoice matches a charge to a purchase, so it is copied
 * whole: beside the table or below it by row number.
 */
const columns = (say: Messages): Column[] => [
  { header: say.headings.time },
  { header: say.balanceHistory.type, drop: 3 },
  { header: say.headings.amount },
  // After less the amount: the first to go.
  { header: say.balanceHistory.before, drop: 2 },
  { header: say.balanceHistory.after },
  { header: say.balanceHistory.description, fit: "wrap" },
  { header: say.headings.invoice },
];
const otherColumn = (say: Messages): Column => ({ header: say.balanceHistory.other, fit: "end", drop: 1 });

/** A long list on a terminal goes through the pager (Context.paged). */
export function run(ctx: Context, options: BalanceHistoryOptions): Promise<void> {
  return ctx.paged(() => showBalanceHistory(ctx, options));
}

async function showBalanceHistory(ctx: Context, options: BalanceHistoryOptions): Promise<void> {
  const client = await ctx.client();
  const { data, body } = await client.getBalanceHistory(options.page);
  if (ctx.output.mode === "json") return ctx.output.json(body);
  if (data.mutations.length === 0) {
    ctx.output.info(
      options.page !== undefined && options.page > 1
        ? ctx.say.balanceHistory.noneOnPage(options.page)
        : ctx.say.balanceHistory.noneYet,
    );
    return;
  }
  if (ctx.output.mode === "plain") {
    // time, type, amount, balance before, balance after, description, invoice, then name=value per other field
    ctx.output.table(
      [],
      data.mutations.map((m) => [
        ctx.output.time(m.time),
        m.type,
        m.amount,
        m.balanceBefore,
        m.balanceAfter,
        m.description,
        m.invoice,
        ...others(m).plain,
      ]),
    );
  } else {
    const withOthers = data.mutations.some((m) => others(m).human !== "");
    ctx.output.table(
      [...columns(ctx.say), ...(withOthers ? [otherColumn(ctx.say)] : [])],
      data.mutations.map((m) => {
        const extra = others(m).human;
        return [
          ctx.output.time(m.time),
          m.type ? ctx.say.balanceHistory.typeWord(m.type) : m.type,
          signedMoney(m.amount),
          money(m.balanceBefore),
          money(m.balanceAfter),
          m.description || undefined,
          m.invoice ? copyable(m.invoice, "bold") : undefined,
          ...(withOthers ? [extra || undefined] : []),
        ];
      }),
    );
  }
  const hint = pageHint(
    data.pagination,
    data.mutations.length,
    options.page,
    undefined,
    "changes",
    (page) => `reseller balance history --page ${page}`,
    ctx.say,
  );
  if (hint) ctx.output.info(hint);
}
