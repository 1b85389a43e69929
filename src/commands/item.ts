/** `reseller item ID`: what a reseller checks before selling: price, stock, minimum order. */
import type { Context } from "../context.js";
import { readItem } from "../orders/items.js";
import { money, type Cell } from "../output/output.js";

export interface ItemOptions {
  id: number;
}

export async function run(ctx: Context, options: ItemOptions): Promise<void> {
  const { data, body } = await readItem(await ctx.client(), options.id);
  if (ctx.output.mode === "json") return ctx.output.json(body);

  // Unlimited items (h2h, manual, smm) report no count: say so rather than print -1.
  let stock: Cell;
  if (data.unlimited) stock = { human: "unlimited", plain: "unlimited", tone: "good" };
  else if (data.stock === null) stock = undefined;
  else if (data.stock <= 0) stock = { human: `${data.stock} (sold out)`, plain: String(data.stock), tone: "bad" };
  else stock = data.stock;

  ctx.output.record([
    ["Item", data.id],
    ["Name", { human: data.name, plain: data.name, tone: "bold" }],
    ["Price", { ...money(data.price), tone: "highlight" }],
    ["Stock", stock],
    ["Minimum order", data.minOrder],
    ["Order process", data.isSmm && data.orderProcess !== "smm" ? `${data.orderProcess ?? ""} (smm)`.trim() : data.orderProcess],
    ["Description", data.description || undefined],
  ]);
}
