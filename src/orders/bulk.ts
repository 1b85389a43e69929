/**
 * An orders file from its text to one verdict per row. `prepareBulk` reads every row, fetches the
 * distinct items concurrently, checks every line (all problems said at once) and plans each row
 * against the journal's recent purchases; `runBulk` sends what is to be sent at the chosen
 * concurrency, waits for deliveries in a pool of its own, and hands back each row's result as it
 * is known. commands/buy/bulk.ts asks for consent and renders; nothing here prompts or prints.
 */
import type { ServiceClient } from "../api/client.js";
import type { Item, Transaction } from "../api/model.js";
import type { Context } from "../context.js";
import { ExitCode, InterruptedError, placed, present, ResellerError, ServiceError, type Wording } from "../errors.js";
import { customerData } from "../domain/transaction.js";
import { noteLatestStatus } from "../journal/request.js";
import type { JournalEntry } from "../journal/entries.js";
import { accountNamesOf, accountOfLine, checkOrderAccounts } from "./account-check.js";
import { checkLineForms, itemWords, type TypedCustomer } from "./check-line.js";
import { doubtSuggestion, operatorDoubt, regionDoubts } from "./customer-checks.js";
import { readItem } from "./items.js";
import { dayOf, type Order } from "./order.js";
import { inFileTerms, placeOf, problemsError, readOrderRows, type OrderRow, type RowProblem } from "./orders-file.js";
import { purchase, type PurchaseOptions } from "./purchase.js";
import {
  earlierNotFound,
  earlierPurchase,
  earlierVerdict,
  endedPurchase,
  lineKey,
  planRows,
  recentPurchases,
  type ReadFor,
  refIdsOf,
  repeatSince,
  type EarlierPurchase,
  type RowPlan,
} from "./repeats.js";
import { inPool } from "./pool.js";
import {
  askStandingAlternatives,
  alternativeRefIds,
  sentByAnotherRun,
  checkSaleFirst,
  costNothing,
  makeAlternative,
  sameAlternative,
  SoldMeanwhile,
  soldForAnotherRow,
  type AlternativeTable,
  type TriedOrder,
} from "./alternatives.js";
import { repeatKey } from "../rules/customer.js";
import {
  failureVerdict,
  handOver,
  orderVerdict,
  outcomeFields,
  recordedRefund,
  verdictExitCode,
  verdicts,
  type LineDelivery,
  type PurchaseStage,
  type Verdict,
} from "../domain/verdict.js";

/** One order of the file as every output carries it: --json, --out, piped rows, the table. */
export interface BulkResult {
  /** The line of the file the order is on, as an editor shows it. */
  row: number;
  ref_id: string;
  item_id: number;
  item: string;
  quantity: number;
  /** The customer data sent (a number, a game id, an SMM target). */
  customer?: string;
  outcome: Verdict;
  exit_code: number;
  /**
   * False when nothing was sent now: found bought before in the records (same ref_id, or skipped as a
   * repeat), or not sent at all. True beside `already_bought` when it was sent and the service held it.
   */
  sent: boolean;
  /** Set when the order was not sent again because it was already bought (its earlier ref_id). */
  already_bought?: string;
  /** That earlier purchase was not found when asked: it may have been bought since (the row is `unknown`). */
  earlier_not_found?: true;
  invoice?: string;
  amount?: number;
  /** The service's refund, for an order partly delivered or whose delivery failed. */
  refunded?: number;
  /** What the order cost in the end, as `outcomeFields` says it: amount less refunded, 0 when nothing was bought, null while unknown. */
  net?: number | null;
  /** A partly delivered order: each line, ordered and delivered. */
  delivered?: LineDelivery[];
  status?: string;
  /** With --wait: serial numbers, licences, a seller's note; whole. */
  hand_over?: string[];
  error?: { code: string; message: string };
  /** With --wait: the final transaction detail as the service sent it. */
  transaction?: unknown;
  /** Sold as the alternative of the row's own order, which cost nothing: that order. */
  alternative_of?: { ref_id: string; item_id: number; item: string };
  /** Every order of the row tried before the one that stands, in order. */
  tried?: TriedOrder[];
}

export interface PreparedBulk {
  rows: OrderRow[];
  orders: Order[];
  plans: RowPlan[];
  /** Each row's alternatives, first choice first: its own column, else (with --alternatives) those kept for its item. */
  alternatives: number[][];
  /** The items fetched for the rows: an alternative that is another row's item costs no request. */
  items: Map<number, Item>;
  /**
   * What the plan read: the repeat window, and the ref_ids of the purchases it found and of the rows
   * themselves. A purchase of a row's order made since under another ref_id (another process) is a
   * repeat nobody agreed to (`repeatSince`).
   */
  planned: { windowHours: number; refIds: Set<string> };
}

