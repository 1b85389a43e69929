/**
 * The order of a `buy --cart FILE|-`: one transaction of several lines, each checked against its item
 * by the one checkLine (naming the line when wrong), and a lock matched with what it holds. Nothing
 * here asks a question: a cart is complete or it is exit 2.
 */
import { readFile } from "node:fs/promises";
import type { ServiceClient } from "../api/client.js";
import type { Context } from "../context.js";
import { InputError, present, UsageError } from "../errors.js";
import type { BuyRequest } from "./buy-request.js";
import { readCart } from "./cart-file.js";
import { checkLineForms } from "./check-line.js";
import { fetchItems } from "./items.js";
import { findLock } from "./lock.js";
import { generateRefId, type Order } from "./order.js";

type CartRequest = Extract<BuyRequest, { kind: "cart" }>;

/** `--cart FILE|-`: every line checked against its item, naming the line when wrong. */
export async function cartOrder(ctx: Context, client: ServiceClient, request: CartRequest): Promise<Order> {
  const source = request.source;
  let text: string;
  try {
    text = source === "-" ? await ctx.readStdin() : await readFile(source, "utf8");
  } catch (error) {
    throw new InputError((say) => say.orders.buying.cannotReadCart(source, (error as Error).message));
  }
  const wanted = readCart(text);
  const items = await fetchItems(
    client,
    wanted.map((w) => w.itemId),
  );
  const lines = wanted.map(({ itemId, quantity, note, nominal, zoneId, where }) => {
    const item = present(items.get(itemId), "a fetched item");
    const { note: checked, typed } = checkLineForms(
      item,
      {
        quantity,
        opt: [],
        ...(note !== undefined ? { note } : {}),
        ...(nominal !== undefined ? { nominal } : {}),
        ...(zoneId !== undefined ? { zoneId } : {}),
      },
      where,
      { check: request.check },
    );
    return { item, quantity, ...(checked !== undefined ? { note: checked } : {}), ...(typed ? { typed } : {}) };
  });

  if (request.lockToken !== undefined) {
    const lock = await findLock(ctx, client, request.lockToken);
    if (lock) {
      const locked = lines.filter((l) => l.item.id === lock.itemId).reduce((sum, l) => sum + l.quantity, 0);
      if (locked !== lock.quantity) {
        throw new UsageError(
          (say) => say.orders.buying.cartLockMismatch(lock.token, lock.itemId, lock.quantity, locked),
          {
            code: "LOCK_MISMATCH",
          },
        );
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
