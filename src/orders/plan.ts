/**
 * A plan before money moves (`buy … --plan`): what a run with the same flags would buy, what it
 * would find already bought and what it would refuse, the total against the balance. It is made by
 * the checks a real run makes before it sends (readBulk for a file; the single buy's and cart's own
 * preparation in commands/buy), so the two cannot drift; nothing here sends a purchase, writes the
 * journal or takes a stock lock.
 */
import type { ServiceClient } from "../api/client.js";
import type { Item } from "../api/model.js";
import type { Context } from "../context.js";
import { ExitCode, present, ResellerError, type Wording } from "../errors.js";
import { customerData } from "../domain/transaction.js";
import { earlierNotFound, earlierVerdict, type EarlierPurchase } from "./repeats.js";
import { checkItemStock } from "./before-paying.js";
import { checkRowAccount, readBulk, soldForAnotherProblem, type BulkCheckOptions } from "./bulk.js";
import { orderTotal, type Order } from "./order.js";
import { soldForAnotherRow } from "./alternatives.js";
import type { OrderRow, RowProblem } from "./orders-file.js";
import { inPool } from "./pool.js";
import { recordedRefund, type Verdict } from "../domain/verdict.js";

/** What a run would do with a row: buy it, find it bought already (nothing sent), or refuse it (nothing sent). */
export type PlanVerdict = "would_buy" | "already_bought" | "refused";

/** One row of the plan as every output carries it: --json, piped rows, the table. */
export interface PlannedRow {
  /** The line of the file (as an editor shows it); a single buy's or cart's line, from 1. */
  row: number;
  /** The ref_id the run would send under: derived for a file's row, or given; a generated one is made only when buying. */
  ref_id?: string;
  /** Null when the row could not be read far enough to name one. */
  item_id: number | null;
  item?: string;
  quantity: number | null;
  /** The customer data as it would be sent. */
  customer?: string;
  /** What the row would cost at the item's price read now (or what it cost, when bought already). */
  amount?: number;
  /** The item's price a unit as read now. */
  unit_price?: number;
  /** The item's price a unit in the catalogue kept on this machine, when it differs from the price read now. */
  kept_price?: number;
  verdict: PlanVerdict;
  /** Bought already, or refused as a repeat: the earlier purchase's ref_id and verdict. */
  already_bought?: string;
  earlier_outcome?: Verdict;
  /** A look-up did not find the earlier purchase: it may have been bought since. */
  earlier_not_found?: true;
  /** Bought already and partly delivered (or its delivery failed): the service's refund, as a buy result says it. */
  refunded?: number;
  /** What the order bought already cost in the end: its amount less the refund. */
  net?: number;
  /** Why the run would refuse it: the code and words it would stop with. */
  problem?: { code: string; message: string };
  /**
   * The items a run would try, in turn, if this one could not be bought (the reviewed alternatives
   * of `buy --alternatives`). Absent while no alternatives apply.
   */
  alternatives?: number[];
}

export interface Plan {
  /** Every row, in the order of the file (or the cart). */
  rows: PlannedRow[];
  counts: Record<PlanVerdict, number>;
  /** What the rows that would be bought cost at the prices read now. */
  total: number;
  /** The balance read now. */
  balance: number;
  /** What the balance lacks to cover the total; 0 when it covers it. */
  short: number;
  /** True when a run with the same flags could go ahead: nothing refused and the balance covers the total. */
  can_run: boolean;
}

/** The item's price in the kept catalogue, or undefined when the copy does not have it. */
export type KeptPrice = (itemId: number) => number | null | undefined;

/** The counts, the total against the balance, and whether the run could go ahead. */
export function planOf(rows: PlannedRow[], balance: number): Plan {
  const counts: Record<PlanVerdict, number> = { would_buy: 0, already_bought: 0, refused: 0 };
  let total = 0;
  for (const r of rows) {
    counts[r.verdict]++;
    if (r.verdict === "would_buy") total += r.amount ?? 0;
  }
  const short = Math.max(0, total - balance);
  return { rows, counts, total, balance, short, can_run: counts.refused === 0 && short === 0 };
}

/**
 * The alternatives a run would try after a row ends so: bought, or refused with exit 1 (a refusal
 * that cost nothing); never after a refusal that stops for the reseller (exit 2: a repeat, a doubt).
 * Absent when there are none.
 */
