/**
 * What happens to a delivery after the service was answered: one at a time, in the order they came
 * (a shop's script need not cope with two at once, and order.paid goes before its order.completed),
 * each is confirmed with the service, noted in the journal, printed, handed on, and settled in the
 * deliveries file. A step that fails for a reason that may pass (no answer from the service, a target
 * down, a command that failed) is tried again after 1, 2, 4 … 60 s, about five minutes in all; the
 * delivery then counts as failed and says so. A delivery the service does not confirm is dropped.
 */
import type { WebhookEvent } from "../api/model.js";
import type { DeliveryStore, ReceivedDelivery } from "./deliveries.js";
import type { HandOff, HandOffResult } from "./hand-off.js";

/** Waits before each further try of a step; the step counts as failed after the last. */
export const retryDelaysMs = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000];

export type Prepared =
  | { ok: true; payload: Buffer; event: WebhookEvent; headers: Record<string, string>; line?: string }
  | { ok: false; reason: string };

export interface QueueSteps {
  /** The payload to hand on and the event as it is printed; `{ok: false}` drops it; a throw tries again later. */
  prepare(delivery: ReceivedDelivery): Promise<Prepared>;
  /** Notes what the event proves in the journal (unknown purchases settled). */
  note(event: WebhookEvent): void;
  print(event: WebhookEvent, payload: Buffer): void;
  handOff?: HandOff;
  /** The event's fields for --exec's environment. */
  env(event: WebhookEvent): Record<string, string>;
  warn(line: string): void;
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  retryDelaysMs?: readonly number[];
}

export class HandOffQueue {
  private readonly waiting: ReceivedDelivery[] = [];
  private running: Promise<void> | undefined;
  private readonly stopping = new AbortController();
  /** Set by stop(): the delivery under way may finish, but a failed step is not tried again now. */
  private draining = false;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    private readonly store: DeliveryStore,
    private readonly steps: QueueSteps,
  ) {}

  push(delivery: ReceivedDelivery): void {
    this.waiting.push(delivery);
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
      for (const wake of this.idleWaiters.splice(0)) wake();
    });
  }

  get length(): number {
    return this.waiting.length;
  }

  /** Resolves once nothing is waiting (or the queue stopped). */
  idle(): Promise<void> {
    return this.running ? new Promise((resolve) => this.idleWaiters.push(resolve)) : Promise.resolve();
  }

  /**
   * Lets the delivery under way finish for up to `graceMs`, then stops it; what was not handed on
   * stays in the deliveries file and is handed on at the next start.
   */
  async stop(graceMs: number): Promise<void> {
    this.draining = true;
    const running = this.running;
    if (!running) return this.stopping.abort();
    const cut = setTimeout(() => this.stopping.abort(), graceMs);
    this.waiting.splice(1);
    await running;
    clearTimeout(cut);
    this.stopping.abort();
  }

  private async drain(): Promise<void> {
    while (this.waiting.length && !this.stopping.signal.aborted) {
      const delivery = this.waiting[0]!;
      try {
        await this.handle(delivery);
      } catch (error) {
        // Never lets one delivery stop the queue; it stays unsettled and is handed on at the next start.
        this.steps.warn(
          `Could not hand on ${describe(delivery)}: ${reasonOf(error)}; it is tried again when the listener starts next.`,
        );
      }
      this.waiting.shift();
    }
  }

  private async handle(delivery: ReceivedDelivery): Promise<void> {
    const prepared = await this.withRetries(delivery, "could not be confirmed", async () => {
      try {
        return { ok: true as const, value: await this.steps.prepare(delivery) };
      } catch (error) {
        return { ok: false as const, reason: reasonOf(error) };
      }
    });
    if (prepared === undefined) return;
    if (!prepared.ok) {
      this.steps.warn(`Not handed on: ${describe(delivery)}: ${prepared.reason}.`);
      await this.store.settle(delivery, "dropped", this.isoNow(), prepared.reason);
      return;
    }
    try {
      this.steps.note(prepared.event);
    } catch (error) {
      this.steps.warn(
        `Could not note ${describe(delivery)} in the journal (${reasonOf(error)}); \`reseller reconcile\` settles it later.`,
      );
    }
    this.steps.print(prepared.event, prepared.payload);
    const handOff = this.steps.handOff;
    if (handOff) {
      const parcel = {
        body: prepared.payload,
        headers: prepared.headers,
        env: this.steps.env(prepared.event),
        deliveryId: delivery.id,
      };
      const handed = await this.withRetries(
        delivery,
        "not handed on yet",
        async (): Promise<{ ok: true; value: HandOffResult } | { ok: false; reason: string }> => {
          const result = await handOff.deliver(parcel, this.stopping.signal);
          return result.ok ? { ok: true, value: result } : { ok: false, reason: result.reason };
        },
      );
      if (handed === undefined) return;
    }
    await this.store.settle(delivery, "handed", this.isoNow(), undefined, prepared.line);
  }

  /**
   * Runs `step` until it succeeds or its tries run out (then the delivery is settled as failed and
   * undefined returned); undefined too when the listener is stopping (the delivery stays unsettled).
   */
  private async withRetries<T>(
    delivery: ReceivedDelivery,
    failing: string,
    step: () => Promise<{ ok: true; value: T } | { ok: false; reason: string }>,
  ): Promise<T | undefined> {
    const delays = this.steps.retryDelaysMs ?? retryDelaysMs;
    for (let attempt = 0; ; attempt++) {
      if (this.stopping.signal.aborted) return undefined;
      const outcome = await step();
      if (outcome.ok) return outcome.value;
      if (this.stopping.signal.aborted || this.draining) return undefined;
      const wait = delays[attempt];
      if (wait === undefined) {
        this.steps.warn(
          `Gave up on ${describe(delivery)} after ${attempt + 1} tries: ${outcome.reason}. It stays in the deliveries file as failed (delivery id ${delivery.id}).`,
        );
        await this.store.settle(delivery, "failed", this.isoNow(), outcome.reason);
        return undefined;
      }
      this.steps.warn(
        `${capitalised(describe(delivery))} ${failing}: ${outcome.reason}; trying again in ${wait / 1000} s.`,
      );
      await this.steps.sleep(wait, this.stopping.signal).catch(() => undefined);
    }
  }

  private isoNow(): string {
    return new Date(this.steps.now()).toISOString();
  }
}

function describe(delivery: ReceivedDelivery): string {
  return `${delivery.event}${delivery.ref_id ? ` for ${delivery.ref_id}` : ""}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function reasonOf(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e?.message ? `${e.message}${e.code && !e.message.includes(e.code) ? ` (${e.code})` : ""}` : String(error);
}
