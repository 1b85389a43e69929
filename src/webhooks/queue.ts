/**
 * What happens to a delivery after the service was answered: one at a time (a shop's script need not
 * cope with two at once), each is confirmed with the service, noted in the journal, printed, handed on,
 * and settled in the records database. A delivery the service does not confirm is dropped.
 *
 * A step that fails for a reason that may pass (no answer from the service, a target down, a command
 * that failed) never settles the delivery: only its handler saying it is done does, because the
 * service will not send it again. The delivery steps aside and is tried again after 1, 2, 4 … s,
 * growing to every 10 minutes, for as long as the listener runs, and again at the next start. Fresh
 * deliveries go first meanwhile; a due retry takes its turn between them, never two retries in a row
 * while fresh ones wait. Only the events of one order keep their order: a delivery whose order has an
 * earlier delivery still failing waits behind it (order.paid goes before its order.completed).
 */
import type { WebhookEvent } from "../api/model.js";
import { ResellerError } from "../errors.js";
import type { Messages } from "../messages/messages.js";
import type { DeliveryStore, ReceivedDelivery } from "./deliveries.js";
import type { HandOff } from "./hand-off.js";

/** Waits before each further try of a failing delivery; the last repeats for as long as it fails. */
export const retryDelaysMs = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 120_000, 240_000, 480_000, 600_000];

export type Prepared =
  | { ok: true; payload: Buffer; event: WebhookEvent; headers: Record<string, string>; line?: string }
  /** Dropped: `reason` is kept with the delivery as it is; `said`, when given, is said on the screen instead. */
  | { ok: false; reason: string; said?: string };

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
  /** The catalogue its warnings are worded in. */
  say: Messages;
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  retryDelaysMs?: readonly number[];
}

/** A delivery in the queue: fresh, or failed and waiting for its next try. */
interface Turn {
  delivery: ReceivedDelivery;
  /** Tries that failed so far. */
  failures: number;
  /** Confirmed, noted and printed already: a later try only hands it on. */
  prepared?: Extract<Prepared, { ok: true }>;
  /** A failed one whose wait is over. */
  due: boolean;
}

