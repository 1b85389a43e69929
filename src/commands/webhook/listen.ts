/**
 * `reseller webhook listen [--port N] [--host H] [--forward-to URL | --exec CMD] [--max-age S]`:
 * receives the service's webhooks on this machine, verifies each signature and that the event is what
 * its signed status says, answers 2xx once the delivery is written down, then from a queue confirms
 * each order event with the service, settles the journal's unknown purchases, prints one line per event
 * (one JSON object per line with --json) and hands it on with its delivery id. Runs until Ctrl-C.
 */
import { appendFileSync, fstatSync } from "node:fs";
import { setTimeout as sleepFor } from "node:timers/promises";
import { parseAnswer } from "../../api/answer.js";
import { decodeWebhookEvent, isRecord } from "../../api/decode.js";
import type { Transaction, WebhookEvent } from "../../api/model.js";
import type { ServiceClient } from "../../api/client.js";
import type { Context } from "../../context.js";
import type { Messages } from "../../messages/messages.js";
import { AuthError, ResellerError, UsageError } from "../../errors.js";
import { openReceiptsFile } from "../../config/config-dir.js";
import { customerData } from "../../domain/transaction.js";
import { journalFor, noteLatestStatus } from "../../journal/request.js";
import { formatIsoUtc, formatLocalTime, formatRupiah } from "../../output/format.js";
import { isVerdict, verdictAside } from "../../domain/verdict.js";
import { maskApiKey } from "../../config/mask.js";
import { en } from "../../messages/en.js";
import { statusWord } from "../../output/status-words.js";
import type { Cell } from "../../output/output.js";
import { keptWhole, unbroken } from "../../output/message.js";
import { confirmWithService, needsConfirming } from "../../webhooks/confirm.js";
import { DeliveryStore, deliveryIdOf, deliveryKey, type ReceivedDelivery } from "../../webhooks/deliveries.js";
import { execFromFlags, forwardTo, type HandOff } from "../../webhooks/hand-off.js";
import { startWebhookListener, type Delivery } from "../../webhooks/listener.js";
import { HandOffQueue, type Prepared } from "../../webhooks/queue.js";
import { type Here, settleFromEvent } from "../../webhooks/settle.js";
import type { WebhookListenOptions } from "./flags.js";

/** Deliveries named one by one when the listener stops with some not handed on. */
const keptNamed = 10;

/** Next to the emulator's 8787; --port 0 takes a free one. */
export const defaultListenPort = 8788;

/**
 * The headers a delivery is written down and handed on with: what a target needs to verify it, nothing
 * else, so none that carries a credential (Authorization, Cookie, an API key) ever reaches a target.
 */
const keptHeaders = ["content-type", "x-signature", "x-event", "x-timestamp", "user-agent"];

