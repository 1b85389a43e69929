/**
 * `reseller buy --file orders.csv|orders.jsonl|-`: many transactions, one per row, a few at a time.
 *
 * src/orders/bulk.ts reads and checks the whole file (every bad row said at once), plans each row
 * against this machine's recent purchases and sends; here the reseller consents to repeats and to
 * the spend, and each order's verdict is rendered as it is known: a JSON line (--json, and --out),
 * a tab-separated row (piped), progress and a closing table (terminal). Exit 0 only when every
 * order succeeded (with --wait: was delivered), else the highest exit code among them.
 */
import { appendFileSync, fstatSync, readFileSync } from "node:fs";
import { openReceiptsFile, openResultsFile } from "../../config/config-dir.js";
import type { ServiceClient } from "../../api/client.js";
import type { Context } from "../../context.js";
import type { Messages } from "../../messages/messages.js";
import { InputError, InterruptedError, present, ResellerError, UsageError } from "../../errors.js";
import { formatRupiah } from "../../output/format.js";
import { copyable, customerCell, money, type Cell } from "../../output/output.js";
import type { BuyRequest } from "../../orders/buy-request.js";
import {
  bulkExitCode,
  prepareBulk,
  runBulk,
  spendOf,
  summaryOf,
  type BulkResult,
  type PreparedBulk,
} from "../../orders/bulk.js";
import { orderTotal } from "../../orders/order.js";
import { placeOf } from "../../orders/orders-file.js";
import { earlierDetails, repeatWindow } from "../../orders/repeats.js";
import { verdictPhrase, verdictTone } from "../../domain/verdict.js";
import { saleFactsOf, sellingPricesOf } from "../../shop/selling.js";
import { storedAlternatives } from "../../orders/alternatives.js";

type FileRequest = Extract<BuyRequest, { kind: "file" }>;

export type { BulkResult } from "../../orders/bulk.js";

/** The orders file's text, or stdin's for `-`. */
export async function readOrdersText(ctx: Context, path: string): Promise<string> {
  try {
    return path === "-" ? await ctx.readStdin() : readFileSync(path, "utf8");
  } catch (error) {
    throw new InputError(ctx.say.bulk.cannotRead(path, (error as Error).message));
  }
}

