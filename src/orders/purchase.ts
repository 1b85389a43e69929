/**
 * Sends one purchase under the contract's money-safety rules. The journal has the intent on disk
 * before it leaves; the client retries a lost answer with the same ref_id; a retry that meets
 * REF_ID_ALREADY_EXIST means an earlier attempt went through, so that transaction is the result;
 * when no answer can be had at all the outcome is unknown (exit 5), never a guess.
 */
import type { ServiceClient } from "../api/client.js";
import type { ApiResult, CreatedTransaction, Status, Transaction } from "../api/model.js";
import { isRefusalCode, isTransactionNotFound } from "../api/codes.js";
import type { Context } from "../context.js";
import { ResellerError, type Said, ServiceError, UnexpectedResponseError, type Wording } from "../errors.js";
import { formatRupiah } from "../output/format.js";
import { journalDetails, journalFor, journalRequest, sentFromHere, settleUnknownPurchase } from "../journal/request.js";
import { notFoundWhenAsked } from "../journal/entries.js";
import { minimumTopUp } from "../rules/input.js";
import type { Messages } from "../messages/messages.js";
import { cartLines, orderRequest, orderTotal, type Order } from "./order.js";

export interface Purchase {
  refId: string;
  /** What the answer said; null where the dialect leaves it out (B sends no created_at). */
  invoice: string | null;
  status: Status | null;
  amount: number | null;
  createdAt: string | null;
  /** What --json prints: the creation body, or the transaction detail when the answer was recovered. */
  body: unknown;
  /** The answer was lost and the purchase was found on the service instead. */
  recovered: boolean;
  /** Bought by an earlier run of the same orders file; nothing new was bought now. */
  earlier?: boolean;
  detail?: ApiResult<Transaction>;
}

/**
 * The service answered the purchase, but the answer proves nothing: a 2xx that names no invoice or
 * names another ref_id, or an error answer without one of the service's refusal codes (a 3xx, a
 * `409`). Never surfaces: the purchase is looked up by its ref_id and the service's answer decides.
 */
export class UnprovenAnswerError extends ResellerError {
  readonly exitCode = 5 as const;
  constructor(
    message: Said,
    /** The error answer itself, when there was one: a look-up that finds nothing makes it a refusal. */
    readonly answer?: ServiceError | UnexpectedResponseError,
  ) {
    super("UNPROVEN_ANSWER", message);
    if (answer?.status !== undefined) this.status = answer.status;
  }
}

/**
 * A 2xx to `POST /v1/trx` counts as bought only when it names an invoice and any ref_id in it is the
 * one sent: `200 {}`, `200 {"status":"ok"}` or another order's answer prove nothing.
 */
export function provesPurchase(created: CreatedTransaction, refId: string): boolean {
  return created.invoice !== null && (created.refId === null || created.refId === refId);
}

/** What an answer to `POST /v1/trx` means before anything is recorded: a proof, a refusal, or a reason to look. */
async function createProven(
  client: ServiceClient,
  order: Order,
  hooks: import("../api/client.js").AttemptHooks,
): Promise<ApiResult<CreatedTransaction>> {
  let created: ApiResult<CreatedTransaction>;
  try {
    created = await client.createTransaction(
      { ref_id: order.refId, carts: cartLines(order), ...(order.lockToken ? { lock_token: order.lockToken } : {}) },
      hooks,
    );
  } catch (error) {
    if (error instanceof ServiceError && !(error.definite && isRefusalCode(error.code))) {
      // A 5xx without a code stays the client's "no answer" (retried, then unknown); anything else answered.
      if (!error.definite && error.status >= 500) throw error;
      throw new UnprovenAnswerError((say) => say.orders.buying.notARefusal(error.status, error.code), error);
    }
    if (error instanceof UnexpectedResponseError && error.status !== undefined && error.status < 500) {
      const { status, answered } = error;
      throw new UnprovenAnswerError(
        (say) => say.orders.buying.unreadable(status, answered),
        error.answered ? undefined : error,
      );
    }
    throw error;
  }
  if (!provesPurchase(created.data, order.refId)) {
    const otherRef = created.data.refId !== null && created.data.refId !== order.refId ? created.data.refId : "";
    throw new UnprovenAnswerError((say) => say.orders.buying.unproven(created.status, otherRef));
  }
  return created;
}

/** A service clock may differ from ours; a transaction this much older than the send is someone else's. */
const clockSkewMs = 15 * 60_000;

