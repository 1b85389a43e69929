import { mkdirSync } from "node:fs";
import { fileProblem, readOwnFile, replaceOwnFile } from "../config/config-dir.js";
import { en } from "../messages/en.js";
import { dirname } from "node:path";
import { seedAccounts, seedCatalogue, type AccountRecord, type ItemRecord, type OrderProcess } from "./catalogue.js";
import type { FulfilmentPlan } from "./fulfilment.js";
import { SeededRandom } from "./seeded-random.js";
import { growCatalogue } from "./large-catalogue.js";
import type { MutationRecord } from "./history.js";

export interface TransactionLine {
  variantId: number;
  variantName: string;
  productName: string;
  description: string;
  orderProcess: OrderProcess;
  unitPrice: number;
  qty: number;
  note: string | null;
  /** Everything random about the delivery is drawn at creation; the clock only reveals it. */
  plan: FulfilmentPlan;
  /** Refund already credited to the balance, so it is credited exactly once. */
  refunded: number;
}

export interface TransactionRecord {
  id: number;
  apiKey: string;
  refId: string;
  invoice: string;
  createdAt: number;
  price: number;
  fees: number;
  amount: number;
  lockToken: string | null;
  lines: TransactionLine[];
  /** Every line is final and its refund credited: nothing left to compute. */
  settled: boolean;
}

/** What has gone back to the balance so far for the lines that could not be delivered. */
export function refundedTotal(transaction: TransactionRecord): number {
  return transaction.lines.reduce((sum, line) => sum + line.refunded, 0);
}

export type StoredLockStatus = "active" | "released" | "used";

export interface LockRecord {
  token: string;
  apiKey: string;
  itemId: number;
  quantity: number;
  lockedAt: number;
  expiresAt: number;
  /** "active" may already be expired by the clock; see lockStatus(). */
  status: StoredLockStatus;
}

export type LockStatus = StoredLockStatus | "expired";

/** An active lock whose time is up is expired: its stock went back without anyone writing it down. */
export function lockStatus(lock: LockRecord, now: number): LockStatus {
  return lock.status === "active" && now >= lock.expiresAt ? "expired" : lock.status;
}

export interface TopUpRecord {
  token: string;
  /** The ref_id the request gave, if any (a top-up looked up as a transaction, §13). */
  refId?: string;
  apiKey: string;
  amount: number;
  fee: number;
  channel: string;
  createdAt: number;
  expiresAt: number;
  paidAt: number | null;
}

export type TopUpStatus = "pending" | "paid" | "expired";

/** Paid once paid, whatever the clock says; otherwise the link lapses at expiresAt. */
export function topUpStatus(topUp: TopUpRecord, now: number): TopUpStatus {
  if (topUp.paidAt !== null) return "paid";
  return now >= topUp.expiresAt ? "expired" : "pending";
}

export interface SandboxOrderRecord {
  id: number;
  apiKey: string;
  refId: string;
  itemId: number;
  quantity: number;
  createdAt: number;
}

export interface EmulatorState {
  version: 1;
  seed: number;
  randomState: number;
  nextTransactionId: number;
  nextInvoiceNumber: number;
  nextSandboxId: number;
  accounts: AccountRecord[];
  items: ItemRecord[];
  transactions: TransactionRecord[];
  locks: LockRecord[];
  topUps: TopUpRecord[];
  sandboxOrders: SandboxOrderRecord[];
  /** Every change of a balance, oldest first; absent from state files written before it was kept. */
  mutations?: MutationRecord[];
}

/** `catalogueSize`: grow the catalogue with generated variants until it lists at least this many. */
export function seedState(seed: number, catalogueSize = 0): EmulatorState {
  const random = SeededRandom.fromSeed(seed);
  const items = growCatalogue(seedCatalogue(random), catalogueSize);
  return {
    version: 1,
    seed,
    randomState: random.state,
    nextTransactionId: 10_231,
    nextInvoiceNumber: 1,
    nextSandboxId: 1,
    accounts: seedAccounts(),
    items,
    transactions: [],
    locks: [],
    topUps: [],
    sandboxOrders: [],
    mutations: [],
  };
}

/**
 * The state kept in `path`, or undefined when there is none yet; then its folder is made here, once,
 * so that each later write is only a write and a rename.
 */
export function openStateFile(path: string): EmulatorState | undefined {
  let text: string | undefined;
  try {
    text = readOwnFile(path);
  } catch (error) {
    throw new Error(
      `The emulator state file ${path} cannot be used: ${fileProblem(error, en)}; give --state a file of your own`,
    );
  }
  if (text === undefined) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `The emulator state file ${path} is not valid JSON (${(error as Error).message}); move it away to start afresh`,
    );
  }
  const state = parsed as Partial<EmulatorState> | null;
  if (state?.version !== 1 || !Array.isArray(state.accounts) || !Array.isArray(state.items)) {
    throw new Error(`${path} is not an emulator state file (version 1); move it away to start afresh`);
  }
  return state as EmulatorState;
}

/**
 * Written like the config store: a new 0600 file with an unpredictable name, created exclusively
 * (never through a link someone planted), then renamed over the old one, so a crash never leaves
 * half a file. The state holds the emulator's API keys.
 */
export function writeStateFile(path: string, state: EmulatorState): void {
  replaceOwnFile(path, `${JSON.stringify(state, null, 2)}\n`, { durable: false });
}
