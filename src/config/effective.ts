/**
 * The settings a profile can hold, and for each the value reseller will actually use with where it
 * came from (flag > environment > profile > default), for `config list` and `config get`.
 */
import { maskApiKey } from "./mask.js";
import type { Context } from "../context.js";
import { InputError } from "../errors.js";

export const settingKeys = ["base_url", "api_key", "timeout", "max_retries", "wait_timeout", "webhook_secret"] as const;
export type SettingKey = (typeof settingKeys)[number];

export type Source = "flag" | "environment" | "profile" | "default";

export interface EffectiveSetting {
  key: string;
  /** What reseller uses; the API key masked. `undefined` when nothing sets it. */
  value: string | number | undefined;
  source: Source;
}

/** `base-url` and `BASE_URL` mean `base_url`: people type settings the way they type flags. */
export function settingKey(text: string): SettingKey {
  const key = text.trim().toLowerCase().replace(/-/g, "_");
  if ((settingKeys as readonly string[]).includes(key)) return key as SettingKey;
  throw new InputError(`There is no setting "${text}".`, { suggestion: `The settings are ${settingKeys.join(", ")}.` });
}

export function effectiveSettings(ctx: Context): EffectiveSetting[] {
  const { settings } = ctx;
  const stored = ctx.config.profile(settings.profile);
  const known: EffectiveSetting[] = [
    { key: "base_url", value: settings.baseUrl, source: settings.baseUrlSource === "none" ? "default" : settings.baseUrlSource },
    { key: "api_key", value: settings.apiKey ? maskApiKey(settings.apiKey) : undefined, source: settings.apiKeySource === "none" ? "default" : settings.apiKeySource },
    { key: "timeout", value: settings.timeoutMs / 1000, source: settings.timeoutSource },
    { key: "max_retries", value: settings.maxRetries, source: settings.maxRetriesSource },
    { key: "wait_timeout", value: settings.waitTimeoutSeconds, source: settings.waitTimeoutSource },
    // Masked like the key: it lets anyone forge the service's webhooks.
    { key: "webhook_secret", value: settings.webhookSecret ? maskApiKey(settings.webhookSecret) : undefined, source: settings.webhookSecretSource === "none" ? "default" : settings.webhookSecretSource },
  ];
  // Whatever else a profile holds (written by a newer reseller, or by hand) is shown, not hidden.
  const extra = Object.entries(stored)
    .filter(([key]) => !(settingKeys as readonly string[]).includes(key))
    .map(([key, value]): EffectiveSetting => ({ key, value: shownExtra(key, value), source: "profile" }));
  return [...known, ...extra];
}

/** A setting this version does not know: anything that sounds secret is masked like the key. */
function shownExtra(key: string, value: unknown): string | number {
  if (typeof value === "number") return value;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return /key|token|secret|password/i.test(key) ? maskApiKey(text) : text;
}
