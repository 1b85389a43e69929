/** `reseller webhook test`: asks the service to send a webhook.test event to the callback URL. */
import type { Context } from "../../context.js";
import { showFields } from "./answer.js";

export async function run(ctx: Context): Promise<void> {
  const client = await ctx.client();
  const { data, body } = await client.sendWebhookTest();
  if (ctx.output.mode === "json") return ctx.output.json(body);
  showFields(ctx, [], data.fields);
  ctx.output.success(ctx.say.webhook.testSending(data.message ? ctx.say.fromService(data.message) : ""));
  ctx.output.info(ctx.say.webhook.listenPrintsIt);
}
