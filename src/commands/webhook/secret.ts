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

export interface WebhookSecretOptions {
  save: boolean;
  yes: boolean;
}

export async function run(ctx: Context, options: WebhookSecretOptions): Promise<number | void> {
  if (ctx.canPrompt && !options.yes) {
    const prompter = await ctx.prompter();
    ctx.output.warn(
      "A new secret replaces the current one at once: a receiver still checking the old one refuses every event until it has the new one.",
    );
    if (!(await prompter.confirm("Make a new webhook secret?", { default: false }))) {
      ctx.output.info("Nothing changed; the current secret still works.");
      return;
    }
  }
  const client = await ctx.client();
  const { data, body } = await client.createWebhookSecret();

  if (data.secret === null) {
    // It may well have been made (and the old one dropped): show everything that came, then say so.
    if (ctx.output.mode === "json") ctx.output.json(body);
    else showFields(ctx, [], data.fields);
    const error = new UnexpectedResponseError(
      "The service answered, but reseller cannot tell which field is the new secret; nothing was saved.",
    );
    error.suggestion =
      "The old secret may already be invalid: copy the new one from the answer above, or run `reseller webhook secret` again.";
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
  ctx.output.warn(
    "This is the only time the service shows this secret; keep it now (anyone who has it can forge webhooks).",
  );
  if (saved) {
    ctx.output.success(
      `Saved as webhook_secret of profile "${ctx.settings.profile}" (${maskApiKey(data.secret)}); \`reseller webhook listen\` uses it.`,
    );
    if (ctx.settings.webhookSecretSource === "environment")
      ctx.output.warn(
        "RESELLER_WEBHOOK_SECRET is set in this environment and wins over the saved secret; update or unset it.",
      );
  } else {
    ctx.output.info(
      "Keep it in the profile with `reseller webhook secret --save` next time, or give it to your receiver as RESELLER_WEBHOOK_SECRET.",
    );
  }
}
