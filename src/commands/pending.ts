/**
 * `reseller pending [--follow | --once] [--receipts FILE] [--exec CMD]`: the orders of this profile
 * whose outcome is not final (bought and not delivered yet, or unknown), oldest first, with how long
 * each has waited. The service is asked about each first, and its answer written in the journal.
 *
 * `--once` and `--follow` also hand on each order that ended since a run first saw it: one line on
 * stdout, its receipt appended to `--receipts FILE`, `--exec CMD` run with the order as JSON on
 * stdin (the webhook listener's runner: a process group of its own, a deadline, stopped at Ctrl-C).
 * Each order is handed on once, whatever runs beside (records/pending-orders.ts). `--follow` asks
 * again after 5 s, doubling to 5 min while nothing changes, and looks at the journal every second
 * meanwhile, so an order a webhook listener settled is handed on at once.
 */
import { appendFileSync, fstatSync } from "node:fs";
import type { Transaction } from "../api/model.js";
import type { Context } from "../context.js";
import { InterruptedError, NetworkError, UsageError } from "../errors.js";
import { ExitCode } from "../errors.js";
import { recordedRefund, verdictPhrase, verdictTone, type Verdict } from "../domain/verdict.js";
import { customersOf, itemText, journalLines } from "../output/journal.js";
import type { ItemNames } from "../catalogue/names.js";
import { copyable, customerCell, money, type Cell } from "../output/output.js";
import { formatDuration, formatDurationToMinute, formatLocalTime, formatRupiah } from "../output/format.js";
import { statusWord } from "../output/status-words.js";
import { toStatus } from "../api/status.js";
import { lookUpPurchase, sayNotRefreshed } from "../orders/ledger.js";
import { JqFilterError } from "../output/jq.js";
import { PendingFollower, type EndedOrder, type PendingOrder } from "../orders/pending.js";
import type { PendingOptions } from "./pending/flags.js";

/** The first wait of --follow and the longest, in seconds: a manual order takes minutes, a stuck one hours. */
const firstWaitS = 5;
const longestWaitS = 300;
/** While waiting, the journal is looked at this often: an order a listener settled is handed on this soon. */
const journalLookMs = 1_000;

export async function run(ctx: Context, options: PendingOptions): Promise<number> {
  if (options.follow && options.once) throw new UsageError(ctx.say.pending.followOrOnce);
  const handing = options.follow || options.once;
  if (!handing && (options.receipts !== undefined || options.exec !== undefined))
    throw new UsageError(ctx.say.pending.handOnNeedsFollow, { suggestion: ctx.say.pending.handOnNeedsFollowHint });
  const follower = new PendingFollower(ctx);

  if (!handing) {
    const { pending, ended, refreshed } = await follower.pass(true);
    await list(ctx, pending);
    if (ended.length) ctx.output.info(ctx.say.pending.endedNotHanded(ended.length));
    // As the books do: the orders as last recorded, said, and exit 4 when the service could not be asked.
    return (refreshed && sayNotRefreshed(ctx, refreshed)) || ExitCode.ok;
  }

  const handOn = await handOnEnded(ctx, follower, options);
  if (options.once) {
    const { pending, ended, refreshed } = await follower.pass(true);
    const { notAsked } = await handOn(ended);
    // Cron's codes stay 0, 1 and 5; the note says the list may be behind.
    if (refreshed) sayNotRefreshed(ctx, refreshed);
    return standing(ctx, pending, follower.waitingToBeHanded().length + notAsked);
  }

  const first = (options.interval ?? firstWaitS) * 1000;
  const longest = Math.max(first, (options.maxInterval ?? longestWaitS) * 1000);
  let wait = first;
  let known = new Set<string>();
  let said = false;
  for (;;) {
    const { pending, ended } = await follower.pass(true);
    const { handed, notAsked } = await handOn(ended);
    const waiting = follower.waitingToBeHanded();
    if (pending.length === 0 && waiting.length === 0 && notAsked === 0) {
      ctx.output.info(said ? ctx.say.pending.allEnded : ctx.say.pending.nothing);
      return ExitCode.ok;
    }
    if (!said) {
      ctx.output.info(ctx.say.pending.following(pending.length, wait / 1000, longest / 1000));
      said = true;
    }
    const now = new Set(pending.map((p) => p.entry.entry));
    const changed = handed > 0 || [...now].some((entry) => !known.has(entry));
    known = now;
    wait = changed ? first : Math.min(wait * 2, longest);
    // A command that failed is tried again when its wait is over, not later.
    const retryAt = Math.min(...waiting.map((w) => w.next_try_ms ?? 0));
    const until = Math.min(
      ctx.now() + wait,
      Number.isFinite(retryAt) && retryAt > 0 ? retryAt : Number.POSITIVE_INFINITY,
    );
    await waitUntil(ctx, until, () => follower.anyEnded());
  }
}