/** The service accepted the purchase: whatever it left out of its answer, the ref_id is ours. */
function fromCreated(result: ApiResult<CreatedTransaction>, order: Order): Purchase {
  const d = result.data;
  return {
    refId: d.refId ?? order.refId,
    invoice: d.invoice,
    status: d.status,
    amount: d.amount ?? d.price,
    createdAt: d.createdAt,
    body: result.body,
    recovered: false,
  };
}

function fromDetail(result: ApiResult<Transaction>, order: Order): Purchase {
  const t = result.data;
  return {
    refId: t.refId ?? order.refId,
    invoice: t.invoice,
    status: t.status,
    amount: t.amount,
    createdAt: t.createdAt,
    body: result.body,
    recovered: true,
    detail: result,
  };
}

/** The same items and quantities as this order: the found transaction is ours, not an older one. */
export function matchesOrder(detail: Transaction, order: Order): boolean {
  const key = (id: number | null, qty: number | null) => `${id}×${qty}`;
  const wanted = cartLines(order)
    .map((l) => key(l.item_id, l.quantity))
    .sort();
  const found = detail.lines.map((i) => key(i.itemId, i.quantity)).sort();
  // A service that leaves items (or their ids and quantities) out cannot be compared; trust the ref_id then.
  if (found.length === 0 || detail.lines.some((i) => i.itemId === null || i.quantity === null)) return true;
  return wanted.length === found.length && wanted.every((k, i) => k === found[i]);
}

/**
 * Whether the transaction names a customer the order does not have: under an alternative's ref_id,
 * derived from its sale, that is another sale's purchase, not this one bought before, whatever its items.
 */
function namesAnotherCustomer(detail: Transaction, order: Order): boolean {
  const customers = new Set(order.lines.map((l) => l.note ?? null));
  return detail.lines.some((l) => l.note !== null && !customers.has(l.note));
}

/**
 * What this machine knows of a ref_id for this profile and service (one indexed look-up): sent before
 * (done, or possibly done), and never settled. A purchase a look-up did not find (`reconcile`) is not
 * settled for good: the service may have committed it after it was asked.
 */
function sentHere(ctx: Context, refId: string): { sent: boolean; unsettled: boolean } {
  const here = journalFor(ctx, "sending")
    .byRefId(refId)
    .filter((e) => e.kind === "buy" && sentFromHere(e, ctx.settings));
  const unsettled = here.some((e) => e.outcome === "unknown" || e.outcome === "pending" || notFoundWhenAsked(e));
  return { sent: unsettled || here.some((e) => e.outcome === "done"), unsettled };
}

/** The entries of `refId` a look-up did not find, recorded as the purchase the service shows (`settleUnknownPurchase`). */
function settleFoundLater(ctx: Context, refId: string, t: Transaction): void {
  try {
    const journal = journalFor(ctx);
    for (const entry of journal.byRefId(refId))
      if (notFoundWhenAsked(entry))
        settleUnknownPurchase(journal, entry, refId, ctx.settings, { ...journalDetails(t), by: "retry" }, ctx.now());
  } catch {
    // The purchase stands and is reported; a journal that cannot be written costs only this note.
  }
}

export interface PurchaseOptions {
  /**
   * The order is a row of an orders file, whose ref_id is fixed by the file: a REF_ID_ALREADY_EXIST
   * on the first attempt for the same items is an earlier run of this very row, reported as bought
   * before (exit 0). A single `buy --ref-id` reused stays the user's error (exit 1), as the contract
   * says, unless this machine sent it before and never learnt the answer: that is a retry.
   */
  fromOrdersFile?: boolean;
  /** Whether this ref_id was sent from here before, when the caller already knows (bulk reads the journal once). */
  sentBefore?: boolean;
  /**
   * What the shop keeps with the sale in the journal (selling prices, account names): given by the
   * command, the shop being a layer above orders.
   */
  saleFacts?: (order: Order) => Record<string, unknown>;
  /** The repeat check made again with the intent, under the journal's write lock (`JournalRequestOptions.checkFirst`). */
  checkFirst?: () => void;
}

