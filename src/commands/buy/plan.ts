/**
 * `buy … --plan`: what a run with the same flags would do, said before money moves. An orders file
 * is read and checked by readBulk, a single buy or a cart by the preparation `buy` itself makes
 * (./prepare.ts); the plan stops where the run would ask or send. Nothing is sent, nothing written
 * to the journal, no stock locked. Exit 0 when the run could go ahead (nothing refused, the balance
 * covers the total), 2 when it could not, so a bot can plan and then run.
 *
 * Everything on stdout is a function of the plan alone (no times, no durations), so the same plan
 * prints the same bytes.
 */
import type { ServiceClient } from "../../api/client.js";
import type { Context } from "../../context.js";
import type { Messages } from "../../messages/messages.js";
import { ExitCode, ResellerError } from "../../errors.js";
import { formatRupiah } from "../../output/format.js";
import { customerCell, money, type Cell } from "../../output/output.js";
import type { BuyRequest } from "../../orders/buy-request.js";
import { refuseDoubts } from "../../orders/customer-checks.js";
import {
  alternativesAfter,
  boughtBefore,
  earlierOf,
  orderRows,
  planFile,
  planOf,
  planProblemOf,
  type KeptPrice,
  type Plan,
  type PlannedRow,
} from "../../orders/plan.js";
import { soldForAnother, standingAlternative } from "./alternatives.js";
import { earlierPurchase, recentPurchases, repeatWindow, repeatedPurchases } from "../../orders/repeats.js";
import { buildOrder, checkOrder, refuseMissingAccount, type OrderRequest } from "./prepare.js";
import { readOrdersText } from "./bulk.js";
import { alternativesFor, boughtAlternative, sameSale, storedAlternatives } from "../../orders/alternatives.js";

export async function runPlan(ctx: Context, request: BuyRequest): Promise<number> {
  const client = await ctx.client();
  const keptPrice = await keptPrices(ctx);
  const windowHours = repeatWindow(ctx, request.repeatWindowHours).hours;
  let plan: Plan;
  if (request.kind === "file") {
    const name = request.path === "-" ? "stdin" : request.path;
    const text = await readOrdersText(ctx, request.path);
    plan = await planFile(ctx, client, name, text, {
      windowHours,
      check: request.check,
      validate: request.validate,
      // The file's own alternatives column always counts; those kept with the profile only with
      // --alternatives, as the run passes them.
      ...(request.alternatives ? { kept: storedAlternatives(ctx) } : {}),
      // A repeat is bought again with --again and skipped with --skip-bought (or --yes at a terminal,
      // the run's safe answer); with neither, a run in a script refuses the file, so the plan says refused.
      repeats: request.again ? "again" : request.skipBought || (ctx.canPrompt && request.yes) ? "skip" : "refuse",
      keptPrice,
      onAccountUnchecked: (row, reason) => ctx.output.warn(ctx.say.bulk.unchecked(name, row, reason(ctx.say))),
    });
  } else plan = await planOrder(ctx, client, request, windowHours, keptPrice);
  showPlan(ctx, plan);
  ctx.output.info(ctx.say.plan.nothingSent);
  return plan.can_run ? ExitCode.ok : ExitCode.usage;
}

/**
 * A single buy or a cart: the order built and checked as `buy` builds and checks it where nobody is
 * asked (a script, --yes), stopping before the question and the purchase.
 */
async function planOrder(
  ctx: Context,
  client: ServiceClient,
  request: OrderRequest,
  windowHours: number,
  keptPrice: KeptPrice,
): Promise<Plan> {
  // What building the order refuses (no such item, a line its item refuses) stops the plan as it stops the run.
  const [order, balance] = await Promise.all([buildOrder(ctx, client, request), balanceNow(client)]);
  // With --alternatives, what the run would try in turn if the item could not be bought: listed, never planned.
  const [first] = order.lines;
  const alternatives =
    request.kind === "single" && request.alternatives && first ? alternativesFor(ctx, first.item.id) : [];
  const refused = (error: ResellerError) =>
    planOf(
      orderRows(order, "refused", keptPrice, {
        problem: planProblemOf(ctx, error),
        ...alternativesAfter(alternatives, error),
      }),
      balance,
    );
  // A caller's ref_id sold before as its alternative: the run sends nothing, the alternative stands.
  const found = order.refIdGiven ? boughtAlternative(ctx, order.refId, "planning") : undefined;
  const soldInstead = found && (await standingAlternative(ctx, order.refId, found, "planning"));
  const instead = soldInstead && earlierPurchase(soldInstead);
  if (instead && !sameSale(order, instead)) return refused(soldForAnother(order.refId, instead.refId));
  if (instead) return planOf(orderRows(order, "already_bought", keptPrice, boughtBefore(instead)), balance);
  if (order.refIdGiven) {
    // A ref_id this machine bought under before: the service keeps one purchase per ref_id, and the run is refused.
    const earlier = recentPurchases(ctx, windowHours, [order.refId], [], "planning").find(
      (p) => p.refId === order.refId && p.outcome === "done",
    );
    if (earlier)
      return planOf(
        orderRows(order, "refused", keptPrice, {
          problem: { code: "REF_ID_ALREADY_EXIST", message: ctx.say.orders.buying.refIdUsed(order.refId, true) },
          ...earlierOf(earlier),
        }),
        balance,
      );
  } else if (!request.again) {
    const [earlier] = repeatedPurchases(ctx, order, windowHours, "planning");
    if (earlier)
      return planOf(
        orderRows(order, "refused", keptPrice, {
          problem: { code: "REPEATED_ORDER", message: ctx.say.plan.repeatOrder(earlier.refId) },
          ...earlierOf(earlier),
        }),
        balance,
      );
  }
  try {
    const { accounts, doubts } = await checkOrder(ctx, client, order, request, false);
    refuseMissingAccount(accounts, ctx.say);
    refuseDoubts(doubts);
  } catch (error) {
    // A check that stops the run before sending (exit 1 or 2) is the plan's refusal; the service
    // unreachable, or a key it refuses, stops the plan itself.
    if (error instanceof ResellerError && (error.exitCode === ExitCode.usage || error.exitCode === ExitCode.refused))
      return refused(error);
    throw error;
  }
  return planOf(orderRows(order, "would_buy", keptPrice, alternativesAfter(alternatives)), balance);
}

