/**
 * `reseller validate --item ID --customer-id X [--zone-id Z]`: whose game account a customer id is,
 * before anything is paid. No such account, and an item that offers no check, are exit 1 said
 * plainly; a zone the item's check needs is asked for on a terminal, else exit 2 naming the flag.
 */
import type { Context } from "../context.js";
import { accountName, checkAccount } from "../orders/account-check.js";
import { readItem } from "../orders/items.js";

export interface ValidateOptions {
  item: number;
  customerId: string;
  zoneId?: string;
}

export async function run(ctx: Context, options: ValidateOptions): Promise<void> {
  const client = await ctx.client();
  const { data: item } = await readItem(client, options.item);
  let zoneId = options.zoneId;
  if (zoneId === undefined && item.accountCheck?.available && item.accountCheck.requiresZoneId) {
    const prompter = await ctx.prompter(
      "--zone-id",
      `The account check of ${item.name} needs the zone too, e.g. --zone-id 1234.`,
    );
    zoneId = (
      await prompter.input(`Zone ID for ${item.name}`, { validate: (v) => (v.trim() ? true : "Required") })
    ).trim();
  }
  if (zoneId !== undefined && item.accountCheck?.available && !item.accountCheck.requiresZoneId) {
    ctx.output.warn(`${item.name} is checked without a zone; --zone-id ${zoneId} is not sent.`);
  }
  const { data, body } = await checkAccount(client, item, {
    customerId: options.customerId,
    ...(zoneId !== undefined ? { zoneId } : {}),
  });
  if (ctx.output.mode === "json") return ctx.output.json(body);

  const name = accountName(data);
  ctx.output.record([
    ["Account", { human: name, plain: data.accountName ?? name, tone: "highlight" }],
    ["Region", data.region],
    ["Customer id", options.customerId],
    ["Zone", zoneId !== undefined && item.accountCheck?.requiresZoneId !== false ? zoneId : undefined],
    ["Item", `${item.id} (${item.name})`],
    ["From cache", data.cached === null ? undefined : data.cached ? "yes" : "no"],
    ...data.details.map((field): [string, string | undefined] => [field.name, field.value ?? undefined]),
  ]);
}
