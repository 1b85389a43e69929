/**
 * `reseller login`: store an API key (and the service address) for a profile, but only after the
 * service accepted it. The key comes from a hidden prompt, or from stdin with --with-key for scripts;
 * it is never taken from argv and never shown beyond its last four characters.
 */
import { checkBaseUrl } from "../config/settings.js";
import { maskApiKey } from "../config/mask.js";
import type { Context } from "../context.js";
import type { Messages } from "../messages/messages.js";
import { AuthError, InputError, ResellerError, UsageError } from "../errors.js";
import type { Language } from "../messages/language.js";
import { formatRupiah } from "../output/format.js";
import type { Prompter } from "../output/prompter.js";
import type { LoginOptions } from "./login/flags.js";

function validBaseUrl(value: string, insecure: boolean, say: Messages): true | string {
  try {
    checkBaseUrl(value.trim(), insecure);
    return true;
  } catch (error) {
    return error instanceof ResellerError ? error.messageIn(say) : (error as Error).message;
  }
}

export async function run(ctx: Context, options: LoginOptions): Promise<void> {
  const { settings } = ctx;
  const profile = settings.profile;
  let prompter: Prompter | undefined;
  if (!options.withKey) {
    prompter = await ctx.prompter("--with-key", ctx.say.login.pipeHint);
  }

  // The address: a flag or the environment decides; on a terminal the stored one is offered as the default.
  let baseUrl =
    settings.setting("base_url").source === "flag" || settings.setting("base_url").source === "environment"
      ? settings.baseUrl
      : undefined;
  if (!baseUrl && prompter) {
    baseUrl = (
      await prompter.input(ctx.say.login.address, {
        default: settings.baseUrl,
        validate: (value) =>
          value.trim() ? validBaseUrl(value, settings.insecure, ctx.say) : ctx.say.login.typeAddress,
      })
    ).trim();
  }
  baseUrl ??= settings.baseUrl;
  if (!baseUrl) {
    throw new UsageError(ctx.say.login.noAddress, {
      code: "NO_BASE_URL",
      suggestion: ctx.say.login.noAddressHint,
    });
  }
  baseUrl = baseUrl.replace(/\/+$/, "");
  // Checked before the key is read or sent: a plain http:// address elsewhere would expose it.
  checkBaseUrl(baseUrl, settings.insecure);

  let apiKey: string;
  if (prompter) {
    apiKey = (
      await prompter.password(ctx.say.login.apiKey, {
        validate: (value) => (value.trim() ? true : ctx.say.login.pasteKey),
      })
    ).trim();
  } else {
    if (ctx.terminal.stdinIsTTY) ctx.output.info(ctx.say.login.pasteThenCtrlD);
    // `printf '%s' "$KEY" | reseller login --with-key`, or a file that ends in a newline.
    apiKey = (await ctx.readStdin()).trim();
    if (!apiKey)
      throw new UsageError(ctx.say.login.noKeyOnStdin, {
        code: "INPUT_REQUIRED",
        suggestion: "printf '%s' \"$RESELLER_KEY\" | reseller login --with-key",
      });
  }
  if (/\s/.test(apiKey)) throw new InputError(ctx.say.login.keyHasSpaces);

  // The key is tried before anything is saved: a rejected key leaves the stored profile as it was.
  const client = await ctx.clientFor(baseUrl, apiKey);
  let balance;
  try {
    balance = await client.getBalance();
  } catch (error) {
    if (error instanceof AuthError) {
      error.suggestion = ctx.say.login.wrongKeyHint(maskApiKey(apiKey), baseUrl);
    }
    throw error;
  }

  // Asked once, on a terminal, when the profile names no language: where no LANG is set (cron,
  // scripts) the profile's language is the one spoken, so the owner's is kept with the key.
  const language =
    prompter && settings.setting("language").source !== "profile"
      ? await prompter.select<Language>(
          ctx.say.login.language,
          [
            { name: "Bahasa Indonesia", value: "id" },
            { name: "English", value: "en" },
          ],
          // The language this run speaks, as the flag, the environment or the locale chose it.
          { default: ctx.say.language },
        )
      : undefined;

  await ctx.config.changeProfile(profile, { base_url: baseUrl, api_key: apiKey, ...(language ? { language } : {}) });

  if (ctx.output.mode === "json") ctx.output.json(balance.body);
  ctx.output.success(ctx.say.login.loggedIn(baseUrl, profile, maskApiKey(apiKey), formatRupiah(balance.data.balance)));
  if (settings.setting("api_key").source === "environment") ctx.output.warn(ctx.say.login.environmentKeyWins);
}