export function alternativesAfter(
  alternatives: readonly number[] | undefined,
  refusal?: { exitCode: number },
): Pick<PlannedRow, "alternatives"> {
  if (!alternatives?.length || (refusal && refusal.exitCode !== ExitCode.refused)) return {};
  return { alternatives: [...alternatives] };
}

/** A refusal as the plan says it: the error's code, and its words in the reader's catalogue, the context's. */
export function planProblemOf(ctx: Pick<Context, "say">, error: unknown): { code: string; message: string } {
  if (error instanceof ResellerError) return { code: error.code, message: error.messageIn(ctx.say) };
  throw error;
}

/** The rows of one order (a single buy, a cart), each line with the order's verdict. */
export function orderRows(
  order: Order,
  verdict: PlanVerdict,
  keptPrice: KeptPrice,
  more: Partial<
    Pick<
      PlannedRow,
      | "problem"
      | "already_bought"
      | "earlier_outcome"
      | "earlier_not_found"
      | "alternatives"
      | "amount"
      | "refunded"
      | "net"
    >
  > = {},
): PlannedRow[] {
  return order.lines.map((line, i) => {
    const customer = customerData(line.note);
    const one: Order = { ...order, lines: [line] };
    return {
      row: i + 1,
      ...(order.refIdGiven ? { ref_id: order.refId } : {}),
      item_id: line.item.id,
      item: line.item.name,
      quantity: line.quantity,
      ...(customer ? { customer } : {}),
      amount: orderTotal(one),
      ...prices(line.item, keptPrice),
      verdict,
      ...more,
    };
  });
}

function prices(item: Item, keptPrice: KeptPrice): Pick<PlannedRow, "unit_price" | "kept_price"> {
  const now = item.price ?? undefined;
  const kept = keptPrice(item.id);
  return {
    ...(now !== undefined ? { unit_price: now } : {}),
    ...(kept !== undefined && kept !== null && kept !== now ? { kept_price: kept } : {}),
  };
}

export interface FilePlanOptions extends BulkCheckOptions {
  /** Rows matching a recent purchase under another ref_id: skipped (--skip-bought), bought again (--again), or, with neither, refused as a script's run refuses them. */
  repeats: "skip" | "again" | "refuse";
  keptPrice: KeptPrice;
  /** A row whose account could not be checked: the run would buy it unchecked. */
  onAccountUnchecked?: (row: number, reason: Wording) => void;
}

/** Account checks asked at once, as the items are fetched. */
const checksAtOnce = 8;

