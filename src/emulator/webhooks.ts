/**
 * Webhooks, as the live service documents them (real-service-notes §9): each account may set a
 * callback URL and make a secret; once both are there and webhooks are on, the emulator POSTs
 * order.paid when a purchase is made, order.item.sent when a manual item is delivered (with its
 * licence), order.completed (h2h serials as one object per item) or order.canceled when the order
 * ends, and webhook.test on request. Each is signed as documented and retried after 1, 2, 4 and 8 s
 * of the emulator's clock on any answer but 2xx, five attempts in all.
 *
 * It POSTs only to this machine (a callback URL whose host is, or resolves only to, a loopback
 * address) unless started with --allow-remote-webhooks: an emulator anyone can configure must not
 * become a way to make this machine send requests elsewhere.
 *
 * The rest of the emulator is lazy, computed from the clock when a request reads it; events have to
 * leave on their own, so a short timer looks for events that have come due. The settings live in
 * memory only (not in --state): a restarted emulator sends nothing until it is configured again.
 */
import { randomBytes } from "node:crypto";
import { lookup, type LookupAddress, type LookupOptions } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import type { WireH2hResult, WireWebhookEvent, WireWebhookItem } from "../api/wire.js";
import { signBody } from "../webhooks/signature.js";
import type { AccountRecord } from "./catalogue.js";
import { formatJakarta } from "./clock.js";
import type { ApiResponse } from "./routes.js";
import { transactionProgress, type LineProgress } from "./fulfilment.js";
import type { EmulatedService } from "./service.js";
import { ServiceError } from "./service-error.js";
import type { TransactionLine, TransactionRecord } from "./state.js";
import { FieldErrors, readString } from "./validation.js";

/** Waits before the 2nd, 3rd, 4th and 5th attempt, as documented. */
export const retryDelaysMs = [1_000, 2_000, 4_000, 8_000];
/** How often the emulator looks for events that came due (real time). */
const pumpEveryMs = 100;
/** An answer slower than this counts as a failed attempt. */
const attemptTimeoutMs = 10_000;
const userAgent = "ResellerWebhook/1.0";

interface WebhookSettings {
  url: string | null;
  enabled: boolean;
  secret: string | null;
}

interface Delivery {
  apiKey: string;
  event: string;
  body: string;
  /** The signature of the body, computed once with the secret in force when the event happened. */
  signature: string;
  attempt: number;
  /** Emulator clock time of the next attempt. */
  nextAt: number;
}

type Log = (line: string) => void;

/** One account's view of its webhook settings, for GET /v1/webhook. */
function settingsBody(settings: WebhookSettings) {
  return { callback_url: settings.url, webhook_enabled: settings.enabled, has_secret: settings.secret !== null };
}

/** https, or http to this machine only, as the service allows for development. */
function checkCallbackUrl(url: string): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  const local = parsed && /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(parsed.hostname);
  if (!parsed || !(parsed.protocol === "https:" || (parsed.protocol === "http:" && local))) {
    throw new ServiceError(422, "VALIDATION_ERROR", {
      callback_url: ["The callback url must be a valid HTTPS URL (HTTP only for localhost)."],
    });
  }
}

/** The webhook side of one running emulator. */
export class WebhookDispatcher {
  private readonly settings = new Map<string, WebhookSettings>();
  /** Events already sent (or already past when webhooks were switched on), per transaction. */
  private readonly seen = new WeakMap<TransactionRecord, Set<string>>();
  private readonly queue: Delivery[] = [];
  private readonly busy = new Set<string>();
  private readonly inFlight = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  private log: Log = () => undefined;
  private allowRemote = false;

  constructor(private readonly service: EmulatedService) {}