export async function runBulkFile(ctx: Context, request: FileRequest): Promise<number> {
  const path = request.path;
  const text = await readOrdersText(ctx, path);
  const client = await ctx.client();
  const windowHours = repeatWindow(ctx, request.repeatWindowHours).hours;
  const prepared = await prepareBulk(ctx, client, path === "-" ? "stdin" : path, text, {
    windowHours,
    check: request.check,
    validate: request.validate,
    // The file's own alternatives column always counts; those kept with the profile only with --alternatives.
    ...(request.alternatives ? { kept: storedAlternatives(ctx) } : {}),
  });
  const repeats = await consentToRepeats(ctx, prepared, request, windowHours);
  if (repeats === "nothing") {
    ctx.output.info(ctx.say.bulk.nothingBought);
    return 0;
  }
  const toSend = prepared.orders.filter((_, i) => {
    const { kind } = present(prepared.plans[i], "an order's plan");
    return kind === "send" || (repeats === "again" && kind === "repeat");
  });
  const settled = prepared.orders.length - toSend.length;
  const total = toSend.reduce((sum, o) => sum + orderTotal(o), 0);
  const before = ctx.say.bulk.boughtBefore(settled);
  // Every row already bought (this very file run again, or bought another way): said, nothing asked.
  const allBought = toSend.length === 0 && settled > 0;
  if (ctx.canPrompt && !request.yes && toSend.length) {
    ctx.output.info(ctx.say.bulk.toBuy(toSend.length, path, formatRupiah(total), before));
    if (!(await (await ctx.prompter()).confirm(ctx.say.bulk.confirm(toSend.length)))) {
      ctx.output.info(ctx.say.bulk.nothingBought);
      return 0;
    }
  }
  // Opened without following a link, 0600, and never the orders file itself.
  const out = request.out ? openResultsFile(request.out, path) : undefined;
  const receipts = request.receipts
    ? await receiptWriter(ctx, request.receipts, path, prepared, request.receiptLanguage)
    : undefined;
  if (allBought) {
    ctx.output.info(ctx.say.bulk.allBought(settled, path === "-" ? "stdin" : path));
    if (prepared.plans.some((plan) => plan.kind === "repeat")) ctx.output.info(ctx.say.bulk.allBoughtAgain);
  } else
    ctx.output.info(
      ctx.say.bulk.sending(
        toSend.length,
        formatRupiah(total),
        Math.max(1, Math.min(request.concurrency, toSend.length)),
        before,
      ),
    );

  const waitTimeoutSeconds = request.wait
    ? (await import("../../orders/delivery.js")).waitTimeoutSeconds(ctx, request.waitTimeout)
    : 0;
  let finished = 0;
  // A result that cannot be shown or kept (a --jq filter failing on it, --out or --receipts on a full disk): the
  // orders are bought, so the run goes on and each answer is recorded; the fault is named once they
  // all are, and the exit code stays the orders'.
  let printFault: unknown;
  const showing = (step: () => void) => {
    try {
      step();
    } catch (error) {
      if (error instanceof InterruptedError) throw error;
      printFault ??= error;
    }
  };
  const results = await runBulk(ctx, client, prepared, {
    concurrency: request.concurrency,
    wait: request.wait,
    waitTimeoutSeconds,
    repeats,
    validate: request.validate,
    check: request.check,
    onAccountUnchecked: (row, reason) =>
      ctx.output.warn(ctx.say.bulk.unchecked(path === "-" ? "stdin" : path, row, reason(ctx.say))),
    saleFacts: (order) => saleFactsOf(ctx, order),
    alternatives: {
      cap: (order) => request.maxPrice ?? sellingPricesOf(ctx, order).selling_prices?.[0] ?? orderTotal(order),
      sellingPrices: (order) => sellingPricesOf(ctx, order).selling_prices,
      onStep: (row, said) => ctx.output.warn(`${ctx.say.bulk.lineOf(row, "")}: ${said(ctx.say)}`),
    },
    onResult: (result) => {
      showing(() => report(ctx, result, ++finished, prepared.orders.length, out));
      showing(() => receipts?.(result));
    },
  });

  if (ctx.output.mode === "table") printTable(ctx, results);
  const code = bulkExitCode(results);
  ctx.output.info(summaryOf(results, formatRupiah)(ctx.say));
  ctx.output.info(await moneyLine(results, client, ctx.say));
  const failed = results.filter((r) => r.outcome === "delivery_failed");
  if (failed.length) {
    ctx.output.warn(
      ctx.say.bulk.deliveryFailed(
        failed.map((r) => ctx.say.bulk.lineOf(r.row, r.customer ?? "")).join(", "),
        failed.length,
      ),
    );
  }
  if (printFault !== undefined) ctx.output.warn(ctx.say.bulk.printFault(faultWords(ctx, printFault)));
  if (results.some((r) => r.outcome === "unknown")) {
    ctx.output.warn(ctx.say.bulk.settleUnknown);
  } else if (results.some((r) => r.outcome === "refused" || r.outcome === "not_sent")) {
    ctx.output.warn(ctx.say.bulk.retryRefused);
  }
  return code;
}

function faultWords(ctx: Context, error: unknown): string {
  if (error instanceof ResellerError) return error.messageIn(ctx.say);
  return error instanceof Error ? error.message : String(error);
}

/**
 * `--receipts FILE`: each delivered or partly delivered order's receipt appended as its delivery is
 * known, separated from the next so each can be copied alone. The file is opened (0600) before
 * anything is sent.
 */