/** Waits until `untilMs`, or less once `ended()` says an order ended in the journal; Ctrl-C cuts it short. */
async function waitUntil(ctx: Context, untilMs: number, ended: () => boolean): Promise<void> {
  for (;;) {
    const left = untilMs - ctx.now();
    if (left <= 0) return;
    await ctx.sleep(Math.min(journalLookMs, left));
    try {
      if (ended()) return;
    } catch {
      // A look at the journal that fails waits for the next pass, which says why.
    }
  }
}

/** --once's exit code: 5 while an outcome is unknown, 1 while an order is not delivered or not handed on, else 0. */
function standing(ctx: Context, pending: PendingOrder[], notHanded: number): number {
  const unknown = pending.filter((p) => p.verdict === "unknown").length;
  const bought = pending.length - unknown;
  if (pending.length || notHanded) ctx.output.info(ctx.say.pending.stillPending(bought, unknown, notHanded));
  else ctx.output.info(ctx.say.pending.nothing);
  if (unknown) return ExitCode.outcomeUnknown;
  return pending.length || notHanded ? ExitCode.refused : ExitCode.ok;
}

async function list(ctx: Context, pending: PendingOrder[]): Promise<void> {
  const now = ctx.now();
  const waited = (p: PendingOrder) => Math.max(0, Math.round((now - Date.parse(p.entry.at)) / 1000));
  if (ctx.output.mode === "json")
    return ctx.output.json(
      pending.map((p) => ({
        ref_id: p.entry.ref_id,
        invoice: p.entry.invoice ?? null,
        outcome: p.verdict,
        status: p.entry.status ?? null,
        amount: p.entry.amount ?? null,
        at: p.entry.at,
        waited_seconds: waited(p),
        lines: linesOf(p.entry),
      })),
    );
  if (pending.length === 0) return ctx.output.info(ctx.say.pending.nothing);
  if (ctx.output.mode === "plain")
    return ctx.output.table(
      [],
      pending.map((p) => {
        const lines = journalLines(p.entry);
        return [
          ctx.output.time(p.entry.at),
          p.entry.ref_id,
          p.entry.invoice,
          p.verdict,
          p.entry.status,
          waited(p),
          p.entry.amount,
          lines.map((l) => l.itemId ?? "").join(","),
          lines.map((l) => l.quantity ?? "").join(","),
          customersOf(lines, ","),
        ];
      }),
    );
  const { keptItemNames } = await import("../catalogue/names.js");
  const names = keptItemNames(ctx.settings);
  // How long ago is the next column's: the time alone, its zone said once in the header.
  const bought = ctx.output.timeColumn(
    ctx.say.pending.bought,
    pending.map((p) => p.entry.at),
    { hint: false, short: ctx.say.pending.boughtShort },
  );
  ctx.output.table(
    [
      bought.column,
      { header: ctx.say.pending.waited },
      // `bought (processing)` may stand on two lines.
      { header: ctx.say.headings.outcome, fit: "wrap" },
      { header: ctx.say.headings.item, fit: "wrap" },
      { header: ctx.say.headings.customer },
      { header: ctx.say.headings.amount },
      { header: ctx.say.headings.refId },
    ],
    pending.map((p, i): Cell[] => {
      const lines = journalLines(p.entry);
      const customer = customersOf(lines);
      const status = p.entry.status ? toStatus(p.entry.status) : null;
      const verdict = ctx.say.verdicts[p.verdict];
      // The service's status beside the verdict, unless it says the same (`diproses`, not `diproses (diproses)`).
      const said = status ? statusWord(status, ctx.say) : undefined;
      return [
        bought.cells[i],
        // To the minute when room is short, like the time beside it.
        {
          human: formatDuration(waited(p), ctx.say),
          plain: formatDuration(waited(p), ctx.say),
          shorter: [formatDurationToMinute(waited(p), ctx.say)],
        },
        {
          human: said && said !== verdict ? `${verdict} (${said})` : verdict,
          plain: p.verdict,
          tone: verdictTone(p.verdict),
        },
        itemText(lines, names, ctx.say) || undefined,
        customer ? customerCell(customer) : undefined,
        money(p.entry.amount),
        p.entry.ref_id ? copyable(p.entry.ref_id) : undefined,
      ];
    }),
  );
}

function linesOf(entry: PendingOrder["entry"]) {
  return journalLines(entry).map((l) => ({
    item_id: l.itemId ?? null,
    quantity: l.quantity ?? null,
    customer: l.customer,
  }));
}

