/**
 * The settings a profile can hold, and for each the value reseller will actually use with where it
 * came from (flag > environment > profile > default), for `config list` and `config get`.
 */
import { maskApiKey, withoutCredentials } from "./mask.js";
import type { Context } from "../context.js";
import type { ApiKeySource } from "./settings.js";
import { InputError, UsageError } from "../errors.js";

export const settingKeys = [
  "base_url",
  "api_key",
  "timeout",
  "max_retries",
  "wait_timeout",
  "repeat_window",
  "webhook_secret",
] as const;
export type SettingKey = (typeof settingKeys)[number];

export type Source = "flag" | "environment" | "profile" | "default";

export interface EffectiveSetting {
  key: string;
  /** What reseller uses; the API key masked. `undefined` when nothing sets it. */
  value: string | number | undefined;
  source: Source;
  /**
   * The config file cannot give this setting (it cannot be read, or holds a wrong value, then shown
   * as `value`): what a command needing it would meet.
   */
  problem?: UsageError;
}

/** `base-url` and `BASE_URL` mean `base_url`: people type settings the way they type flags. */
export function settingKey(text: string): SettingKey {
  const key = text.trim().toLowerCase().replace(/-/g, "_");
  if ((settingKeys as readonly string[]).includes(key)) return key as SettingKey;
  throw new InputError(`There is no setting "${text}".`, { suggestion: `The settings are ${settingKeys.join(", ")}.` });
}

export function effectiveSettings(ctx: Context): EffectiveSetting[] {
  const { settings } = ctx;
  const profile = settings.profile;
  // A setting the file cannot give is listed with its problem, so `config list` can show what to repair.
  const known = (key: SettingKey, read: () => Omit<EffectiveSetting, "key">): EffectiveSetting => {
    try {
      return { key, ...read() };
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      return { key, value: storedAsShown(ctx, key), source: "profile", problem: error };
    }
  };
  let stored: Record<string, unknown> = {};
  try {
    stored = ctx.config.profile(profile);
  } catch {
    // The file cannot be read: every setting from it says so above.
  }
  const keyed = (value: string | undefined, source: ApiKeySource) => ({
    value: value ? maskApiKey(value) : undefined,
    source: source === "none" ? ("default" as const) : source,
  });
  const listed: EffectiveSetting[] = [
    known("base_url", () => ({
      value: settings.baseUrl === undefined ? undefined : withoutCredentials(settings.baseUrl),
      source: settings.baseUrlSource === "none" ? "default" : settings.baseUrlSource,
    })),
    known("api_key", () => keyed(settings.apiKey, settings.apiKeySource)),
    known("timeout", () => ({ value: settings.timeoutMs / 1000, source: settings.timeoutSource })),
    known("max_retries", () => ({ value: settings.maxRetries, source: settings.maxRetriesSource })),
    known("wait_timeout", () => ({ value: settings.waitTimeoutSeconds, source: settings.waitTimeoutSource })),
    known("repeat_window", () => ({ value: settings.repeatWindowHours, source: settings.repeatWindowSource })),
    // Masked like the key: it lets anyone forge the service's webhooks.
    known("webhook_secret", () => keyed(settings.webhookSecret, settings.webhookSecretSource)),
  ];
  // Whatever else a profile holds (written by a newer reseller, or by hand) is shown, not hidden.
  const extra = Object.entries(stored)
    .filter(([key]) => !(settingKeys as readonly string[]).includes(key))
    .map(([key, value]): EffectiveSetting => ({ key, value: shownExtra(key, value), source: "profile" }));
  return [...listed, ...extra];
}

/** A known setting's stored value that cannot be used, as `config list` shows it; undefined when the file cannot be read. */
function storedAsShown(ctx: Context, key: SettingKey): string | number | undefined {
  try {
    const value = ctx.config.profile(ctx.settings.profile)[key];
    return value === undefined ? undefined : shownExtra(key, value);
  } catch {
    return undefined;
  }
}

/** A stored value as listed: anything that sounds secret is masked like the key. */
function shownExtra(key: string, value: unknown): string | number {
  const text =
    typeof value === "string" ? (key === "base_url" ? withoutCredentials(value) : value) : JSON.stringify(value);
  // A key stored as a number by mistake is still a key.
  if (/key|token|secret|password/i.test(key)) return maskApiKey(text);
  return typeof value === "number" ? value : text;
}
