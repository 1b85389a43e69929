/**
 * What the service sends, endpoint by endpoint, in each published dialect: `Live` is the full
 * reference (version A of the live documentation), `LiveShort` its shorter guide (version B), `Spec`
 * the abstract interface the project started from. Only src/api/decode.ts reads these shapes; the
 * emulator imports them (type-only) to answer in each dialect, so the two cannot drift apart.
 *
 * Every field is optional on the wire: the decoder is the one place that decides what a missing
 * field means. Numbers may arrive as numeric strings from the service's PHP back end.
 */

export type WireNumber = number | string;
export type WireFlag = boolean | number | string;

/** `{"message":"OK","data":…}` on success; `{"success":true,"data":…}` on the lock endpoints. */
export interface Envelope<T> {
  message?: string;
  success?: boolean;
  status?: boolean;
  data?: T;
  [extra: string]: unknown;
}

/** `{"message":"<CODE>","errors":{"<field>":["<text>"]}}`; `errors` is not always there. */
export interface WireError {
  message?: string;
  errors?: Record<string, string[] | string>;
  [extra: string]: unknown;
}

export interface WireBalance {
  balance?: WireNumber;
}

/** B documents `{code, name, fee, min_amount, max_amount}`. */
export interface WireChannel {
  code?: string;
  name?: string;
  fee?: WireNumber;
  min_amount?: WireNumber;
  max_amount?: WireNumber;
}

/**
 * The other key set live clients read (§12): `service` as the code, `type`, `minimum`/`maximum`, a fee
 * of `fee_flat` + amount × `fee_percentage` / 100, and `status:"off"` for a channel not usable now.
 */
export interface WireChannelByService {
  service?: string;
  name?: string;
  type?: string;
  minimum?: WireNumber;
  maximum?: WireNumber;
  fee_flat?: WireNumber;
  fee_percentage?: WireNumber;
  status?: string;
}

/**
 * B: `{payment_url, amount, expires_at}`; live clients also meet `payment_link`, a QR link (`qr_link`/
 * `qr_url`) instead of or beside the page, `invoice`, and the service's `fee` (or `fees`) and `total`.
 */
export interface WireTopUp {
  payment_url?: string;
  payment_link?: string;
  qr_link?: string;
  qr_url?: string;
  invoice?: string;
  amount?: WireNumber;
  fee?: WireNumber;
  fees?: WireNumber;
  total?: WireNumber;
  channel?: string;
  expires_at?: string;
}

export interface WireProviderMeta {
  open_denom?: WireFlag;
  min_qty?: WireNumber;
  max_qty?: WireNumber;
  step_qty?: WireNumber;
  qty_label?: string;
}

export interface WireRequiredField {
  key?: string;
  label?: string;
  required?: WireFlag;
  min?: WireNumber;
  max?: WireNumber;
}

export interface WireValidation {
  available?: WireFlag;
  endpoint?: string;
  requires_zone_id?: WireFlag;
  fields?: WireRequiredField[];
}

/** `GET /v1/item/{id}` (A, flat) and the spec's item; `min_order`/`unlimited_stock` are the spec's words. */
export interface WireItem {
  id?: WireNumber;
  variant_id?: WireNumber;
  item_id?: WireNumber;
  name?: string;
  variant_name?: string;
  product_name?: string;
  sku?: string;
  price?: WireNumber;
  stock?: WireNumber | null;
  category?: string | { id?: WireNumber; name?: string };
  order_process?: string;
  h2h_provider?: string;
  provider_meta?: WireProviderMeta | null;
  required_fields?: WireRequiredField[] | null;
  validation?: WireValidation | null;
  description?: string | null;
  min_order?: WireNumber;
  unlimited_stock?: WireFlag;
  unlimited?: WireFlag;
  is_smm?: WireFlag;
  /** Live: `"on"` when it can be bought; `"off"` in a delta when withdrawn; another word when disrupted. */
  status?: string;
  available?: WireFlag;
  is_available?: WireFlag;
  updated_at?: string;
}

/** The catalogue in B: categories → products → variants. */
export interface WireCatalogueCategory {
  id?: WireNumber;
  name?: string;
  products?: { id?: WireNumber; name?: string; variants?: WireItem[] }[];
}

/** `POST /v1/trx`, A: `status:"paid"` with price, fees, amount, contact, created_at. */
export interface WireCreatedLive {
  invoice?: string;
  ref_id?: string;
  status?: string;
  price?: WireNumber;
  fees?: WireNumber;
  amount?: WireNumber;
  contact?: string;
  created_at?: string;
}

