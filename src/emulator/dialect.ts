/**
 * How each answer looks in each dialect the emulator speaks. The operations work on one model and
 * return records; only this module knows what the service's published answers look like:
 *   live        version A of the live documentation (the full reference)
 *   live-short  version B (the shorter guide with worked examples)
 *   spec        the abstract interface spec
 * Where a dialect's documentation is silent, the reading chosen is the one a tolerant client handles
 * best; src/emulator/README.md lists those choices.
 */
import type {
  Dialect,
  WireChannel,
  WireCreatedLive,
  WireCreatedLiveShort,
  WireError,
  WireH2hResult,
  WireItem,
  WireLeaderboardEntry,
  WireOwnRanking,
  WireRequiredField,
  WireSandboxOrder,
  WireSmmResult,
  WireTransactionDetail,
  WireTransactionItem,
} from "../api/wire.js";
import type { AccountRecord, ItemRecord, PaymentChannel } from "./catalogue.js";
import { formatJakarta } from "./clock.js";
import type { LineProgress, SmmProgress, SmmStage, TransactionStatus } from "./fulfilment.js";
import type { Ranking } from "./leaderboard.js";
import type { ServiceError } from "./service-error.js";
import type { SandboxOrderRecord, TransactionLine, TransactionRecord } from "./state.js";
import type { TransactionDetail } from "./transactions.js";
import type { CatalogueListing, ListedVariant } from "./listing.js";
import type { WireCatalogue, WireCatalogueCategory } from "../api/wire.js";
import type { WireChannelByService, WireLicence } from "../api/wire.js";
import type { CatalogueShape, ChannelKeys, LicenceField } from "./faults.js";

export type { Dialect } from "../api/wire.js";

/** Version A of the live documentation: what a reseller meets first. */
export const DEFAULT_DIALECT: Dialect = "live";

const known: Record<Dialect, true> = { live: true, "live-short": true, spec: true };
export const emulatorDialects = Object.keys(known) as Dialect[];

export function isDialect(value: unknown): value is Dialect {
  return typeof value === "string" && Object.hasOwn(known, value);
}

/** The dialect a running emulator speaks now; the control surface can change it between requests. */
export interface SpokenDialect {
  current: Dialect;
}

/** What one dialect makes of each answer that differs between dialects. */
interface Speaker {
  createdTransaction(transaction: TransactionRecord, account: AccountRecord): WireCreatedLive | WireCreatedLiveShort;
  transactionDetail(detail: TransactionDetail, licenceField: LicenceField): WireTransactionDetail;
  leaderboard(rankings: Ranking[]): WireLeaderboardEntry[];
  ownRanking(ranking: Ranking): WireOwnRanking;
  sandboxOrder(order: SandboxOrderRecord): WireSandboxOrder;
  item(item: ItemRecord, available: number | null): WireItem;
  /** Refusal codes this dialect words differently from the others. */
  renamedCodes: Readonly<Record<string, string>>;
}

const SANDBOX_STATUS = "sandbox";
/** What the live service writes beside a serial number that went through. */
const H2H_SUCCESS_LOG = "Transaksi Sukses";

function failedSn(failure: string): string {
  return `failed: ${failure}`;
}

/** Each line's result of one kind, paired with the line it belongs to, in cart order. */
function resultsOf<T>(
  detail: TransactionDetail,
  pick: (progress: LineProgress) => T | null,
): { line: TransactionLine; result: T; progress: LineProgress }[] {
  return detail.lines.flatMap((progress, index) => {
    const result = pick(progress);
    return result === null ? [] : [{ line: detail.transaction.lines[index]!, result, progress }];
  });
}

// ---- spec: exactly the abstract interface spec's answers ----

function createdWithCharges(transaction: TransactionRecord, account: AccountRecord): WireCreatedLive {
  return {
    invoice: transaction.invoice,
    ref_id: transaction.refId,
    status: "paid",
    price: transaction.price,
    fees: transaction.fees,
    amount: transaction.amount,
    contact: account.contact,
    created_at: formatJakarta(transaction.createdAt),
  };
}

function specItemOfTransaction(line: TransactionLine, progress: LineProgress): WireTransactionItem {
  return {
    variant_id: line.variantId,
    variant_name: line.variantName,
    product_name: line.productName,
    product_license: progress.productLicense,
    seller_note: progress.sellerNote,
    description: line.description,
    price: line.unitPrice,
    qty: line.qty,
    note: line.note,
    order_process: line.orderProcess,
  };
}

