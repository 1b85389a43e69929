/**
 * `reseller validate --item ID --customer-id X [--zone-id Z]`: whose game account a customer id is,
 * before anything is paid. No such account, and an item that offers no check, are exit 1 said
 * plainly; a zone the item's check needs is asked for on a terminal, else exit 2 naming the flag.
 */
import type { Context } from "../context.js";
import { accountName, checkAccount } from "../orders/account-check.js";
import { readItem } from "../orders/items.js";
import { en } from "../messages/en.js";
import type { ValidateOptions } from "./validate/flags.js";

export async function run(ctx: Context, options: ValidateOptions): Promise<void> {
  const client = await ctx.client();
  const { data: item } = await readItem(client, options.item);
  let zoneId = options.zoneId;
  if (zoneId === undefined && item.accountCheck?.available && item.accountCheck.requiresZoneId) {
    const prompter = await ctx.prompter("--zone-id", ctx.say.orders.checks.zoneTooName(item.name));
    zoneId = (
      await prompter.input(ctx.say.orders.validate.zoneFor(item.name), {
        validate: (v) => (v.trim() ? true : ctx.say.orders.buying.required),
      })
    ).trim();
  }
  if (zoneId !== undefined && item.accountCheck?.available && !item.accountCheck.requiresZoneId) {
    ctx.output.warn(ctx.say.orders.validate.zoneNotSent(item.name, zoneId));
  }
  const { data, body } = await checkAccount(client, item, {
    customerId: options.customerId,
    ...(zoneId !== undefined ? { zoneId } : {}),
  });
  if (ctx.output.mode === "json") return ctx.output.json(body);

  const name = accountName(data);
  // Piped, each label is the key a script reads (`account`, `from_cache`): English whatever the language.
  const words = ctx.output.mode === "plain" ? en.orders.validate : ctx.say.orders.validate;
  ctx.output.record([
    [words.account, { human: name, plain: data.accountName ?? name, tone: "highlight" }],
    [words.region, data.region],
    [words.customerId, options.customerId],
    [words.zone, zoneId !== undefined && item.accountCheck?.requiresZoneId !== false ? zoneId : undefined],
    [words.item, `${item.id} (${item.name})`],
    [words.fromCache, data.cached === null ? undefined : data.cached ? words.yes : words.no],
    ...data.details.map((field): [string, string | undefined] => [field.name, field.value ?? undefined]),
  ]);
}
