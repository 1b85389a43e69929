/** `reseller webhook show`: where the service sends webhooks, and whether it does. */
import type { Context } from "../../context.js";
import type { Cell } from "../../output/output.js";
import { showFields } from "./answer.js";

export async function run(ctx: Context): Promise<void> {
  const client = await ctx.client();
  const { data, body } = await client.getWebhook();
  if (ctx.output.mode === "json") return ctx.output.json(body);
  const known: [string, Cell][] = [];
  if (data.url !== null || data.enabled !== null) {
    known.push(["URL", data.url]);
    known.push([
      "Enabled",
      data.enabled === null
        ? null
        : data.enabled
          ? { human: "yes", plain: "true", tone: "good" }
          : { human: "no", plain: "false", tone: "warn" },
    ]);
  }
  showFields(ctx, known, data.fields);
  if (!known.length && !data.fields.length)
    ctx.output.info(
      data.message ? `The service said: ${data.message}` : "The service answered with no webhook settings.",
    );
  else if (data.url === null)
    ctx.output.info("No callback URL is set; set one with `reseller webhook set --url https://…`.");
}
