/**
 * Builds the order `buy` will send from a single-item request: the item fetched, the line checked
 * by the one checkLine, a lock matched with what is bought (a cart's: src/orders/cart-order.ts). On
 * a terminal a missing value is asked for; in a script it is exit 2 naming the flag. Every broken
 * rule is exit 2, nothing sent.
 */
import type { ServiceClient } from "../../api/client.js";
import type { Item } from "../../api/model.js";
import type { Context } from "../../context.js";
import type { Messages } from "../../messages/messages.js";
import { ServiceError, UsageError, type Wording } from "../../errors.js";
import type { BuyRequest } from "../../orders/buy-request.js";
import {
  checkLineForms,
  checkTypedCustomer,
  checkTypedNominal,
  missingFields,
  openAmountRange,
  orderProcessOf,
  slotOf,
  type LineInput,
} from "../../orders/check-line.js";
import { checkItemStock } from "../../orders/before-paying.js";
import { fetchItem } from "../../orders/items.js";
import { generateRefId, type Order } from "../../orders/order.js";
import { findLock } from "../../orders/lock.js";
import { formatRupiah } from "../../output/format.js";
import { rupiah } from "../../rules/input.js";

type SingleRequest = Extract<BuyRequest, { kind: "single" }>;

/** Asks for a positive whole number on a terminal, re-asking until it is one. */
function wholeNumberCheck(min: number, say: Messages): (value: string) => true | string {
  return (value) => {
    const text = value.trim();
    if (!/^\d+$/.test(text) || Number(text) <= 0) return say.orders.buying.typeWholeNumber;
    if (Number(text) < min) return say.orders.buying.atLeast(min);
    return true;
  };
}

/** One item from `--item/--qty` (or the lock, or questions on a terminal). */
export async function singleOrder(ctx: Context, client: ServiceClient, request: SingleRequest): Promise<Order> {
  let itemId = request.itemId;
  let quantity = request.quantity;

  if (request.lockToken !== undefined) {
    const lock = await findLock(ctx, client, request.lockToken);
    if (!lock && (itemId === undefined || quantity === undefined)) {
      throw new ServiceError(404, "LOCK_NOT_FOUND", ctx.say.orders.buying.noLock(request.lockToken), undefined, {
        suggestion: ctx.say.orders.buying.noLockHint,
      });
    }
    if (lock) {
      if ((itemId !== undefined && itemId !== lock.itemId) || (quantity !== undefined && quantity !== lock.quantity)) {
        throw new UsageError(
          ctx.say.orders.buying.lockMismatch(
            lock.token,
            lock.itemId,
            lock.quantity,
            itemId ?? lock.itemId,
            quantity ?? lock.quantity,
          ),
          { code: "LOCK_MISMATCH", suggestion: ctx.say.orders.buying.lockMismatchHint(lock.token) },
        );
      }
      itemId ??= lock.itemId;
      quantity ??= lock.quantity;
    }
  }

  let item: Item | undefined;
  if (itemId === undefined) {
    // On a terminal ask; in a script this is exit 2 naming the flag, never a prompt that hangs.
    const prompter = await ctx.prompter("--item");
    for (;;) {
      const answer = await prompter.input(ctx.say.orders.buying.itemId, { validate: wholeNumberCheck(1, ctx.say) });
      try {
        item = await fetchItem(client, Number(answer.trim()));
        break;
      } catch (error) {
        if (!(error instanceof ServiceError) || error.code !== "ITEM_NOT_FOUND") throw error;
        ctx.output.warn(error.messageIn(ctx.say));
      }
    }
    itemId = item.id;
    ctx.output.info(ctx.say.orders.buying.itemAt(item.name, formatRupiah(item.price), item.minOrder));
  }
  item ??= await fetchItem(client, itemId);

  // An open amount is bought once by its nominal: `buy --item 29 --nominal 50000 --note 0812…` needs no --qty.
  if (quantity === undefined && item.openAmount) quantity = item.minOrder;
  if (quantity === undefined) {
    if (request.lockToken === undefined) checkItemStock(item, 1); // sold out: no quantity to ask for
    const prompter = await ctx.prompter("--qty");
    const min = item.minOrder;
    quantity = Number(
      (
        await prompter.input(ctx.say.orders.buying.quantity, {
          default: String(min),
          validate: wholeNumberCheck(min, ctx.say),
        })
      ).trim(),
    );
  }

  // Sold out or short: said now, before any question about the customer (a lock holds its own stock).
  if (request.lockToken === undefined) checkItemStock(item, quantity);
  // What only a person at a terminal can still give: the item's required fields, asked by its own labels.
  const line: LineInput = { ...request.line, quantity };
  if (ctx.canPrompt && quantity >= item.minOrder) await askMissingFields(ctx, item, line, request.check);
  const { note, typed } = checkLineForms(item, line, "", { check: request.check });
  return {
    refId: request.refId ?? generateRefId(ctx.now()),
    refIdGiven: request.refId !== undefined,
    lines: [{ item, quantity, ...(note !== undefined ? { note } : {}), ...(typed ? { typed } : {}) }],
    ...(request.lockToken !== undefined ? { lockToken: request.lockToken } : {}),
  };
}

