/**
 * `reseller buy`: one item, a cart of several in one transaction, or (with --file) many orders.
 * A person at a terminal sees what will be bought and confirms; a script with complete flags buys
 * at once and is never left waiting at a prompt. The ref_id is always shown, since it is what
 * settles a purchase whose answer was lost.
 */
import type { ServiceClient } from "../api/client.js";
import type { Transaction } from "../api/model.js";
import { AnswerBody, answerValue } from "../api/answer.js";
import type { Context } from "../context.js";
import type { Messages } from "../messages/messages.js";
import {
  DeliveryFailedError,
  ExitCode,
  InterruptedError,
  OutcomeUnknownError,
  PartlyDeliveredError,
  ResellerError,
  ServiceError,
  UsageError,
} from "../errors.js";
import { formatRupiah } from "../output/format.js";
import { customerData } from "../domain/transaction.js";
import { copyable, money, statusCell, type Cell, type Tone } from "../output/output.js";
import { parseBuyRequest, type BuyOptions } from "../orders/buy-request.js";
import { accountName, type LineAccount } from "../orders/account-check.js";
import { shortBalance } from "../orders/before-paying.js";
import { refuseDoubts, type Doubt } from "../orders/customer-checks.js";
import { openAmountOf, orderProcessOf } from "../orders/check-line.js";
import { describeOrder, orderTotal, unitPrice, type Order } from "../orders/order.js";
import { buildOrder, checkOrder, refuseMissingAccount } from "./buy/prepare.js";
import { purchase, type Purchase } from "../orders/purchase.js";
import type { EarlierPurchase } from "../orders/repeats.js";
import type { JournalEntry } from "../journal/entries.js";
import { saleFactsOf } from "../shop/selling.js";
import {
  failureVerdict,
  orderVerdict,
  outcomeFields,
  recordedRefund,
  verdictExitCode,
  verdictPhrase,
  verdictTone,
  verdictWords,
  type OrderVerdict,
  type Verdict,
} from "../domain/verdict.js";

export type { BuyOptions } from "../orders/buy-request.js";

export async function run(ctx: Context, options: BuyOptions): Promise<number | void> {
  const request = parseBuyRequest(options);
  if (request.plan) {
    const { runPlan } = await import("./buy/plan.js");
    return runPlan(ctx, request);
  }
  if (request.kind === "file") {
    const { runBulkFile } = await import("./buy/bulk.js");
    return runBulkFile(ctx, request);
  }
  // A caller's own ref_id sold before as its alternative (`<ref>-altN`, by an earlier --alternatives)
  // is that sale, with or without --alternatives now: it stands and nothing is sent. The look-up is a
  // few reads by index; what says it loads only when one is found.
  // It is said once the order is built, which tells whether it is that sale or another under its ref_id.
  let soldAs: JournalEntry | undefined;
  if (request.refId !== undefined) {
    const found = (await import("../orders/alternatives.js")).boughtAlternative(ctx, request.refId);
    if (found) soldAs = await (await import("./buy/alternatives.js")).standingAlternative(ctx, request.refId, found);
  }
  if (request.kind === "single" && request.alternatives) return buyWithAlternatives(ctx, options, request, soldAs);
  const given: Given = soldAs ? { soldAs } : {};
  try {
    return await buyOnce(ctx, options, request, given, { started: false });
  } catch (error) {
    // A disrupted item's refusal names what could be sold instead: loaded only when it is refused so.
    if (given.order && error instanceof ServiceError && error.code === "PRODUCT_TEMPORARILY_UNAVAILABLE") {
      const { nameAlternatives } = await import("./buy/alternatives.js");
      nameAlternatives(ctx, error, given.order);
    }
    throw error;
  }
}

