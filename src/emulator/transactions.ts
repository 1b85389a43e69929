import type { AccountRecord, ItemRecord } from "./catalogue.js";
import { formatRupiah } from "../output/format.js";
import { jakartaDate } from "./clock.js";
import {
  parseSmmNote,
  planFulfilment,
  transactionProgress,
  type LineProgress,
  type TransactionStatus,
} from "./fulfilment.js";
import type { EmulatedService } from "./service.js";
import { ServiceError } from "./service-error.js";
import {
  lockStatus,
  refundedTotal,
  type LockRecord,
  type SandboxOrderRecord,
  type TransactionLine,
  type TransactionRecord,
} from "./state.js";
import { arrayMessage, FieldErrors, readInteger, readString, requiredMessage } from "./validation.js";
import { readOpenAmountNote } from "./open-amount.js";
import { recordMutation } from "./history.js";

const REF_ID_MAX_LENGTH = 191;

interface CartRequest {
  itemId: number;
  quantity: number;
  note: string | null;
}

interface TransactionRequest {
  refId: string;
  carts: CartRequest[];
  lockToken: string | null;
}

function validateTransactionRequest(body: Record<string, unknown>): TransactionRequest {
  const errors = new FieldErrors();
  const refId = readString(errors, "ref_id", body.ref_id, { required: true, max: REF_ID_MAX_LENGTH });
  const lockToken = readString(errors, "lock_token", body.lock_token, { required: false }) ?? null;
  const carts: CartRequest[] = [];
  if (body.carts === undefined || body.carts === null || (Array.isArray(body.carts) && body.carts.length === 0)) {
    errors.add("carts", requiredMessage("carts"));
  } else if (!Array.isArray(body.carts)) {
    errors.add("carts", arrayMessage("carts"));
  } else {
    body.carts.forEach((cart: unknown, index) => {
      const line = typeof cart === "object" && cart !== null ? (cart as Record<string, unknown>) : {};
      const itemId = readInteger(errors, `carts.${index}.item_id`, line.item_id, { required: true, min: 1 });
      const quantity = readInteger(errors, `carts.${index}.quantity`, line.quantity, { required: true, min: 1 });
      const note = readString(errors, `carts.${index}.note`, line.note, { required: false }) ?? null;
      if (itemId !== undefined && quantity !== undefined) carts.push({ itemId, quantity, note });
    });
  }
  return { ...errors.required({ refId }), carts, lockToken };
}

/**
 * POST /v1/trx. Every check runs before the first change, so a refused order changes nothing;
 * and no await sits between them, so two concurrent orders cannot spend the same balance.
 */
