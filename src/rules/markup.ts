/** A markup as a reseller types it, for `prices set --markup`. */
import { InputError } from "../errors.js";
import { rupiah } from "./input.js";

/**
 * `10%`, `7,5%`, `1500`, `1.500`, `Rp 1.500`, `1,5rb`: a percentage when it ends in %, else Rupiah read
 * as every amount is read.
 */
export function markup(text: string): { percent: number } | { amount: number } {
  const trimmed = text.trim();
  const [, percent] = /^(\d+(?:[.,]\d+)?)\s*%$/.exec(trimmed) ?? [];
  if (percent !== undefined) {
    const value = Number(percent.replace(",", "."));
    if (!(value > 0) || value > 1000) throw new InputError((say) => say.orders.input.markupRange(trimmed));
    return { percent: value };
  }
  if (trimmed.includes("%"))
    throw new InputError((say) => say.orders.input.notPercentage(trimmed), {
      suggestion: (say) => say.orders.input.markupHint,
    });
  return { amount: rupiah("--markup", trimmed) };
}