/** `POST /v1/trx`, B: `status:"pending"` and `total_amount` only. */
export interface WireCreatedLiveShort {
  invoice?: string;
  ref_id?: string;
  total_amount?: WireNumber;
  status?: string;
}

export type WireCreatedTransaction = WireCreatedLive & WireCreatedLiveShort;

/** An item of a transaction: A names it `variant_*`/`qty`, B `item_id`/`name`/`quantity`. */
export interface WireTransactionItem {
  /** Live clients meet one entry per unit here, with `product_license: null` on the item (§12). */
  licenses?: (WireLicence | string)[] | null;
  variant_id?: WireNumber;
  item_id?: WireNumber;
  variant_name?: string;
  name?: string;
  product_name?: string;
  product_license?: string | null;
  seller_note?: string | null;
  description?: string | null;
  price?: WireNumber;
  qty?: WireNumber;
  quantity?: WireNumber;
  note?: string | null;
  order_process?: string;
  is_smm?: WireFlag;
  status?: string;
  provider_status?: string;
}

/** Failed: `sn:"failed: <reason>"`, `dispatch_status:"failed"`; webhooks say `"Success"` + `dispatch_message`. */
export interface WireH2hResult {
  variant_id?: WireNumber;
  item_id?: WireNumber;
  sn?: string | null;
  dispatch_status?: string;
  log_message?: string | null;
  dispatch_message?: string | null;
}

export interface WireSmmResult {
  variant_id?: WireNumber;
  item_id?: WireNumber;
  order_id?: WireNumber | null;
  status?: string;
  start_count?: WireNumber | null;
  remains?: WireNumber | null;
  delivered_count?: WireNumber | null;
  refund_amount?: WireNumber | null;
  provider_status?: string | null;
  partial_refund_pending_manual?: WireFlag | null;
}

export interface WireTransaction {
  id?: WireNumber;
  ref_id?: string;
  invoice?: string;
  payment_method?: string;
  status?: string;
  price?: WireNumber;
  fees?: WireNumber | null;
  amount?: WireNumber;
  total_amount?: WireNumber;
  note?: string | null;
  payment_link?: string | null;
  qr_link?: string | null;
  expired_at?: string | null;
  created_at?: string;
  items?: WireTransactionItem[];
  /** B puts the results inside `data`. */
  h2h_results?: WireH2hResult[];
  smm_results?: WireSmmResult[];
}

/** `GET /v1/trx/{ref}`: A and the spec put the results beside `data`, B inside it. */
export interface WireTransactionDetail extends Envelope<WireTransaction> {
  h2h_results?: WireH2hResult[];
  smm_results?: WireSmmResult[];
}

export interface WireLock {
  lock_token?: string;
  item_id?: WireNumber;
  quantity?: WireNumber;
  locked_at?: string;
  expires_at?: string;
  remaining_seconds?: WireNumber;
  status?: string;
}

/** The live leaderboard says `ranking`/`total_trx`; the spec `rank`/`total_transactions`. */
export interface WireLeaderboardEntry {
  ranking?: WireNumber;
  rank?: WireNumber;
  name?: string;
  total_trx?: WireNumber;
  total_transactions?: WireNumber;
}

export interface WireOwnRanking extends WireLeaderboardEntry {
  points?: WireNumber;
}

/** A: `{id, ref_id, status:"sandbox"}`; B: `{invoice:"SAND-123"}`. */
export interface WireSandboxOrder {
  id?: WireNumber;
  ref_id?: string;
  status?: string;
  invoice?: string;
}

/** The dialects the emulator can speak and the decoder understands. */
export type Dialect = "live" | "live-short" | "spec";
export const dialects: readonly Dialect[] = ["live", "live-short", "spec"];

// ---- webhooks (the live service only; the abstract spec has none) ----

/** One licence of an item's `licenses[]` (transaction detail, order.item.sent). */
export interface WireLicence {
  product_license?: string | null;
  note?: string | null;
}

/** A licence of a manual item, as order.item.sent carries it. */
export type WireWebhookLicence = WireLicence;

/**
 * An item of a webhook body. In order.completed the h2h result is one object per item
 * (`dispatch_status:"Success"`, `dispatch_message`), not the list `GET /v1/trx` gives.
 */
export interface WireWebhookItem extends WireTransactionItem {
  order_item_id?: string;
  subtotal?: WireNumber;
  target?: string;
  h2h_results?: WireH2hResult | WireH2hResult[] | null;
  licenses?: (WireWebhookLicence | string)[] | null;
  sent_at?: string;
}