/** What a purchase is told beyond its flags: the order itself (an alternative), what to say of it, and whether to hold back a failed delivery. */
interface Given {
  /** The order to buy, made already (an alternative); else made from the request. Told back once made. */
  order?: Order;
  /** Added to --json: `alternative_of`, `tried`. */
  extra?: Record<string, unknown>;
  /** Said once bought: what it was sold instead of. */
  instead?: string;
  /**
   * A delivery that failed and was refunded whole is not printed but thrown, so the next
   * alternative can be bought and stdout carries one result; `held` is what it was.
   */
  holdRefunded?: boolean;
  held?: { judged: OrderVerdict; amount: number | undefined };
  /** The alternative a caller's --ref-id was sold as before (`boughtAlternative`): it stands, nothing is sent. */
  soldAs?: JournalEntry;
}

/** One order bought, printed and judged; a failure thrown with its verdict. */
async function buyOnce(
  ctx: Context,
  options: BuyOptions,
  request: Exclude<ReturnType<typeof parseBuyRequest>, { kind: "file" }>,
  given: Given,
  progress: Progress,
): Promise<number | void> {
  try {
    return await buyOrder(ctx, options, request, progress, given);
  } catch (error) {
    const { answered } = progress;
    // The service's answer is in: a fault after it (printing, waiting) does not unmake the purchase.
    if (
      answered &&
      !(
        error instanceof DeliveryFailedError ||
        error instanceof PartlyDeliveredError ||
        error instanceof InterruptedError
      )
    )
      return boughtDespite(ctx, answered, error, given.extra);
    throw withVerdict(error, progress);
  }
}

/**
 * A single buy with `--alternatives`: the order as asked, then, after each definite outcome that cost
 * nothing, the next alternative kept for its item, for the same customer, under `<ref>-altN`, at no
 * more than the price cap. Never after an unknown outcome or a partial delivery. The exit code and the
 * result are the last order's.
 */
async function buyWithAlternatives(
  ctx: Context,
  options: BuyOptions,
  request: Extract<ReturnType<typeof parseBuyRequest>, { kind: "single" }>,
  soldAs: JournalEntry | undefined,
): Promise<number | void> {
  const alt = await import("./buy/alternatives.js");
  const given: Given = { holdRefunded: true, ...(soldAs ? { soldAs } : {}) };
  let last: unknown;
  try {
    return await buyOnce(ctx, options, request, given, { started: false });
  } catch (error) {
    if (!given.order || !alt.costNothingAfter(error, given.held)) throw error;
    last = error;
  }
  const original = given.order;
  const client = await ctx.client();
  const ids = alt.alternativesOf(ctx, original);
  if (ids.length === 0) {
    ctx.output.warn(alt.noneKept(original, ctx.say));
    throw last;
  }
  const cap = alt.priceCap(ctx, original, request.maxPrice);
  const tried = [alt.triedOf(original, last, given.held)];
  const reason = alt.reasonOf(last, given.held, ctx.say);
  for (const [i, id] of ids.entries()) {
    const made = await alt.alternativeOrder(ctx, client, original, request, i + 1, id, cap);
    if ("skipped" in made) {
      ctx.output.warn(made.said(ctx.say));
      tried.push(made.skipped);
      continue;
    }
    const order = made.order;
    ctx.output.warn(alt.trying(original, reason, order, i + 1, ids.length, ctx.say));
    const next: Given = {
      order,
      holdRefunded: i + 1 < ids.length,
      extra: alt.extraOf(original, tried),
      instead: alt.instead(original, order, reason, ctx.say),
    };
    try {
      return await buyOnce(ctx, options, request, next, { started: false });
    } catch (error) {
      if (!alt.costNothingAfter(error, next.held)) throw error;
      tried.push(alt.triedOf(order, error, next.held));
      last = error;
    }
  }
  ctx.output.warn(alt.noneLeft(original, ctx.say));
  // A script reads every order tried beside the last one's refusal.
  if (last instanceof ResellerError) last.details = { ...(last.details ?? {}), tried };
  throw last;
}

/** How far the purchase got, for the verdict of a failure: started (sent), and its answer once in. */
interface Progress {
  started: boolean;
  refId?: string;
  answered?: { bought: Purchase; judged: OrderVerdict; printed: boolean };
}