export async function purchase(
  ctx: Context,
  client: ServiceClient,
  order: Order,
  options: PurchaseOptions = {},
): Promise<Purchase> {
  const sentAt = ctx.now();
  const known = order.refIdGiven && options.sentBefore === undefined ? sentHere(ctx, order.refId) : undefined;
  // Bought before from this machine with this ref_id? Then a REF_ID_ALREADY_EXIST is about that one.
  const boughtBefore = order.refIdGiven && (options.sentBefore ?? known?.sent ?? false);
  // The caller's own ref_id sent from here with no answer (a bot retrying after exit 5): this is a retry
  // of that attempt, so a REF_ID_ALREADY_EXIST for the same items is that attempt's purchase, not a reuse.
  const retryOfUnsettled = !options.fromOrdersFile && known?.unsettled === true;

  /** What a look-up found under the ref_id that is not this purchase: said so, never "no purchase". */
  let another: Transaction | undefined;
  /** This purchase as the service has it, or undefined when the ref_id belongs to an older one. */
  const findOurs = async (): Promise<Purchase | undefined> => {
    const found = await client.getTransaction(order.refId);
    const created = Date.parse(found.data.createdAt ?? "");
    const ours =
      matchesOrder(found.data, order) &&
      (retryOfUnsettled || (!boughtBefore && (Number.isNaN(created) || created >= sentAt - clockSkewMs)));
    if (ours) return fromDetail(found, order);
    another = found.data;
    return undefined;
  };

  try {
    const bought = await journalRequest(
      ctx,
      "buy",
      order.refId,
      { ...orderRequest(order), ...options.saleFacts?.(order) },
      async (hooks) => fromCreated(await createProven(client, order, hooks), order),
      {
        noun: "purchase",
        ...(options.checkFirst ? { checkFirst: options.checkFirst } : {}),
        describe: (p) => ({
          ...(p.invoice !== null ? { invoice: p.invoice } : {}),
          ...(p.amount !== null ? { amount: p.amount } : {}),
          ...(p.status ? { status: p.status.text } : {}),
        }),
        alreadyDone: findOurs,
        // An alternative's ref_id is derived from its sale, as a file's row's is: one the service holds
        // for the same items is that sale's alternative, bought by another run of the same sale.
        earlierRun:
          options.fromOrdersFile || retryOfUnsettled || order.alternativeOf
            ? async () => {
                const found = await client.getTransaction(order.refId);
                // A single buy says its answer was recovered; a file's row says it was bought before.
                const ours =
                  matchesOrder(found.data, order) && !(order.alternativeOf && namesAnotherCustomer(found.data, order));
                return ours ? { ...fromDetail(found, order), recovered: retryOfUnsettled, earlier: true } : undefined;
              }
            : undefined,
        refusedWhenNotFound: (error) =>
          error instanceof UnprovenAnswerError && error.answer
            ? notFoundRefusal(error.answer, order.refId, another)
            : undefined,
        lookUp: async () => {
          try {
            return await findOurs();
          } catch (error) {
            if (error instanceof ServiceError && isTransactionNotFound(error.code)) return undefined;
            throw error;
          }
        },
      },
    );
    // A sending a look-up did not find had gone through after all (a single buy's retry, a file run
    // again): its entry is the purchase now.
    if (bought.earlier && bought.detail) settleFoundLater(ctx, order.refId, bought.detail.data);
    return bought;
  } catch (error) {
    if (error instanceof ServiceError) throw await explainRefusal(client, error, order, boughtBefore);
    throw error;
  }
}

/**
 * An error answer without a refusal code, once a look-up by the ref_id found no purchase of this
 * order: a refusal, said as one, with the service's code, status and answer kept. When the ref_id
 * holds another order (other items, or bought before), that is said, with what it holds.
 */
function notFoundRefusal(
  answer: ServiceError | UnexpectedResponseError,
  refId: string,
  another?: Transaction,
): ServiceError | UnexpectedResponseError {
  // The service's own words are quoted (they may end without a stop); reseller's are a sentence already.
  const said = (say: Messages) =>
    answer instanceof ServiceError
      ? say.orders.buying.answeredWithoutCode(answer.status ? String(answer.status) : "", answer.messageIn(say))
      : answer.messageIn(say);
  const message: Wording = (say) =>
    another
      ? say.orders.buying.anotherOrder(said(say), refId, whatItHolds(another)(say))
      : say.orders.buying.noPurchase(said(say), refId);
  const details = {
    ...(answer.details ?? {}),
    ...(another ? { other_transaction: { invoice: another.invoice, amount: another.amount } } : {}),
  };
  const kept = Object.keys(details).length ? { details } : {};
  const suggestion: Said | undefined = another
    ? (say) => say.orders.buying.seeThatTransaction(refId)
    : answer.suggestion;
  if (answer instanceof ServiceError)
    return new ServiceError(answer.status, answer.code, message, answer.body, {
      ...kept,
      definite: answer.definite,
      ...(suggestion ? { suggestion } : {}),
    });
  const unread = new UnexpectedResponseError(message, {
    ...kept,
    ...(answer.status !== undefined ? { status: answer.status } : {}),
    bodyExcerpt: answer.bodyExcerpt,
  });
  if (another) unread.suggestion = suggestion;
  return unread;
}