async function receiptWriter(
  ctx: Context,
  file: string,
  ordersPath: string,
  prepared: PreparedBulk,
  lang: "id" | "en",
): Promise<(result: BulkResult) => void> {
  const fd = openReceiptsFile(file, ordersPath);
  const [
    { shopReceipt, receiptSeparator, customerLanguage, whatsAppLink },
    { keptSaleOf, saleOf },
    { decodeTransaction },
    { answerValue },
  ] = await Promise.all([
    import("../../shop/receipt.js"),
    import("../../shop/selling.js"),
    import("../../api/decode.js"),
    import("../../api/answer.js"),
  ]);
  const language = customerLanguage(lang);
  const orders = new Map(prepared.orders.map((order) => [order.refId, order]));
  return (result) => {
    if ((result.outcome !== "delivered" && result.outcome !== "partial") || result.transaction === undefined) return;
    const order = orders.get(result.ref_id);
    // The answer as the service sent it (held whole when read lean), decoded as every answer is.
    const transaction = decodeTransaction(answerValue(result.transaction));
    // What the journal kept with the sale, as `receipt REF` reads it: a row bought on an earlier run
    // has its selling price and account name there, not in this run's order.
    const sale = keptSaleOf(ctx, transaction) ?? (order ? saleOf(ctx, order) : undefined);
    const receipt = shopReceipt(ctx, transaction, sale, language);
    // The link that opens WhatsApp with the receipt filled in, to the customer's number when it went to one,
    // below the text as `receipt --wa` prints it.
    const link = whatsAppLink(receipt.text, undefined, receipt.lines);
    appendFileSync(
      fd,
      `${fstatSync(fd).size > 0 ? receiptSeparator : ""}${receipt.text}
${link}
`,
    );
  };
}

/**
 * `Spent Rp 270.000, Rp 11.200 refunded: Rp 258.800 in all; balance now Rp 730.000.` What the run's
 * orders cost (those bought before are not counted again) and the balance the service gives after.
 */
async function moneyLine(results: BulkResult[], client: ServiceClient, say: Messages): Promise<string> {
  const { spent, refunded, net } = spendOf(results);
  let balance = "";
  try {
    balance = formatRupiah((await client.getBalance()).data.balance);
  } catch {
    // The run's figures stand without it.
  }
  return say.bulk.money(formatRupiah(spent), refunded ? formatRupiah(refunded) : "", formatRupiah(net), balance);
}

/**
 * Rows that match a recent purchase under another ref_id are named and need consent: on a terminal
 * a question (skip them and buy the new ones, the default; buy them again; buy nothing); in a
 * script --skip-bought or --again, else exit 2 naming them.
 */
async function consentToRepeats(
  ctx: Context,
  prepared: PreparedBulk,
  request: FileRequest,
  windowHours: number,
): Promise<"skip" | "again" | "nothing"> {
  const repeats = prepared.plans.flatMap((plan, i) => (plan.kind === "repeat" ? [{ i, earlier: plan.earlier }] : []));
  if (request.again) return "again";
  if (request.skipBought || repeats.length === 0) return "skip";
  // At a terminal, a file with nothing new needs no question: skipping buys nothing, and it is said so.
  if (ctx.canPrompt && prepared.plans.every((plan) => plan.kind !== "send")) return "skip";
  const named = repeats.slice(0, 10).map(({ i, earlier }) => {
    const row = present(prepared.rows[i], "a repeat's row");
    // An order of a file has its row's one line.
    const [line] = present(prepared.orders[i], "a repeat's order").lines;
    if (!line) throw new Error("internal error: an order without its line");
    return ctx.say.bulk.repeatNamed(
      placeOf(row)(ctx.say),
      `${line.quantity} × ${line.item.name}`,
      line.note ?? "",
      ctx.output.time(earlier.at).human,
      earlier.refId,
      earlier.notFound === true,
    );
  });
  const more = ctx.say.bulk.repeatMore(Math.max(0, repeats.length - 10));
  const n = repeats.length;
  const message = ctx.say.bulk.repeats(n, windowHours, named.join("; "), more);
  if (!ctx.canPrompt) {
    // Each row's earlier purchase, as a single buy's refusal names it: a script reads which rows and why.
    const rows = repeats.map(({ i, earlier }) => ({
      row: present(prepared.rows[i], "a repeat's row").row,
      ref_id: present(prepared.orders[i], "a repeat's order").refId,
      ...earlierDetails(earlier),
    }));
    // Nothing was sent: said by the outcome line and details.outcome, as every other refusal says it.
    throw new UsageError(message, {
      code: "REPEATED_ORDERS",
      details: { outcome: "not_sent", repeats: rows },
      suggestion: ctx.say.bulk.repeatsHint,
    });
  }
  ctx.output.warn(message);
  if (request.yes) {
    ctx.output.warn(ctx.say.bulk.skippingRepeats);
    return "skip";
  }
  return (await ctx.prompter()).select<"skip" | "again" | "nothing">(
    ctx.say.bulk.repeatQuestion(n),
    [
      { name: ctx.say.bulk.repeatSkip(n), value: "skip" },
      { name: ctx.say.bulk.repeatAgain(n), value: "again" },
      { name: ctx.say.bulk.repeatNothing, value: "nothing" },
    ],
    { default: "skip" },
  );
}