/** Items fetched at once, however many rows name them: a file of 168 items no longer waits 168 round trips. */
const itemConcurrency = 8;
/**
 * Deliveries waited on at once: waiting is mostly sleeping, so a delivery holds its place for its
 * delivery time; 1024 keep up with 16 purchases in flight at 100 ms a request (measured:
 * scripts/bench-scale/bulk.mjs). Each first looks when the file's earlier orders took to deliver,
 * so most orders cost one or two polls, not one a second.
 */
const deliveryConcurrency = 1024;

async function fetchDistinctItems(
  client: ServiceClient,
  rows: OrderRow[],
  problems: RowProblem[],
): Promise<Map<number, Item>> {
  const items = new Map<number, Item>();
  const ids = [...new Set(rows.map((r) => r.itemId))];
  const missing: number[] = [];
  await inPool(ids, itemConcurrency, async (id) => {
    try {
      items.set(id, (await readItem(client, id)).data);
    } catch (error) {
      if (error instanceof ServiceError && error.code === "ITEM_NOT_FOUND") missing.push(id);
      else throw error;
    }
  });
  for (const r of rows)
    if (missing.includes(r.itemId))
      problems.push({
        line: r.row,
        code: "ITEM_NOT_FOUND",
        message: (say) => `${placeOf(r)(say)}: ${say.orders.buying.noItem(r.itemId)}`,
      });
  return items;
}

/**
 * Every row read, its item fetched and its line checked; every problem of the file in one error
 * (exit 2; an item the service does not have is its refusal, exit 1), before anything is sent.
 */
export async function prepareBulk(
  ctx: Context,
  client: ServiceClient,
  name: string,
  text: string,
  options: BulkCheckOptions,
): Promise<PreparedBulk> {
  const { prepared, problems } = await readBulk(ctx, client, name, text, options);
  if (problems.length) throw fileProblemsError(problems);
  return prepared;
}

export interface BulkCheckOptions {
  windowHours: number;
  check: boolean;
  validate: boolean;
  kept?: AlternativeTable;
  /** A plan reads the earlier purchases only; a run is refused when it could not record its own. */
  readFor?: ReadFor;
}

/** The file's problems as one error: exit 2, or the service's refusal (exit 1) when every one is an item it does not have. */
function fileProblemsError(problems: RowProblem[]): ResellerError {
  const error = problemsError(problems);
  // Only items the service does not have: its refusal (exit 1), not a mistake in the file.
  if (problems.every((p) => p.code === "ITEM_NOT_FOUND")) {
    const refusal = new ServiceError(404, "ITEM_NOT_FOUND", error.said, undefined, {
      suggestion: (say) => say.orders.buying.noItems,
      ...(error.details ? { details: error.details } : {}),
    });
    // Each row named, as for any other problem of the file.
    if (error.detailsSaid) refusal.detailsSaid = error.detailsSaid;
    return refusal;
  }
  return error;
}

/**
 * What a real run checks before it sends, the rows that pass planned against the journal (reads
 * only) and every row that does not named in `problems`: `prepareBulk` refuses the file for any of
 * them, `buy --file --plan` shows each beside the rows that would be bought.
 */
