/**
 * `reseller receipt REF_OR_INVOICE [--lang id|en] [--wa [NUMBER]]`: the text for the customer, from
 * the transaction as the service has it now and what this machine's journal kept of the sale (the
 * selling price in force, the account name the check found).
 */
import type { Context } from "../context.js";
import { isTransactionNotFound } from "../api/codes.js";
import { InputError, ServiceError } from "../errors.js";
import { phoneHint, readPhoneNumber, whyNotPhone } from "../rules/phone.js";
import { customerLanguage, shopReceipt, whatsAppLink } from "../shop/receipt.js";
import { keptSaleOf } from "../shop/selling.js";
import type { Transaction } from "../api/model.js";
import type { ReceiptOptions } from "./receipt/flags.js";

export async function run(ctx: Context, options: ReceiptOptions): Promise<void> {
  // A number given is checked before anything is asked: a link to no one, or to `12`, is no receipt sent.
  if (typeof options.wa === "string") {
    const reading = readPhoneNumber(options.wa);
    if (!reading.ok) {
      throw new InputError(ctx.say.phone.waRefused(options.wa, whyNotPhone(reading.problem)(ctx.say)), {
        suggestion: phoneHint(reading.problem, (say) => say.phone.waHint)(ctx.say),
      });
    }
  }
  const client = await ctx.client();
  let transaction: Transaction;
  try {
    transaction = (await client.getTransaction(options.ref)).data;
  } catch (error) {
    if (error instanceof ServiceError && isTransactionNotFound(error.code))
      error.message = ctx.say.trxNotFound(options.ref);
    throw error;
  }
  const receipt = shopReceipt(ctx, transaction, keptSaleOf(ctx, transaction), customerLanguage(options.lang));
  const link =
    options.wa === undefined
      ? undefined
      : whatsAppLink(receipt.text, options.wa === true ? undefined : options.wa, receipt.lines);
  if (ctx.output.mode === "json") return ctx.output.json({ ...receipt, ...(link ? { wa_link: link } : {}) });
  ctx.output.document(link ? `${receipt.text}\n${link}\n` : receipt.text);
}