/**
 * The purchase as bought, printed if it was not yet, with the fault that came after its answer
 * named on stderr; the exit code is the purchase's.
 */
function boughtDespite(
  ctx: Context,
  answered: NonNullable<Progress["answered"]>,
  error: unknown,
  extra?: Record<string, unknown>,
): number {
  const { bought, judged } = answered;
  if (!answered.printed) {
    try {
      printResult(ctx, bought, judged, extra);
    } catch {
      // The output itself is what broke: the line on stderr below still names the purchase.
    }
  }
  const fault =
    error instanceof ResellerError ? error.messageIn(ctx.say) : error instanceof Error ? error.message : String(error);
  ctx.output.warn(
    ctx.say.buy.faultAfterAnswer(verdictWords(judged.verdict, ctx.say), bought.refId, bought.invoice ?? "", fault),
  );
  return verdictExitCode(judged.verdict);
}

async function buyOrder(
  ctx: Context,
  options: BuyOptions,
  request: Exclude<ReturnType<typeof parseBuyRequest>, { kind: "file" }>,
  progress: Progress,
  given: Given = {},
): Promise<number | void> {
  const client = await ctx.client();
  const order = given.order ?? (await buildOrder(ctx, client, request));
  given.order = order;
  // With --wait, a purchase that stands for this order is followed to its delivery, as a new one is.
  const follow: Follow | undefined = request.wait ? { client, timeout: options.waitTimeout, given } : undefined;
  if (given.soldAs) {
    const sold = await printSoldAs(ctx, order, given.soldAs, follow);
    if (sold !== undefined) return sold;
  }
  // The same order bought recently (a customer who messaged twice) is asked about, never bought again unasked.
  // A caller's own --ref-id is the caller's identity of the order: a new one is a new order, a seen one
  // is settled by the service's one purchase per ref_id (or, sold as its alternative, by that: see
  // `run`), so neither is a repeat. An alternative's ref_id is derived from the order it stands in
  // for, which was checked.
  const repeatCheck =
    request.again || order.refIdGiven ? undefined : await consentToRepeat(ctx, order, request, options.yes);
  if (repeatCheck && !repeatCheck.consented) {
    ctx.output.info(ctx.say.orders.buying.nothingBought);
    return 0;
  }
  const confirming = ctx.canPrompt && !options.yes;
  const { accounts, doubts } = await checkOrder(ctx, client, order, request, confirming);

  if (confirming) {
    const confirmed = await confirmOrder(ctx, client, order, accounts, doubts);
    if (!confirmed) {
      ctx.output.info(ctx.say.orders.buying.nothingBought);
      return 0;
    }
  } else {
    reportAccounts(ctx, accounts);
    refuseDoubts(doubts);
  }

  ctx.output.info(ctx.say.buy.buying(describeOrder(order), formatRupiah(orderTotal(order)), order.refId));
  progress.started = true;
  progress.refId = order.refId;
  // Only an order under a caller's own ref_id can be sold by another run meanwhile (`soldMeanwhile`):
  // a buy without one never loads the look.
  const sale = order.refIdGiven ? await import("../orders/alternatives.js") : undefined;
  let bought: Purchase | undefined;
  while (!bought) {
    try {
      bought = await purchase(ctx, client, order, {
        saleFacts: (o) => saleFactsOf(ctx, o),
        // Made again with the intent, under the records' write lock: no other run's purchase of the
        // same order, or of the same sale (`soldMeanwhile`), can come between this look and the sending.
        checkFirst: () => {
          repeatCheck?.again();
          sale?.checkSaleFirst(ctx, order);
        },
      });
    } catch (error) {
      if (!(sale && error instanceof sale.SoldMeanwhile)) throw error;
      progress.started = false;
      const standing = await sayStanding(ctx, order, error.entry, follow);
      if (standing !== undefined) return standing;
      // The other run's purchase of the sale came to nothing: the order is sent as any other.
      progress.started = true;
    }
  }
  // A purchase recovered after a lost answer may already have failed: said, with its refund, and in the exit code.
  const judged: OrderVerdict = bought.detail ? orderVerdict(bought.detail.data, false) : { verdict: "bought" };
  const answered = { bought, judged, printed: false };
  progress.answered = answered;
  // An alternative the service held already, bought by an earlier run of this sale: nothing was bought now.
  if (bought.earlier && order.alternativeOf) {
    answered.printed = true;
    const held = await (await import("./buy/alternatives.js")).heldAlternative(ctx, order, bought, given);
    const shown = await showStanding(ctx, held, given.extra, follow);
    // The last alternative's failure, printed as its result, is said as a fresh purchase's is.
    if (held.failure) throw held.failure;
    return shown;
  }
  const { verdict, refunded } = judged;
  reportPurchase(ctx, order, bought, verdict, refunded);
  if (given.instead) ctx.output.info(given.instead);

  if (!request.wait) {
    // Once: a fault in printing is not followed by the same output again.
    answered.printed = true;
    printResult(ctx, bought, judged, given.extra);
    if (verdict === "bought" && ctx.output.mode !== "json")
      ctx.output.info(ctx.say.orders.buying.followIt(bought.refId, ctx.output.mode === "table"));
    return verdictExitCode(verdict);
  }
  await waitAndShow(
    ctx,
    client,
    bought,
    options.waitTimeout,
    request.receipt ? { order, lang: request.receiptLanguage } : undefined,
    given,
  );
}

