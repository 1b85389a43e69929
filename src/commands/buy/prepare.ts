/**
 * What a single buy or a cart checks before it confirms or sends, in one place: the order built
 * from flags or the cart (the item read now, the line checked), then stock, the operator of a
 * number, a game's zone and account, and its region. `buy` asks or sends after it; `buy --plan`
 * stops after it and says what a run would do.
 */
import type { ServiceClient } from "../../api/client.js";
import type { Context } from "../../context.js";
import type { Messages } from "../../messages/messages.js";
import { ServiceError } from "../../errors.js";
import {
  accountNamesOf,
  accountWords,
  checkOrderAccounts,
  type LineAccount,
  settleMissingZones,
} from "../../orders/account-check.js";
import { checkStock } from "../../orders/before-paying.js";
import type { BuyRequest } from "../../orders/buy-request.js";
import { cartOrder } from "../../orders/cart-order.js";
import { itemWords } from "../../orders/check-line.js";
import { operatorDoubts, refuseDoubts, regionDoubts, type Doubt } from "../../orders/customer-checks.js";
import type { Order } from "../../orders/order.js";
import { singleOrder } from "./order.js";

export type OrderRequest = Exclude<BuyRequest, { kind: "file" }>;

/** The order of a single buy (flags, or questions on a terminal) or of a cart file. */
export function buildOrder(ctx: Context, client: ServiceClient, request: OrderRequest): Promise<Order> {
  return request.kind === "cart" ? cartOrder(ctx, client, request) : singleOrder(ctx, client, request);
}

/**
 * The checks before paying. `asking`: someone confirms at a terminal, so a doubt is said before the
 * question and a missing zone asked for; with nobody to ask, a doubt or a missing zone stops here.
 */
export async function checkOrder(
  ctx: Context,
  client: ServiceClient,
  order: Order,
  request: OrderRequest,
  asking: boolean,
): Promise<{ accounts: LineAccount[]; doubts: Doubt[] }> {
  // A sold-out item stops here; a game's missing zone is asked for on a terminal, else refused.
  checkStock(order);
  // A number of another operator than the item's: said before "Buy?", or (nobody to ask) refused now.
  const doubts = request.check ? operatorDoubts(order) : [];
  if (!asking) refuseDoubts(doubts);
  if (request.validate) await settleMissingZones(ctx, order, asking);
  // Whose account a game top-up goes to, asked before anything is charged (unless --no-validate).
  const accounts = request.validate ? await checkOrderAccounts(client, order) : [];
  order.accountNames = accountNamesOf(order, accounts);
  if (request.check) doubts.push(...regionDoubts(accounts));
  return { accounts, doubts };
}

/** An account that does not exist stops the purchase where nobody confirms it: the service's refusal, said as this order's. */
export function refuseMissingAccount(accounts: LineAccount[], say: Messages): void {
  const missing = accounts.find((a) => a.state === "not_found");
  if (missing?.state !== "not_found") return;
  const { error, account, line } = missing;
  // The same code, status and answer as the service's.
  throw new ServiceError(
    error.status,
    error.code,
    say.orders.buying.noAccountBought(accountWords(account)(say), itemWords(line.item)(say)),
    error.body,
    {
      suggestion: say.orders.buying.noAccountBoughtHint,
      ...(error.details ? { details: error.details } : {}),
      definite: error.definite,
    },
  );
}