/** The spec's and version A's detail: results beside `data`. */
function detailBesideData(
  detail: TransactionDetail,
  describeItem: (line: TransactionLine, progress: LineProgress) => WireTransactionItem,
  h2hResult: (line: TransactionLine, dispatch: NonNullable<LineProgress["h2h"]>) => WireH2hResult,
  smmResult: (line: TransactionLine, smm: SmmProgress, progress: LineProgress) => WireSmmResult,
): WireTransactionDetail {
  const { transaction } = detail;
  return {
    message: "OK",
    data: {
      id: transaction.id,
      ref_id: transaction.refId,
      invoice: transaction.invoice,
      payment_method: "saldo",
      status: detail.status,
      price: transaction.price,
      fees: transaction.fees,
      amount: transaction.amount,
      note: detail.note,
      payment_link: null,
      qr_link: null,
      expired_at: null,
      created_at: formatJakarta(transaction.createdAt),
      items: transaction.lines.map((line, index) => describeItem(line, detail.lines[index]!)),
    },
    h2h_results: resultsOf(detail, (progress) => progress.h2h).map(({ line, result }) => h2hResult(line, result)),
    smm_results: resultsOf(detail, (progress) => progress.smm).map(({ line, result, progress }) =>
      smmResult(line, result, progress),
    ),
  };
}

const spec: Speaker = {
  createdTransaction: createdWithCharges,
  transactionDetail: (detail) =>
    detailBesideData(
      detail,
      specItemOfTransaction,
      (line, dispatch) => ({
        variant_id: line.variantId,
        sn: dispatch.failure === null ? dispatch.sn : failedSn(dispatch.failure),
        dispatch_status: dispatch.failure === null ? "completed" : "failed",
        log_message: dispatch.logMessage,
      }),
      (line, smm) => ({
        variant_id: line.variantId,
        order_id: smm.orderId,
        status: smm.stage,
        start_count: smm.startCount,
        remains: smm.remains,
      }),
    ),
  leaderboard: (rankings) =>
    rankings.map((ranking) => ({
      rank: ranking.rank,
      name: ranking.name,
      total_transactions: ranking.totalTransactions,
    })),
  ownRanking: (ranking) => ({
    rank: ranking.rank,
    total_transactions: ranking.totalTransactions,
    points: ranking.points,
  }),
  sandboxOrder: (order) => ({ id: order.id, ref_id: order.refId, status: SANDBOX_STATUS }),
  item: (item, available) => ({
    id: item.id,
    name: item.name,
    price: item.price,
    stock: available ?? -1,
    unlimited_stock: available === null,
    description: item.description,
    min_order: item.minOrder,
    order_process: item.orderProcess,
    product_name: item.productName,
  }),
  renamedCodes: {},
};

// ---- live (version A) ----

/** Version A's SMM vocabulary is lower case, with "processing" for the panel's "In progress". */
const liveSmmStatus: Record<SmmStage, string> = {
  Pending: "pending",
  "In progress": "processing",
  Completed: "completed",
  Partial: "partial",
};

/** An SMM line as an item of the transaction: it is still "processing" while the panel has not started. */
const liveSmmItemStatus: Record<SmmStage, string> = {
  Pending: "processing",
  "In progress": "processing",
  Completed: "completed",
  Partial: "partial",
};

function liveItemOfTransaction(line: TransactionLine, progress: LineProgress): WireTransactionItem {
  const item = specItemOfTransaction(line, progress);
  if (progress.smm === null) return item;
  // Version A shows SMM lines as h2h ones flagged is_smm, with the panel's status beside them.
  return {
    ...item,
    order_process: "h2h",
    is_smm: true,
    status: liveSmmItemStatus[progress.smm.stage],
    provider_status: liveSmmStatus[progress.smm.stage],
  };
}