/**
 * The sale another run bought meanwhile, said as it stands: a caller's --ref-id sold as its
 * alternative as a retry afterwards would say it (`soldAsAlternative`); an alternative refused, since
 * its sale stands without it. Undefined when the other run's purchase came to nothing.
 */
async function sayStanding(
  ctx: Context,
  order: Order,
  entry: JournalEntry,
  follow?: Follow,
): Promise<number | undefined> {
  if (order.alternativeOf) throw (await import("../orders/alternatives.js")).sentByAnotherRun(order, entry);
  return printSoldAs(ctx, order, entry, follow);
}

/**
 * A --ref-id sold as its alternative (`soldAsAlternative`), waited for while another live process is
 * still buying it: that purchase printed as this run's result, and its exit code. Undefined when it
 * came to nothing, for the order to be sent as any other.
 */
async function printSoldAs(
  ctx: Context,
  order: Order,
  entry: JournalEntry,
  follow?: Follow,
): Promise<number | undefined> {
  const alt = await import("./buy/alternatives.js");
  const earlier = await alt.endedAlternative(ctx, order, entry);
  if (!earlier) return undefined;
  // Its delivery failing while waited for is this run's result: the sale's next alternative is for a run after.
  return showStanding(ctx, alt.soldAsAlternative(ctx, order, earlier), undefined, follow && { ...follow, given: {} });
}

/** What --wait follows a purchase bought before with: the service, the wait's limit, and what the run was given. */
interface Follow {
  client: ServiceClient;
  timeout: number | undefined;
  given: Given;
}

/**
 * A purchase bought before that stands for this order, nothing sent: printed as any buy's result.
 * With --wait (`follow`), one bought but not yet delivered is waited for first, as a new purchase and
 * a file's row bought before are: the script learns whether the customer got it. Its result keeps
 * saying it was bought before (`sent`, `already_bought`); a delivery that fails and is
 * refunded whole with an alternative still to try is thrown as a new one's is (`held`).
 */
async function showStanding(
  ctx: Context,
  standing: { bought: Purchase; judged: OrderVerdict },
  extra: Record<string, unknown> | undefined,
  follow: Follow | undefined,
): Promise<number> {
  const { bought, judged } = standing;
  if (!follow || judged.verdict !== "bought") {
    printResult(ctx, bought, judged, extra);
    return verdictExitCode(judged.verdict);
  }
  const { sent, already_bought, alternative_of } = bought.body as Record<string, unknown>;
  follow.given.extra = { sent, already_bought, alternative_of, ...extra };
  await waitAndShow(ctx, follow.client, bought, follow.timeout, undefined, follow.given);
  return ExitCode.ok;
}