/**
 * Asks, on a terminal, for each required field the line leaves out, by the item's own label ("Nomor HP",
 * "Nominal"). An h2h or SMM item that names no fields still gets its destination or target asked for.
 */
async function askMissingFields(ctx: Context, item: Item, line: LineInput, check: boolean): Promise<void> {
  const smm = orderProcessOf(item) === "smm";
  const nothingGiven =
    line.note === undefined && line.target === undefined && line.opt.length === 0 && line.comment === undefined;
  let missing = missingFields(item, line);
  if (missing.length === 0 && nothingGiven && (smm || orderProcessOf(item) === "h2h")) {
    missing = [
      {
        key: "note",
        label: smm ? ctx.say.orders.buying.targetLabel : ctx.say.orders.buying.destinationLabel,
        required: true,
        min: null,
        max: null,
      },
    ];
  }
  for (const field of missing) {
    const slot = slotOf(field) ?? "customer";
    if (slot === "zone" && !item.openAmount) continue; // only the note can carry it: checkLine says how
    if (slot === "nominal" && item.openAmount) {
      const range = item.openAmount;
      const answer = await askFor(
        ctx,
        "--nominal",
        ctx.say.orders.buying.fieldForRange(field.label, item.name, openAmountRange(range)(ctx.say)),
        checkTypedNominal(range),
      );
      line.nominal = rupiah("--nominal", answer);
    } else if (slot === "zone") {
      line.zoneId = await askFor(ctx, "--zone-id", ctx.say.orders.buying.fieldFor(field.label, item.name));
    } else if (smm) {
      line.target = await askFor(ctx, "--target", ctx.say.orders.buying.fieldFor(field.label, item.name));
    } else {
      line.note = await askFor(
        ctx,
        "--note",
        ctx.say.orders.buying.fieldFor(field.label, item.name),
        check ? checkTypedCustomer(item) : undefined,
      );
    }
  }
}

const examples: Record<string, string> = {
  "--target": "https://instagram.com/tokoku",
  "--note": "081234567890",
  "--nominal": "50000",
  "--zone-id": "1234",
};

async function askFor(
  ctx: Context,
  flag: string,
  question: string,
  check: (value: string) => true | Wording = (v) => (v.trim() ? true : (say) => say.orders.buying.required),
): Promise<string> {
  // What is wrong with an answer is said in the reader's words.
  const validate = (value: string) => {
    const checked = check(value);
    return checked === true ? true : checked(ctx.say);
  };
  const example = examples[flag];
  const prompter = await ctx.prompter(
    flag,
    example === undefined ? undefined : ctx.say.orders.buying.example(flag, example),
  );
  return (await prompter.input(question, { validate })).trim();
}