export async function run(ctx: Context, options: WebhookListenOptions): Promise<number> {
  if (options.forwardTo !== undefined && options.exec !== undefined) {
    throw new UsageError(ctx.say.listener.forwardOrExec);
  }
  const secret = webhookSecret(ctx);
  const apiKey = keyIfAny(ctx);
  const handOff = handOffFor(ctx, options, [apiKey, secret]);

  const store = new DeliveryStore(ctx.settings.configDir, { profile: ctx.settings.profile });
  for (const problem of store.problems)
    ctx.output.warn(ctx.say.listener.deliveriesProblem(store.path, problem(ctx.say)));
  const client = apiKey ? await confirmingClient(ctx) : undefined;
  if (options.receipts && !client) ctx.output.warn(ctx.say.listener.noReceiptsWithoutKey);
  const here = { profile: ctx.settings.profile, baseUrl: ctx.settings.baseUrl };

  // The service's own transaction behind each confirmed event: the customer it went to, and its receipt.
  const confirmedOrders = new Map<string, Transaction>();
  const receipts = options.receipts ? await receiptAppender(ctx, options.receipts, confirmedOrders) : undefined;
  const queue = new HandOffQueue(store, {
    prepare: (delivery) =>
      prepare(
        delivery,
        client,
        ctx.now(),
        (line) => store.lineHandedOn(line),
        // A refund the service shows now (order.refunded, a partial order) is written against its purchase.
        (t) => {
          noteLatestStatus(ctx, t);
          if (t.refId) confirmedOrders.set(t.refId, t);
        },
        ctx.say,
      ),
    note: journalNote(ctx, here),
    print: (event, payload) => {
      printEvent(ctx, event, payload, event.refId ? confirmedOrders.get(event.refId) : undefined);
      receipts?.(event);
    },
    handOff,
    env: eventEnv,
    say: ctx.say,
    warn: (line) => ctx.output.warn(line),
    now: ctx.now,
    sleep: (ms, signal) => sleepFor(ms, undefined, { signal }),
  });
  const accept = async (delivery: Delivery): Promise<"new" | "duplicate"> => {
    const received = receivedDelivery(here.profile, delivery);
    const outcome = await store.receive(received);
    if (outcome === "new") queue.push(received);
    return outcome;
  };

  const host = options.host ?? "127.0.0.1";
  const listener = await startWebhookListener({
    host,
    port: options.port ?? defaultListenPort,
    secret,
    ...(options.maxAge !== undefined ? { maxAgeMs: options.maxAge * 1000 } : {}),
    now: ctx.now,
    accept,
    tell: (line) => ctx.output.warn(line),
    say: ctx.say,
  });
  // Once listening (a port in use hands nothing on). Another profile's listener may share the config
  // dir: its deliveries are its own to hand on.
  const earlier = store.unsettled(here.profile);
  for (const delivery of earlier) queue.push(delivery);
  sayListening(ctx, {
    url: listener.url,
    host,
    secret,
    handOff,
    confirming: client !== undefined,
    again: earlier.length,
  });

  if (!ctx.signal.aborted)
    await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve(), { once: true }));
  ctx.output.info(ctx.say.listener.stopping);
  await listener.close();
  // The hand-off under way is stopped (a forward given a few seconds first; a command is sent SIGTERM
  // at once, then SIGKILL after its grace period); what is left waiting stays in the records database.
  await queue.stop(handOff?.stopWithinMs ?? 4_000);
  await store.close();
  sayKept(ctx, store.unsettled(here.profile));
  return 0;
}

/** The profile's webhook secret, from here on masked in whatever the listener prints. */
function webhookSecret(ctx: Context): string {
  const secret = ctx.settings.setting("webhook_secret").value;
  if (!secret) {
    throw new AuthError("NO_WEBHOOK_SECRET", ctx.say.listener.noSecret(ctx.settings.profile), {
      suggestion: ctx.say.listener.noSecretHint,
    });
  }
  // Whatever the listener prints (a forwarded target's words, a command's output) never shows it whole.
  ctx.secrets.add(secret);
  return secret;
}

/** Where each event is handed on: --forward-to, --exec (hidden from `hidden`), or nowhere. */
function handOffFor(ctx: Context, options: WebhookListenOptions, hidden: (string | undefined)[]): HandOff | undefined {
  if (options.forwardTo !== undefined) return forwardTo(options.forwardTo, ctx.say);
  if (options.exec === undefined) return undefined;
  return execFromFlags(options.exec, ctx.secrets.wrap(ctx.terminal.stderr), hidden, options, ctx.say);
}

/** The service's word on each order event, when there is a key to ask with; without one, said why. */
async function confirmingClient(ctx: Context): Promise<ServiceClient | undefined> {
  try {
    return await ctx.client();
  } catch (error) {
    if (!(error instanceof ResellerError)) throw error;
    ctx.output.warn(ctx.say.listener.cannotConfirm(error.messageIn(ctx.say)));
    return undefined;
  }
}

/**
 * Settles the journal's unknown purchases an event proves, as the queue takes it: the service was
 * answered before, so no delivery waits on the journal, and a look by ref_id costs one index lookup.
 */