export async function readBulk(
  ctx: Context,
  client: ServiceClient,
  name: string,
  text: string,
  options: BulkCheckOptions,
): Promise<{ prepared: PreparedBulk; problems: RowProblem[]; rows: OrderRow[]; items: Map<number, Item> }> {
  const { windowHours, readFor } = options;
  const { rows, problems } = readOrderRows(name, text);
  const items = await fetchDistinctItems(client, rows, problems);
  const lines: {
    row: OrderRow;
    item: Item;
    note: string | undefined;
    written: string | undefined;
    typed?: TypedCustomer;
  }[] = [];
  for (const r of rows) {
    const item = items.get(r.itemId);
    if (!item) continue;
    try {
      const { note, written, typed } = checkLineForms(item, r, placed(placeOf(r), ": "), { check: options.check });
      // A number of another operator than the item's: a file has nobody to confirm it row by row.
      const doubt = options.check ? operatorDoubt({ item, quantity: r.quantity, note }) : undefined;
      if (doubt) {
        problems.push({
          line: r.row,
          code: "OPERATOR_MISMATCH",
          message: (say) => `${placeOf(r)(say)}: ${doubt.message(say)}`,
          suggestion: doubtSuggestion,
        });
        continue;
      }
      // A game whose account check needs the zone: without it the top-up would go to an account
      // nobody checked, which a script is never let do (as a single buy in a script is not).
      if (
        options.validate &&
        accountOfLine({ item, quantity: r.quantity, ...(note !== undefined ? { note } : {}) }) === "zone missing"
      ) {
        problems.push({
          line: r.row,
          code: "ZONE_ID_MISSING",
          message: (say) => say.orders.checks.fileZoneNeeded(placeOf(r)(say), itemWords(item)(say)),
          suggestion: (say) => say.orders.checks.fileZoneNeededHint,
        });
        continue;
      }
      lines.push({ row: r, item, note, written, ...(typed ? { typed } : {}) });
    } catch (error) {
      if (!(error instanceof ResellerError)) throw error;
      // Said in the file's terms (`the note column`), in the words that show it.
      const { said, suggestion } = error;
      problems.push({
        line: r.row,
        code: error.code,
        message: inFileTerms(said),
        ...(suggestion !== undefined ? { suggestion: inFileTerms(suggestion) } : {}),
      });
    }
  }
  const byRef = new Map<string, OrderRow>();
  for (const { row } of lines) {
    const { refId } = row;
    if (refId === undefined) continue;
    const earlier = byRef.get(refId);
    if (earlier)
      problems.push({
        line: row.row,
        code: "REF_ID_TWICE",
        message: (say) => say.orders.buying.refIdTwice(placeOf(row)(say), refId, placeOf(earlier)(say)),
      });
    else byRef.set(refId, row);
  }
  const keys = lines.map((l) => ({
    key: lineKey(l.item.id, l.row.quantity, l.written),
    ...(l.row.refId !== undefined ? { refId: l.row.refId } : {}),
  }));
  const refIds = refIdsOf(keys, dayOf(ctx.now()));
  const refIdOf = (i: number) => present(refIds[i], "a row's ref_id");
  const orders: Order[] = lines.map((l, i) => ({
    refId: refIdOf(i),
    refIdGiven: true,
    lines: [
      {
        item: l.item,
        quantity: l.row.quantity,
        ...(l.note !== undefined ? { note: l.note } : {}),
        ...(l.typed ? { typed: l.typed } : {}),
      },
    ],
  }));
  // Derived ref_ids come from the row as written (a file bought before keeps its ref_ids); a repeat
  // is found by the customer's one key (0812… and +62 812-… are one number), and the order sends it
  // in the service's form.
  const planned = lines.map((l, i) => ({
    key: repeatKey(l.item.id, l.row.quantity, l.note),
    refId: refIdOf(i),
    own: l.row.refId !== undefined,
  }));
  const readEarlier = () =>
    recentPurchases(
      ctx,
      windowHours,
      // Derived ref_ids too: a file run again finds the rows it bought, however long ago.
      planned.map((r) => r.refId),
      planned.map((r) => r.key),
      readFor,
    );
  let earlier = readEarlier();
  const alternatives = lines.map((l) => l.row.alternatives ?? options.kept?.[String(l.item.id)] ?? []);
  // A row may have been sold as an alternative on an earlier run: found by its derived ref_ids (a few
  // look-ups by index), however long ago, for the rows whose own order cost nothing or that have
  // alternatives now, so the sale is never made twice.
  const givenUp = new Set(
    earlier.filter((p) => p.outcome !== "done" || p.verdict === "delivery_failed").map((p) => p.refId),
  );
  const soldInstead = planned
    .filter((r, i) => givenUp.has(r.refId) || (alternatives[i]?.length ?? 0) > 0)
    .flatMap((r) => alternativeRefIds(r.refId));
  if (soldInstead.length) {
    const sold = () => recentPurchases(ctx, windowHours, soldInstead, [], readFor);
    let found = sold();
    const failed = await askStandingAlternatives(ctx, client, found);
    if (failed) {
      // Read again once the service was asked (an alternative is found by its sale's key too); one it
      // says failed stands for nothing, whatever the records kept of it.
      const stands = (p: EarlierPurchase) => !failed.has(p.refId);
      [earlier, found] = [readEarlier().filter(stands), sold().filter(stands)];
    }
    earlier.push(...found);
  }
  const plans = planRows(planned, earlier);
  const seen = { windowHours, refIds: new Set([...earlier.map((p) => p.refId), ...planned.map((r) => r.refId)]) };
  return {
    prepared: { rows: lines.map((l) => l.row), orders, plans, alternatives, items, planned: seen },
    problems,
    rows,
    items,
  };
}

export interface BulkRunOptions {
  concurrency: number;
  wait: boolean;
  waitTimeoutSeconds: number;
  /** Rows that match a recent purchase under another ref_id: skipped, or bought again. */
  repeats: "skip" | "again";
  /** Check each game top-up's account right before it is bought (false with --no-validate). */
  validate: boolean;
  /** Refuse a row whose account is in another region than its item's (false with --no-check). */
  check?: boolean;
  /** A row whose account could not be checked (the check itself failed): it is bought unchecked. */
  onAccountUnchecked?: (row: number, reason: Wording) => void;
  /** Each result as soon as it is known (purchases and deliveries complete in any order). */
  onResult: (result: BulkResult, index: number) => void;
  /** What the shop keeps with each sale in the journal (src/orders/purchase.ts). */
  saleFacts?: PurchaseOptions["saleFacts"];
  /**
   * A row's order that cost nothing is followed by its next alternative, at no more than `cap(order)`
   * (--max-price, else the original's selling price, else its cost); `sellingPrices` are the original's.
   */
  alternatives?: {
    cap: (order: Order) => number;
    sellingPrices: (order: Order) => (number | null)[] | undefined;
    /** Said on stderr: an alternative skipped, or bought instead. */
    onStep?: (row: number, said: Wording) => void;
  };
}

