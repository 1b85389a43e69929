/**
 * `reseller webhook listen [--port N] [--host H] [--forward-to URL | --exec CMD]`: receives the
 * service's webhooks on this machine, verifies each signature, hands each delivery on once (however
 * often the service tries), settles the journal's unknown purchases, and prints one line per event
 * (one JSON object per line with --json). Runs until Ctrl-C.
 */
import { parseAnswer } from "../../api/answer.js";
import type { WebhookEvent } from "../../api/model.js";
import type { Context } from "../../context.js";
import { AuthError, UsageError } from "../../errors.js";
import { journalFor } from "../../journal/request.js";
import { maskApiKey } from "../../config/mask.js";
import type { Cell } from "../../output/output.js";
import { deliveryKey, HandledDeliveries } from "../../webhooks/deliveries.js";
import { execCommand, forwardTo, type HandOff } from "../../webhooks/hand-off.js";
import { startWebhookListener, type Delivery, type Handled } from "../../webhooks/listener.js";
import { settleFromEvent } from "../../webhooks/settle.js";

export interface WebhookListenOptions {
  port?: number;
  host?: string;
  forwardTo?: string;
  exec?: string;
}

/** Next to the emulator's 8787; --port 0 takes a free one. */
export const defaultListenPort = 8788;

export async function run(ctx: Context, options: WebhookListenOptions): Promise<number> {
  if (options.forwardTo !== undefined && options.exec !== undefined) {
    throw new UsageError("--forward-to and --exec cannot be used together: each delivery is handed to one place.");
  }
  const secret = ctx.settings.webhookSecret;
  if (!secret) {
    throw new AuthError("NO_WEBHOOK_SECRET", `No webhook secret for profile "${ctx.settings.profile}": without it the service's events cannot be told from forgeries.`, {
      suggestion: "Run `reseller webhook secret --save` (the service makes one, shown once, and it is kept in the profile), or set RESELLER_WEBHOOK_SECRET.",
    });
  }
  // Whatever the listener prints (a forwarded target's words, a command's output) never shows it whole.
  ctx.secrets.add(secret);
  const errorOutput = ctx.secrets.wrap(ctx.terminal.stderr);
  const handOff: HandOff | undefined =
    options.forwardTo !== undefined ? forwardTo(options.forwardTo) : options.exec !== undefined ? execCommand(options.exec, (chunk) => errorOutput.write(chunk)) : undefined;

  const deliveries = new HandledDeliveries(ctx.settings.configDir);
  const journal = journalFor(ctx);
  const here = { profile: ctx.settings.profile, baseUrl: ctx.settings.baseUrl };
  // One hand-off at a time, in the order they came: a shop's script need not cope with two at once,
  // and order.paid is handed on before the order.completed that follows it.
  let queue: Promise<unknown> = Promise.resolve();
  const stopping = new AbortController();

  const handle = async (delivery: Delivery, key: string): Promise<Handled> => {
    const { event } = delivery;
    settleJournal(ctx, journal, event, here);
    if (handOff) {
      const turn = queue.then(() => handOff.deliver({ body: delivery.body, headers: delivery.headers, env: eventEnv(event) }, stopping.signal));
      queue = turn.catch(() => undefined);
      const result = await turn;
      if (!result.ok) {
        ctx.output.warn(`Not handed on: ${event.event}${event.refId ? ` for ${event.refId}` : ""}: ${result.reason}. Answered ${options.exec !== undefined ? 500 : 502}, so the service will try again.`);
        return { ok: false, status: options.exec !== undefined ? 500 : 502, reason: "not handled yet" };
      }
    }
    try {
      deliveries.remember(key, here.profile, event, ctx.now());
    } catch (error) {
      // Handed on but not remembered: a retry would be handed on again, so say so once it happens.
      ctx.output.warn(`Could not remember this delivery in ${deliveries.path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); a retry of it would be handed on again.`);
    }
    printEvent(ctx, delivery);
    return { ok: true };
  };

  const listener = await startWebhookListener({
    host: options.host ?? "127.0.0.1",
    port: options.port ?? defaultListenPort,
    secret,
    keyOf: (delivery) => deliveryKey(here.profile, delivery.event, delivery.signedStatus),
    alreadyHandled: (key) => deliveries.has(key),
    handle,
    say: (line) => ctx.output.warn(line),
  });

  const from = ctx.settings.webhookSecretSource === "environment" ? "RESELLER_WEBHOOK_SECRET" : `profile "${ctx.settings.profile}"`;
  ctx.output.info(`Listening on ${listener.url}`);
  ctx.output.info(`Verifying signatures with the webhook secret from ${from} (${maskApiKey(secret)}); ${handOff ? handOff.describe : "printing each event"}.`);
  ctx.output.info("Give the service a public https:// address that reaches this port: `reseller webhook set --url https://…/webhook`. Press Ctrl-C to stop.");

  if (!ctx.signal.aborted) await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve(), { once: true }));
  ctx.output.info("Stopping: finishing the deliveries under way.");
  const closing = listener.close();
  // A hand-off still running after the grace period is stopped (a command gets SIGTERM).
  const cutOff = setTimeout(() => stopping.abort(), 4_000);
  await closing;
  clearTimeout(cutOff);
  stopping.abort();
  return 0;
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

function settleJournal(ctx: Context, journal: ReturnType<typeof journalFor>, event: WebhookEvent, here: { profile: string; baseUrl: string | undefined }): void {
  try {
    for (const ref of settleFromEvent(journal, event, here, ctx.now())) {
      ctx.output.info(`Settled in the journal: ${ref} was bought${event.invoice ? ` (invoice ${event.invoice})` : ""}, says its ${event.event}.`);
    }
  } catch (error) {
    // Receiving the event matters more than the journal: it is said, and the event still handed on.
    ctx.output.warn(`Could not update the journal at ${journal.path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); \`reseller reconcile\` settles it later.`);
  }
}

/** What the customer gets, in one list: serial numbers, licences, failed dispatches. */
function deliverables(event: WebhookEvent): { label: string; value: string }[] {
  return event.items.flatMap((item) => [
    ...item.serials.map((value) => ({ label: "sn", value })),
    ...item.licences.map((value) => ({ label: "licence", value })),
    ...item.failures.map((value) => ({ label: "failed", value })),
  ]);
}

function printEvent(ctx: Context, delivery: Delivery): void {
  const { event } = delivery;
  if (ctx.output.mode === "json") {
    // The body as the service sent it, one line per event: byte for byte into a pipe.
    const answer = parseAnswer(delivery.body.toString("utf8"));
    return answer && !ctx.output.stdoutIsTTY ? ctx.output.json(answer) : ctx.output.jsonLine(delivery.value);
  }
  const at = event.timestamp && !Number.isNaN(Date.parse(event.timestamp)) ? event.timestamp : new Date(ctx.now()).toISOString();
  const extra = deliverables(event);
  if (ctx.output.mode === "plain") {
    // time, event, ref_id, invoice, status, then one column per serial number or licence.
    const row: Cell[] = [at, event.event, event.refId, event.invoice, event.status?.text, ...extra.map((d) => (d.label === "failed" ? `failed: ${d.value}` : d.value))];
    return ctx.output.table([], [row]);
  }
  const d = new Date(Date.parse(at));
  const pad = (n: number) => String(n).padStart(2, "0");
  const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  const parts = [local, event.event.padEnd(16), event.refId ?? "-", event.invoice ?? "-", event.status?.text ?? "-", ...extra.map((x) => `${x.label} ${x.value}`)];
  ctx.output.result(parts.join("  "));
}
