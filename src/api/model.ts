/**
 * The service's resources as `reseller` thinks of them, whatever dialect they arrived in. Commands
 * and renderers read only these; src/api/decode.ts is the one place that maps wire fields onto them.
 * A field the answer did not carry is null (rendered `-`), never a guess.
 */

/** Every status the documentation uses, in any case or spelling, folded to one word. */
export type StatusKind =
  | "pending"
  | "paid"
  | "processing"
  | "sent"
  | "completed"
  | "partial"
  | "canceled"
  | "failed"
  | "refunded"
  | "expired"
  | "sandbox"
  | "unknown";

/** A status as the service wrote it (shown verbatim) and what it means. */
export interface Status {
  text: string;
  kind: StatusKind;
}

export interface Balance {
  balance: number;
}

export interface PaymentChannel {
  code: string;
  name: string;
  /** qris, va, ewallet…; null when not said. */
  type: string | null;
  /** The flat part of the fee (`fee`, or `fee_flat`). */
  fee: number;
  /** A fee as a percentage of the amount, on top of the flat part (`fee_percentage`); null when none. */
  feePercent: number | null;
  minAmount: number | null;
  maxAmount: number | null;
  /** The service says it cannot be used now (`status:"off"`): listed, never sent. */
  off: boolean;
}

/** A top-up's answer: a payment page, a QR link, or both; the service's own fee and total when it gives them. */
export interface TopUp {
  paymentUrl: string | null;
  qrLink: string | null;
  invoice: string | null;
  amount: number | null;
  fee: number | null;
  total: number | null;
  expiresAt: string | null;
}

export type OrderProcess = "auto" | "manual" | "h2h" | "smm" | (string & {});

/** An open-amount product: the customer names the amount (`provider_qty`) within these bounds. */
export interface OpenAmount {
  min: number | null;
  max: number | null;
  step: number | null;
  label: string | null;
}

export interface RequiredField {
  key: string;
  label: string;
  required: boolean;
  min: number | null;
  max: number | null;
}

export interface AccountCheck {
  available: boolean;
  requiresZoneId: boolean;
}

export interface Item {
  id: number;
  name: string;
  productName: string | null;
  category: string | null;
  sku: string | null;
  price: number | null;
  /** Units left; null when the service counts none (unlimited, or not said). */
  stock: number | null;
  /** No stock is counted: the item needs no lock. */
  unlimited: boolean;
  /** Undocumented on the live service; 1 when absent. */
  minOrder: number;
  orderProcess: OrderProcess | null;
  /** An SMM order (the live service marks some as `order_process:"h2h"` with `is_smm`). */
  isSmm: boolean;
  description: string | null;
  openAmount: OpenAmount | null;
  requiredFields: RequiredField[];
  accountCheck: AccountCheck | null;
  /**
   * The service's own word when it says the item cannot be bought now (`status:"gangguan"`, an
   * `available:false`): listed, marked, so nobody buys into a refusal. Null when it says nothing of the kind.
   */
  disruption: string | null;
}

export interface StockLock {
  token: string;
  itemId: number;
  quantity: number;
  lockedAt: string | null;
  expiresAt: string | null;
}

export interface ListedLock extends StockLock {
  remainingSeconds: number | null;
}

/** What `POST /v1/trx` answered: A carries the money, B only `total_amount` and `pending`. */
export interface CreatedTransaction {
  refId: string | null;
  invoice: string | null;
  status: Status | null;
  amount: number | null;
  price: number | null;
  fees: number | null;
  createdAt: string | null;
}

export interface TransactionLine {
  itemId: number | null;
  name: string | null;
  productName: string | null;
  quantity: number | null;
  price: number | null;
  /** The customer data sent with the line (a number, a user id, an SMM JSON note). */
  note: string | null;
  orderProcess: OrderProcess | null;
  isSmm: boolean;
  /** Auto items: the licence or account, one per line. */
  licence: string | null;
  /** Manual items: what the seller wrote back. */
  sellerNote: string | null;
  status: Status | null;
}