function baseOf(
  order: Order,
  row: OrderRow,
): Pick<BulkResult, "row" | "ref_id" | "item_id" | "item" | "quantity" | "customer"> {
  // An order of a file has its row's one line.
  const [line] = order.lines;
  if (!line) throw new Error("internal error: an order without its line");
  const customer = customerData(line.note);
  return {
    row: row.row,
    ref_id: order.refId,
    item_id: line.item.id,
    item: line.item.name,
    quantity: line.quantity,
    ...(customer ? { customer } : {}),
  };
}

/** A row not sent now because it was bought before: the earlier purchase's verdict stands. */
function fromEarlier(order: Order, row: OrderRow, earlier: EarlierPurchase): BulkResult {
  const outcome = earlierVerdict(earlier);
  const refunded = recordedRefund(outcome, earlier);
  const base = baseOf(order, row);
  return {
    ...base,
    ...(earlier.refId !== order.refId ? { ref_id: earlier.refId } : {}),
    ...outcomeFields({ verdict: outcome, ...(refunded !== undefined ? { refunded } : {}) }, earlier.amount),
    exit_code: verdictExitCode(outcome),
    sent: false,
    already_bought: earlier.refId,
    ...earlierNotFound(earlier),
    ...(earlier.invoice !== undefined ? { invoice: earlier.invoice } : {}),
    ...(earlier.amount !== undefined ? { amount: earlier.amount } : {}),
    ...(earlier.status !== undefined ? { status: earlier.status } : {}),
    ...(earlier.alternativeOf !== undefined && earlier.item
      ? {
          item_id: earlier.item.id,
          item: earlier.item.name,
          alternative_of: { ref_id: earlier.alternativeOf, item_id: base.item_id, item: base.item },
        }
      : {}),
  };
}

/**
 * Why a row of another order under a ref_id whose sale was sold as its alternative (`altRefId`) is
 * refused: the run's result and the plan's row say it alike.
 */
export function soldForAnotherProblem(
  ctx: Pick<Context, "say">,
  order: Order,
  altRefId: string,
): { code: string; message: string } {
  return { code: "REF_ID_ALREADY_EXIST", message: ctx.say.alternatives.soldForAnother(order.refId, altRefId) };
}

/** A row of another order under a ref_id whose sale was sold as its alternative: refused, nothing sent. */
function soldForAnother(ctx: Pick<Context, "say">, order: Order, row: OrderRow, altRefId: string): BulkResult {
  return {
    ...baseOf(order, row),
    ...outcomeFields({ verdict: "not_sent" }, undefined),
    // As a single buy's: the ref_id is the reseller's to change.
    exit_code: ExitCode.usage,
    sent: false,
    error: soldForAnotherProblem(ctx, order, altRefId),
  };
}

/**
 * A failed row as its verdict, read by the one rule a single buy follows too (`failureVerdict`): with
 * the purchase's answer in, the row keeps what it bought and names the fault beside it, in the words
 * of the run's catalogue (a row's message is the reader's, in --json too).
 */
function fromFailure(
  ctx: Pick<Context, "say">,
  base: ReturnType<typeof baseOf>,
  error: unknown,
  stage: PurchaseStage,
  answered?: BulkResult,
): BulkResult {
  const { outcome, exitCode, sent } = failureVerdict(error, stage);
  const kept: Partial<BulkResult> = answered ?? {};
  return {
    ...(answered ?? base),
    // What it cost in the end, with what the answer said of it.
    ...outcomeFields(
      {
        verdict: outcome,
        ...(kept.refunded !== undefined ? { refunded: kept.refunded } : {}),
        ...(kept.delivered ? { delivered: kept.delivered } : {}),
      },
      kept.amount,
    ),
    exit_code: exitCode,
    sent,
    error:
      error instanceof ResellerError
        ? { code: error.code, message: error.messageIn(ctx.say) }
        : { code: "INTERNAL_ERROR", message: error instanceof Error ? error.message : String(error) },
  };
}

function withTransaction(result: BulkResult, t: Transaction, body: unknown, final: boolean): BulkResult {
  const judged = orderVerdict(t, final);
  const given = handOver(t);
  const amount = t.amount ?? result.amount;
  return {
    ...result,
    exit_code: verdictExitCode(judged.verdict),
    ...(t.invoice !== null ? { invoice: t.invoice } : {}),
    ...(amount !== undefined ? { amount } : {}),
    ...(t.status ? { status: t.status.text } : {}),
    // The same fields, in the same words, as a single buy's --json.
    ...outcomeFields(judged, amount),
    ...(given.length ? { hand_over: given } : {}),
    transaction: body,
  };
}

