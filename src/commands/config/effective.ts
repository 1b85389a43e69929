/**
 * The settings a profile can hold, and for each the value reseller will actually use with where it
 * came from (flag > environment > profile > default), for `config list` and `config get`.
 */
import { defaultTimeoutSeconds } from "../../config/settings.js";
import { maskApiKey } from "../../config/mask.js";
import type { Context } from "../../context.js";
import { UsageError } from "../../errors.js";
// One default for `buy --wait`, `trx show --watch` and what `config list` reports.
import { defaultWaitTimeoutSeconds } from "../trx/wait-for-delivery.js";

export const settingKeys = ["base_url", "api_key", "timeout", "max_retries", "wait_timeout"] as const;
export type SettingKey = (typeof settingKeys)[number];

export type Source = "flag" | "environment" | "flag/environment" | "profile" | "default";

export interface EffectiveSetting {
  key: string;
  /** What reseller uses; the API key masked. `undefined` when nothing sets it. */
  value: string | number | undefined;
  source: Source;
}

export const defaultMaxRetries = 2;

/** `base-url` and `BASE_URL` mean `base_url`: people type settings the way they type flags. */
export function settingKey(text: string): SettingKey {
  const key = text.trim().toLowerCase().replace(/-/g, "_");
  if ((settingKeys as readonly string[]).includes(key)) return key as SettingKey;
  throw new UsageError(`There is no setting "${text}".`, { code: "INVALID_INPUT", suggestion: `The settings are ${settingKeys.join(", ")}.` });
}

/**
 * Settings only records where the base URL and key came from; for the numbers the source is read
 * off the values: a number that is neither the profile's nor the default was given by a flag or
 * the environment. When two sources agree the value is the same either way.
 */
function numberSource(value: number, stored: unknown, fallback: number): Source {
  if (typeof stored === "number") return value === stored ? "profile" : "flag/environment";
  return value === fallback ? "default" : "flag/environment";
}

export function effectiveSettings(ctx: Context): EffectiveSetting[] {
  const { settings } = ctx;
  const stored = ctx.config.profile(settings.profile);
  const timeout = settings.timeoutMs / 1000;
  const baseUrlSource: Source = settings.baseUrlSource === "none" ? "default" : settings.baseUrlSource;
  const apiKeySource: Source = settings.apiKeySource === "none" ? "default" : settings.apiKeySource;
  const waitTimeout = typeof stored.wait_timeout === "number" ? stored.wait_timeout : defaultWaitTimeoutSeconds;
  const retriesSource = numberSource(settings.maxRetries, stored.max_retries, defaultMaxRetries);
  const known: EffectiveSetting[] = [
    { key: "base_url", value: settings.baseUrl, source: baseUrlSource },
    { key: "api_key", value: settings.apiKey ? maskApiKey(settings.apiKey) : undefined, source: apiKeySource },
    { key: "timeout", value: timeout, source: numberSource(timeout, stored.timeout, defaultTimeoutSeconds) },
    // Only RESELLER_MAX_RETRIES can override the profile here: there is no flag.
    { key: "max_retries", value: settings.maxRetries, source: retriesSource === "flag/environment" ? "environment" : retriesSource },
    { key: "wait_timeout", value: waitTimeout, source: typeof stored.wait_timeout === "number" ? "profile" : "default" },
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
