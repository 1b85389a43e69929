/** `reseller logout`: forget the profile's API key; the base URL and other settings stay. */
import { maskApiKey } from "../config/mask.js";
import type { Context } from "../context.js";

export async function run(ctx: Context): Promise<void> {
  const profile = ctx.settings.profile;
  const stored = ctx.config.profile(profile);
  const key = typeof stored.api_key === "string" && stored.api_key ? stored.api_key : undefined;
  if (key) await ctx.config.changeProfile(profile, { api_key: undefined });

  if (ctx.output.mode === "json") ctx.output.json({ profile, removed_api_key: key !== undefined });
  else if (key) ctx.output.success(ctx.say.settings.loggedOut(profile, maskApiKey(key), Boolean(stored.base_url)));
  // Already logged out is the state the user asked for, so not an error.
  else ctx.output.info(ctx.say.settings.noStoredKey(profile));
  if (ctx.settings.setting("api_key").source === "environment") ctx.output.warn(ctx.say.settings.environmentKeyStays);
}