/** The order as a line of --json, and as an --exec command reads it on stdin. */
interface EndedJson {
  ref_id: string | null;
  invoice: string | null;
  outcome: Verdict;
  status: string | null;
  amount: number | null;
  refunded: number | null;
  net: number | null;
  bought_at: string;
  ended_at: string;
  waited_seconds: number;
  lines: ReturnType<typeof linesOf>;
  hand_over: string[];
  receipt: { text: string; wa_link: string } | null;
}

/**
 * What hands on each ended order: the receipts file opened (0600) and the command checked before the
 * first pass, so a file that cannot be written stops the run before anything is handed on. Returns
 * how many orders it handed on.
 */
async function handOnEnded(
  ctx: Context,
  follower: PendingFollower,
  options: PendingOptions,
): Promise<(ended: EndedOrder[]) => Promise<{ handed: number; notAsked: number }>> {
  const [{ openReceiptsFile }, receiptModule, { keptSaleOf }, { handOver }, { retryDelaysMs }] = await Promise.all([
    import("../config/config-dir.js"),
    import("../shop/receipt.js"),
    import("../shop/selling.js"),
    import("../domain/verdict.js"),
    import("../webhooks/queue.js"),
  ]);
  const fd = options.receipts !== undefined ? openReceiptsFile(options.receipts) : undefined;
  const language = receiptModule.customerLanguage(options.receiptLanguage ?? "id");
  const runCommand = options.exec !== undefined ? await orderCommand(ctx, options.exec, options) : undefined;
  const names = (await import("../catalogue/names.js")).keptItemNames(ctx.settings);

  const announce = (order: EndedOrder, json: EndedJson) => announceEnded(ctx, names, order, json);

  return async (ended) => {
    let handed = 0;
    // A --jq filter that fails on an order's line is said once every order is handed on: the
    // receipt is appended and the command run all the same, never again on the next run.
    let filterFailed: JqFilterError | undefined;
    // Once a look-up goes unanswered the rest wait for the next pass, as the books' refresh does:
    // asking each in turn would wait out --timeout order after order, and cron would pile up.
    let notAsked = 0;
    let unreachable = false;
    for (const order of ended) {
      if (ctx.signal.aborted) throw new InterruptedError(ctx.say.errors.interrupted, { nothingInFlight: true });
      const claim = follower.claim(order);
      if (!claim) continue;
      // A failed command waits its turn while following; from cron, each run is the next try.
      if (claim.announced && options.follow && (order.followed.next_try_ms ?? 0) > ctx.now()) continue;
      // The service's transaction, for the receipt and what to hand over: asked once more when this
      // pass did not see it (a webhook listener or `trx show` settled the order).
      let t: Transaction | undefined = order.transaction;
      if (!t && order.verdict !== "not_sent" && order.entry.ref_id) {
        // One announced already is counted among those waiting to be handed on.
        const unasked = claim.announced ? 0 : 1;
        if (unreachable) {
          notAsked += unasked;
          continue;
        }
        try {
          const found = await lookUpPurchase(await ctx.client(), order.entry.ref_id);
          if (found.outcome === "done") t = found.transaction;
        } catch (error) {
          if (error instanceof InterruptedError) throw error;
          // No answer now: the next pass tries again, the order still held by this process.
          notAsked += unasked;
          if (error instanceof NetworkError) unreachable = true;
          continue;
        }
      }
      const json = endedJson(ctx, order, t, handOver);
      // The customer's receipt (with its wa.me link) of every order they are told about: in the
      // line's JSON and the command's stdin on every try, appended to --receipts once.
      const receipt =
        t && order.verdict !== "not_sent" && order.verdict !== "refused"
          ? receiptModule.shopReceipt(ctx, t, keptSaleOf(ctx, t), language)
          : undefined;
      if (receipt)
        json.receipt = {
          text: receipt.text,
          wa_link: receiptModule.whatsAppLink(receipt.text, undefined, receipt.lines),
        };
      if (!claim.announced) {
        if (json.receipt && fd !== undefined) {
          try {
            appendFileSync(
              fd,
              `${fstatSync(fd).size > 0 ? receiptModule.receiptSeparator : ""}${json.receipt.text}${json.receipt.wa_link}\n`,
            );
          } catch (error) {
            ctx.output.warn(
              ctx.say.pending.receiptNotAppended(
                order.entry.ref_id ?? "",
                options.receipts ?? "",
                (error as Error).message,
              ),
            );
          }
        }
        try {
          announce(order, json);
        } catch (error) {
          if (!(error instanceof JqFilterError)) throw error;
          filterFailed ??= error;
        }
        follower.announced(order);
      }
      if (runCommand) {
        const result = await runCommand(json, ctx.signal);
        if (!result.ok) {
          if (ctx.signal.aborted) throw new InterruptedError(ctx.say.errors.interrupted, { nothingInFlight: true });
          const tries = claim.tries + 1;
          const delay = retryDelaysMs[Math.min(tries - 1, retryDelaysMs.length - 1)] ?? 1_000;
          follower.failedTry(order, tries, ctx.now() + delay, result.reason);
          ctx.output.warn(
            ctx.say.pending.commandFailed(
              order.entry.ref_id ?? "",
              result.reason,
              formatDuration(delay / 1000, ctx.say),
            ),
          );
          continue;
        }
      }
      follower.handed(order);
      handed++;
    }
    if (unreachable) ctx.output.warn(ctx.say.pending.notHandedOffline(notAsked));
    if (filterFailed) throw filterFailed;
    return { handed, notAsked };
  };
}

