/**
 * The status vocabulary of every published dialect: `paid`, `In progress`, `Success`, `cancelled`…
 * compared case-insensitively and folded to one word, the text kept as the service wrote it.
 */
import type { Status, StatusKind } from "./model.js";

const statusWords: Record<string, StatusKind> = {
  pending: "pending",
  unpaid: "pending",
  waiting: "pending",
  paid: "paid",
  processing: "processing",
  process: "processing",
  "in progress": "processing",
  in_progress: "processing",
  inprogress: "processing",
  sent: "sent",
  completed: "completed",
  complete: "completed",
  success: "completed",
  successful: "completed",
  succeeded: "completed",
  done: "completed",
  // Indonesian words a provider may pass through; a live client's bot takes them as done (real-service-notes §12).
  sukses: "completed",
  berhasil: "completed",
  partial: "partial",
  canceled: "canceled",
  cancelled: "canceled",
  failed: "failed",
  failure: "failed",
  error: "failed",
  refunded: "refunded",
  expired: "expired",
  sandbox: "sandbox",
};

/** Statuses compare case-insensitively; an unknown one keeps its text and is `unknown`. */
export function statusKindOf(text: string): StatusKind {
  return statusWords[text.trim().toLowerCase().replace(/\s+/g, " ")] ?? "unknown";
}

export function toStatus(value: unknown): Status | null {
  const text =
    typeof value === "string" ? value : typeof value === "number" && Number.isFinite(value) ? String(value) : null;
  return text === null || text.trim() === "" ? null : { text, kind: statusKindOf(text) };
}

/** States after which nothing more happens to a transaction, a dispatch or an SMM order. */
const finalKinds = new Set<StatusKind>(["completed", "partial", "canceled", "failed", "refunded", "expired"]);
export function isFinal(status: Status | null): boolean {
  return status !== null && finalKinds.has(status.kind);
}

/** Final states in which the order was not delivered and its money went back: failed, canceled, refunded, expired. */
const failedKinds = new Set<StatusKind>(["failed", "canceled", "refunded", "expired"]);
export function isFailedKind(kind: StatusKind | undefined): boolean {
  return kind !== undefined && failedKinds.has(kind);
}
