import type { Context } from "../../context.js";
import { UsageError } from "../../errors.js";
import type { BuyOptions } from "./order.js";

export async function runBulk(_ctx: Context, _options: BuyOptions): Promise<number> {
  throw new UsageError("Bulk buy (--file) is not available in this version.", { code: "NOT_AVAILABLE", suggestion: "Buy one order at a time, or several items in one transaction with --cart." });
}