/** GET /v1/item/{id} in both live versions: one flat item. Unlimited stock has no count (null). */
function flatItem(item: ItemRecord, available: number | null): WireItem {
  const fromProvider = item.orderProcess === "h2h" || item.orderProcess === "smm";
  const game = item.h2hTarget === "game_id";
  return {
    id: item.id,
    name: item.name,
    price: item.price,
    stock: available,
    category: item.category,
    order_process: item.orderProcess,
    ...(fromProvider ? { h2h_provider: item.orderProcess } : {}),
    provider_meta: item.openAmount
      ? {
          open_denom: true,
          min_qty: item.openAmount.min,
          max_qty: item.openAmount.max,
          step_qty: item.openAmount.step,
          qty_label: item.openAmount.label,
        }
      : fromProvider
        ? { open_denom: false }
        : null,
    required_fields: requiredFields(item),
    validation: game
      ? { available: true, endpoint: "/api/v1/item/validate", requires_zone_id: item.requiresZoneId === true }
      : { available: false },
    description: item.description,
    min_order: item.minOrder,
    // Live variants say "on"; a disrupted one says so in the panels' own word (the spec's item has no status).
    status: item.temporarilyUnavailable ? disruptedStatus : "on",
  };
}

/** What a live variant's `status` says while its orders are refused with 503 PRODUCT_TEMPORARILY_UNAVAILABLE. */
export const disruptedStatus = "gangguan";

/** What the buyer must put in the cart's note: h2h and SMM items cannot be delivered without it. */
function requiredFields(item: ItemRecord): WireRequiredField[] {
  if (item.orderProcess === "smm") return [{ key: "note", label: "Link / Username", required: true }];
  if (item.orderProcess !== "h2h") return [];
  const note: WireRequiredField = {
    key: "note",
    label: item.h2hTarget === "game_id" ? "User ID" : "Nomor HP",
    required: true,
  };
  if (!item.openAmount) return [note];
  return [
    note,
    {
      key: "provider_qty",
      label: item.openAmount.label,
      required: true,
      min: item.openAmount.min,
      max: item.openAmount.max,
    },
  ];
}

const liveRanking = (ranking: Ranking): WireLeaderboardEntry => ({
  ranking: ranking.rank,
  name: ranking.name,
  total_trx: ranking.totalTransactions,
});

/**
 * An auto line's licences as live clients meet them (§12): `licenses:[{product_license, note}]`, one per
 * unit, beside `product_license` ("both"), instead of it (`product_license: null`, "list"), or not at all.
 */
function withLicences(
  item: WireTransactionItem,
  line: TransactionLine,
  progress: LineProgress,
  field: LicenceField,
): WireTransactionItem {
  if (line.orderProcess !== "auto" || field === "product_license") return item;
  const licenses: WireLicence[] = (progress.productLicense?.split("\n") ?? []).map((licence) => ({
    product_license: licence,
    note: null,
  }));
  return field === "list" ? { ...item, product_license: null, licenses } : { ...item, licenses };
}

const live: Speaker = {
  createdTransaction: createdWithCharges,
  transactionDetail: (detail, licenceField) =>
    detailBesideData(
      detail,
      (line, progress) => withLicences(liveItemOfTransaction(line, progress), line, progress, licenceField),
      (line, dispatch) =>
        dispatch.failure === null
          ? { variant_id: line.variantId, sn: dispatch.sn, dispatch_status: "completed", log_message: H2H_SUCCESS_LOG }
          : { variant_id: line.variantId, sn: failedSn(dispatch.failure), dispatch_status: "failed" },
      (line, smm, progress) => ({
        variant_id: line.variantId,
        order_id: smm.orderId,
        status: liveSmmStatus[smm.stage],
        start_count: smm.startCount,
        remains: smm.remains,
        delivered_count: smm.remains === null ? 0 : line.qty - smm.remains,
        refund_amount: progress.refundDue,
        provider_status: liveSmmStatus[smm.stage],
        partial_refund_pending_manual: false,
      }),
    ),
  leaderboard: (rankings) => rankings.map(liveRanking),
  ownRanking: liveRanking,
  sandboxOrder: spec.sandboxOrder,
  item: flatItem,
  renamedCodes: {},
};

// ---- live-short (version B) ----

/** Version B's list filter and webhooks say "canceled" (one l) where A says "failed". */
const shortTransactionStatus: Record<TransactionStatus, string> = {
  paid: "paid",
  completed: "completed",
  failed: "canceled",
};