/**
 * The verdict beside the service's answer in --json: `outcome`; for a delivery failed or partial,
 * `refunded` (the service's figure) and `net` (what the order cost in the end); for a partial one,
 * `delivered` (each line: ordered, delivered).
 */
function withOutcome(
  body: unknown,
  judged: OrderVerdict,
  amount: number | null | undefined,
  extra: Record<string, unknown> = {},
): unknown {
  const value = answerValue(body);
  if (!value || typeof value !== "object" || Array.isArray(value)) return body;
  const added = { ...outcomeFields(judged, amount), ...extra };
  // A body cut for its depth is printed as received, whole, rather than re-built from its cut value:
  // the verdict goes in as its last members (a reader takes the last of a repeated name).
  if (body instanceof AnswerBody && body.cut) {
    const text = body.text.trimEnd();
    const members = JSON.stringify(added).slice(1, -1);
    return new AnswerBody(
      `${text.slice(0, -1)},${members}}`,
      { ...(value as Record<string, unknown>), ...added },
      true,
    );
  }
  return { ...(value as Record<string, unknown>), ...added };
}

/**
 * A failure says its verdict too (`failureVerdict`, the rule a bulk row follows): not sent, refused
 * (nothing charged), unknown (settle it), delivery failed or partial (refunded), or, once the answer
 * was in, the purchase's own (Ctrl-C while waiting).
 */
function withVerdict(error: unknown, progress: Progress): unknown {
  const { started: sent, refId, answered } = progress;
  // A fault of reseller's own once the purchase was sent, before its answer, is never "refused" (exit 1):
  // whether it was bought is for `trx show` or `reconcile` to say, as after a lost answer.
  if (sent && !answered && !(error instanceof ResellerError))
    error = new OutcomeUnknownError(
      refId ?? null,
      (say) => say.errors.faultAfterSending(error instanceof Error ? error.message : String(error)),
      { cause: error },
    );
  if (!(error instanceof ResellerError)) return error;
  // Stopped before the purchase was sent (an item not found, an account that does not exist): not sent.
  if (!sent) {
    if (error instanceof InterruptedError) return error;
    if (error.exitCode !== ExitCode.usage && error.details?.outcome === undefined)
      error.details = { outcome: "not_sent", ...(error.details ?? {}) };
    return error;
  }
  const { outcome } = failureVerdict(error, { sent: true, ...(answered ? { answered: answered.judged } : {}) });
  if (error.details?.outcome === undefined) error.details = { outcome, ...(error.details ?? {}) };
  return error;
}

function reportPurchase(
  ctx: Context,
  order: Order,
  bought: Purchase,
  verdict: Verdict,
  refunded: number | undefined,
): void {
  if (bought.recovered) {
    ctx.output.warn(ctx.say.orders.buying.recovered);
  }
  const amount = bought.amount ?? orderTotal(order);
  const what = ctx.say.buy.what(describeOrder(order), formatRupiah(amount), bought.invoice ?? "", bought.refId);
  if (verdict === "delivery_failed")
    ctx.output.warn(ctx.say.buy.boughtButFailed(what, refunded !== undefined ? formatRupiah(refunded) : ""));
  else ctx.output.success(ctx.say.buy.bought(what));
}

/** A purchase's result on stdout: the answer with its verdict in --json, else its row or record. */
function printResult(ctx: Context, bought: Purchase, judged: OrderVerdict, extra?: Record<string, unknown>): void {
  if (ctx.output.mode === "json") ctx.output.json(withOutcome(bought.body, judged, bought.amount, extra));
  else printPurchase(ctx, bought, judged);
}

/**
 * Piped: one row (invoice, ref_id, status, amount, created, outcome); on a terminal a record, the
 * invoice and ref_id whole, and the outcome with its refund as every table says it.
 */
