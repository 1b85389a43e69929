/**
 * `reseller webhook set --url URL [--enable|--disable]`: where the service sends webhooks. The
 * address is checked before anything is sent: events carry customers' orders, so plain http is
 * accepted only for this machine, as the service itself allows for development.
 */
import { isLoopback } from "../../config/settings.js";
import type { Context } from "../../context.js";
import { InputError, UsageError } from "../../errors.js";
import { showFields } from "./answer.js";

export interface WebhookSetOptions {
  url?: string;
  enable: boolean;
  disable: boolean;
}

export function callbackUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new InputError(`--url "${text}" is not a URL.`, {
      suggestion: "For example: --url https://bot.example.com/webhook",
    });
  }
  if (url.protocol === "https:") return url.href;
  if (url.protocol === "http:") {
    if (isLoopback(url.hostname)) return url.href;
    throw new InputError(`--url must be https:// for ${url.host}: plain http is only for this machine (localhost).`, {
      suggestion:
        "Put the bot behind https (a reverse proxy, or a tunnel such as cloudflared or ngrok for `reseller webhook listen`).",
    });
  }
  throw new InputError(`--url must be an https:// address, not ${url.protocol}`);
}

export async function run(ctx: Context, options: WebhookSetOptions): Promise<void> {
  if (options.enable && options.disable) throw new UsageError("--enable and --disable cannot be used together.");
  let url = options.url !== undefined ? callbackUrl(options.url) : undefined;
  const client = await ctx.client();
  if (url === undefined) {
    if (!options.enable && !options.disable) {
      throw new UsageError("Nothing to set: give --url, --enable or --disable.", {
        suggestion: "reseller webhook set --url https://bot.example.com/webhook",
      });
    }
    // Switching on or off keeps the address the service has; it wants both in one request.
    const current = await client.getWebhook();
    if (current.data.url === null) {
      throw new UsageError("The service has no callback URL to switch on or off.", {
        suggestion: "Give one: reseller webhook set --url https://bot.example.com/webhook",
      });
    }
    url = current.data.url;
  }
  // A new address is meant to be used: switched on unless --disable says otherwise.
  const enabled = !options.disable;
  const { data, body } = await client.updateWebhook({ callback_url: url, webhook_enabled: enabled });
  if (ctx.output.mode === "json") return ctx.output.json(body);
  showFields(ctx, [], data.fields);
  ctx.output.success(
    `Webhooks ${enabled ? "go to" : "are switched off for"} ${url}${data.message ? ` (the service said: ${data.message})` : ""}.`,
  );
  if (enabled) ctx.output.info("Send a test event with `reseller webhook test`.");
}