  start(log: Log, options: { allowRemote?: boolean } = {}): void {
    this.log = log;
    this.allowRemote = options.allowRemote === true;
    this.timer = setInterval(() => this.pump(), pumpEveryMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    for (const abort of [...this.inFlight]) abort();
    this.queue.length = 0;
  }

  private settingsOf(account: AccountRecord): WebhookSettings {
    let settings = this.settings.get(account.apiKey);
    if (!settings) this.settings.set(account.apiKey, (settings = { url: null, enabled: false, secret: null }));
    return settings;
  }

  private active(settings: WebhookSettings): boolean {
    return settings.url !== null && settings.enabled && settings.secret !== null;
  }

  // ---- the endpoints ----

  show(account: AccountRecord): ApiResponse {
    return { status: 200, body: { message: "OK", data: settingsBody(this.settingsOf(account)) } };
  }

  update(account: AccountRecord, body: Record<string, unknown>): ApiResponse {
    const errors = new FieldErrors();
    const read = { url: readString(errors, "callback_url", body.callback_url, { required: true, max: 2048 }) };
    const enabled = body.webhook_enabled;
    if (enabled !== undefined && typeof enabled !== "boolean")
      errors.add("webhook_enabled", "The webhook enabled field must be true or false.");
    const { url } = errors.required(read);
    checkCallbackUrl(url);
    const settings = this.settingsOf(account);
    const wasActive = this.active(settings);
    settings.url = url;
    if (typeof enabled === "boolean") settings.enabled = enabled;
    if (!wasActive && this.active(settings)) this.markPastEvents(account.apiKey);
    return { status: 200, body: { status: true, message: "Webhook settings updated", data: settingsBody(settings) } };
  }

  newSecret(account: AccountRecord): ApiResponse {
    const settings = this.settingsOf(account);
    const wasActive = this.active(settings);
    settings.secret = randomBytes(24).toString("hex");
    if (!wasActive && this.active(settings)) this.markPastEvents(account.apiKey);
    return {
      status: 200,
      body: {
        status: true,
        message: "Webhook secret generated. Save it now: it is shown only once.",
        data: { webhook_secret: settings.secret },
      },
    };
  }

  test(account: AccountRecord): ApiResponse {
    const settings = this.settingsOf(account);
    if (settings.url === null) throw new ServiceError(422, "WEBHOOK_URL_NOT_SET");
    if (settings.secret === null) throw new ServiceError(422, "WEBHOOK_SECRET_NOT_SET");
    const now = this.service.now();
    const body: WireWebhookEvent & { data: Record<string, unknown> } = {
      event: "webhook.test",
      timestamp: formatJakarta(now),
      data: { message: "This is a test webhook.", callback_url: settings.url },
    };
    this.enqueue(account.apiKey, settings, "webhook.test", body, now);
    return { status: 200, body: { status: true, message: "Test webhook sent", data: { callback_url: settings.url } } };
  }

  // ---- the events ----

  /** Events that happened before webhooks were on are not sent later, as the service would not. */
  private markPastEvents(apiKey: string): void {
    const now = this.service.now();
    for (const transaction of this.service.state.transactions) {
      if (transaction.apiKey !== apiKey) continue;
      const seen = this.seenOf(transaction);
      for (const event of dueEvents(transaction, now)) seen.add(event.key);
    }
  }

  private seenOf(transaction: TransactionRecord): Set<string> {
    let seen = this.seen.get(transaction);
    if (!seen) this.seen.set(transaction, (seen = new Set()));
    return seen;
  }

  private enqueue(apiKey: string, settings: WebhookSettings, event: string, body: unknown, now: number): void {
    const text = JSON.stringify(body);
    this.queue.push({
      apiKey,
      event,
      body: text,
      signature: signBody(event, body, settings.secret ?? ""),
      attempt: 0,
      nextAt: now,
    });
  }

  private pump(): void {
    const now = this.service.now();
    for (const transaction of this.service.state.transactions) {
      const settings = this.settings.get(transaction.apiKey);
      if (!settings || !this.active(settings)) continue;
      const seen = this.seenOf(transaction);
      for (const event of dueEvents(transaction, now)) {
        if (seen.has(event.key)) continue;
        seen.add(event.key);
        this.enqueue(transaction.apiKey, settings, event.name, event.body, now);
      }
    }
    this.dispatch(now);
  }

  /**
   * One attempt in flight per account, oldest first: events arrive in the order they happened. An
   * account's next delivery leaves as soon as the one before it is answered, as a real sender's
   * would, not at the next look for due events (a hundred events would otherwise take ten seconds).
   */
  private dispatch(now: number): void {
    for (const delivery of [...this.queue]) {
      if (this.busy.has(delivery.apiKey) || delivery.nextAt > now) continue;
      const settings = this.settings.get(delivery.apiKey);
      if (!settings?.url) continue;
      this.busy.add(delivery.apiKey);
      void this.attempt(delivery, settings.url).finally(() => {
        this.busy.delete(delivery.apiKey);
        this.dispatch(this.service.now());
      });
    }
  }

  private async attempt(delivery: Delivery, url: string): Promise<void> {
    delivery.attempt += 1;
    if (!this.allowRemote && !(await resolvesToLoopback(url))) {
      this.queue.splice(this.queue.indexOf(delivery), 1);
      this.log(
        `webhook ${delivery.event} -> ${url} not sent: it is not on this machine (start the emulator with --allow-remote-webhooks to send there)`,
      );
      return;
    }
    const status = await this.post(url, delivery);
    const outcome = status === null ? "no answer" : String(status);
    if (status !== null && status >= 200 && status < 300) {
      this.queue.splice(this.queue.indexOf(delivery), 1);
      this.log(`webhook ${delivery.event} -> ${url} ${outcome} (attempt ${delivery.attempt})`);
      return;
    }
    const wait = retryDelaysMs[delivery.attempt - 1];
    if (wait === undefined) {
      this.queue.splice(this.queue.indexOf(delivery), 1);
      this.log(`webhook ${delivery.event} -> ${url} ${outcome} (attempt ${delivery.attempt}); giving up`);
      return;
    }
    delivery.nextAt = this.service.now() + wait;
    this.log(`webhook ${delivery.event} -> ${url} ${outcome} (attempt ${delivery.attempt}); next in ${wait / 1000} s`);
  }

  /** The answer's status, or null when there was none. */
  private post(url: string, delivery: Delivery): Promise<number | null> {
    return new Promise((resolve) => {
      const target = new URL(url);
      const send = target.protocol === "https:" ? httpsRequest : httpRequest;
      const request = send(target, {
        method: "POST",
        // Checked again as it connects: a name that resolved to this machine a moment ago may not now.
        ...(this.allowRemote ? {} : { lookup: loopbackLookup }),
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(delivery.body),
          "X-Signature": delivery.signature,
          "X-Timestamp": formatJakarta(this.service.now()),
          "X-Event": delivery.event,
          "User-Agent": userAgent,
        },
        timeout: attemptTimeoutMs,
      });
      const abort = () => request.destroy();
      this.inFlight.add(abort);
      const done = (status: number | null) => {
        this.inFlight.delete(abort);
        resolve(status);
      };
      request.on("response", (response) => {
        response.resume();
        response.on("end", () => done(response.statusCode ?? null));
        response.on("error", () => done(null));
      });
      request.on("timeout", () => request.destroy());
      request.on("error", () => done(null));
      request.end(delivery.body);
    });
  }
}

