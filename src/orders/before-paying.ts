/**
 * What is already known before a purchase is sent, said before anything is charged or asked: an item
 * read just now as sold out (or with fewer left than asked), a balance read just now that is short.
 * The service would refuse both anyway; saying it first spares the question and names what to do.
 */
import type { Item } from "../api/model.js";
import { NotOfferedError, type Wording } from "../errors.js";
import { formatRupiah } from "../output/format.js";
import { minimumTopUp } from "../rules/input.js";
import { itemWords } from "./check-line.js";
import type { Order } from "./order.js";

/** `Item 8 (ChatGPT Plus …)`: the start of a sentence. */
const itemAtStart =
  (item: Item): Wording =>
  (say) => {
    const words = itemWords(item)(say);
    return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  };

/**
 * Stops an order whose items, as just read, cannot cover it. A lock holds its stock for this
 * purchase, so an order with a lock is left to the service; unlimited or uncounted stock is never short.
 */
export function checkStock(order: Order): void {
  if (order.lockToken !== undefined) return;
  const wanted = new Map<number, { item: Item; quantity: number }>();
  for (const line of order.lines) {
    const seen = wanted.get(line.item.id);
    wanted.set(line.item.id, { item: line.item, quantity: (seen?.quantity ?? 0) + line.quantity });
  }
  for (const { item, quantity } of wanted.values()) checkItemStock(item, quantity);
}

/** One item and the quantity asked: said as soon as both are known, before any other question. */
export function checkItemStock(item: Item, quantity: number): void {
  const { stock } = item;
  if (item.unlimited || stock === null || stock >= quantity) return;
  const soldOut = stock <= 0;
  // A command to paste into a shell: only the name's letters and digits, which a shell never reads as code.
  const words = (item.productName ?? item.name).match(/[\p{L}\p{N}]+/gu)?.join(" ");
  const search = words ? `\`reseller items --search "${words}"\`` : "`reseller items`";
  throw new NotOfferedError(
    soldOut ? "OUT_OF_STOCK" : "INSUFFICIENT_STOCK",
    soldOut
      ? (say) => say.orders.checks.soldOut(itemAtStart(item)(say))
      : (say) => say.orders.checks.fewLeft(itemAtStart(item)(say), stock, quantity),
    {
      details: { item_id: item.id, stock: item.stock, quantity },
      suggestion: (say) =>
        soldOut ? say.orders.checks.soldOutHint(search) : say.orders.checks.fewLeftHint(stock, search),
    },
  );
}

/** What a top-up must bring so the balance covers `total`: the shortfall, at least the service's minimum. */
export function topUpFor(balance: number, total: number): number {
  return Math.max(total - balance, minimumTopUp);
}

/** The balance read just now does not cover the order: stop, with the shortfall and the top-up to run. */
export function shortBalance(balance: number, order: Order, total: number): NotOfferedError {
  const shortfall = total - balance;
  const refusal = new NotOfferedError(
    "BALANCE_IS_INSUFFICIENT",
    (say) => say.orders.checks.shortBalance(formatRupiah(balance), formatRupiah(shortfall), formatRupiah(total)),
    {
      details: { balance, total, shortfall },
      suggestion: (say) =>
        say.orders.checks.topUpThenBuy(topUpFor(balance, total), order.refIdGiven ? order.refId : ""),
    },
  );
  refusal.saidInMessage = ["balance", "total", "shortfall"];
  return refusal;
}