export class HandOffQueue {
  /** Not tried yet, in the order they came. */
  private readonly fresh: Turn[] = [];
  /** Failed at least once, in the order they came. */
  private readonly failing: Turn[] = [];
  private running: Promise<void> | undefined;
  private readonly stopping = new AbortController();
  /** Set by stop(): the delivery under way may finish, but nothing else is started. */
  private draining = false;
  private lastWasRetry = false;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    private readonly store: DeliveryStore,
    private readonly steps: QueueSteps,
  ) {}

  push(delivery: ReceivedDelivery): void {
    this.fresh.push({ delivery, failures: 0, due: true });
    this.kick();
  }

  /** Deliveries not handed on yet, failing ones included. */
  get length(): number {
    return this.fresh.length + this.failing.length;
  }

  /** Resolves once every delivery pushed is settled, or the queue stopped. */
  idle(): Promise<void> {
    return this.running || this.length ? new Promise((resolve) => this.idleWaiters.push(resolve)) : Promise.resolve();
  }

  /**
   * Lets the delivery under way finish for up to `graceMs`, then stops it; what was not handed on
   * stays in the records database and is handed on at the next start.
   */
  async stop(graceMs: number): Promise<void> {
    this.draining = true;
    const running = this.running;
    if (!running) return this.stopped();
    const cut = setTimeout(() => this.stopping.abort(), graceMs);
    await running;
    clearTimeout(cut);
    this.stopped();
  }

  private stopped(): void {
    this.stopping.abort();
    for (const wake of this.idleWaiters.splice(0)) wake();
  }

  private kick(): void {
    if (this.draining) return;
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
      if (this.length === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      // A retry that came due while the last turn ended.
      if (this.next(false)) this.kick();
    });
  }

  /** The next turn to take, or undefined when none can be taken now. */
  private next(take = true): Turn | undefined {
    // An order's events keep their order: one whose order has an earlier delivery still failing waits.
    const blocked = new Set<string>();
    const orderOf = (turn: Turn) => (turn.delivery.ref_id ? `${turn.delivery.profile}\n${turn.delivery.ref_id}` : "");
    let retry: Turn | undefined;
    for (const turn of this.failing) {
      const order = orderOf(turn);
      if (!retry && turn.due && !(order && blocked.has(order))) retry = turn;
      if (order) blocked.add(order);
    }
    const fresh = this.fresh.find((turn) => !blocked.has(orderOf(turn)) || !orderOf(turn));
    const chosen = retry && (!fresh || !this.lastWasRetry) ? retry : fresh;
    if (chosen && take) {
      const list = chosen === retry ? this.failing : this.fresh;
      list.splice(list.indexOf(chosen), 1);
      this.lastWasRetry = chosen === retry;
    }
    return chosen;
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopping.signal.aborted || this.draining) return;
      const turn = this.next();
      if (!turn) return;
      let failed: string | undefined;
      try {
        failed = await this.take(turn);
      } catch (error) {
        failed = reasonOf(error, this.steps.say);
      }
      if (failed !== undefined) this.tryLater(turn, failed);
    }
  }

  /** One try at a delivery: undefined when it is settled, else why it failed. */
  private async take(turn: Turn): Promise<string | undefined> {
    const { delivery } = turn;
    const { say } = this.steps;
    if (!turn.prepared) {
      let prepared: Prepared;
      try {
        prepared = await this.steps.prepare(delivery);
      } catch (error) {
        return say.listener.couldNotConfirm(reasonOf(error, say));
      }
      if (!prepared.ok) {
        this.steps.warn(say.listener.notHandedOn(describe(delivery, say), prepared.said ?? prepared.reason));
        await this.store.settle(delivery, "dropped", this.isoNow(), prepared.reason);
        return undefined;
      }
      try {
        this.steps.note(prepared.event);
      } catch (error) {
        this.steps.warn(say.listener.notNoted(describe(delivery, say), reasonOf(error, say)));
      }
      this.steps.print(prepared.event, prepared.payload);
      turn.prepared = prepared;
    }
    const prepared = turn.prepared;
    const handOff = this.steps.handOff;
    if (handOff) {
      const result = await handOff.deliver(
        {
          body: prepared.payload,
          headers: prepared.headers,
          env: this.steps.env(prepared.event),
          deliveryId: delivery.id,
        },
        this.stopping.signal,
      );
      if (!result.ok) return say.listener.notHandedOnYet(result.reason);
    }
    await this.store.settle(delivery, "handed", this.isoNow(), undefined, prepared.line);
    return undefined;
  }

  /** A failed try: the delivery stays unsettled and waits its turn again, longer each time. */
  private tryLater(turn: Turn, reason: string): void {
    if (this.stopping.signal.aborted || this.draining) return;
    const delays = this.steps.retryDelaysMs ?? retryDelaysMs;
    const wait = delays[Math.min(turn.failures, delays.length - 1)] ?? 1_000;
    turn.failures++;
    turn.due = false;
    this.store.triedAgainLater(turn.delivery, turn.failures, new Date(this.steps.now() + wait).toISOString());
    this.failing.push(turn);
    const { say } = this.steps;
    this.steps.warn(say.listener.tryingAgain(describe(turn.delivery, say), reason, formatWait(wait, say)));
    this.steps
      .sleep(wait, this.stopping.signal)
      .then(() => {
        turn.due = true;
        this.kick();
      })
      .catch(() => undefined);
  }

  private isoNow(): string {
    return new Date(this.steps.now()).toISOString();
  }
}

function formatWait(ms: number, say: Messages): string {
  return ms >= 60_000 && ms % 60_000 === 0
    ? say.listener.waitMinutes(ms / 60_000)
    : say.listener.waitSeconds(ms / 1000);
}

function describe(delivery: ReceivedDelivery, say: Messages): string {
  return say.listener.about(delivery.event, delivery.ref_id);
}

function reasonOf(error: unknown, say: Messages): string {
  const e = error as { code?: string; message?: string };
  const message = error instanceof ResellerError ? error.messageIn(say) : e?.message;
  return message ? `${message}${e.code && !message.includes(e.code) ? ` (${e.code})` : ""}` : String(error);
}