const liveShort: Speaker = {
  createdTransaction: (transaction) => ({
    invoice: transaction.invoice,
    ref_id: transaction.refId,
    total_amount: transaction.amount,
    status: "pending",
  }),
  transactionDetail: (detail, licenceField) => {
    const { transaction } = detail;
    return {
      message: "OK",
      data: {
        invoice: transaction.invoice,
        ref_id: transaction.refId,
        status: shortTransactionStatus[detail.status],
        amount: transaction.amount,
        created_at: formatJakarta(transaction.createdAt),
        items: transaction.lines.map((line, index) => {
          const progress = detail.lines[index]!;
          // Delivery fields appear once there is something to deliver.
          const item: WireTransactionItem = {
            item_id: line.variantId,
            name: line.variantName,
            price: line.unitPrice,
            quantity: line.qty,
            note: line.note,
            ...(progress.productLicense === null ? {} : { product_license: progress.productLicense }),
            ...(progress.sellerNote === null ? {} : { seller_note: progress.sellerNote }),
          };
          return progress.productLicense === null ? item : withLicences(item, line, progress, licenceField);
        }),
        // Results sit inside data here, keyed item_id, with no dispatch status: a failure shows only in sn.
        h2h_results: resultsOf(detail, (progress) => progress.h2h).map(({ line, result }) => ({
          item_id: line.variantId,
          sn: result.failure === null ? result.sn : failedSn(result.failure),
        })),
        smm_results: resultsOf(detail, (progress) => progress.smm).map(({ line, result }) => ({
          item_id: line.variantId,
          status: result.stage,
          start_count: result.startCount,
          remains: result.remains,
        })),
      },
    };
  },
  leaderboard: live.leaderboard,
  ownRanking: live.ownRanking,
  sandboxOrder: (order) => ({ invoice: `SAND-${order.id}` }),
  item: flatItem,
  // B's failed dispatch says USER_NOT_FOUND for an unknown game account: its check is read to say the same.
  renamedCodes: { TRX_NOT_FOUND: "TRANSACTION_NOT_FOUND", ACCOUNT_NOT_FOUND: "USER_NOT_FOUND" },
};

const speakers: Record<Dialect, Speaker> = { live, "live-short": liveShort, spec };

/** A transaction's detail with each item's `note` left out (the `trx_item_note` switch): whom a line was for, unsaid. */
export function withoutItemNotes(body: WireTransactionDetail): WireTransactionDetail {
  const items = body.data?.items;
  if (!items) return body;
  return { ...body, data: { ...body.data, items: items.map(({ note: _note, ...item }) => item) } };
}

/** Each answer that differs between dialects, in the dialect asked for. */
export const present = {
  createdTransaction: (dialect: Dialect, transaction: TransactionRecord, account: AccountRecord) =>
    speakers[dialect].createdTransaction(transaction, account),
  /** The whole body: where the results sit (beside or inside `data`) is part of the dialect. */
  transactionDetail: (dialect: Dialect, detail: TransactionDetail, licenceField: LicenceField = "both") =>
    speakers[dialect].transactionDetail(detail, licenceField),
  leaderboard: (dialect: Dialect, rankings: Ranking[]) => speakers[dialect].leaderboard(rankings),
  ownRanking: (dialect: Dialect, ranking: Ranking) => speakers[dialect].ownRanking(ranking),
  sandboxOrder: (dialect: Dialect, order: SandboxOrderRecord) => speakers[dialect].sandboxOrder(order),
  /** `available` is the stock nobody has locked, null for an unlimited item. */
  item: (dialect: Dialect, item: ItemRecord, available: number | null) => speakers[dialect].item(item, available),
  /**
   * The same in every dialect: B's keys (`code`, `fee`, `min_amount`, `max_amount`), or with the `channel_keys`
   * switch the other key set live clients read (`service`, `type`, `minimum`, `maximum`, `fee_flat`, `fee_percentage`, `status`).
   */
  channels: (channels: readonly PaymentChannel[], keys: ChannelKeys = "code"): (WireChannel | WireChannelByService)[] =>
    channels.map((channel) =>
      keys === "service"
        ? {
            service: channel.code,
            name: channel.name,
            type: channel.type,
            minimum: channel.minAmount,
            maximum: channel.maxAmount,
            fee_flat: channel.fee,
            fee_percentage: channel.feePercentage ?? 0,
            status: channel.off ? "off" : "on",
          }
        : {
            code: channel.code,
            name: channel.name,
            fee: channel.fee,
            min_amount: channel.minAmount,
            max_amount: channel.maxAmount,
          },
    ),
  /** A refusal's body, its code as this dialect words it. */
  refusal: (dialect: Dialect, error: ServiceError): WireError => {
    const body = error.body;
    return { ...body, message: speakers[dialect].renamedCodes[body.message] ?? body.message };
  },
};