function printPurchase(ctx: Context, bought: Purchase, { verdict, refunded }: OrderVerdict): void {
  const words = ctx.say.headings;
  const headers = [words.invoice, words.refId, words.status, words.amount, words.created, words.outcome];
  const row: Cell[] = [
    bought.invoice === null ? undefined : copyable(bought.invoice, "bold"),
    copyable(bought.refId),
    bought.status ? statusCell(bought.status, ctx.say) : undefined,
    money(bought.amount),
    ctx.output.time(bought.createdAt),
    { human: verdictPhrase(verdict, refunded, formatRupiah, ctx.say), plain: verdict, tone: verdictTone(verdict) },
  ];
  if (ctx.output.mode === "plain") return ctx.output.table(headers, [row]);
  ctx.output.record(headers.map((header, i) => [header, row[i]]));
}

async function waitAndShow(
  ctx: Context,
  client: ServiceClient,
  bought: Purchase,
  flagTimeout: number | undefined,
  receiptOf?: { order: Order; lang: "id" | "en" },
  given: Given = {},
): Promise<void> {
  const { waitForDelivery, waitTimeoutSeconds } = await import("../orders/delivery.js");
  const timeout = waitTimeoutSeconds(ctx, flagTimeout);
  let waited;
  try {
    waited = await waitForDelivery(ctx, client, bought.refId, timeout, bought.detail);
  } catch (error) {
    if (error instanceof InterruptedError) {
      throw new InterruptedError(ctx.say.waiting.stoppedWaiting(bought.invoice ?? "", bought.refId), {
        suggestion: ctx.say.waiting.followIt(bought.refId),
      });
    }
    // Whatever stopped the wait (the service unreachable, a key refused, a bug), the purchase was made:
    // it is said as bought, as a wait that timed out is, never as refused or not sent.
    const why =
      error instanceof ResellerError
        ? `${error.code}: ${error.messageIn(ctx.say)}`
        : error instanceof Error
          ? error.message
          : String(error);
    printResult(ctx, bought, { verdict: "bought" }, given.extra);
    ctx.output.warn(ctx.say.orders.buying.couldNotFollow(why.replace(/\.$/, ""), bought.refId));
    return;
  }
  const [{ showTransaction }, { noteLatestStatus }] = await Promise.all([
    import("../output/transaction.js"),
    import("../journal/request.js"),
  ]);
  noteLatestStatus(ctx, waited.result.data, bought.refId);
  const t = waited.result.data;
  const judged = orderVerdict(t, waited.finished);
  const { verdict } = judged;
  const amount = t.amount ?? bought.amount ?? undefined;
  // Refunded whole with an alternative still to try: the next order's result is the one printed.
  if (given.holdRefunded && verdict === "delivery_failed" && (judged.refunded ?? 0) >= (amount ?? Infinity)) {
    given.held = { judged, amount };
    const { deliveryFailure } = await import("../output/transaction.js");
    const failure = deliveryFailure(t, judged.refunded);
    if (failure) throw failure;
  }
  // The customer's receipt: beside the answer in --json, else printed after it (even when the delivery failed).
  const receipt = receiptOf ? await customerReceipt(ctx, t, receiptOf.order, receiptOf.lang) : undefined;
  const answer = withOutcome(waited.result.body, judged, t.amount ?? bought.amount, given.extra);
  const result =
    ctx.output.mode === "json"
      ? {
          ...waited.result,
          body:
            receipt && answer && typeof answer === "object" && !(answer instanceof AnswerBody)
              ? { ...answer, receipt }
              : answer,
        }
      : waited.result;
  try {
    // A failed delivery is thrown worded with the verdict's refund.
    showTransaction(ctx.output, result, waited.finished, timeout, { waited: true, verdict: judged });
  } finally {
    if (receipt && ctx.output.mode !== "json") ctx.output.document(`\n${receipt.text}`);
  }
  if (ctx.output.mode !== "json")
    ctx.output.success(
      ctx.say.buy.finished(
        verdict === "delivered" ? ctx.say.buy.delivered : ctx.say.buy.notDeliveredYet,
        bought.refId,
        bought.invoice ?? "",
        verdictWords(verdict, ctx.say),
      ),
    );
}