async function balanceNow(client: ServiceClient): Promise<number> {
  return (await client.getBalance()).data.balance;
}

/** Each item's price in the catalogue kept on this machine (`reseller items` keeps it); never a request. */
async function keptPrices(ctx: Context): Promise<KeptPrice> {
  const { baseUrl, apiKey, configDir, profile } = ctx.settings;
  if (!baseUrl || !apiKey) return () => undefined;
  const { readCatalogue } = await import("../../catalogue/cache.js");
  const kept = readCatalogue({ configDir, profile, baseUrl, apiKey });
  if (!kept) return () => undefined;
  const prices = new Map(kept.entries().map((e) => [e.id, e.price]));
  return (itemId) => prices.get(itemId);
}

/** The plan as --json prints it, and piped: one row per planned row, then `total`, the total, balance, short, can_run. */
function showPlan(ctx: Context, plan: Plan): void {
  if (ctx.output.mode === "json") return ctx.output.json(plan);
  if (ctx.output.mode === "plain") {
    ctx.output.table(
      [],
      [
        ...plan.rows.map((r): Cell[] => [
          r.row,
          r.ref_id,
          r.verdict,
          r.item_id ?? undefined,
          r.item,
          r.quantity ?? undefined,
          r.customer,
          r.amount,
          r.unit_price,
          r.kept_price,
          r.problem?.code,
          r.problem?.message,
          r.already_bought,
          r.alternatives?.join(","),
        ]),
        ["total", plan.total, plan.balance, plan.short, String(plan.can_run)],
      ],
    );
    return;
  }
  printTable(ctx, plan);
}

/** What a row would be, as people read it: would buy, already bought, or refused with its code (the words below the table). */
function verdictCell(r: PlannedRow, say: Messages): Cell {
  const words = say.plan;
  if (r.verdict === "refused" && r.problem)
    return {
      human: words.refusedBecause(r.problem.code),
      plain: r.verdict,
      tone: "bad",
      detail: r.problem.message,
    };
  if (r.verdict === "already_bought") return { human: words.verdicts.already_bought, plain: r.verdict, tone: "dim" };
  return { human: words.verdicts[r.verdict], plain: r.verdict, tone: "good" };
}

function printTable(ctx: Context, plan: Plan): void {
  const headings = ctx.say.headings;
  ctx.output.table(
    [
      { header: headings.line, fit: "keep" },
      { header: headings.item, fit: "wrap" },
      { header: headings.customer, fit: "keep" },
      { header: headings.amount, fit: "keep" },
      { header: ctx.say.plan.heading, fit: "keep" },
    ],
    plan.rows.map((r): Cell[] => [
      r.row,
      r.item_id === null ? undefined : `${r.quantity ?? ""} × ${r.item ?? ctx.say.plan.itemNumbered(r.item_id)}`,
      r.customer === undefined ? undefined : customerCell(r.customer),
      r.amount === undefined ? undefined : money(r.amount),
      verdictCell(r, ctx.say),
    ]),
  );
  // Prices read now that the kept catalogue has otherwise, each item once.
  const changed = new Map<number, PlannedRow>();
  for (const r of plan.rows)
    if (r.item_id !== null && r.kept_price !== undefined && !changed.has(r.item_id)) changed.set(r.item_id, r);
  for (const r of changed.values())
    ctx.output.result(
      ctx.say.plan.priceChanged(
        r.item ?? ctx.say.plan.itemNumbered(r.item_id!),
        formatRupiah(r.kept_price),
        formatRupiah(r.unit_price),
      ),
    );
  for (const r of plan.rows)
    if (r.alternatives?.length) ctx.output.result(ctx.say.plan.alternatives(r.row, r.alternatives.join(", ")));
  const { counts } = plan;
  ctx.output.result(
    ctx.say.plan.counts(counts.would_buy, formatRupiah(plan.total), counts.already_bought, counts.refused),
  );
  ctx.output.result(
    plan.short
      ? ctx.say.plan.short(formatRupiah(plan.balance), formatRupiah(plan.total), formatRupiah(plan.short))
      : ctx.say.plan.covered(formatRupiah(plan.balance), formatRupiah(plan.balance - plan.total)),
  );
  ctx.output.result(plan.can_run ? ctx.say.plan.canRun : ctx.say.plan.cannotRun, plan.can_run ? "good" : "bad");
}
