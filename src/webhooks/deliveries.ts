/**
 * The deliveries `webhook listen` has received, kept across restarts in the records database
 * (src/records/deliveries.ts). The service gives each delivery about 10 s and retries it up to five
 * times, so the listener answers 2xx as soon as the delivery is committed, and hands it on afterwards
 * from a queue; settling notes it was handed on (or dropped, and why). A restart hands on again
 * whatever was received and not settled: at least once, each hand-off named by the delivery's id, so
 * a target can drop the rare repeat.
 *
 * Listeners of several profiles may share the config dir and so the database: each writes in
 * transactions of its own, and forgets only settled deliveries of its own profile.
 *
 * A delivery is known by what its signature covers, never by what it does not: the checked event
 * name, ref_id, invoice and signed status. Two exceptions, both said in docs/webhooks.md: the items of one
 * order are all signed alike, so `order.item.sent` is also named by the item the body names; and a
 * `webhook.test` is signed alike every time, so it is also named by the minute it came in (our clock).
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { UsageError, type Wording } from "../errors.js";
import { recordsFileName, recordsHint, recordsProblem } from "../records/database.js";
import { type DeliveryRecords, deliveryRecords, type ReceivedDelivery, type SettledAs } from "../records/deliveries.js";
import { openRecords, takeImportProblems } from "../records/migrate.js";
import type { SignedFields } from "./signature.js";

export { deliveryIdOf, type ReceivedDelivery, type SettledAs } from "../records/deliveries.js";

/** Settled deliveries remembered per profile: the service gives up on a delivery within a minute. */
export const rememberedDeliveries = 5_000;

/** The name of one delivery, the same for every attempt the service makes at it. */
export function deliveryKey(
  profile: string,
  event: string,
  fields: SignedFields,
  extra: { itemHint?: string | null; minute?: number } = {},
): string {
  const parts = [
    profile,
    event,
    fields.refId,
    fields.invoice,
    fields.status.trim().toLowerCase(),
    extra.itemHint ?? null,
    extra.minute ?? null,
  ];
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

export interface DeliveryStoreOptions {
  /** The profile whose listener owns this store: its settled deliveries are the ones it forgets. */
  profile?: string;
  /** Settled deliveries of this profile kept when older ones are forgotten. */
  remember?: number;
}

export class DeliveryStore {
  readonly path: string;
  private readonly records: DeliveryRecords;
  private readonly profile: string | undefined;
  private readonly remember: number;
  /** What was wrong with an earlier release's files when this process imported them, for the person starting the listener. */
  readonly problems: Wording[] = [];
  /** Deliveries arriving in the same turn of the event loop: one transaction, one flush for all. */
  private batch: { delivery: ReceivedDelivery; done: (outcome?: "new" | "duplicate", error?: unknown) => void }[] = [];
  private settledSinceForgetting = 0;

  constructor(
    readonly dir: string,
    options: DeliveryStoreOptions = {},
  ) {
    this.path = join(dir, recordsFileName);
    this.profile = options.profile;
    this.remember = options.remember ?? rememberedDeliveries;
    try {
      const db = openRecords(dir);
      this.records = deliveryRecords(db);
      this.problems.push(...takeImportProblems(db));
      this.records.forgetSettled(this.profile, this.remember);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      // Without them every retry of a delivery would be handed on again: refused before listening.
      // The listener writes what it receives, beside what was bought: records it may only read are to
      // be made writable, damaged ones kept, as for any command that writes them.
      const { path } = this;
      throw new UsageError((say) => say.listener.deliveriesNotOpened(path, recordsProblem(error, say)), {
        code: "WEBHOOK_DELIVERIES_UNREADABLE",
        suggestion: recordsHint(error, path),
      });
    }
  }

  /** Whether an order.item.sent already handed on this order line. */
  lineHandedOn(line: string): boolean {
    return this.records.lineHandedOn(line);
  }

  /** Received earlier and not yet settled, oldest first (of `profile` when given): handed on again after a restart. */
  unsettled(profile?: string): ReceivedDelivery[] {
    return this.records.unsettled(profile);
  }

  /**
   * Writes a new delivery down, committed and on disk before this resolves, so the service may be answered 2xx.
   * "duplicate" when this delivery was received before (an attempt the service repeated): then
   * nothing is written.
   */
  receive(delivery: ReceivedDelivery): Promise<"new" | "duplicate"> {
    return new Promise((resolve, reject) => {
      this.batch.push({ delivery, done: (outcome, error) => (outcome ? resolve(outcome) : reject(error)) });
      if (this.batch.length === 1) setImmediate(() => this.writeBatch());
    });
  }

  /** Notes that a delivery needs no more handing on: its handler said it is done, or it is not to be handed on. */
  async settle(delivery: ReceivedDelivery, as: SettledAs, at: string, reason?: string, line?: string): Promise<void> {
    this.records.settle(delivery.key, as, at, reason, line);
    if (++this.settledSinceForgetting >= Math.min(this.remember, 500)) {
      this.settledSinceForgetting = 0;
      this.records.forgetSettled(this.profile, this.remember);
    }
  }

  /** A failed try, kept beside the delivery: how many so far, and when the next is due. */
  triedAgainLater(delivery: ReceivedDelivery, attempts: number, nextTryAt: string): void {
    try {
      this.records.triedAgainLater(delivery.key, attempts, nextTryAt);
    } catch {
      // Only a note for the person reading the records: the queue keeps its own count.
    }
  }

  /** Once the deliveries received so far are written. */
  async close(): Promise<void> {
    while (this.batch.length) await new Promise((resolve) => setImmediate(resolve));
  }

  private writeBatch(): void {
    const batch = this.batch.splice(0);
    let outcomes: ("new" | "duplicate")[];
    try {
      outcomes = this.records.receive(batch.map((b) => b.delivery));
    } catch (error) {
      for (const b of batch) b.done(undefined, error);
      return;
    }
    batch.forEach((b, i) => b.done(outcomes[i]));
  }
}
