import { formatRupiah, type AccountRecord, type ItemRecord } from "./catalogue.js";
import { formatJakarta, jakartaDate } from "./clock.js";
import { parseSmmNote, planFulfilment, transactionProgress } from "./fulfilment.js";
import type { EmulatedService } from "./service.js";
import { ServiceError } from "./service-error.js";
import { lockStatus, refundedTotal, type LockRecord, type TransactionLine, type TransactionRecord } from "./state.js";
import { arrayMessage, FieldErrors, readInteger, readString, requiredMessage } from "./validation.js";

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
  errors.throwIfAny();
  return { refId: refId!, carts, lockToken };
}

/**
 * POST /v1/trx. Every check runs before the first change, so a refused order changes nothing;
 * and no await sits between them, so two concurrent orders cannot spend the same balance.
 */
export function createTransaction(service: EmulatedService, account: AccountRecord, body: Record<string, unknown>) {
  const order = validateTransactionRequest(body);
  const { state } = service;
  const now = service.now();

  if (state.transactions.some((transaction) => transaction.apiKey === account.apiKey && transaction.refId === order.refId)) {
    throw new ServiceError(422, "REF_ID_ALREADY_EXIST");
  }

  const lines = order.carts.map((cart) => {
    const item = service.activeItem(cart.itemId);
    if (cart.quantity < item.minOrder) throw new ServiceError(422, "MINIMUM_ORDER_NOT_MET");
    if (item.orderProcess === "smm" && parseSmmNote(cart.note) === null) {
      throw new ServiceError(400, "SMM_ORDER_REQUIRES_JSON_NOTE");
    }
    return { item, cart };
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

  const price = lines.reduce((sum, { item, cart }) => sum + item.price * cart.quantity, 0);
  if (price > account.balance) throw new ServiceError(400, "BALANCE_IS_INSUFFICIENT");

  // Commit.
  account.balance -= price;
  if (lock) lock.status = "used";
  const transactionLines: TransactionLine[] = lines.map(({ item, cart }) => {
    const licences = item.licences ? item.licences.splice(0, cart.quantity) : [];
    return {
      variantId: item.id,
      variantName: item.name,
      productName: item.productName,
      description: item.description,
      orderProcess: item.orderProcess,
      unitPrice: item.price,
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
  service.changed();

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

/** GET /v1/trx/{ref_id or invoice}: the whole envelope, results beside data as the spec shows. */
export function describeTransaction(service: EmulatedService, account: AccountRecord, reference: string) {
  const transaction = service.state.transactions.find(
    (candidate) => candidate.apiKey === account.apiKey && (candidate.refId === reference || candidate.invoice === reference),
  );
  if (!transaction) throw new ServiceError(404, "TRX_NOT_FOUND");
  const progress = transactionProgress(transaction, service.now());
  const refunded = refundedTotal(transaction);
  let note: string | null = null;
  if (progress.status === "failed") note = `All items failed; ${formatRupiah(refunded)} was refunded to the balance.`;
  else if (refunded > 0) note = `${formatRupiah(refunded)} was refunded to the balance for items that could not be delivered.`;

  return {
    message: "OK",
    data: {
      id: transaction.id,
      ref_id: transaction.refId,
      invoice: transaction.invoice,
      payment_method: "saldo",
      status: progress.status,
      price: transaction.price,
      fees: transaction.fees,
      amount: transaction.amount,
      note,
      payment_link: null,
      qr_link: null,
      expired_at: null,
      created_at: formatJakarta(transaction.createdAt),
      items: transaction.lines.map((line, index) => ({
        variant_id: line.variantId,
        variant_name: line.variantName,
        product_name: line.productName,
        product_license: progress.lines[index]!.productLicense,
        seller_note: progress.lines[index]!.sellerNote,
        description: line.description,
        price: line.unitPrice,
        qty: line.qty,
        note: line.note,
        order_process: line.orderProcess,
      })),
    },
    h2h_results: progress.lines.flatMap((line) => (line.h2hResult ? [line.h2hResult] : [])),
    smm_results: progress.lines.flatMap((line) => (line.smmResult ? [line.smmResult] : [])),
  };
}

/** POST /v1/order/sandbox: checks the order like a real one would be, then records it and touches nothing else. */
export function createSandboxOrder(service: EmulatedService, account: AccountRecord, body: Record<string, unknown>) {
  const errors = new FieldErrors();
  const refId = readString(errors, "ref_id", body.ref_id, { required: true, max: REF_ID_MAX_LENGTH });
  const itemId = readInteger(errors, "item_id", body.item_id, { required: true, min: 1 });
  const quantity = readInteger(errors, "quantity", body.quantity, { required: true, min: 1 });
  errors.throwIfAny();

  const { state } = service;
  if (state.sandboxOrders.some((order) => order.apiKey === account.apiKey && order.refId === refId)) {
    throw new ServiceError(422, "REF_ID_ALREADY_EXIST");
  }
  const item = service.activeItem(itemId!);
  if (quantity! < item.minOrder) throw new ServiceError(422, "MINIMUM_ORDER_NOT_MET");

  const order = { id: state.nextSandboxId++, apiKey: account.apiKey, refId: refId!, itemId: item.id, quantity: quantity!, createdAt: service.now() };
  state.sandboxOrders.push(order);
  service.changed();
  return { id: order.id, ref_id: order.refId, status: "sandbox" };
}