function journalNote(ctx: Context, here: Here): (event: WebhookEvent) => void {
  const journal = journalFor(ctx);
  return (event) => {
    try {
      for (const ref of settleFromEvent(journal, event, here, ctx.now()))
        ctx.output.info(ctx.say.listener.settledInJournal(ref, event.invoice ?? "", event.event));
    } catch (error) {
      // Receiving the event matters more than the journal: it is said, and the event still handed on.
      ctx.output.warn(
        ctx.say.listener.journalNotUpdated(
          journal.path,
          (error as NodeJS.ErrnoException).code ?? (error as Error).message,
        ),
      );
    }
  };
}

/** What the person watching is told once the listener listens: where, what it checks, where events go. */
function sayListening(
  ctx: Context,
  shown: {
    url: string;
    host: string;
    secret: string;
    handOff: HandOff | undefined;
    confirming: boolean;
    again: number;
  },
): void {
  const from =
    ctx.settings.setting("webhook_secret").source === "environment"
      ? "RESELLER_WEBHOOK_SECRET"
      : ctx.say.listener.secretOfProfile(ctx.settings.profile);
  ctx.output.info(ctx.say.listener.listeningOn(shown.url));
  if (!/^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/.test(shown.host)) {
    ctx.output.warn(ctx.say.listener.exposed(shown.host));
  }
  ctx.output.info(
    ctx.say.listener.verifying(
      from,
      maskApiKey(shown.secret),
      shown.handOff ? shown.handOff.describe : ctx.say.listener.printingEach,
    ),
  );
  if (shown.confirming) ctx.output.info(ctx.say.listener.confirming);
  else ctx.output.warn(ctx.say.listener.unconfirmed);
  if (shown.again) ctx.output.info(ctx.say.listener.handingOnAgain(shown.again));
  ctx.output.info(ctx.say.listener.giveAddress);
}

/** The deliveries left not handed on when the listener stops, the first few by name. */
function sayKept(ctx: Context, kept: ReceivedDelivery[]): void {
  if (!kept.length) return;
  const named = kept
    .slice(0, keptNamed)
    .map((d) => ctx.say.listener.keptOne(ctx.say.listener.about(d.event, d.ref_id ?? ""), d.id));
  ctx.output.info(
    ctx.say.listener.kept(kept.length, named, ctx.say.listener.keptMore(Math.max(0, kept.length - keptNamed))),
  );
}

function keyIfAny(ctx: Context): string | undefined {
  try {
    return ctx.settings.apiKey;
  } catch {
    // A config file that cannot be read: no key to ask with, and none to hide from a child either.
    return undefined;
  }
}

