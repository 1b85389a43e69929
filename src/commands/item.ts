/** `reseller item ID`: what a reseller checks before selling: price, stock, minimum order. */
import { isUnlimited, minOrderOf } from "../api/shapes.js";
import type { Context } from "../context.js";
import { ServiceError } from "../errors.js";
import { money, type Cell } from "../output/output.js";

export interface ItemOptions {
  id: number;
}

export async function run(ctx: Context, options: ItemOptions): Promise<void> {
  const client = await ctx.client();
  let result;
  try {
    result = await client.getItem(options.id);
  } catch (error) {
    if (error instanceof ServiceError && error.code === "ITEM_NOT_FOUND") {
      error.message = `No active item has id ${options.id}.`;
      error.suggestion ??= "Check the id in your seller's catalogue; an item the seller withdrew reads as not found too.";
    }
    throw error;
  }
  const { data, body } = result;
  if (ctx.output.mode === "json") return ctx.output.json(body);

  // Unlimited items (h2h, manual, smm) report no count: say so rather than print -1.
  let stock: Cell;
  if (isUnlimited(data)) stock = { human: "unlimited", plain: "unlimited", tone: "good" };
  else if (data.stock <= 0) stock = { human: `${data.stock} (sold out)`, plain: String(data.stock), tone: "bad" };
  else stock = data.stock;

  ctx.output.record([
    ["Item", data.id],
    ["Name", { human: data.name, plain: data.name, tone: "bold" }],
    ["Price", { ...money(data.price), tone: "highlight" }],
    ["Stock", stock],
    ["Minimum order", minOrderOf(data)],
    ["Order process", typeof data.order_process === "string" ? data.order_process : undefined],
    ["Description", data.description || undefined],
  ]);
}