/** Why a row is not sent: its code, its wording, and the row's exit code. */
export interface RowRefusal {
  code: string;
  message: Wording;
  exitCode: number;
}

/**
 * A row's customer account, checked as a run checks it right before buying: an account that does
 * not exist, or (with `check`) one in another region than the item's, keeps the row from being sent.
 * A check that could not be made is told to `onUnchecked` and lets the row go on.
 */
export async function checkRowAccount(
  client: ServiceClient,
  order: Order,
  check: boolean,
  onUnchecked?: (reason: Wording) => void,
): Promise<RowRefusal | undefined> {
  const accounts = await checkOrderAccounts(client, order);
  // The name goes on the receipt, as a single buy's does.
  order.accountNames = accountNamesOf(order, accounts);
  let refusal: { code: string; message: Wording } | undefined;
  for (const checked of accounts) {
    if (checked.state === "not_found") {
      const { error } = checked;
      refusal = { code: error.code, message: (say) => error.messageIn(say) };
    } else if (checked.state === "unchecked") onUnchecked?.(checked.reason);
  }
  // An account in another region than the item's: nobody confirms a row, so it is not sent.
  const doubt = check ? regionDoubts(accounts)[0] : undefined;
  if (doubt) refusal ??= { code: doubt.code, message: doubt.message };
  if (!refusal) return undefined;
  const { message } = refusal;
  return {
    code: refusal.code,
    message: (say) => say.orders.buying.notSent(message(say).replace(/\.$/, "")),
    // A doubt is the reseller's to settle (exit 2, as for a single buy); a missing account the service's word.
    exitCode: refusal.code === "REGION_MISMATCH" ? ExitCode.usage : ExitCode.refused,
  };
}

/**
 * Sends the planned orders, `concurrency` purchases at a time; with --wait each bought order moves
 * to a delivery pool of its own, so a slow delivery never holds a purchase slot. A row bought
 * before costs no request and writes nothing (unless --wait still has its delivery to wait for).
 */
export async function runBulk(
  ctx: Context,
  client: ServiceClient,
  prepared: PreparedBulk,
  options: BulkRunOptions,
): Promise<BulkResult[]> {
  const { orders, rows, plans } = prepared;
  const results: BulkResult[] = new Array(orders.length);
  const waits: Promise<void>[] = [];
  let waiting = 0;
  const queue: (() => Promise<void>)[] = [];
  const finish = (result: BulkResult, index: number) => {
    results[index] = result;
    options.onResult(result, index);
  };
  const startWaits = () => {
    while (waiting < deliveryConcurrency) {
      const next = queue.shift();
      if (next === undefined) return;
      waiting++;
      waits.push(
        next().finally(() => {
          waiting--;
          startWaits();
        }),
      );
    }
  };
  // What follows a row's order once its outcome is known (defined below, with what it needs).
  let settle: (result: BulkResult, index: number) => Promise<void> = async (result, index) => finish(result, index);
  // How long this file's deliveries take, learnt as they finish: the next waits look first then.
  let typicalMs: number | undefined;
  const waitFor = (result: BulkResult, index: number) => {
    queue.push(async () => {
      const started = ctx.now();
      const waited = await waitDelivery(
        ctx,
        client,
        result,
        options.waitTimeoutSeconds,
        typicalMs === undefined ? undefined : Math.round(typicalMs * 0.8),
      );
      if (waited.outcome !== "bought")
        typicalMs = typicalMs === undefined ? ctx.now() - started : (typicalMs * 3 + (ctx.now() - started)) / 4;
      await settle(waited, index);
    });
    startWaits();
  };

  // Orders the service held already whose answer did not name them whole: no alternative follows them.
  const unclear = new Set<string>();
  const sendOrder = (order: Order, row: OrderRow) =>
    sendRowOrder(ctx, client, options, order, row, { planned: prepared.planned, unclear });
  settle = alternativesSettler(client, prepared, options, { finish, sendOrder, waitFor, unclear });
  const settleSent = async (result: BulkResult, index: number) => {
    if (options.wait && result.outcome === "bought") return waitFor(result, index);
    await settle(result, index);
  };

  await inPool(orders, options.concurrency, async (order, index) => {
    const [row, plan] = [rows[index], plans[index]];
    if (!row || !plan) throw new Error("internal error: an order without its row or plan");
    if (plan.kind === "settled" || (plan.kind === "repeat" && options.repeats === "skip")) {
      const ended = await boughtMeanwhile(ctx, row, plan.earlier);
      // The other process's purchase of this order came to nothing: the row is bought as any other.
      if (!ended) return settleSent(await sendOrder(order, row), index);
      // Sold as its alternative for another order under the row's own ref_id: that ref_id is used.
      if (soldForAnotherRow(order, ended)) return finish(soldForAnother(ctx, order, row, ended.refId), index);
      const earlier = fromEarlier(order, row, ended);
      // With --wait, one bought before is looked up too: its serials and licences are listed again.
      if (options.wait && ["bought", "delivered", "partial"].includes(earlier.outcome)) return waitFor(earlier, index);
      return finish(earlier, index);
    }
    await settleSent(await sendOrder(order, row), index);
  });
  // Purchases are all sent; the deliveries still awaited finish in their own pool.
  while (waits.length) await waits.shift();
  return results;
}