/** `data` of an event: order.* carry `status` and `items`; order.item.sent `transaction_status` and one `item`. */
export interface WireWebhookData {
  invoice?: string;
  ref_id?: string;
  status?: string;
  transaction_status?: string;
  price?: WireNumber;
  fees?: WireNumber;
  amount?: WireNumber;
  payment_code?: string;
  items?: WireWebhookItem[];
  item?: WireWebhookItem;
}

/** What the service POSTs to the callback URL; the event name is also in the `X-Event` header. */
export interface WireWebhookEvent {
  event?: string;
  timestamp?: string;
  data?: WireWebhookData;
}

/** `GET /v1/webhook`: not documented; `PUT` takes `{callback_url, webhook_enabled}`, so those names come first. */
export interface WireWebhookSettings {
  callback_url?: string | null;
  webhook_url?: string | null;
  url?: string | null;
  webhook_enabled?: WireFlag;
  enabled?: WireFlag;
}

/** `POST /v1/webhook/secret`: `{"status":true,"message":"Webhook secret generated...","data":{"webhook_secret":"…"}}`. */
export interface WireWebhookSecret {
  webhook_secret?: string;
  secret?: string;
}

// ---- the catalogue (`GET /v1/item`) ----

/** Beside the list: `total_items` counts what the query matched (not the page), `is_delta` says an `updated_since` answer. */
export interface WireCatalogueMeta {
  total_items?: WireNumber;
  is_delta?: WireFlag;
  current_page?: WireNumber;
  last_page?: WireNumber;
}

/**
 * `GET /v1/item`: A lists flat variants (WireItem, `category` a name); B nests categories → products
 * → variants (WireCatalogueCategory). Both put `server_time` at the top: the next sync's `updated_since`.
 * A variant the service withdrew may come in a delta with `status:"off"`.
 */
export interface WireCatalogue extends Envelope<WireItem[] | WireCatalogueCategory[]> {
  meta?: WireCatalogueMeta;
  server_time?: string;
}

// ---- before paying: the account check; afterwards: the transaction list and the balance history ----

/**
 * `POST /v1/item/validate` answers `{display_name, account_name, region, cached}` (`region` may be
 * null; B adds `details`). How "no such account" is answered is not documented: an error code, or a
 * 2xx saying so (`valid: false`, no name) are both read as not found.
 */
export interface WireAccountCheck {
  display_name?: string | null;
  account_name?: string | null;
  region?: string | null;
  cached?: WireFlag;
  details?: Record<string, unknown> | null;
  valid?: WireFlag;
}

/** Page numbers beside a list: in `meta`, in B's `pagination`, or in a Laravel paginator around it. */
export interface WirePagination {
  current_page?: WireNumber;
  per_page?: WireNumber;
  total?: WireNumber;
  last_page?: WireNumber;
}

/**
 * A row of `GET /v1/trx`: B documents `{id, invoice, ref_id, amount, status, created_at}`; others' client
 * code sees `{invoice, ref_id, status, price, fees, amount, activity, created_at, updated_at, expired_at}`.
 */
export interface WireTransactionListEntry {
  id?: WireNumber;
  invoice?: string;
  ref_id?: string;
  status?: string;
  price?: WireNumber;
  fees?: WireNumber | null;
  amount?: WireNumber;
  total_amount?: WireNumber;
  activity?: string | null;
  created_at?: string;
  updated_at?: string | null;
  expired_at?: string | null;
}

/** `GET /v1/trx?page=&per_page=&status=`: B `data:[…]`; others' code `data:{transactions:[…], pagination:{…}}`. */
export interface WireTransactionList
  extends Envelope<
    WireTransactionListEntry[] | { transactions?: WireTransactionListEntry[]; pagination?: WirePagination }
  > {
  meta?: WirePagination;
}

/**
 * A row of `GET /v1/balance/mutations`. The documentation names no field; others' client code sees
 * `{invoice, direction: credit|debit, type, amount, balance_before, balance_after}`.
 */
export interface WireBalanceMutation {
  id?: WireNumber;
  invoice?: string | null;
  direction?: string;
  type?: string;
  amount?: WireNumber;
  balance_before?: WireNumber;
  balance_after?: WireNumber;
  description?: string | null;
  created_at?: string;
}

export interface WireBalanceMutations
  extends Envelope<WireBalanceMutation[] | { mutations?: WireBalanceMutation[]; data?: WireBalanceMutation[] }> {
  meta?: WirePagination;
}