/** Another order's transaction in a few words: its items, amount and invoice (`1 × Pulsa XL 10.000, Rp 11.500, INV-…`). */
function whatItHolds(t: Transaction): Wording {
  return (say) => {
    const items = t.lines
      .map(
        (l) =>
          `${l.quantity ?? "?"} × ${l.name ?? (l.itemId !== null ? say.orders.buying.itemNumber(l.itemId) : say.orders.buying.anItem)}`,
      )
      .join(", ");
    return [items, t.amount !== null ? formatRupiah(t.amount) : "", t.invoice ?? ""].filter(Boolean).join(", ");
  };
}

/**
 * The refusals a buyer meets, raised by the purchase in its own words with what it knows (the
 * balance, which purchase owns the ref_id, the item's fields); the service's code, status and answer
 * are kept. Any other refusal goes out as the service said it.
 */
async function explainRefusal(
  client: ServiceClient,
  error: ServiceError,
  order: Order,
  boughtBefore: boolean,
): Promise<ServiceError> {
  const refusal = (words: {
    message?: Said;
    suggestion?: Said;
    details?: Record<string, unknown>;
    saidInMessage?: string[];
  }) => {
    const worded = new ServiceError(error.status, error.code, words.message ?? error.said, error.body, {
      definite: error.definite,
      ...((words.suggestion ?? error.suggestion) !== undefined
        ? { suggestion: words.suggestion ?? error.suggestion }
        : {}),
      ...(error.details || words.details ? { details: { ...(error.details ?? {}), ...(words.details ?? {}) } } : {}),
    });
    worded.attempt = error.attempt;
    if (words.saidInMessage) worded.saidInMessage = words.saidInMessage;
    return worded;
  };
  if (error.code === "BALANCE_IS_INSUFFICIENT") {
    const total = orderTotal(order);
    let balance: number | undefined;
    try {
      balance = (await client.getBalance()).data.balance;
    } catch {
      // The refusal stands without the figure.
    }
    const shortfall = balance === undefined ? undefined : Math.max(total - balance, 0);
    const topUp = shortfall === undefined ? undefined : Math.max(shortfall, minimumTopUp);
    return refusal({
      message: (say) =>
        balance === undefined
          ? say.orders.buying.cannotCover(formatRupiah(total))
          : say.orders.buying.cannotCoverOf(formatRupiah(balance), formatRupiah(total)),
      details: {
        ...(balance !== undefined ? { balance } : {}),
        total,
        ...(shortfall !== undefined ? { shortfall } : {}),
      },
      saidInMessage: balance === undefined ? ["total"] : ["balance", "total"],
      suggestion: (say) => say.orders.buying.topUpFirst(topUp ? String(topUp) : "", order.refId),
    });
  }
  if (error.code === "REF_ID_ALREADY_EXIST") {
    return refusal({
      message: (say) => say.orders.buying.refIdUsed(order.refId, boughtBefore),
      suggestion: (say) => say.orders.buying.refIdUsedHint(order.refId),
      details: { ref_id: order.refId },
    });
  }
  if (error.code === "REQUIRED_FIELD_MISSING") {
    const ids = [...new Set(order.lines.map((l) => l.item.id))];
    return refusal({
      message: (say) => {
        const named = missingFieldNames(error, order)(say);
        return named.length
          ? say.orders.buying.fieldsMissing(named.join(say.orders.line.and))
          : say.orders.buying.fieldMissing;
      },
      suggestion: (say) => say.orders.buying.seeItem(ids.map((id) => `\`reseller item ${id}\``).join(", ")),
    });
  }
  if (error.code.startsWith("LOCK_") && order.lockToken) return refusal({ details: { lock_token: order.lockToken } });
  return error;
}

/**
 * The fields a REQUIRED_FIELD_MISSING names, in the item's own words where it has them: the service
 * keys its field errors `carts.0.note` (Laravel's way) or by the field alone.
 */
function missingFieldNames(error: ServiceError, order: Order): (say: Messages) => string[] {
  const errors = error.details?.errors;
  if (!errors || typeof errors !== "object") return () => [];
  return (say) =>
    Object.keys(errors).map((name) => {
      const [, cart, field] = /^carts\.(\d+)\.(.+)$/.exec(name) ?? [];
      const line =
        cart !== undefined ? order.lines[Number(cart)] : order.lines.length === 1 ? order.lines[0] : undefined;
      const key = field ?? name;
      const label = line?.item.requiredFields.find((f) => f.key === key)?.label;
      const place = cart !== undefined && order.lines.length > 1 ? say.orders.buying.ofLine(Number(cart) + 1) : "";
      return label && label !== key ? `${label} (${key})${place}` : `${key}${place}`;
    });
}