/**
 * One order of a row sent (the row's own, or an alternative): its account checked first, then bought.
 * One the service held already, whose answer does not name the same item, quantity and customer, is
 * put in `unclear`: it may be another sale's, and no alternative follows it (as for a single buy).
 */
async function sendRowOrder(
  ctx: Context,
  client: ServiceClient,
  options: BulkRunOptions,
  order: Order,
  row: OrderRow,
  run: { planned: PreparedBulk["planned"]; unclear: Set<string> },
): Promise<BulkResult> {
  const { planned } = run;
  const base = baseOf(order, row);
  if (ctx.signal.aborted) {
    return {
      ...base,
      outcome: "not_sent",
      exit_code: ExitCode.interrupted,
      sent: false,
      error: { code: "NOT_STARTED", message: ctx.say.orders.buying.notStarted },
    };
  }
  if (options.validate) {
    // Whose account a game top-up goes to, asked right before it is bought (a row bought before asks nothing):
    // an account that does not exist is refused here, nothing sent; a check that fails lets it go on.
    let refusal: RowRefusal | undefined;
    try {
      refusal = await checkRowAccount(client, order, options.check !== false, (reason) =>
        options.onAccountUnchecked?.(row.row, reason),
      );
    } catch (error) {
      return fromFailure(ctx, base, error, { sent: false });
    }
    if (refusal)
      return {
        ...base,
        outcome: "not_sent",
        exit_code: refusal.exitCode,
        sent: false,
        error: { code: refusal.code, message: refusal.message(ctx.say) },
      };
  }
  let result: BulkResult | undefined;
  try {
    // The plan read the journal once for every row: no look-up per order.
    const bought = await purchase(ctx, client, order, {
      fromOrdersFile: true,
      sentBefore: false,
      ...(options.saleFacts ? { saleFacts: options.saleFacts } : {}),
      checkFirst: checkRowFirst(ctx, order, guardsRepeats(order, row, options) ? planned : undefined),
    });
    if (bought.earlier && !(bought.detail && sameAlternative(bought.detail.data, order))) run.unclear.add(order.refId);
    result = {
      ...base,
      ...outcomeFields({ verdict: "bought" }, bought.amount),
      exit_code: 0,
      sent: true,
      ...(bought.earlier ? { already_bought: order.refId } : {}),
      ...(bought.invoice !== null ? { invoice: bought.invoice } : {}),
      ...(bought.amount !== null ? { amount: bought.amount } : {}),
      ...(bought.status ? { status: bought.status.text } : {}),
    };
    if (bought.detail) {
      const final = (await import("./delivery.js")).isDeliveryFinal(bought.detail.data);
      result = withTransaction(result, bought.detail.data, bought.detail.body, final);
      if (!options.wait) delete result.transaction;
    }
  } catch (error) {
    if (error instanceof SoldMeanwhile) {
      const ended = await rowSoldMeanwhile(ctx, order, row, error.entry);
      // The other process's purchase of the sale came to nothing: the row's order is sent as any other.
      return ended ?? sendRowOrder(ctx, client, options, order, row, run);
    }
    // Bought meanwhile by another process under another ref_id: skipped as bought, nothing sent.
    if (error instanceof RepeatedMeanwhile) {
      const ended = await boughtMeanwhile(ctx, row, error.earlier);
      // Its purchase came to nothing: the check made again now finds no repeat, and the row is sent.
      if (!ended) return sendRowOrder(ctx, client, options, order, row, run);
      return fromEarlier(order, row, ended);
    }
    // Once the purchase answered, `result` holds what it bought: a fault after it does not unmake it.
    const stage: PurchaseStage = result ? { sent: true, answered: { verdict: result.outcome } } : { sent: true };
    return fromFailure(ctx, base, error, stage, result);
  }
  return result;
}

/**
 * Whether a row's purchase makes the repeat check again with its intent: a row of a derived ref_id in
 * a run that skips repeats. Not a row of its own ref_id (never a repeat), an alternative (its ref_id
 * is derived from the order it stands in for) or a run of --again.
 */
function guardsRepeats(order: Order, row: OrderRow, options: BulkRunOptions): boolean {
  return options.repeats === "skip" && row.refId === undefined && order.alternativeOf === undefined;
}

/**
 * The earlier purchase a row stands on, once it has ended (`endedPurchase`): one another live process
 * is still making is waited for, so the row is said as what it became. Ctrl-C ends the wait, not the
 * run: the row is said as that purchase stands, with the others. Undefined when it ended not bought,
 * so the row is no repeat after all.
 */
