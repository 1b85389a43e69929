/**
 * `reseller webhook set --url URL [--enable|--disable]`: where the service sends webhooks. The
 * address is checked before anything is sent: events carry customers' orders, so plain http is
 * accepted only for this machine, as the service itself allows for development.
 */
import { isLoopback } from "../../config/settings.js";
import type { Context } from "../../context.js";
import { InputError, UsageError } from "../../errors.js";
import { showFields } from "./answer.js";
import type { WebhookSetOptions } from "./flags.js";

export function callbackUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new InputError((say) => say.webhook.notUrl(text), { suggestion: (say) => say.webhook.urlExample });
  }
  if (url.protocol === "https:") return url.href;
  if (url.protocol === "http:") {
    if (isLoopback(url.hostname)) return url.href;
    throw new InputError((say) => say.webhook.httpsFor(url.host), { suggestion: (say) => say.webhook.httpsHint });
  }
  throw new InputError((say) => say.webhook.httpsOnly(url.protocol));
}

const example = "reseller webhook set --url https://bot.example.com/webhook";

export async function run(ctx: Context, options: WebhookSetOptions): Promise<void> {
  if (options.enable && options.disable) throw new UsageError(ctx.say.webhook.enableAndDisable);
  let url = options.url !== undefined ? callbackUrl(options.url) : undefined;
  const client = await ctx.client();
  if (url === undefined) {
    if (!options.enable && !options.disable) {
      throw new UsageError(ctx.say.webhook.nothingToSet, { suggestion: example });
    }
    // Switching on or off keeps the address the service has; it wants both in one request.
    const current = await client.getWebhook();
    if (current.data.url === null) {
      throw new UsageError(ctx.say.webhook.noUrlToSwitch, { suggestion: ctx.say.webhook.giveOne(example) });
    }
    url = current.data.url;
  }
  // A new address is meant to be used: switched on unless --disable says otherwise.
  const enabled = !options.disable;
  const { data, body } = await client.updateWebhook({ callback_url: url, webhook_enabled: enabled });
  if (ctx.output.mode === "json") return ctx.output.json(body);
  showFields(ctx, [], data.fields);
  ctx.output.success(
    (enabled ? ctx.say.webhook.goTo : ctx.say.webhook.switchedOff)(
      url,
      data.message ? ctx.say.fromService(data.message) : "",
    ),
  );
  if (enabled) ctx.output.info(ctx.say.webhook.sendTest);
}