async function customerReceipt(ctx: Context, t: Transaction, order: Order, lang: "id" | "en") {
  const [{ shopReceipt, customerLanguage }, { saleOf }] = await Promise.all([
    import("../shop/receipt.js"),
    import("../shop/selling.js"),
  ]);
  return shopReceipt(ctx, t, saleOf(ctx, order), customerLanguage(lang));
}

/**
 * A single buy or a cart under a ref_id reseller made that matches a purchase of the last repeat
 * window (same items, quantities and customers by their one key, under another ref_id): at a terminal the earlier purchase is named
 * and the reseller asked (no by default); under --no-input or --yes it is refused, exit 2, nothing
 * sent, unless --again. `again` makes the check once more with the intent, under the journal's write
 * lock: a purchase of the same order another process made meanwhile (the customer's second message
 * in another shell, a second bot) is refused as a repeat, nothing sent, since nobody agreed to it.
 */
async function consentToRepeat(
  ctx: Context,
  order: Order,
  request: { repeatWindowHours?: number },
  yes: boolean,
): Promise<{ consented: boolean; again: () => void }> {
  const repeats = await import("../orders/repeats.js");
  const windowHours = repeats.repeatWindow(ctx, request.repeatWindowHours).hours;
  const known = repeats.repeatedPurchases(ctx, order, windowHours);
  const agreed = new Set(known.map((p) => p.refId));
  const refusal = (p: EarlierPurchase) =>
    repeatRefusal(ctx, order, p, windowHours, repeats.earlierVerdict(p), repeats.earlierDetails(p));
  const again = () => {
    const since = repeats.repeatSince(ctx, order, windowHours, (p) => agreed.has(p.refId));
    if (since) throw refusal(since);
  };
  const earlier = known[0];
  if (!earlier) return { consented: true, again };
  if (!ctx.canPrompt || yes) throw refusal(earlier);
  ctx.output.warn(sameOrder(ctx, order, earlier, repeats.earlierVerdict(earlier)));
  if (earlier.notFound) ctx.output.info(ctx.say.orders.buying.notFoundSafeWay(earlier.refId));
  return { consented: await (await ctx.prompter()).confirm(ctx.say.orders.buying.buyAgain, { default: false }), again };
}

/**
 * REPEATED_ORDER: the order matches this earlier purchase, which stands at `verdict`; nothing sent.
 * `details` name it for a script (`earlierDetails`).
 */
function repeatRefusal(
  ctx: Context,
  order: Order,
  earlier: EarlierPurchase,
  windowHours: number,
  verdict: Verdict,
  details: Record<string, unknown>,
): UsageError {
  const refusal = new UsageError(sameOrder(ctx, order, earlier, verdict), {
    code: "REPEATED_ORDER",
    details: { outcome: "not_sent", ...details },
    suggestion: earlier.notFound
      ? ctx.say.orders.buying.notFoundSafeWay(earlier.refId, windowHours)
      : ctx.say.orders.buying.sameOrderHint(windowHours),
  });
  // The message names the earlier purchase: its ref_id, invoice, time and outcome.
  refusal.saidInMessage = Object.keys(refusal.details ?? {}).filter((key) => key.startsWith("earlier_"));
  return refusal;
}

/**
 * The earlier purchase the order matches, named. One a look-up did not find is said as sent and
 * perhaps bought since: the service may have committed it after it was asked.
 */