function boughtMeanwhile(ctx: Context, row: OrderRow, earlier: EarlierPurchase): Promise<EarlierPurchase | undefined> {
  return endedPurchase(ctx, earlier, {
    onWaiting: () => ctx.output.info(ctx.say.bulk.waitingForOther(placeOf(row)(ctx.say), earlier.refId)),
  });
}

/** A purchase of the row's order another process made after the plan read the journal. */
class RepeatedMeanwhile extends Error {
  constructor(readonly earlier: EarlierPurchase) {
    super(`bought meanwhile as ${earlier.refId}`);
  }
}

/**
 * The checks made again with the row's intent, under the records' write lock. The repeat check, when
 * `planned` is given: a purchase of the same order that another process made since the plan (a single
 * buy for the same customer) makes the row one bought before, as a skipped repeat is, and nothing is
 * sent. And the sale's (`checkSaleFirst`): an alternative of the row's ref_id, or the sale of the
 * row's alternative, sent by another run (a single buy of the same --ref-id).
 */
function checkRowFirst(ctx: Context, order: Order, planned: PreparedBulk["planned"] | undefined): () => void {
  return () => {
    // This run's rows and their alternatives are its own orders, not repeats.
    const since =
      planned && repeatSince(ctx, order, planned.windowHours, (p) => planned.refIds.has(p.alternativeOf ?? p.refId));
    if (since) throw new RepeatedMeanwhile(since);
    checkSaleFirst(ctx, order);
  };
}

/**
 * A row whose sale another run bought since the plan (`SoldMeanwhile`), nothing sent: a row's own
 * order is settled by the alternative that stands, as when the file is run again; one another live
 * process has in flight is waited for as the plan's are (`boughtMeanwhile`), undefined when it came
 * to nothing. An alternative is refused (`sentByAnotherRun`, exit 2), its sale standing without it.
 */
async function rowSoldMeanwhile(
  ctx: Context,
  order: Order,
  row: OrderRow,
  entry: JournalEntry,
): Promise<BulkResult | undefined> {
  const found = earlierPurchase(entry);
  if (!found || order.alternativeOf)
    return fromFailure(ctx, baseOf(order, row), sentByAnotherRun(order, entry), { sent: false });
  const earlier = await boughtMeanwhile(ctx, row, found);
  if (!earlier) return undefined;
  return soldForAnotherRow(order, earlier)
    ? soldForAnother(ctx, order, row, earlier.refId)
    : fromEarlier(order, row, earlier);
}

/**
 * What `runBulk` gives the alternatives: how a row ends, how an order is sent, how a delivery is
 * awaited, and the ref_ids of orders held by the service whose answer did not name them whole.
 */
interface RowSteps {
  finish(result: BulkResult, index: number): void;
  sendOrder(order: Order, row: OrderRow): Promise<BulkResult>;
  waitFor(result: BulkResult, index: number): void;
  unclear: ReadonlySet<string>;
}

/**
 * A row's order is as final as this run will know it: it stands, unless it cost nothing (refused,
 * not sent, its delivery failed and refunded whole) and the row has an alternative left, which is
 * then bought for the same customer. Never after an unknown outcome or a partial delivery.
 */
function alternativesSettler(
  client: ServiceClient,
  prepared: PreparedBulk,
  options: BulkRunOptions,
  { finish, sendOrder, waitFor, unclear }: RowSteps,
): (result: BulkResult, index: number) => Promise<void> {
  const { orders, rows } = prepared;
  // Each row's alternatives tried so far: the orders given up, the next to try, and why its own order
  // was given up (said of the original at every step, as a single buy says it).
  const progress = orders.map(() => ({ tried: [] as TriedOrder[], next: 0, reason: undefined as Wording | undefined }));
  const settle = async (result: BulkResult, index: number): Promise<void> => {
    const [order, row, state] = [orders[index], rows[index], progress[index]];
    const ids = prepared.alternatives[index] ?? [];
    const alternatives = options.alternatives;
    if (!state) throw new Error("internal error: a result without its row");
    if (
      !order ||
      !row ||
      !alternatives ||
      state.next >= ids.length ||
      !costNothing(result.outcome, result.exit_code, result.amount, result.refunded, result.error?.code) ||
      unclear.has(result.ref_id)
    )
      return finish(state.tried.length ? { ...result, tried: [...state.tried] } : result, index);
    const given = state.tried;
    const reason = (state.reason ??= reasonWords(result));
    given.push({
      ref_id: result.ref_id,
      item_id: result.item_id,
      item: result.item,
      outcome: result.outcome,
      ...(result.error ? { code: result.error.code } : {}),
      ...(result.refunded !== undefined ? { refunded: result.refunded } : {}),
    });
    const [line] = order.lines;
    const original = { ref_id: order.refId, item_id: line?.item.id ?? row.itemId, item: line?.item.name ?? "" };
    // state.next moves on with each alternative tried, skipped ones too.
    for (const id of ids.slice(state.next)) {
      const n = ++state.next;
      const made = await makeAlternative(
        client,
        order,
        { ...row, quantity: row.quantity },
        {
          n,
          id,
          cap: alternatives.cap(order),
          check: options.check !== false,
          sellingPrices: alternatives.sellingPrices(order),
          items: prepared.items,
        },
      );
      if ("skipped" in made) {
        given.push(made.skipped);
        alternatives.onStep?.(row.row, made.said);
        continue;
      }
      const next = made.order.lines[0]?.item.name ?? "";
      alternatives.onStep?.(row.row, (say) => say.alternatives.trying(original.item, reason(say), next, n, ids.length));
      const bought = {
        ...(await sendOrder(made.order, row)),
        alternative_of: original,
        tried: [...given],
      };
      if (options.wait && bought.outcome === "bought") return waitFor(bought, index);
      return settle(bought, index);
    }
    // None could be bought: the last order tried stands, with every order tried before it.
    finish({ ...result, tried: given.filter((t) => t.ref_id !== result.ref_id) }, index);
  };
  return settle;
}