/** The verdict as people read it, in the table and the progress line alike: its refund, and `(before)` when bought earlier. */
function outcomeWords(result: BulkResult, say: Messages): string {
  const words = verdictPhrase(result.outcome, result.refunded, formatRupiah, say);
  return result.already_bought && !result.sent ? say.bulk.before(words) : words;
}

function outcomeCell(result: BulkResult, say: Messages): Cell {
  return { human: outcomeWords(result, say), plain: result.outcome, tone: verdictTone(result.outcome) };
}

/** Piped: the columns scripts read by position; what to hand over ends the row, one field each. */
export const bulkColumns = [
  "row",
  "ref_id",
  "outcome",
  "exit_code",
  "invoice",
  "amount",
  "status",
  "error_code",
  "item",
  "customer",
  "refunded",
  "hand_over…",
];

/** A problem in a table: its code on one line, the whole message below the table by row number. */
function problemCell(error: { code: string; message: string }, withCode: boolean): Cell {
  const whole = withCode ? `${error.code}: ${error.message}` : error.message;
  return { human: error.code, plain: whole, tone: "bad", detail: whole };
}

/** On a terminal: the line, what was bought for whom, the verdict, and what to hand over (whole). */
function printTable(ctx: Context, results: BulkResult[]): void {
  ctx.output.table(
    [
      { header: ctx.say.headings.line, fit: "keep" },
      // What the line bought, wrapped between words, never cut: `1 × Pulsa Tel…10.000` named no operator.
      { header: ctx.say.headings.item, fit: "wrap" },
      { header: ctx.say.headings.customer, fit: "keep" },
      { header: ctx.say.headings.outcome, fit: "keep" },
      { header: ctx.say.headings.amount, fit: "keep" },
      // Serials and licences are copyable (never cut); a problem is its code on one line, said in full below.
      { header: ctx.say.headings.handOverOrProblem, fit: "end", min: 12 },
      { header: ctx.say.headings.invoice, fit: "keep" },
      { header: ctx.say.headings.refId, fit: "keep" },
    ],
    [...results]
      .sort((a, b) => a.row - b.row)
      .map((r): Cell[] => [
        r.row,
        `${r.quantity} × ${r.item}`,
        r.customer === undefined ? undefined : customerCell(r.customer),
        outcomeCell(r, ctx.say),
        r.amount === undefined ? undefined : money(r.amount),
        r.hand_over?.length
          ? // One serial or licence a line: joined on one line, a few licences outgrow any window.
            copyable(r.hand_over.join("\n"), "good")
          : r.error
            ? problemCell(r.error, r.outcome !== "delivery_failed")
            : undefined,
        r.invoice === undefined ? undefined : copyable(r.invoice, "bold"),
        copyable(r.ref_id),
      ]),
  );
}

/** One result as it completes: a JSON line (--json), a tab-separated row (piped), progress on stderr (terminal); and --out. */
function report(ctx: Context, result: BulkResult, finished: number, total: number, out: number | undefined): void {
  if (out !== undefined) appendFileSync(out, `${JSON.stringify(result)}\n`);
  if (ctx.output.mode === "json") ctx.output.jsonLine(result);
  else if (ctx.output.mode === "plain") {
    ctx.output.table(
      [],
      [
        [
          result.row,
          result.ref_id,
          result.outcome,
          result.exit_code,
          result.invoice,
          result.amount,
          result.status,
          result.error?.code,
          result.item,
          result.customer,
          // Piped, the column says money given back, as it did before --json's rows said `refunded: 0`.
          result.outcome === "partial" || result.outcome === "delivery_failed" ? result.refunded : undefined,
          ...(result.hand_over ?? []),
        ],
      ],
    );
  } else {
    const what = [
      outcomeWords(result, ctx.say),
      result.invoice,
      result.error && !result.hand_over ? result.error.code : undefined,
    ]
      .filter(Boolean)
      .join(" ");
    ctx.output.info(
      ctx.say.bulk.progress(
        finished,
        total,
        result.row,
        `${result.quantity} × ${result.item}`,
        result.customer ?? "",
        what,
      ),
    );
  }
}