/** The plan of an orders file: every row read and checked as `buy --file` would, nothing sent. */
export async function planFile(
  ctx: Context,
  client: ServiceClient,
  name: string,
  text: string,
  options: FilePlanOptions,
): Promise<Plan> {
  const [{ prepared, problems, rows: read, items }, balance] = await Promise.all([
    readBulk(ctx, client, name, text, { ...options, readFor: "planning" }),
    client.getBalance().then((b) => b.data.balance),
  ]);
  const problemAt = new Map<number, RowProblem>();
  for (const p of problems) if (!problemAt.has(p.line)) problemAt.set(p.line, p);
  const orderAt = new Map(prepared.rows.map((r, i) => [r.row, i]));
  const planned: PlannedRow[] = [];
  const readAt = new Map(read.map((r) => [r.row, r]));
  const lines = [...new Set([...read.map((r) => r.row), ...problemAt.keys()])].sort((a, b) => a - b);
  // What the rows to buy take of each item, in the file's order: a row beyond the stock read now would be refused.
  const taken = new Map<number, number>();
  const toCheck: { index: number; order: Order; row: number; alternatives: number[] | undefined }[] = [];
  for (const line of lines) {
    const row = readAt.get(line);
    const problem = problemAt.get(line);
    const index = orderAt.get(line);
    if (problem || index === undefined || !row) {
      const said = problem && { code: problem.code, message: problem.message(ctx.say) };
      planned.push(refusedRow(line, row, said, row && items.get(row.itemId), options.keptPrice));
      continue;
    }
    const order = present(prepared.orders[index], "a row's order");
    const plan = present(prepared.plans[index], "a row's plan");
    const [first] = orderRows(order, "would_buy", options.keptPrice);
    const base = { ...present(first, "a row's line"), row: line };
    if (plan.kind === "settled" && soldForAnotherRow(order, plan.earlier)) {
      planned.push({ ...base, verdict: "refused", problem: soldForAnotherProblem(ctx, order, plan.earlier.refId) });
      continue;
    }
    if (plan.kind === "settled" || (plan.kind === "repeat" && options.repeats === "skip")) {
      planned.push(boughtRow(base, plan.earlier));
      continue;
    }
    if (plan.kind === "repeat" && options.repeats === "refuse") {
      planned.push({
        ...base,
        verdict: "refused",
        problem: { code: "REPEATED_ORDER", message: ctx.say.plan.repeat(plan.earlier.refId) },
        ...earlierOf(plan.earlier),
      });
      continue;
    }
    // The row would be sent: what the run would try in turn if it could not be bought (its
    // alternatives column, else with --alternatives those kept for its item). Listed, never planned.
    const alternatives = prepared.alternatives[index];
    const [orderLine] = order.lines;
    if (orderLine && order.lockToken === undefined) {
      const wanted = (taken.get(orderLine.item.id) ?? 0) + orderLine.quantity;
      try {
        checkItemStock(orderLine.item, wanted);
        taken.set(orderLine.item.id, wanted);
      } catch (error) {
        planned.push({
          ...base,
          verdict: "refused",
          problem: planProblemOf(ctx, error),
          ...alternativesAfter(alternatives, error as ResellerError),
        });
        continue;
      }
    }
    if (options.validate) toCheck.push({ index: planned.length, order, row: line, alternatives });
    planned.push({ ...base, ...alternativesAfter(alternatives) });
  }
  // Whose account each game top-up goes to, as the run asks right before buying it.
  await inPool(toCheck, checksAtOnce, async ({ index, order, row, alternatives }) => {
    const refusal = await checkRowAccount(client, order, options.check, (reason) =>
      options.onAccountUnchecked?.(row, reason),
    );
    const { alternatives: _, ...was } = present(planned[index], "a planned row");
    if (refusal)
      planned[index] = {
        ...was,
        verdict: "refused",
        problem: { code: refusal.code, message: refusal.message(ctx.say) },
        ...alternativesAfter(alternatives, refusal),
      };
  });
  return planOf(planned, balance);
}

/** A row the run would refuse before sending anything, with what of it could be read. */
function refusedRow(
  line: number,
  row: OrderRow | undefined,
  problem: { code?: string | undefined; message: string } | undefined,
  item: Item | undefined,
  keptPrice: KeptPrice,
): PlannedRow {
  return {
    row: line,
    ...(row?.refId !== undefined ? { ref_id: row.refId } : {}),
    item_id: row?.itemId ?? null,
    ...(item ? { item: item.name } : {}),
    quantity: row?.quantity ?? null,
    ...(row?.note !== undefined ? { customer: row.note } : row?.target !== undefined ? { customer: row.target } : {}),
    ...(item ? prices(item, keptPrice) : {}),
    verdict: "refused",
    problem: { code: problem?.code ?? "INVALID_INPUT", message: problem?.message ?? "" },
  };
}

/** A row bought before: not sent again; the earlier purchase's ref_id, verdict and amount. */
function boughtRow(base: PlannedRow, earlier: EarlierPurchase): PlannedRow {
  return { ...base, verdict: "already_bought", ...boughtBefore(earlier) };
}

/**
 * What a row bought before says of that purchase: its ref_id, verdict and amount, and the money given
 * back (`refunded`, `net`) as the run's own result for the row says it.
 */
export function boughtBefore(
  earlier: EarlierPurchase,
): Pick<PlannedRow, "amount" | "already_bought" | "earlier_outcome" | "earlier_not_found" | "refunded" | "net"> {
  const refunded = recordedRefund(earlierVerdict(earlier), earlier);
  return {
    ...(earlier.amount !== undefined ? { amount: earlier.amount } : {}),
    ...earlierOf(earlier),
    ...(refunded !== undefined ? { refunded } : {}),
    ...(refunded !== undefined && earlier.amount !== undefined ? { net: earlier.amount - refunded } : {}),
  };
}

/** The earlier purchase a row stands on (bought before, or refused as a repeat of it), as the plan names it. */
export function earlierOf(
  earlier: EarlierPurchase,
): Required<Pick<PlannedRow, "already_bought" | "earlier_outcome">> & Pick<PlannedRow, "earlier_not_found"> {
  return {
    already_bought: earlier.refId,
    earlier_outcome: earlierVerdict(earlier),
    ...earlierNotFound(earlier),
  };
}
