/**
 * Builds the order `buy` will send from a single-item or cart request: items fetched, each line
 * checked by the one checkLine, a lock matched with what is bought. On a terminal a missing value
 * is asked for; in a script it is exit 2 naming the flag. Every broken rule is exit 2, nothing sent.
 */
import { readFile } from "node:fs/promises";
import type { ServiceClient } from "../../api/client.js";
import type { Item, StockLock } from "../../api/model.js";
import type { Context } from "../../context.js";
import { InputError, ServiceError, UsageError } from "../../errors.js";
import type { BuyRequest } from "../../orders/buy-request.js";
import { readCart } from "../../orders/cart-file.js";
import { checkLine, orderProcessOf } from "../../orders/check-line.js";
import { fetchItem, fetchItems } from "../../orders/items.js";
import { generateRefId, type Order } from "../../orders/order.js";
import { formatRupiah } from "../../output/format.js";

type SingleRequest = Extract<BuyRequest, { kind: "single" }>;
type CartRequest = Extract<BuyRequest, { kind: "cart" }>;

/** The lock's item and quantity: from this machine's cache of locks, else from the service's list. */
async function findLock(ctx: Context, client: ServiceClient, token: string): Promise<StockLock | undefined> {
  const { findCachedLock } = await import("../../config/lock-cache.js");
  const cached = await findCachedLock(ctx.settings.configDir, ctx.settings.profile, token, ctx.now()).catch(() => undefined);
  if (cached) return cached;
  const { data: locks } = await client.listLocks();
  return locks.find((lock) => lock.token === token);
}

/** Asks for a positive whole number on a terminal, re-asking until it is one. */
function wholeNumberCheck(min: number): (value: string) => true | string {
  return (value) => {
    const text = value.trim();
    if (!/^\d+$/.test(text) || Number(text) <= 0) return "Type a positive whole number";
    if (Number(text) < min) return `At least ${min}`;
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
      throw new ServiceError(404, "LOCK_NOT_FOUND", `No active lock of yours has the token ${request.lockToken}: it may have expired, been released or used.`, undefined, {
        suggestion: "See your active locks with `reseller lock list`, or lock again with `reseller lock add`.",
      });
    }
    if (lock) {
      if ((itemId !== undefined && itemId !== lock.itemId) || (quantity !== undefined && quantity !== lock.quantity)) {
        throw new UsageError(
          `The lock ${lock.token} holds item ${lock.itemId} × ${lock.quantity}, not item ${itemId ?? lock.itemId} × ${quantity ?? lock.quantity}.`,
          { code: "LOCK_MISMATCH", suggestion: `Leave out --item and --qty and reseller uses the lock's own: reseller buy --lock ${lock.token}` },
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
      const answer = await prompter.input("Item id", { validate: wholeNumberCheck(1) });
      try {
        item = await fetchItem(client, Number(answer.trim()));
        break;
      } catch (error) {
        if (!(error instanceof ServiceError) || error.code !== "ITEM_NOT_FOUND") throw error;
        ctx.output.warn(error.message);
      }
    }
    itemId = item.id;
    ctx.output.info(`${item.name}: ${formatRupiah(item.price)} each, minimum order ${item.minOrder}.`);
  }
  item ??= await fetchItem(client, itemId);

  if (quantity === undefined) {
    const prompter = await ctx.prompter("--qty");
    const min = item.minOrder;
    quantity = Number((await prompter.input("Quantity", { default: String(min), validate: wholeNumberCheck(min) })).trim());
  }

  // What only a person at a terminal can still give: the SMM target, or an h2h destination.
  const line = { ...request.line, quantity };
  const process = orderProcessOf(item);
  if (ctx.canPrompt && quantity >= item.minOrder) {
    if (process === "smm" && line.note === undefined && line.target === undefined && line.opt.length === 0 && line.comment === undefined) {
      line.target = await askFor(ctx, "--target", `Target for ${item.name} (link or username)`);
    } else if (process === "h2h" && line.note === undefined && line.target === undefined) {
      line.note = await askFor(ctx, "--note", `Destination for ${item.name} (phone number or game user id)`);
    }
  }
  const note = checkLine(item, line, "");
  return {
    refId: request.refId ?? generateRefId(ctx.now()),
    refIdGiven: request.refId !== undefined,
    lines: [{ item, quantity, ...(note !== undefined ? { note } : {}) }],
    ...(request.lockToken !== undefined ? { lockToken: request.lockToken } : {}),
  };
}

async function askFor(ctx: Context, flag: string, question: string): Promise<string> {
  const prompter = await ctx.prompter(flag, flag === "--target" ? "For example: --target https://instagram.com/tokoku" : "For example: --note 081234567890");
  return (await prompter.input(question, { validate: (v) => (v.trim() ? true : "Required") })).trim();
}

/** `--cart FILE|-`: every line checked against its item, naming the line when wrong. */
export async function cartOrder(ctx: Context, client: ServiceClient, request: CartRequest): Promise<Order> {
  const source = request.source;
  let text: string;
  try {
    text = source === "-" ? await ctx.readStdin() : await readFile(source, "utf8");
  } catch (error) {
    throw new InputError(`Cannot read the cart ${source === "-" ? "from stdin" : `file ${source}`}: ${(error as Error).message}`);
  }
  const wanted = readCart(text);
  const items = await fetchItems(client, wanted.map((w) => w.itemId));
  const lines = wanted.map(({ itemId, quantity, note, where }) => {
    const item = items.get(itemId)!;
    const checked = checkLine(item, { quantity, opt: [], ...(note !== undefined ? { note } : {}) }, where);
    return { item, quantity, ...(checked !== undefined ? { note: checked } : {}) };
  });

  if (request.lockToken !== undefined) {
    const lock = await findLock(ctx, client, request.lockToken);
    if (lock) {
      const locked = lines.filter((l) => l.item.id === lock.itemId).reduce((sum, l) => sum + l.quantity, 0);
      if (locked !== lock.quantity) {
        throw new UsageError(`The lock ${lock.token} holds item ${lock.itemId} × ${lock.quantity}; the cart buys it × ${locked}.`, { code: "LOCK_MISMATCH" });
      }
    }
  }

  return {
    refId: request.refId ?? generateRefId(ctx.now()),
    refIdGiven: request.refId !== undefined,
    lines,
    ...(request.lockToken !== undefined ? { lockToken: request.lockToken } : {}),
  };
}
