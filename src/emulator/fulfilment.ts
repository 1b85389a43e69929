import type { ItemRecord } from "./catalogue.js";
import { findGameAccount } from "./game-accounts.js";
import { deliveryTarget } from "./open-amount.js";
import type { SeededRandom } from "./seeded-random.js";
import type { TransactionLine, TransactionRecord } from "./state.js";

// How long after creation each kind of item reaches its final state, on the emulator clock.
const AUTO_DELIVERY_MS = 2_000;
const H2H_DISPATCH_MS = 5_000;
const SMM_START_MS = 10_000;
const SMM_FINISH_MS = 60_000;
const MANUAL_COMPLETION_MS = 5 * 60_000;

/** A small share of SMM orders ends Partial even with a normal target, as real panels do. */
const SMM_RANDOM_PARTIAL_RATE = 0.03;

export type FulfilmentPlan =
  | { kind: "auto"; licences: string[] }
  | { kind: "manual"; sellerNote: string }
  | { kind: "h2h"; sn: string; failure: string | null; logMessage: string }
  | { kind: "smm"; orderId: string; startCount: number; finalRemains: number };

/** What the h2h provider answered for one line; how it reads on the wire is the dialect's business. */
export interface H2hDispatch {
  /** The serial number; meaningful only when the dispatch succeeded. */
  sn: string;
  /** Why the provider refused the destination, or null when it delivered. */
  failure: string | null;
  logMessage: string;
}

/** The SMM panel's own words for where an order stands. */
export type SmmStage = "Pending" | "In progress" | "Completed" | "Partial";

export interface SmmProgress {
  orderId: string;
  stage: SmmStage;
  /** null until the panel starts the order. */
  startCount: number | null;
  remains: number | null;
}

export interface LineProgress {
  final: boolean;
  failed: boolean;
  /** The part of the line's price that goes back to the balance once final. */
  refundDue: number;
  productLicense: string | null;
  sellerNote: string | null;
  h2h: H2hDispatch | null;
  smm: SmmProgress | null;
}

/** Why the provider would refuse this note, or null when it is a good destination. */
function h2hFailure(item: ItemRecord, note: string | null): string | null {
  const target = (note ?? "").trim();
  if (item.h2hTarget === "game_id") {
    if (target === "") return "user id is empty";
    // Mobile Legends ids come with a zone: 12345678(1234), "12345678 1234", or the docs' own 123456789|1234.
    if (!/^\d{5,12}(?:\s*\(\d{2,6}\)|\s+\d{2,6}|\s*\|\s*\d{2,6})?$/.test(target))
      return `invalid user id "${target}": expected the numeric game user id`;
    // The provider knows the game's accounts as the account check does (B words the failure so).
    const [, id, zone] = /^(\d+)\s*[(|]?\s*(\d*)\)?$/.exec(target) ?? [];
    return findGameAccount(item, id ?? target, zone || null, { zoneOptional: true }) ? null : "USER_NOT_FOUND";
  }
  if (target === "") return "destination number is empty";
  const digits = target.replace(/[\s-]/g, "").replace(/^\+/, "");
  const valid =
    /^\d+$/.test(digits) &&
    ((digits.startsWith("08") && digits.length >= 10 && digits.length <= 13) ||
      (digits.startsWith("628") && digits.length >= 11 && digits.length <= 14));
  return valid ? null : `invalid destination number "${target}": expected 08xxxxxxxxxx or 628xxxxxxxxxx`;
}

/** The SMM note as the spec requires it, or null when it is not in that format. */
export function parseSmmNote(note: string | null): { target: string } | null {
  if (typeof note !== "string") return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(note);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
  const { target, opt_smm: options, comment_smm: comment } = parsed as Record<string, unknown>;
  if (typeof target !== "string" || target.trim() === "") return null;
  if (options !== undefined && !(Array.isArray(options) && options.every((option) => typeof option === "string")))
    return null;
  if (comment !== undefined && typeof comment !== "string") return null;
  return { target };
}

