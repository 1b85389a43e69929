/** `reseller webhook show`: where the service sends webhooks, and whether it does. */
import type { Context } from "../../context.js";
import type { Cell } from "../../output/output.js";
import { showFields } from "./answer.js";

export async function run(ctx: Context): Promise<void> {
  const client = await ctx.client();
  const { data, body } = await client.getWebhook();
  if (ctx.output.mode === "json") return ctx.output.json(body);
  const known: [string, Cell][] = [];
  // Piped, the labels are keys scripts read (url, enabled): only a terminal's follow the language.
  const table = ctx.output.mode === "table";
  if (data.url !== null || data.enabled !== null) {
    known.push([table ? ctx.say.webhook.url : "URL", data.url]);
    known.push([
      table ? ctx.say.webhook.enabled : "Enabled",
      data.enabled === null
        ? null
        : data.enabled
          ? { human: ctx.say.webhook.yes, plain: "true", tone: "good" }
          : { human: ctx.say.webhook.no, plain: "false", tone: "warn" },
    ]);
  }
  showFields(ctx, known, data.fields);
  if (!known.length && !data.fields.length)
    ctx.output.info(data.message ? ctx.say.webhook.serviceSaid(data.message) : ctx.say.webhook.noSettings);
  else if (data.url === null) ctx.output.info(ctx.say.webhook.noUrl);
}
