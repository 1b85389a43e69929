/**
 * `reseller login`: store an API key (and the service address) for a profile, but only after the
 * service accepted it. The key comes from a hidden prompt, or from stdin with --with-key for scripts;
 * it is never taken from argv and never shown beyond its last four characters.
 */
import { checkBaseUrl } from "../config/settings.js";
import { maskApiKey } from "../config/mask.js";
import type { Context } from "../context.js";
import { AuthError, InputError, UsageError } from "../errors.js";
import { formatRupiah } from "../output/format.js";
import type { Prompter } from "../output/prompter.js";

export interface LoginOptions {
  withKey: boolean;
}

function validBaseUrl(value: string, insecure: boolean): true | string {
  try {
    checkBaseUrl(value.trim(), insecure);
    return true;
  } catch (error) {
    return (error as Error).message;
  }
}

export async function run(ctx: Context, options: LoginOptions): Promise<void> {
  const { settings } = ctx;
  const profile = settings.profile;
  let prompter: Prompter | undefined;
  if (!options.withKey) {
    prompter = await ctx.prompter(
      "--with-key",
      "Pipe the key in: printf '%s' \"$RESELLER_KEY\" | reseller login --with-key --base-url https://api.example.com",
    );
  }

  // The address: a flag or the environment decides; on a terminal the stored one is offered as the default.
  let baseUrl =
    settings.baseUrlSource === "flag" || settings.baseUrlSource === "environment" ? settings.baseUrl : undefined;
  if (!baseUrl && prompter) {
    baseUrl = (
      await prompter.input("Service address (the part before /v1)", {
        default: settings.baseUrl,
        validate: (value) =>
          value.trim() ? validBaseUrl(value, settings.insecure) : "Type the address, e.g. https://api.example.com",
      })
    ).trim();
  }
  baseUrl ??= settings.baseUrl;
  if (!baseUrl) {
    throw new UsageError("No service address to log in to.", {
      code: "NO_BASE_URL",
      suggestion: "Give it with --base-url https://api.example.com (or RESELLER_BASE_URL).",
    });
  }
  baseUrl = baseUrl.replace(/\/+$/, "");
  // Checked before the key is read or sent: a plain http:// address elsewhere would expose it.
  checkBaseUrl(baseUrl, settings.insecure);

  let apiKey: string;
  if (prompter) {
    apiKey = (
      await prompter.password("API key", {
        validate: (value) => (value.trim() ? true : "Paste the API key (it is not shown)"),
      })
    ).trim();
  } else {
    if (ctx.terminal.stdinIsTTY) ctx.output.info("Paste the API key, then press Enter and Ctrl-D:");
    // `printf '%s' "$KEY" | reseller login --with-key`, or a file that ends in a newline.
    apiKey = (await ctx.readStdin()).trim();
    if (!apiKey)
      throw new UsageError("--with-key read no API key from stdin.", {
        code: "INPUT_REQUIRED",
        suggestion: "printf '%s' \"$RESELLER_KEY\" | reseller login --with-key",
      });
  }
  if (/\s/.test(apiKey)) throw new InputError("An API key has no spaces or line breaks; check what was pasted.");

  // The key is tried before anything is saved: a rejected key leaves the stored profile as it was.
  const client = await ctx.clientFor(baseUrl, apiKey);
  let balance;
  try {
    balance = await client.getBalance();
  } catch (error) {
    if (error instanceof AuthError) {
      error.suggestion = `Nothing was saved. Check the key ${maskApiKey(apiKey)} for ${baseUrl} and try again.`;
    }
    throw error;
  }

  await ctx.config.changeProfile(profile, { base_url: baseUrl, api_key: apiKey });

  if (ctx.output.mode === "json") ctx.output.json(balance.body);
  ctx.output.success(
    `Logged in to ${baseUrl} as profile ${profile} (key ${maskApiKey(apiKey)}), balance ${formatRupiah(balance.data.balance)}.`,
  );
  if (settings.apiKeySource === "environment")
    ctx.output.warn(
      "RESELLER_API_KEY is set in this environment and wins over the saved key; unset it to use the saved one.",
    );
}