async function waitDelivery(
  ctx: Context,
  client: ServiceClient,
  result: BulkResult,
  timeoutSeconds: number,
  firstPollMs: number | undefined,
): Promise<BulkResult> {
  const { waitForDelivery } = await import("./delivery.js");
  try {
    const waited = await waitForDelivery(ctx, client, result.ref_id, timeoutSeconds, undefined, {
      quiet: true,
      ...(firstPollMs !== undefined ? { firstPollMs } : {}),
    });
    // Written against the order's entries found by its ref_id, when the status or the verdict moved.
    noteLatestStatus(ctx, waited.result.data, result.ref_id);
    const next = withTransaction(result, waited.result.data, waited.result.body, waited.finished);
    if (!waited.finished)
      next.error = {
        code: "STILL_WAITING",
        message: ctx.say.orders.buying.notDeliveredWithin(timeoutSeconds, result.ref_id),
      };
    return next;
  } catch (error) {
    // Waiting failed or was interrupted; the purchase itself stands.
    const code =
      error instanceof InterruptedError ? "INTERRUPTED" : error instanceof ResellerError ? error.code : "ERROR";
    // Ctrl-C ends the run with 130; the verdict stays bought.
    return {
      ...result,
      ...(error instanceof InterruptedError ? { exit_code: ExitCode.interrupted } : {}),
      error: { code, message: ctx.say.orders.buying.stoppedWaiting(code) },
    };
  }
}

/** Why a row's order was given up, said before its alternative is bought. */
function reasonWords(result: BulkResult): Wording {
  const code = result.error?.code ?? "";
  return (say) => {
    const why = say.alternatives.why;
    if (result.outcome === "delivery_failed") return why.deliveryFailed;
    if (code === "PRODUCT_TEMPORARILY_UNAVAILABLE") return why.disrupted;
    return result.outcome === "not_sent" ? why.notSent(code) : why.refused(code);
  };
}

/** `4 orders: 3 delivered, 1 failed (Rp 11.200 refunded)`: every outcome counted, in the words of whoever says it. */
export function summaryOf(results: BulkResult[], rupiah: (n: number) => string): Wording {
  return (say) => {
    const words = say.bulk;
    const parts: string[] = [];
    for (const verdict of verdicts) {
      const these = results.filter((r) => r.outcome === verdict);
      if (!these.length) continue;
      // A refund is said beside the orders that gave money back.
      const refunded =
        verdict === "partial" || verdict === "delivery_failed"
          ? these.reduce((sum, r) => sum + (r.refunded ?? 0), 0)
          : 0;
      parts.push(`${words.counts[verdict](these.length)}${refunded ? words.refunded(rupiah(refunded)) : ""}`);
    }
    const before = results.filter((r) => !r.sent && r.already_bought).length;
    return words.summary(results.length, parts.join(", "), before);
  };
}

/** What the orders sent in this run cost: their amounts, the service's refunds, and the net. */
export function spendOf(results: BulkResult[]): { spent: number; refunded: number; net: number } {
  const charged = results.filter(
    (r) => r.sent && !r.already_bought && r.amount !== undefined && r.outcome !== "refused" && r.outcome !== "unknown",
  );
  const spent = charged.reduce((sum, r) => sum + (r.amount ?? 0), 0);
  const refunded = charged.reduce((sum, r) => sum + (r.refunded ?? 0), 0);
  return { spent, refunded, net: spent - refunded };
}

/** The exit code of a whole run: 0 only when every order succeeded, else the highest; Ctrl-C is 130. */
export function bulkExitCode(results: BulkResult[]): number {
  if (results.some((r) => r.exit_code === ExitCode.interrupted)) return ExitCode.interrupted;
  return Math.max(0, ...results.map((r) => r.exit_code));
}