// ---- the catalogue: `GET /v1/item` ----

/** Laravel's timestamp with microseconds, as version B shows `updated_at`. */
function laravelTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}

/** B names a variant within its product ("12 Bulan" of "Gemini Advanced"): the product's words are not repeated. */
function variantName(item: ItemRecord): string {
  const prefix = `${item.productName} `;
  return item.name.startsWith(prefix) && item.name.length > prefix.length ? item.name.slice(prefix.length) : item.name;
}

function catalogueSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * The whole answer of `GET /v1/item`, `meta` and `server_time` beside `data`:
 *   live, live-short  categories → products → variants, each variant as version B's example shows it: what
 *                     every live catalogue reader walks (real-service-notes §12); with the `catalogue_shape`
 *                     switch "flat", version A's flat variants (`category` a name, plus `sku`, `product_name`,
 *                     `min_order`, `status`, `updated_at`)
 *   spec              flat, the spec's item with `category`, `sku` and `updated_at` (the spec lists no catalogue)
 * `meta` is `{total_items, is_delta}`, plus `current_page`, `per_page` and `last_page` when the answer is a page.
 * A withdrawn variant shows in a delta with `status:"off"` (live dialects); the spec's item has no status, so it is left out.
 */
export function presentCatalogue(
  dialect: Dialect,
  listing: CatalogueListing,
  skuOf: (item: ItemRecord) => string,
  shape: CatalogueShape = "nested",
): WireCatalogue {
  const meta = {
    total_items: listing.totalItems,
    is_delta: listing.isDelta,
    ...(listing.perPage === null
      ? {}
      : { current_page: listing.page, per_page: listing.perPage, last_page: listing.lastPage }),
  };
  const flat = (variant: ListedVariant): WireItem => ({
    ...flatItem(variant.item, variant.available),
    sku: skuOf(variant.item),
    product_name: variant.item.productName,
    ...(variant.withdrawn ? { status: "off" } : {}),
    updated_at: laravelTime(variant.item.updatedAt ?? 0),
  });
  if (dialect === "spec") {
    const data = listing.variants
      .filter((variant) => !variant.withdrawn)
      .map((variant) => ({
        ...spec.item(variant.item, variant.available),
        category: variant.item.category,
        sku: skuOf(variant.item),
        updated_at: laravelTime(variant.item.updatedAt ?? 0),
      }));
    return { message: "OK", data, meta, server_time: listing.serverTime };
  }
  if (shape === "flat")
    return { message: "OK", data: listing.variants.map(flat), meta, server_time: listing.serverTime };

  const categories: (WireCatalogueCategory & {
    icon: string;
    products: { id: number; name: string; image: string; variants: WireItem[] }[];
  })[] = [];
  for (const variant of listing.variants) {
    const { item } = variant;
    let category = categories[categories.length - 1];
    if (category?.id !== variant.categoryId) {
      category = {
        id: variant.categoryId,
        name: item.category,
        icon: `/images/categories/${catalogueSlug(item.category)}.png`,
        products: [],
      };
      categories.push(category);
    }
    let product = category.products[category.products.length - 1];
    if (product?.id !== variant.productId) {
      product = {
        id: variant.productId,
        name: item.productName,
        image: `/images/products/${catalogueSlug(item.productName)}.png`,
        variants: [],
      };
      category.products.push(product);
    }
    const { category: _category, description: _description, ...shown } = flat(variant);
    product.variants.push({ ...shown, name: variantName(item) });
  }
  return { message: "OK", data: categories, meta, server_time: listing.serverTime };
}

// ---- the account check, the transaction list and the balance history ----

import type { AccountCheckResult } from "./game-accounts.js";
import type { ListedTransaction, MutationRecord, Page } from "./history.js";
import type { WireAccountCheck, WireBalanceMutation, WirePagination, WireTransactionListEntry } from "../api/wire.js";
import { formatUtc } from "./clock.js";