/** 127.0.0.0/8, ::1 and ::ffff:127.x. */
function isLoopback(address: string): boolean {
  return /^127\./.test(address) || address === "::1" || /^::ffff:127\./i.test(address);
}

/** Whether the URL's host is a loopback address, or a name every address of which is one. */
async function resolvesToLoopback(url: string): Promise<boolean> {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return false;
  }
  if (isIP(host)) return isLoopback(host);
  return new Promise((resolve) =>
    lookup(host, { all: true }, (error, addresses) =>
      resolve(!error && addresses.length > 0 && addresses.every((a) => isLoopback(a.address))),
    ),
  );
}

/** A DNS lookup for http.request that answers only with loopback addresses. */
function loopbackLookup(
  hostname: string,
  options: LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || !addresses.every((a) => isLoopback(a.address))) {
      return callback(Object.assign(new Error(`${hostname} is not this machine`), { code: "ENOTLOOPBACK" }), []);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

const dispatchers = new WeakMap<EmulatedService, WebhookDispatcher>();

/** The dispatcher of one emulated service, made on first use. */
export function webhooksOf(service: EmulatedService): WebhookDispatcher {
  let dispatcher = dispatchers.get(service);
  if (!dispatcher) dispatchers.set(service, (dispatcher = new WebhookDispatcher(service)));
  return dispatcher;
}

// ---- the documented bodies ----

interface DueEvent {
  key: string;
  name: string;
  body: WireWebhookEvent;
}

/** The service's own id of an order line (the live service sends a ULID). */
function orderItemId(transaction: TransactionRecord, index: number): string {
  return `oi-${transaction.id}-${index + 1}`;
}

function licencesOf(progress: LineProgress): { product_license: string; note: null }[] {
  const text = progress.productLicense ?? progress.sellerNote;
  return text === null ? [] : text.split("\n").map((licence) => ({ product_license: licence, note: null }));
}

/** An item of order.paid, order.completed or order.canceled. */
function eventItem(
  transaction: TransactionRecord,
  line: TransactionLine,
  index: number,
  progress: LineProgress | null,
): WireWebhookItem {
  const item: WireWebhookItem & Record<string, unknown> = {
    variant_id: line.variantId,
    variant_name: line.variantName,
    product_name: line.productName,
    order_process: line.orderProcess,
    quantity: line.qty,
    price: line.unitPrice,
    subtotal: line.unitPrice * line.qty,
    note: line.note,
    target: line.note ?? undefined,
    status: progress === null || !progress.final ? "pending" : progress.failed ? "failed" : "completed",
  };
  if (progress?.h2h) {
    // One object per item here, not the list GET /v1/trx gives; `ref_id` is the provider's own.
    const dispatch = progress.h2h;
    const result: WireH2hResult & { ref_id: string } =
      dispatch.failure === null
        ? {
            sn: dispatch.sn,
            dispatch_status: "Success",
            dispatch_message: "Transaksi sukses",
            ref_id: `TRX${transaction.id}${index + 1}`,
          }
        : {
            sn: `failed: ${dispatch.failure}`,
            dispatch_status: "Failed",
            dispatch_message: dispatch.failure,
            ref_id: `TRX${transaction.id}${index + 1}`,
          };
    item.h2h_results = result;
  }
  // Auto items' licences come with the order; a manual item's came in its own order.item.sent.
  if (progress?.final && line.orderProcess === "auto") item.licenses = licencesOf(progress);
  return item;
}

function orderEvent(
  name: string,
  status: string,
  transaction: TransactionRecord,
  lines: LineProgress[] | null,
  at: number,
  extra: Record<string, unknown> = {},
): WireWebhookEvent {
  return {
    event: name,
    timestamp: formatJakarta(at),
    data: {
      invoice: transaction.invoice,
      ref_id: transaction.refId,
      status,
      price: transaction.price,
      fees: transaction.fees,
      amount: transaction.amount,
      payment_code: "saldo",
      ...extra,
      items: transaction.lines.map((line, index) => eventItem(transaction, line, index, lines ? lines[index]! : null)),
    },
  };
}

/** Every event this transaction has given rise to by `now`, in the order they happened. */
function dueEvents(transaction: TransactionRecord, now: number): DueEvent[] {
  const progress = transactionProgress(transaction, now);
  const events: DueEvent[] = [
    {
      key: "paid",
      name: "order.paid",
      body: orderEvent("order.paid", "paid", transaction, null, transaction.createdAt),
    },
  ];
  transaction.lines.forEach((line, index) => {
    const lineProgress = progress.lines[index]!;
    if (line.orderProcess !== "manual" || !lineProgress.final) return;
    events.push({
      key: `sent:${index}`,
      name: "order.item.sent",
      body: {
        event: "order.item.sent",
        timestamp: formatJakarta(now),
        data: {
          invoice: transaction.invoice,
          ref_id: transaction.refId,
          // Sent as the item is handed over, before the order is marked completed.
          transaction_status: "paid",
          item: {
            order_item_id: orderItemId(transaction, index),
            variant_id: line.variantId,
            variant_name: line.variantName,
            product_name: line.productName,
            order_process: "manual",
            quantity: line.qty,
            price: line.unitPrice,
            status: "sent",
            note: line.note,
            licenses: licencesOf(lineProgress),
            sent_at: formatJakarta(now),
          },
        },
      },
    });
  });
  if (progress.status === "completed")
    events.push({
      key: "completed",
      name: "order.completed",
      body: orderEvent("order.completed", "completed", transaction, progress.lines, now),
    });
  if (progress.status === "failed") {
    const refund = progress.lines.reduce((sum, line) => sum + line.refundDue, 0);
    events.push({
      key: "canceled",
      name: "order.canceled",
      body: orderEvent("order.canceled", "canceled", transaction, progress.lines, now, { refund_amount: refund }),
    });
  }
  return events;
}
