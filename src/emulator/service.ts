import type { AccountRecord, ItemRecord } from "./catalogue.js";
import { formatJakarta, formatUtc, type EmulatorClock } from "./clock.js";
import { transactionProgress } from "./fulfilment.js";
import { SeededRandom } from "./seeded-random.js";
import { growCatalogue } from "./large-catalogue.js";
import { recordMutation } from "./history.js";
import { ServiceError } from "./service-error.js";
import {
  lockStatus,
  openStateFile,
  refundedTotal,
  seedState,
  topUpStatus,
  writeStateFile,
  type EmulatorState,
  type LockStatus,
  type TopUpStatus,
} from "./state.js";

export interface ServiceOptions {
  seed: number;
  stateFile?: string;
  maxActiveLocks: number;
  /** Grow the catalogue with generated variants until it lists at least this many (large-catalogue.ts). */
  catalogueSize?: number;
}

/** What `GET /v1/item?per_page=all` gets: the whole list (the live service's way), a 422, or the default page of 100. */
export type PerPageAll = "answered" | "refused" | "ignored";

/** What tests and `GET /__emulator/state` see: enough to assert on money, transactions and locks. */
export interface EmulatorSnapshot {
  now: string;
  accounts: AccountSnapshot[];
  items: {
    id: number;
    name: string;
    order_process: string;
    active: boolean;
    temporarily_unavailable: boolean;
    stock: number;
    available: number;
  }[];
}

export interface AccountSnapshot {
  name: string;
  api_key: string;
  balance: number;
  transactions: {
    id: number;
    ref_id: string;
    invoice: string;
    amount: number;
    refunded: number;
    status: string;
    created_at: string;
  }[];
  locks: {
    lock_token: string;
    item_id: number;
    quantity: number;
    status: LockStatus;
    locked_at: string;
    expires_at: string;
  }[];
  top_ups: {
    payment_token: string;
    amount: number;
    fee: number;
    channel: string;
    status: TopUpStatus;
    expires_at: string;
  }[];
  sandbox_orders: { id: number; ref_id: string; item_id: number; quantity: number }[];
}

/**
 * The emulated service: its state, its clock and its random draws. Every method is synchronous, so
 * a check and the change it guards can never be split by another request (no double spending).
 */
export class EmulatedService {
  state: EmulatorState;
  random: SeededRandom;
  private dirty = false;

  constructor(
    readonly clock: EmulatorClock,
    private readonly options: ServiceOptions,
  ) {
    const loaded = options.stateFile ? openStateFile(options.stateFile) : undefined;
    this.state = loaded ?? seedState(options.seed, options.catalogueSize);
    this.random = new SeededRandom(this.state.randomState);
    if (!loaded) this.changed();
    if (loaded && options.catalogueSize) this.growCatalogue(options.catalogueSize);
    this.stampCatalogue();
    this.flush();
  }

  get maxActiveLocks(): number {
    return this.options.maxActiveLocks;
  }

  now(): number {
    return this.clock.now();
  }

  /** Marks the state as changed; flush() then writes it to the state file, if there is one. */
  changed(): void {
    this.dirty = true;
  }

  flush(): void {
    if (!this.dirty) return;
    this.dirty = false;
    this.state.randomState = this.random.state;
    if (this.options.stateFile) writeStateFile(this.options.stateFile, this.state);
  }

  reset(seed: number = this.state.seed): void {
    this.state = seedState(seed, this.options.catalogueSize);
    this.random = new SeededRandom(this.state.randomState);
    this.stampCatalogue();
    this.changed();
  }

  /**
   * The last API requests' bodies, newest last (not kept in the state file): what a test asserts was
   * sent, e.g. the note of an open-amount purchase. Read at `GET /__emulator/requests`.
   */
  recentRequests: { method: string; path: string; body: unknown }[] = [];

  /** Keeps a request's body (parsed when it is JSON) among the last 50. */
  recordRequest(method: string, path: string, raw: Buffer): void {
    let body: unknown = raw.toString("utf8");
    try {
      body = body === "" ? null : JSON.parse(body as string);
    } catch {
      // kept as the text it was
    }
    this.recentRequests.push({ method, path, body });
    if (this.recentRequests.length > 50) this.recentRequests.shift();
  }

  /** How `per_page=all` is taken; set from the control surface to rehearse a service that pages. */
  perPageAll: PerPageAll = "answered";

  /**
   * Items that never changed were last changed a day before the catalogue was made (or first loaded):
   * a delta asked from any time the emulator has given lists only what changed since.
   */
  private stampCatalogue(): void {
    const aDayAgo = this.now() - 24 * 60 * 60 * 1000;
    for (const item of this.state.items) {
      if (item.updatedAt === undefined) {
        item.updatedAt = aDayAgo;
        this.changed();
      }
    }
  }

  /** A catalogue kept in a state file grows to a larger size asked at start; it never shrinks. */
  private growCatalogue(size: number): void {
    const before = this.state.items.length;
    this.state.items = growCatalogue(this.state.items, size);
    if (this.state.items.length !== before) this.changed();
  }