/** `POST /v1/item/validate`: `{display_name, account_name, region, cached}`; B adds `details`. */
export function presentAccountCheck(
  dialect: Dialect,
  result: AccountCheckResult,
): { message: string; data: WireAccountCheck } {
  const { account } = result;
  const data: WireAccountCheck = {
    display_name: `${account.accountName} (${account.region})`,
    account_name: account.accountName,
    region: account.region,
    cached: result.cached,
  };
  if (dialect === "live-short")
    data.details = {
      item_id: result.itemId,
      customer_id: result.customerId,
      ...(result.zoneId !== null ? { zone_id: result.zoneId } : {}),
    };
  return { message: "OK", data };
}

function paginationOf<T>(page: Page<T>): Required<WirePagination> {
  return { current_page: page.page, per_page: page.perPage, total: page.total, last_page: page.lastPage };
}

/**
 * `GET /v1/trx`, newest first:
 *   live        others' client code's shape: `data: {transactions: [{invoice, ref_id, status, price, fees, amount, activity, created_at, updated_at, expired_at}], pagination}`
 *   live-short  B's: `data: [{id, invoice, ref_id, amount, status, created_at}]` (UTC, `canceled`), no page numbers
 *   spec        a flat list with the spec's money fields and `meta` page numbers (the spec lists no transactions)
 */
export function presentTransactionList(dialect: Dialect, page: Page<ListedTransaction>): unknown {
  if (dialect === "live-short") {
    const data: WireTransactionListEntry[] = page.rows.map(({ transaction, status }) => ({
      id: transaction.id,
      invoice: transaction.invoice,
      ref_id: transaction.refId,
      amount: transaction.amount,
      status: shortTransactionStatus[status],
      created_at: formatUtc(transaction.createdAt),
    }));
    return { message: "OK", data };
  }
  if (dialect === "spec") {
    const data: WireTransactionListEntry[] = page.rows.map(({ transaction, status }) => ({
      id: transaction.id,
      ref_id: transaction.refId,
      invoice: transaction.invoice,
      status,
      price: transaction.price,
      fees: transaction.fees,
      amount: transaction.amount,
      created_at: formatJakarta(transaction.createdAt),
    }));
    return { message: "OK", data, meta: paginationOf(page) };
  }
  const transactions: WireTransactionListEntry[] = page.rows.map(({ transaction, status }) => ({
    invoice: transaction.invoice,
    ref_id: transaction.refId,
    status,
    price: transaction.price,
    fees: transaction.fees,
    amount: transaction.amount,
    activity: "purchase",
    created_at: formatJakarta(transaction.createdAt),
    updated_at: formatJakarta(transaction.createdAt),
    expired_at: null,
  }));
  return { message: "OK", data: { transactions, pagination: paginationOf(page) } };
}

/**
 * `GET /v1/balance/mutations`, newest first (nothing is documented beyond "balance history"):
 *   live        others' client code's fields `{invoice, direction, type, amount, balance_before, balance_after}` plus
 *               `id, description, created_at`, in `data` with `meta` page numbers
 *   live-short  a Laravel paginator around rows that also carry `reference` (a field reseller has no column for)
 *   spec        `data: {mutations: […]}`, the amount signed (negative when it went out), no direction
 */
export function presentBalanceHistory(dialect: Dialect, page: Page<MutationRecord>): unknown {
  const base = (m: MutationRecord): WireBalanceMutation => ({
    id: m.id,
    invoice: m.invoice,
    direction: m.amount < 0 ? "debit" : "credit",
    type: m.type,
    amount: Math.abs(m.amount),
    balance_before: m.balanceBefore,
    balance_after: m.balanceAfter,
    description: m.description,
    created_at: formatJakarta(m.at),
  });
  if (dialect === "live") return { message: "OK", data: page.rows.map(base), meta: paginationOf(page) };
  if (dialect === "live-short") {
    const rows = page.rows.map((m) => ({ ...base(m), reference: m.invoice ?? `MUT-${m.id}` }));
    return { message: "OK", data: { ...paginationOf(page), data: rows } };
  }
  const mutations = page.rows.map((m) => {
    const { direction: _direction, ...rest } = base(m);
    return { ...rest, amount: m.amount };
  });
  return { message: "OK", data: { mutations } };
}