/** --exec: the command each ended order is handed to, as JSON on its stdin, under the listener's process-group and deadline rules. */
async function orderCommand(
  ctx: Context,
  exec: string,
  options: PendingOptions,
): Promise<(order: EndedJson, signal: AbortSignal) => Promise<{ ok: true } | { ok: false; reason: string }>> {
  const { execFromFlags } = await import("../webhooks/hand-off.js");
  let apiKey: string | undefined;
  try {
    apiKey = ctx.settings.apiKey;
  } catch {
    apiKey = undefined;
  }
  const command = execFromFlags(
    exec,
    ctx.secrets.wrap(ctx.terminal.stderr),
    [apiKey, ctx.settings.setting("webhook_secret").value],
    options,
    ctx.say,
  );
  return (order: EndedJson, signal: AbortSignal) =>
    command.deliver(
      {
        body: Buffer.from(`${JSON.stringify(order)}\n`),
        headers: {},
        env: {
          RESELLER_REF_ID: order.ref_id ?? "",
          RESELLER_INVOICE: order.invoice ?? "",
          RESELLER_OUTCOME: order.outcome,
        },
        // The same on every try and after a restart: a command drops repeats by it. An order said
        // never made has one of its own, so how it ends, if the service took it after all, is no repeat.
        deliveryId: `order-${order.ref_id ?? order.bought_at}${order.outcome === "not_sent" ? "-not_sent" : ""}`,
      },
      signal,
    );
}

/** One line for an order that ended: JSON, a piped row, or a sentence for a person. */
function announceEnded(ctx: Context, names: ItemNames, order: EndedOrder, json: EndedJson): void {
  if (ctx.output.mode === "json") return ctx.output.jsonLine(json);
  const lines = journalLines(order.entry);
  if (ctx.output.mode === "plain")
    return ctx.output.table(
      [],
      [
        [
          ctx.output.time(json.ended_at),
          json.ref_id,
          json.invoice,
          json.outcome,
          json.refunded ?? "",
          json.net ?? "",
          lines.map((l) => l.itemId ?? "").join(","),
          lines.map((l) => l.quantity ?? "").join(","),
          customersOf(lines, ","),
        ],
      ],
    );
  const item = order.transaction
    ? [...new Set(order.transaction.lines.map((l) => l.name ?? l.productName).filter((n): n is string => !!n))].join(
        ", ",
      )
    : itemText(lines, names, ctx.say);
  const customer = customersOf(lines);
  const parts = [
    formatLocalTime(json.ended_at, ctx.say) ?? json.ended_at,
    json.ref_id ?? "-",
    verdictPhrase(json.outcome, json.refunded ?? undefined, formatRupiah, ctx.say),
    `${item || "?"}${customer ? ` → ${customer}` : ""}`,
    ctx.say.pending.afterWaiting(formatDuration(json.waited_seconds, ctx.say)),
  ];
  if (json.outcome === "not_sent" && json.ref_id) parts.push(ctx.say.orders.reconcile.notBought(json.ref_id));
  ctx.output.result(parts.join("  "), verdictTone(json.outcome) === "bad" ? "bad" : undefined, {
    whole: json.hand_over,
  });
}

function endedJson(
  ctx: Context,
  order: EndedOrder,
  t: Transaction | undefined,
  handOver: (t: Transaction) => string[],
): EndedJson {
  const { entry, verdict } = order;
  const endedAt = new Date(ctx.now()).toISOString();
  const refunded = recordedRefund(verdict, entry);
  const amount = entry.amount ?? null;
  return {
    ref_id: entry.ref_id,
    invoice: entry.invoice ?? null,
    outcome: verdict,
    status: entry.status ?? null,
    amount,
    refunded: refunded ?? null,
    net: verdict === "not_sent" || verdict === "refused" ? 0 : amount === null ? null : amount - (refunded ?? 0),
    bought_at: entry.at,
    ended_at: endedAt,
    waited_seconds: Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(entry.at)) / 1000)),
    lines: linesOf(entry),
    hand_over: t ? handOver(t) : [],
    receipt: null,
  };
}