export function planFulfilment(
  item: ItemRecord,
  quantity: number,
  note: string | null,
  licences: string[],
  random: SeededRandom,
): FulfilmentPlan {
  switch (item.orderProcess) {
    case "auto":
      return { kind: "auto", licences };
    case "manual":
      return { kind: "manual", sellerNote: item.sellerNote ?? "Pesanan selesai dikerjakan." };
    case "h2h": {
      const destination = deliveryTarget(item, note);
      const failure = h2hFailure(item, destination);
      const sn = item.h2hTarget === "game_id" ? random.digits(16) : random.digits(20);
      const target = (destination ?? "").trim();
      return failure
        ? { kind: "h2h", sn, failure, logMessage: `Provider rejected ${item.name}: ${failure}` }
        : { kind: "h2h", sn, failure: null, logMessage: `Success: ${item.name} x${quantity} to ${target}. SN ${sn}` };
    }
    case "smm": {
      const target = parseSmmNote(note)?.target ?? "";
      const partial = /partial/i.test(target) || random.chance(SMM_RANDOM_PARTIAL_RATE);
      const orderId = String(random.integer(1_000_000, 9_999_999));
      const startCount = random.integer(50, 20_000);
      const finalRemains = partial ? Math.max(1, Math.floor((quantity * random.integer(10, 60)) / 100)) : 0;
      return { kind: "smm", orderId, startCount, finalRemains };
    }
  }
}

/** Where a transaction line stands at `now`: a pure function of its plan and its age. */
function lineProgress(line: TransactionLine, createdAt: number, now: number): LineProgress {
  const elapsed = now - createdAt;
  const progress: LineProgress = {
    final: false,
    failed: false,
    refundDue: 0,
    productLicense: null,
    sellerNote: null,
    h2h: null,
    smm: null,
  };
  const plan = line.plan;
  switch (plan.kind) {
    case "auto":
      if (elapsed >= AUTO_DELIVERY_MS) {
        progress.final = true;
        progress.productLicense = plan.licences.join("\n");
      }
      break;
    case "manual":
      if (elapsed >= MANUAL_COMPLETION_MS) {
        progress.final = true;
        progress.sellerNote = plan.sellerNote;
      }
      break;
    case "h2h":
      if (elapsed >= H2H_DISPATCH_MS) {
        progress.final = true;
        progress.failed = plan.failure !== null;
        progress.refundDue = progress.failed ? line.unitPrice * line.qty : 0;
        progress.h2h = { sn: plan.sn, failure: plan.failure, logMessage: plan.logMessage };
      }
      break;
    case "smm": {
      const result: SmmProgress = { orderId: plan.orderId, stage: "Pending", startCount: null, remains: null };
      if (elapsed >= SMM_FINISH_MS) {
        progress.final = true;
        result.stage = plan.finalRemains > 0 ? "Partial" : "Completed";
        result.startCount = plan.startCount;
        result.remains = plan.finalRemains;
        progress.refundDue = plan.finalRemains * line.unitPrice;
      } else if (elapsed >= SMM_START_MS) {
        // Delivery runs linearly from the start to the end of the window, stopping at what will be delivered.
        const share = (elapsed - SMM_START_MS) / (SMM_FINISH_MS - SMM_START_MS);
        result.stage = "In progress";
        result.startCount = plan.startCount;
        result.remains = line.qty - Math.floor((line.qty - plan.finalRemains) * share);
      }
      progress.smm = result;
      break;
    }
  }
  return progress;
}

export type TransactionStatus = "paid" | "completed" | "failed";

/** "paid" until every item is final; then "failed" if every item failed, else "completed". */
export function transactionProgress(
  transaction: TransactionRecord,
  now: number,
): { status: TransactionStatus; lines: LineProgress[] } {
  const lines = transaction.lines.map((line) => lineProgress(line, transaction.createdAt, now));
  const status = !lines.every((line) => line.final)
    ? "paid"
    : lines.every((line) => line.failed)
      ? "failed"
      : "completed";
  return { status, lines };
}
