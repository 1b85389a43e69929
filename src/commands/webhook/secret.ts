/**
 * `reseller webhook secret [--save] [--yes]`: has the service make a new webhook secret. The service
 * shows it once, and the old one stops working at that moment, so a person at a terminal confirms
 * first. The secret is the result (stdout); with --save it is also kept in the profile (0600) for
 * `webhook listen`. It is never taken from argv: the service hands it over, nobody types it.
 */
import type { Context } from "../../context.js";
import { UnexpectedResponseError } from "../../errors.js";
import { maskApiKey } from "../../config/mask.js";
import { showFields } from "./answer.js";
import type { WebhookSecretOptions } from "./flags.js";

export async function run(ctx: Context, options: WebhookSecretOptions): Promise<number | void> {
  if (ctx.canPrompt && !options.yes) {
    const prompter = await ctx.prompter();
    ctx.output.warn(ctx.say.webhook.replacesAtOnce);
    if (!(await prompter.confirm(ctx.say.webhook.makeNew, { default: false }))) {
      ctx.output.info(ctx.say.webhook.nothingChanged);
      return;
    }
  }
  const client = await ctx.client();
  const { data, body } = await client.createWebhookSecret();

  if (data.secret === null) {
    // It may well have been made (and the old one dropped): show everything that came, then say so.
    if (ctx.output.mode === "json") ctx.output.json(body);
    else showFields(ctx, [], data.fields);
    const error = new UnexpectedResponseError(ctx.say.webhook.whichField);
    error.suggestion = ctx.say.webhook.whichFieldHint;
    throw error;
  }

  let saved = false;
  if (options.save) {
    const profile = ctx.settings.profile;
    await ctx.config.changeProfile(profile, { webhook_secret: data.secret });
    saved = true;
  }
  if (ctx.output.mode === "json") ctx.output.json(body);
  else ctx.output.result(data.secret, "highlight");
  ctx.output.warn(ctx.say.webhook.onlyTime);
  if (saved) {
    ctx.output.success(ctx.say.webhook.saved(ctx.settings.profile, maskApiKey(data.secret)));
    if (ctx.settings.setting("webhook_secret").source === "environment")
      ctx.output.warn(ctx.say.webhook.environmentWins);
  } else {
    ctx.output.info(ctx.say.webhook.keepNextTime);
  }
}