export interface H2hDelivery {
  itemId: number | null;
  /** The serial number; for a failed dispatch the service puts `failed: <reason>` here. */
  serial: string | null;
  status: Status | null;
  failed: boolean;
  /** Why it failed, from `failed: <reason>`. */
  failure: string | null;
  message: string | null;
}

export interface SmmDelivery {
  itemId: number | null;
  orderId: string | null;
  status: Status | null;
  startCount: number | null;
  remains: number | null;
  delivered: number | null;
  refundAmount: number | null;
  providerStatus: string | null;
  /** A partial refund the provider left for the seller to make by hand. */
  manualRefundPending: boolean;
}

export interface Transaction {
  id: number | null;
  refId: string | null;
  invoice: string | null;
  status: Status | null;
  price: number | null;
  fees: number | null;
  amount: number | null;
  paymentMethod: string | null;
  note: string | null;
  paymentLink: string | null;
  expiresAt: string | null;
  createdAt: string | null;
  lines: TransactionLine[];
  h2h: H2hDelivery[];
  smm: SmmDelivery[];
}

export interface LeaderboardEntry {
  rank: number | null;
  name: string | null;
  totalTransactions: number | null;
}

export interface OwnRanking {
  rank: number | null;
  totalTransactions: number | null;
  points: number | null;
}

export interface SandboxOrder {
  id: number | null;
  refId: string | null;
  invoice: string | null;
  status: Status | null;
}

/** A line of a purchase as sent: `carts[]` of `POST /v1/trx`. */
export interface CartLine {
  item_id: number;
  quantity: number;
  note?: string;
}

export interface CreateTransactionRequest {
  ref_id: string;
  carts: CartLine[];
  lock_token?: string;
}

/** The SMM note the service expects, as a JSON string in `carts.*.note`. */
export interface SmmNote {
  target: string;
  opt_smm?: string[];
  comment_smm?: string;
}

/** What every client method returns: the decoded model, plus the body exactly as the service sent it. */
export interface ApiResult<T> {
  data: T;
  /** The parsed response body, untouched: what `--json` prints. */
  body: unknown;
  status: number;
}

// ---- webhooks ----

/** One field of an answer whose shape is not documented, named as the service named it, for showing as is. */
export interface AnswerField {
  name: string;
  /** Text as received; nested values as compact JSON; null for null. */
  value: string | null;
}

/** An item a webhook reports: what to hand the customer, when there is something. */
export interface WebhookItem {
  itemId: number | null;
  /** order.item.sent: the service's id of this line, so each sent item is its own delivery. */
  orderItemId: string | null;
  name: string | null;
  productName: string | null;
  orderProcess: OrderProcess | null;
  quantity: number | null;
  status: Status | null;
  /** h2h serial numbers (a failed dispatch's `failed: …` left out: see `failures`). */
  serials: string[];
  failures: string[];
  /** Licences or accounts of auto and manual items, one per entry. */
  licences: string[];
}

/** A verified event from the service. */
export interface WebhookEvent {
  /** `order.paid`, `order.completed`, `order.canceled`, `order.item.sent`, `webhook.test`, or one not yet documented. */
  event: string;
  timestamp: string | null;
  refId: string | null;
  invoice: string | null;
  /** The order's status (`data.status`, or `transaction_status` on order.item.sent). */
  status: Status | null;
  amount: number | null;
  /** What the service says it refunds (`order.canceled`, `order.refunded`), when it says. */
  refundAmount: number | null;
  items: WebhookItem[];
}

/** The webhook configuration; the answer is not documented, so every field is kept for showing. */
export interface WebhookSettings {
  url: string | null;
  enabled: boolean | null;
  message: string | null;
  /** Every other field of the answer, as the service named it. */
  fields: AnswerField[];
}