/** What is written down for a verified delivery before the service is answered. */
function receivedDelivery(profile: string, delivery: Delivery): ReceivedDelivery {
  const { event, signed } = delivery;
  const data = isRecord(delivery.value) && isRecord(delivery.value.data) ? delivery.value.data : {};
  const item = isRecord(data.item) ? data.item : {};
  const hint =
    event.event === "order.item.sent" ? String(item.order_item_id ?? item.variant_id ?? item.item_id ?? "") : null;
  const minute = event.event === "webhook.test" ? Math.floor(delivery.receivedAt / 60_000) : undefined;
  const key = deliveryKey(profile, event.event, signed, {
    itemHint: hint,
    ...(minute !== undefined ? { minute } : {}),
  });
  const headers: Record<string, string> = {};
  for (const name of keptHeaders) {
    const value = delivery.headers[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return {
    id: deliveryIdOf(key),
    key,
    profile,
    event: event.event,
    ref_id: signed.refId,
    invoice: signed.invoice,
    signed_status: signed.status,
    received_at: new Date(delivery.receivedAt).toISOString(),
    body: delivery.body.toString("utf8"),
    headers,
  };
}

/**
 * What is printed and handed on. A `webhook.test` only as a test: its signature covers nothing but
 * the literal `test`, so nothing else in its body is passed on. An order event confirmed with the
 * service when there is a key; otherwise (and any other event) as it came.
 */
async function prepare(
  delivery: ReceivedDelivery,
  client: ServiceClient | undefined,
  nowMs: number,
  lineHandedOn: (line: string) => boolean,
  confirmedAs: (t: Transaction) => void,
  say: Messages,
): Promise<Prepared> {
  const value: unknown = JSON.parse(delivery.body);
  const body = isRecord(value) ? value : {};
  if (delivery.event === "webhook.test") {
    const data = isRecord(body.data) ? body.data : {};
    const payload = {
      event: "webhook.test",
      timestamp: typeof body.timestamp === "string" ? body.timestamp : null,
      data: {
        ref_id: delivery.ref_id,
        invoice: delivery.invoice,
        ...(typeof data.message === "string" ? { message: data.message } : {}),
      },
    };
    return {
      ok: true,
      payload: Buffer.from(JSON.stringify(payload)),
      event: decodeWebhookEvent(payload, delivery.event),
      headers: delivery.headers,
    };
  }
  if (client && needsConfirming(delivery.event)) {
    const confirmed = await confirmWithService(client, delivery, value, new Date(nowMs).toISOString(), lineHandedOn);
    // The records database keeps the reason in English, whatever the language on the screen.
    if (!confirmed.ok)
      return {
        ok: false,
        reason: en.listener.notConfirmed(confirmed.reason),
        said: say.listener.notConfirmed(confirmed.said(say)),
      };
    confirmedAs(confirmed.transaction);
    return {
      ok: true,
      payload: Buffer.from(JSON.stringify(confirmed.payload)),
      event: confirmed.event,
      headers: delivery.headers,
      ...(confirmed.line ? { line: confirmed.line } : {}),
    };
  }
  return {
    ok: true,
    payload: Buffer.from(delivery.body),
    event: decodeWebhookEvent(value, delivery.event),
    headers: delivery.headers,
  };
}

/** The event's fields for --exec, "" when the event has none. */
function eventEnv(event: WebhookEvent): Record<string, string> {
  return {
    RESELLER_EVENT: event.event,
    RESELLER_REF_ID: event.refId ?? "",
    RESELLER_INVOICE: event.invoice ?? "",
    RESELLER_STATUS: event.status?.text ?? "",
  };
}

/** What the customer gets, in one list: serial numbers, licences, failed dispatches, a refund. */
function deliverables(event: WebhookEvent): Deliverable[] {
  return [
    ...event.items.flatMap((item): Deliverable[] => [
      ...item.serials.map((value) => ({ label: "serial" as const, value })),
      // A manual item's text is the seller's note on the work done, not a licence.
      ...item.licences.map((value) => ({
        label: item.orderProcess === "manual" ? ("sellerNote" as const) : ("licence" as const),
        value,
      })),
      ...item.failures.map((value) => ({ label: "failed" as const, value })),
    ]),
    ...(event.event === "order.refunded" || event.event === "order.canceled"
      ? event.refundAmount !== null
        ? [{ label: "refund" as const, value: String(event.refundAmount) }]
        : []
      : []),
  ];
}

/** Each named on a terminal's line in the reader's words; piped columns keep theirs. */
interface Deliverable {
  label: "serial" | "licence" | "sellerNote" | "failed" | "refund";
  value: string;
}

/** The order's verdict the service's answer gave when the event was confirmed: `partly delivered (Rp 2.835 refunded)`. */
function confirmedVerdict(payload: Buffer, say: Messages): string[] {
  const value = parseAnswer(payload.toString("utf8"), say)?.value;
  const confirmed = isRecord(value) && isRecord(value.confirmed) ? value.confirmed : undefined;
  if (!confirmed || !isVerdict(confirmed.outcome)) return [];
  const refunded = typeof confirmed.refunded === "number" ? confirmed.refunded : undefined;
  return [verdictAside(confirmed.outcome, refunded, formatRupiah, say)];
}

/**
 * The event's status in the reader's words, then the confirmed verdict unless it says the same
 * (`berhasil`, not `berhasil (berhasil)`): one unit a line never parts, as the gloss reads only beside its status.
 */
function statusAndVerdict(event: WebhookEvent, payload: Buffer, say: Messages): string {
  const status = event.status ? statusWord(event.status, say) : "-";
  const verdict = confirmedVerdict(payload, say);
  const words = verdict.length === 1 && verdict[0] === `(${status})` ? [status] : [status, ...verdict];
  return keptWhole(words.join(" "));
}

/** What the order is and for whom, from the event and the transaction it was confirmed with: `Pulsa XL 10.000 → 0817…`. */
function orderWords(event: WebhookEvent, t: Transaction | undefined): string[] {
  const items = [...new Set(event.items.map((i) => i.name ?? i.productName).filter((n): n is string => !!n))];
  const names = items.length
    ? items
    : [...new Set((t?.lines ?? []).map((l) => l.name).filter((n): n is string => !!n))];
  const customers = [...new Set((t?.lines ?? []).map((l) => customerData(l.note)).filter((c): c is string => !!c))];
  if (!names.length && !customers.length) return [];
  // The arrow stays with whom it points to: `→` at a line's end pointed at nothing.
  return [`${names.join(", ") || "?"}${customers.length ? ` →${unbroken}${customers.join(", ")}` : ""}`];
}

/**
 * `--receipts FILE`: opened (0600) before the listener starts; each order confirmed delivered or
 * partly delivered gets its receipt appended once in this run (an order.item.sent and the
 * order.completed after it are one order), separated so each can be copied alone.
 */
async function receiptAppender(
  ctx: Context,
  file: string,
  confirmed: Map<string, Transaction>,
): Promise<(event: WebhookEvent) => void> {
  const fd = openReceiptsFile(file);
  const [{ shopReceipt, receiptSeparator, customerLanguage }, { keptSaleOf }, { orderVerdict }, { isFinal }] =
    await Promise.all([
      import("../../shop/receipt.js"),
      import("../../shop/selling.js"),
      import("../../domain/verdict.js"),
      import("../../api/status.js"),
    ]);
  // The customer's language: Indonesian, whatever the reseller reads.
  const language = customerLanguage("id");
  const written = new Set<string>();
  return (event) => {
    const t = event.refId ? confirmed.get(event.refId) : undefined;
    if (!t?.refId || written.has(t.refId)) return;
    const { verdict } = orderVerdict(t, isFinal(t.status));
    if (verdict !== "delivered" && verdict !== "partial") return;
    written.add(t.refId);
    const receipt = shopReceipt(ctx, t, keptSaleOf(ctx, t), language);
    try {
      appendFileSync(fd, `${fstatSync(fd).size > 0 ? receiptSeparator : ""}${receipt.text}`);
    } catch (error) {
      ctx.output.warn(ctx.say.listener.receiptNotAppended(t.refId, file, (error as Error).message));
    }
  };
}

function printEvent(ctx: Context, event: WebhookEvent, payload: Buffer, order?: Transaction): void {
  if (ctx.output.mode === "json") {
    // What was handed on, one line per event: byte for byte into a pipe.
    const answer = parseAnswer(payload.toString("utf8"), ctx.say);
    if (answer && !ctx.output.stdoutIsTTY) return ctx.output.json(answer);
    return ctx.output.jsonLine(answer?.value ?? null);
  }
  const at =
    event.timestamp && !Number.isNaN(Date.parse(event.timestamp)) ? event.timestamp : new Date(ctx.now()).toISOString();
  const extra = deliverables(event);
  const shown = (d: Deliverable) =>
    d.label === "failed" ? `failed: ${d.value}` : d.label === "refund" ? `refund ${d.value}` : d.value;
  if (ctx.output.mode === "plain") {
    // time, event, ref_id, invoice, status, then one column per serial number or licence.
    const row: Cell[] = [
      formatIsoUtc(at),
      event.event,
      event.refId,
      event.invoice,
      event.status?.text,
      ...extra.map(shown),
    ];
    return ctx.output.table([], [row]);
  }
  const parts = [
    formatLocalTime(at, ctx.say),
    event.event.padEnd(16),
    event.refId ?? "-",
    event.invoice ?? "-",
    statusAndVerdict(event, payload, ctx.say),
    ...orderWords(event, order),
  ];
  ctx.output.result(parts.join("  "), undefined, {
    whole: extra.map((x) => `${ctx.say.listener[x.label]} ${x.value}`),
  });
}