  /** A new price for an item, from now on: it shows in `GET /v1/item?updated_since=` of any earlier time. */
  setItemPrice(id: number, price: number): void {
    const item = this.activeItem(id);
    item.price = price;
    item.updatedAt = this.now();
    this.changed();
  }

  authenticate(apiKey: string | undefined): AccountRecord {
    const account = apiKey ? this.state.accounts.find((candidate) => candidate.apiKey === apiKey) : undefined;
    if (!account) throw new ServiceError(401, "INVALID_API_KEY");
    return account;
  }

  /** For tests and rehearsals that need a precise amount; 401 for an unknown key. */
  setBalance(apiKey: string, balance: number): void {
    const account = this.authenticate(apiKey);
    const change = balance - account.balance;
    account.balance = balance;
    recordMutation(this, account, {
      type: "adjustment",
      amount: change,
      description: "Penyesuaian saldo",
      invoice: null,
    });
    this.changed();
  }

  /** Inactive items answer exactly like missing ones. */
  activeItem(id: number): ItemRecord {
    const item = this.state.items.find((candidate) => candidate.id === id);
    if (!item?.active) throw new ServiceError(404, "ITEM_NOT_FOUND");
    return item;
  }

  /** Marks an item temporarily unavailable (orders for it are refused with 503) or available again. */
  setItemAvailable(id: number, available: boolean): void {
    const item = this.activeItem(id);
    item.temporarilyUnavailable = !available;
    // The catalogue says so from now on: a delta (`updated_since`) carries the change.
    item.updatedAt = this.now();
    this.changed();
  }

  /** Stock nobody has locked; null for unlimited items. */
  availableStock(item: ItemRecord): number | null {
    if (item.licences === null) return null;
    const now = this.now();
    const locked = this.state.locks
      .filter((lock) => lock.itemId === item.id && lockStatus(lock, now) === "active")
      .reduce((sum, lock) => sum + lock.quantity, 0);
    return item.licences.length - locked;
  }

  /**
   * Credits the refunds that have come due on the clock (failed h2h, partial smm). Called before
   * every request reads state, so progress is lazy yet each refund is credited exactly once.
   */
  settle(): void {
    const now = this.now();
    for (const transaction of this.state.transactions) {
      if (transaction.settled) continue;
      const progress = transactionProgress(transaction, now);
      const account = this.state.accounts.find((candidate) => candidate.apiKey === transaction.apiKey);
      progress.lines.forEach((lineProgress, index) => {
        const line = transaction.lines[index]!;
        if (lineProgress.refundDue > line.refunded && account) {
          const refund = lineProgress.refundDue - line.refunded;
          account.balance += refund;
          recordMutation(this, account, {
            type: "refund",
            amount: refund,
            description: `Refund ${line.variantName}`,
            invoice: transaction.invoice,
          });
          line.refunded = lineProgress.refundDue;
          this.changed();
        }
      });
      if (progress.status !== "paid") {
        transaction.settled = true;
        this.changed();
      }
    }
  }

  snapshot(apiKey?: string): EmulatorSnapshot {
    this.settle();
    const now = this.now();
    const accounts = apiKey === undefined ? this.state.accounts : [this.authenticate(apiKey)];
    return {
      now: formatUtc(now),
      accounts: accounts.map((account) => ({
        name: account.name,
        api_key: account.apiKey,
        balance: account.balance,
        transactions: this.state.transactions
          .filter((transaction) => transaction.apiKey === account.apiKey)
          .map((transaction) => ({
            id: transaction.id,
            ref_id: transaction.refId,
            invoice: transaction.invoice,
            amount: transaction.amount,
            refunded: refundedTotal(transaction),
            status: transactionProgress(transaction, now).status,
            created_at: formatJakarta(transaction.createdAt),
          })),
        locks: this.state.locks
          .filter((lock) => lock.apiKey === account.apiKey)
          .map((lock) => ({
            lock_token: lock.token,
            item_id: lock.itemId,
            quantity: lock.quantity,
            status: lockStatus(lock, now),
            locked_at: formatUtc(lock.lockedAt),
            expires_at: formatUtc(lock.expiresAt),
          })),
        top_ups: this.state.topUps
          .filter((topUp) => topUp.apiKey === account.apiKey)
          .map((topUp) => ({
            payment_token: topUp.token,
            amount: topUp.amount,
            fee: topUp.fee,
            channel: topUp.channel,
            status: topUpStatus(topUp, now),
            expires_at: formatUtc(topUp.expiresAt),
          })),
        sandbox_orders: this.state.sandboxOrders
          .filter((order) => order.apiKey === account.apiKey)
          .map((order) => ({ id: order.id, ref_id: order.refId, item_id: order.itemId, quantity: order.quantity })),
      })),
      items: this.state.items.map((item) => ({
        id: item.id,
        name: item.name,
        order_process: item.orderProcess,
        active: item.active,
        temporarily_unavailable: item.temporarilyUnavailable === true,
        stock: item.licences?.length ?? -1,
        available: this.availableStock(item) ?? -1,
      })),
    };
  }
}
