/**
 * `reseller config set KEY VALUE`: change one setting of the profile. The API key is refused here:
 * a value on the command line is visible in `ps` and kept in shell history.
 */
import { checkBaseUrl, maxRetriesFrom } from "../../config/settings.js";
import type { Context } from "../../context.js";
import { InputError } from "../../errors.js";
import { positiveInteger } from "../../rules/input.js";
import { effectiveSettings, settingKey, type SettingKey } from "../../config/effective.js";

export interface ConfigSetOptions {
  key: string;
  value: string;
}

function parseValue(
  ctx: Context,
  key: Exclude<SettingKey, "api_key" | "webhook_secret">,
  text: string,
): string | number {
  switch (key) {
    case "base_url": {
      let value = text.trim().replace(/\/+$/, "");
      // The client adds /v1 itself; a pasted endpoint address would otherwise become /v1/v1/....
      if (/\/v1$/i.test(value)) {
        value = value.replace(/\/v1$/i, "");
        ctx.output.warn(`Dropped the trailing /v1: the base URL is the part before it (${value}).`);
      }
      const url = checkBaseUrl(value, ctx.settings.insecure);
      if (ctx.settings.insecure && url.protocol === "http:")
        ctx.output.warn("This address is plain http: every command will need --insecure to use it.");
      return value;
    }
    case "timeout":
    case "wait_timeout":
    case "repeat_window":
      return positiveInteger(key, text);
    case "max_retries":
      return maxRetriesFrom(text);
  }
}

export async function run(ctx: Context, options: ConfigSetOptions): Promise<void> {
  const key = settingKey(options.key);
  if (key === "api_key") {
    throw new InputError(
      "The API key cannot be set with `config set`: a command line is visible in `ps` and stays in your shell history.",
      {
        suggestion:
          "Run `reseller login` (it asks without echoing), or pipe the key: `printf '%s' \"$KEY\" | reseller login --with-key`. If you typed a real key just now, consider rotating it.",
      },
    );
  }
  if (key === "webhook_secret") {
    throw new InputError(
      "The webhook secret cannot be set with `config set`: a command line is visible in `ps` and stays in your shell history.",
      {
        suggestion:
          "Run `reseller webhook secret --save` (the service makes a new one), or set RESELLER_WEBHOOK_SECRET in the listener's environment.",
      },
    );
  }
  const value = parseValue(ctx, key, options.value);
  const profile = ctx.settings.profile;
  // Read before writing: ctx.settings were resolved at start, and a flag or the environment beats the profile.
  const inUse = effectiveSettings(ctx).find((s) => s.key === key)!;
  await ctx.config.changeProfile(profile, { [key]: value });

  if (ctx.output.mode === "json") ctx.output.json({ profile, key, value });
  else ctx.output.success(`Set ${key} to ${value} for profile "${profile}".`);
  // Saved, but not what the next command will use: say so rather than let it look broken.
  if (inUse.source === "flag" || inUse.source === "environment") {
    const by =
      key === "base_url"
        ? "--base-url or RESELLER_BASE_URL"
        : key === "timeout"
          ? "--timeout or RESELLER_TIMEOUT"
          : "RESELLER_MAX_RETRIES";
    ctx.output.warn(`${by} overrides it here (${key} in use: ${inUse.value}).`);
  }
  // Repaired one setting of several: say what is still wrong rather than let the next command find it.
  for (const problem of ctx.config.problems(profile))
    ctx.output.warn(`${problem.message} ${problem.suggestion ?? ""}`.trim());
}