export function createTransaction(
  service: EmulatedService,
  account: AccountRecord,
  body: Record<string, unknown>,
): TransactionRecord {
  const order = validateTransactionRequest(body);
  const { state } = service;
  const now = service.now();

  if (
    state.transactions.some((transaction) => transaction.apiKey === account.apiKey && transaction.refId === order.refId)
  ) {
    throw new ServiceError(422, "REF_ID_ALREADY_EXIST");
  }

  const lines = order.carts.map((cart, index) => {
    const item = service.activeItem(cart.itemId);
    // Refused before anything is charged, so the reseller may simply try again later.
    if (item.temporarilyUnavailable) throw new ServiceError(503, "PRODUCT_TEMPORARILY_UNAVAILABLE");
    if (cart.quantity < item.minOrder) throw new ServiceError(422, "MINIMUM_ORDER_NOT_MET");
    if (item.orderProcess === "smm" && parseSmmNote(cart.note) === null) {
      throw new ServiceError(400, "SMM_ORDER_REQUIRES_JSON_NOTE");
    }
    // The destination is a field the product requires: without it nothing could be delivered.
    if (item.orderProcess === "h2h" && !item.openAmount && (cart.note ?? "").trim() === "") {
      throw new ServiceError(422, "REQUIRED_FIELD_MISSING", {
        [`carts.${index}.note`]: [`The ${item.h2hTarget === "game_id" ? "User ID" : "Nomor HP"} field is required.`],
      });
    }
    // An open amount costs the amount asked plus the item's price (the seller's fee).
    const asked = item.openAmount ? readOpenAmountNote(item, cart.note, index).providerQty : 0;
    return { item, cart, unitPrice: item.price + asked };
  });

  // A lock reserves stock for exactly the quantity it names; the carts must buy exactly that.
  let lock: LockRecord | undefined;
  if (order.lockToken !== null) {
    lock = state.locks.find((candidate) => candidate.token === order.lockToken && candidate.apiKey === account.apiKey);
    if (!lock) throw new ServiceError(404, "LOCK_NOT_FOUND");
    const status = lockStatus(lock, now);
    if (status === "used") throw new ServiceError(422, "LOCK_ALREADY_USED");
    if (status !== "active") throw new ServiceError(422, "LOCK_EXPIRED");
    const lockedItemId = lock.itemId;
    const lockedLines = lines.filter(({ item }) => item.id === lockedItemId);
    const quantity = lockedLines.reduce((sum, { cart }) => sum + cart.quantity, 0);
    if (lockedLines.length === 0 || quantity !== lock.quantity) throw new ServiceError(422, "LOCK_MISMATCH");
  }

  const wanted = new Map<ItemRecord, number>();
  for (const { item, cart } of lines) wanted.set(item, (wanted.get(item) ?? 0) + cart.quantity);
  for (const [item, quantity] of wanted) {
    if (lock && item.id === lock.itemId) continue;
    const available = service.availableStock(item);
    if (available !== null && quantity > available) throw new ServiceError(422, "INSUFFICIENT_STOCK");
  }

  const price = lines.reduce((sum, { cart, unitPrice }) => sum + unitPrice * cart.quantity, 0);
  if (price > account.balance) throw new ServiceError(400, "BALANCE_IS_INSUFFICIENT");

  // Commit.
  account.balance -= price;
  if (lock) lock.status = "used";
  const transactionLines: TransactionLine[] = lines.map(({ item, cart, unitPrice }) => {
    const licences = item.licences ? item.licences.splice(0, cart.quantity) : [];
    return {
      variantId: item.id,
      variantName: item.name,
      productName: item.productName,
      description: item.description,
      orderProcess: item.orderProcess,
      unitPrice,
      qty: cart.quantity,
      note: cart.note,
      plan: planFulfilment(item, cart.quantity, cart.note, licences, service.random),
      refunded: 0,
    };
  });
  const transaction: TransactionRecord = {
    id: state.nextTransactionId++,
    apiKey: account.apiKey,
    refId: order.refId,
    invoice: `INV-${jakartaDate(now)}-${String(state.nextInvoiceNumber++).padStart(6, "0")}`,
    createdAt: now,
    price,
    fees: 0,
    amount: price,
    lockToken: order.lockToken,
    lines: transactionLines,
    settled: false,
  };
  state.transactions.push(transaction);
  recordMutation(service, account, {
    type: "purchase",
    amount: -price,
    description: `Pembelian ${transaction.lines.map((line) => `${line.variantName} x${line.qty}`).join(", ")}`,
    invoice: transaction.invoice,
  });
  service.changed();
  return transaction;
}

/** A transaction as it stands on the clock, whatever dialect it is then shown in. */
export interface TransactionDetail {
  transaction: TransactionRecord;
  status: TransactionStatus;
  lines: LineProgress[];
  /** What the service tells the reseller about refunds, or null when there were none. */
  note: string | null;
}

/** GET /v1/trx/{ref_id or invoice}: only the caller's own transactions are found. */
export function findTransaction(
  service: EmulatedService,
  account: AccountRecord,
  reference: string,
): TransactionDetail {
  const transaction = service.state.transactions.find(
    (candidate) =>
      candidate.apiKey === account.apiKey && (candidate.refId === reference || candidate.invoice === reference),
  );
  if (!transaction) throw new ServiceError(404, "TRX_NOT_FOUND");
  const progress = transactionProgress(transaction, service.now());
  const refunded = refundedTotal(transaction);
  let note: string | null = null;
  if (progress.status === "failed") note = `All items failed; ${formatRupiah(refunded)} was refunded to the balance.`;
  else if (refunded > 0)
    note = `${formatRupiah(refunded)} was refunded to the balance for items that could not be delivered.`;
  return { transaction, status: progress.status, lines: progress.lines, note };
}

/** POST /v1/order/sandbox: checks the order like a real one would be, then records it and touches nothing else. */
export function createSandboxOrder(
  service: EmulatedService,
  account: AccountRecord,
  body: Record<string, unknown>,
): SandboxOrderRecord {
  const errors = new FieldErrors();
  const { refId, itemId, quantity } = errors.required({
    refId: readString(errors, "ref_id", body.ref_id, { required: true, max: REF_ID_MAX_LENGTH }),
    itemId: readInteger(errors, "item_id", body.item_id, { required: true, min: 1 }),
    quantity: readInteger(errors, "quantity", body.quantity, { required: true, min: 1 }),
  });

  const { state } = service;
  if (state.sandboxOrders.some((order) => order.apiKey === account.apiKey && order.refId === refId)) {
    throw new ServiceError(422, "REF_ID_ALREADY_EXIST");
  }
  const item = service.activeItem(itemId);
  if (quantity < item.minOrder) throw new ServiceError(422, "MINIMUM_ORDER_NOT_MET");

  const order: SandboxOrderRecord = {
    id: state.nextSandboxId++,
    apiKey: account.apiKey,
    refId,
    itemId: item.id,
    quantity,
    createdAt: service.now(),
  };
  state.sandboxOrders.push(order);
  service.changed();
  return order;
}