function sameOrder(ctx: Context, order: Order, earlier: EarlierPurchase, verdict: Verdict): string {
  const customers = [...new Set(order.lines.map((l) => customerData(l.note)).filter((c): c is string => !!c))];
  const when = ctx.output.time(earlier.at).human;
  if (earlier.notFound)
    return ctx.say.orders.buying.sameOrderNotFound(when, describeOrder(order), customers.join(", "), earlier.refId);
  const named = [
    earlier.invoice ? `invoice ${earlier.invoice}` : undefined,
    `ref_id ${earlier.refId}`,
    verdictPhrase(verdict, recordedRefund(verdict, earlier), formatRupiah, ctx.say),
  ].filter(Boolean);
  return ctx.say.orders.buying.sameOrder(when, describeOrder(order), customers.join(", "), named.join(", "));
}

/**
 * Nobody confirms (a script, or --yes): an account that does not exist stops the purchase, exit 1 and
 * nothing bought; the names found are said on stderr, and a check that could not be made is warned of.
 */
function reportAccounts(ctx: Context, accounts: LineAccount[]): void {
  refuseMissingAccount(accounts, ctx.say);
  for (const a of accounts) {
    if (a.state === "found") ctx.output.info(ctx.say.orders.buying.accountFor(a.line.item.name, accountName(a.result)));
    else if (a.state === "unchecked") ctx.output.warn(ctx.say.orders.buying.notChecked(a.reason(ctx.say)));
  }
}

function accountRow(a: LineAccount, say: Messages): [string, string, Tone?] {
  const label = say.orders.buying.account;
  if (a.state === "found") return [label, accountName(a.result), "good"];
  if (a.state === "not_found")
    return [label, say.orders.buying.notFoundCell(a.account.customerId, a.account.zoneId ?? ""), "bad"];
  return [label, say.orders.buying.notCheckedCell(a.reason(say)), "dim"];
}

/** The purchase, spelled out on stderr (with the account each top-up goes to), then one question. */
async function confirmOrder(
  ctx: Context,
  client: ServiceClient,
  order: Order,
  accounts: LineAccount[],
  doubts: Doubt[],
): Promise<boolean> {
  const total = orderTotal(order);
  let balance: number | undefined;
  try {
    balance = (await client.getBalance()).data.balance;
  } catch {
    // The question can be asked without it.
  }
  const lines: [string, string, Tone?][] = [];
  for (const line of order.lines) {
    lines.push([
      ctx.say.orders.buying.item,
      ctx.say.orders.buying.itemIs(line.item.name, line.item.id, orderProcessOf(line.item)),
    ]);
    const nominal = openAmountOf(line.item, line.note);
    if (nominal !== undefined)
      lines.push([
        ctx.say.orders.buying.nominal,
        ctx.say.orders.buying.nominalPlus(formatRupiah(nominal), formatRupiah(line.item.price)),
      ]);
    lines.push([ctx.say.orders.buying.quantity, `${line.quantity} × ${formatRupiah(unitPrice(line))}`]);
    if (line.note !== undefined) lines.push([ctx.say.orders.buying.note, line.note]);
    const account = accounts.find((a) => a.line === line);
    if (account) lines.push(accountRow(account, ctx.say));
  }
  lines.push([ctx.say.orders.buying.total, formatRupiah(total)]);
  if (balance !== undefined)
    lines.push([
      ctx.say.orders.buying.balanceAfter,
      ctx.say.orders.buying.balanceNow(formatRupiah(balance - total), formatRupiah(balance)),
    ]);
  if (order.lockToken) lines.push([ctx.say.orders.buying.lock, order.lockToken]);
  lines.push(["ref_id", order.refId]);
  ctx.output.summary(lines);
  // A short balance is known before the question: stop with the shortfall instead of asking "Buy?".
  if (balance !== undefined && balance < total) throw shortBalance(balance, order, total);
  for (const a of accounts)
    if (a.state === "not_found") ctx.output.warn(ctx.say.orders.buying.toNobody(a.error.messageIn(ctx.say)));
  for (const doubt of doubts) ctx.output.warn(ctx.say.orders.buying.checkBeforeBuying(doubt.message(ctx.say)));
  return (await ctx.prompter()).confirm(ctx.say.orders.buying.confirm);
}