/** What `PUT /v1/webhook` and `POST /v1/webhook/test` answered (not documented). */
export interface WebhookAnswer {
  message: string | null;
  fields: AnswerField[];
}

/** A new webhook secret: the service shows it once. */
export interface WebhookSecret {
  /** null when the answer carried no field reseller recognises as the secret. */
  secret: string | null;
  message: string | null;
  /** Every other field of the answer (all of them when no secret was recognised). */
  fields: AnswerField[];
}

// ---- the catalogue ----

/** What `GET /v1/item` is asked: a page, the whole (`perPage: "all"`), or what changed since a time. */
export interface CatalogueQuery {
  page?: number;
  perPage?: number | "all";
  /** ISO 8601: only variants changed after it (the previous answer's `serverTime`). */
  updatedSince?: string;
  category?: string;
  search?: string;
}

/** One answer of `GET /v1/item`, flat or nested on the wire: one Item per buyable variant. */
export interface CataloguePage {
  items: Item[];
  /** Variants the answer says were withdrawn (a delta's `status:"off"`): to drop from a kept copy. */
  withdrawn: number[];
  /** The service's clock when it answered: what the next `updatedSince` asks from. */
  serverTime: string | null;
  /** How many variants the query matched in all; null when not said. */
  totalItems: number | null;
  /** The number of the last page (`meta.last_page`) when the answer is one of several; null when not said. */
  lastPage: number | null;
  /** true: only what changed; false: the whole of what the query matched; null: not said. */
  isDelta: boolean | null;
}

// ---- before paying: the account check ----

/** `POST /v1/item/validate`'s body: `zone_id` only for items whose check needs a zone. */
export interface AccountCheckRequest {
  item_id: number;
  customer_id: string;
  zone_id?: string;
}

/** Whose account a customer id is, as the game's provider knows it. */
export interface AccountCheckResult {
  /** false: the service said there is no such account (in a 2xx; an error code is a ServiceError). */
  found: boolean;
  accountName: string | null;
  /** "PlayerName (Indonesia)": the name and region as the service words them together. */
  displayName: string | null;
  region: string | null;
  /** Served from the service's validation cache. */
  cached: boolean | null;
  /** B's `details`, field by field. */
  details: AnswerField[];
}

/** The note of an open-amount line, as a JSON string in `carts.*.note`: `provider_qty` is the amount asked. */
export interface OpenAmountNote {
  target: string;
  provider_qty: number;
  zone_id?: string;
}

// ---- afterwards: lists ----

/** Where a page sits in a list; null fields were not said. */
export interface Pagination {
  page: number | null;
  perPage: number | null;
  total: number | null;
  lastPage: number | null;
}

/** One row of `GET /v1/trx`: the purchase as the list gives it (no items; `trx show` has those). */
export interface TransactionSummary {
  id: number | null;
  refId: string | null;
  invoice: string | null;
  status: Status | null;
  amount: number | null;
  price: number | null;
  fees: number | null;
  createdAt: string | null;
  /** Every field the row carries beyond those, named as the service named it. */
  fields: AnswerField[];
}

export interface TransactionList {
  transactions: TransactionSummary[];
  pagination: Pagination | null;
}

/** One change of the balance: a purchase, a refund, a top-up. */
export interface BalanceMutation {
  time: string | null;
  type: string | null;
  /** Signed: what came in is positive, what went out negative. */
  amount: number | null;
  balanceBefore: number | null;
  balanceAfter: number | null;
  description: string | null;
  invoice: string | null;
  /** Every field the row carries beyond those, named as the service named it. */
  fields: AnswerField[];
}

export interface BalanceHistory {
  mutations: BalanceMutation[];
  pagination: Pagination | null;
}

/** `GET /v1/trx` is asked for a page of one status. */
export interface TransactionListQuery {
  status?: string;
  page?: number;
  perPage?: number;
}
