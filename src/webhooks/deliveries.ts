/**
 * The deliveries `webhook listen` has already handed on, remembered across restarts in
 * `webhook-deliveries.jsonl` under the config dir (mode 0600, like the journal): the service retries
 * a delivery up to five times, and a listener restarted between two attempts must not hand the same
 * order on twice.
 *
 * A delivery is known by what it reports, not by its bytes: the service may stamp each attempt anew.
 * An order is paid, completed or canceled once, and each manual item is sent once, so the event name,
 * ref_id, invoice, status and (for order.item.sent) the item's own id name it. A test event has no order
 * behind it, so its timestamp is part of its name and each `webhook test` is printed.
 */
import { createHash } from "node:crypto";
import { closeSync, fsyncSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { WebhookEvent } from "../api/model.js";
import { fileProblem, linkRefusedHint, openOwnFileForAppend, readOwnFile, replaceOwnFile } from "../config/config-dir.js";
import { UsageError } from "../errors.js";

export const deliveriesFileName = "webhook-deliveries.jsonl";

/** Past this many, the oldest are forgotten: the service gives up on a delivery within a minute. */
export const rememberedDeliveries = 5_000;

interface DeliveryRecord {
  key: string;
  profile: string;
  event: string;
  ref_id: string | null;
  at: string;
}

/** The name of one delivery, the same for every attempt the service makes at it. */
export function deliveryKey(profile: string, event: WebhookEvent, signedStatus: string): string {
  const items = event.event === "order.item.sent" ? event.items.map((i) => i.orderItemId ?? `${i.itemId ?? ""}/${i.licences.join("\n")}`) : [];
  const stamp = event.event.startsWith("order.") ? "" : (event.timestamp ?? "");
  return createHash("sha256").update(JSON.stringify([profile, event.event, event.refId, event.invoice, signedStatus, items, stamp])).digest("hex");
}

export class HandledDeliveries {
  readonly path: string;
  private readonly keys = new Set<string>();

  constructor(readonly dir: string) {
    this.path = join(dir, deliveriesFileName);
    let lines: string[] = [];
    try {
      lines = (readOwnFile(this.path) ?? "").split("\n").filter(Boolean);
    } catch (error) {
      // Without it every retry of a delivery would be handed on again: refused before listening.
      throw new UsageError(`Cannot read the webhook deliveries at ${this.path}: ${fileProblem(error)}.`, {
        code: "WEBHOOK_DELIVERIES_UNREADABLE",
        suggestion: (error as NodeJS.ErrnoException).code === "ELOOP" ? linkRefusedHint : "Make it a readable file of yours again, or move it aside (deliveries already handed on may then be handed on again).",
      });
    }
    for (const line of lines) {
      try {
        const record = JSON.parse(line) as Partial<DeliveryRecord>;
        if (typeof record.key === "string") this.keys.add(record.key);
      } catch {
        // A line torn by a crash names no delivery; the service's next attempt is handled again.
      }
    }
    if (lines.length > rememberedDeliveries) this.forgetOldest(lines);
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Written and flushed before the service is told 2xx: an answered delivery is never handed on again. */
  remember(key: string, profile: string, event: WebhookEvent, nowMs: number): void {
    if (this.keys.has(key)) return;
    const record: DeliveryRecord = { key, profile, event: event.event, ref_id: event.refId, at: new Date(nowMs).toISOString() };
    const fd = openOwnFileForAppend(this.path);
    try {
      writeSync(fd, `${JSON.stringify(record)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    this.keys.add(key);
  }

  private forgetOldest(lines: string[]): void {
    const kept = lines.slice(-rememberedDeliveries);
    this.keys.clear();
    for (const line of kept) {
      try {
        this.keys.add((JSON.parse(line) as DeliveryRecord).key);
      } catch {
        // skipped, as above
      }
    }
    // A new file renamed over the old: a crash halfway leaves one or the other, never half of each.
    try {
      replaceOwnFile(this.path, `${kept.join("\n")}\n`);
    } catch {
      // A full disk: the file stays longer than it need be, and every name in it still counts.
    }
  }
}
