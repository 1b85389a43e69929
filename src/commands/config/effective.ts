/**
 * The settings a profile can hold, and for each the value reseller will actually use with where it
 * came from (flag > environment > profile > default; the language's locale before its default), for
 * `config list` and `config get`.
 */
import { maskApiKey, withoutCredentials } from "../../config/mask.js";
import type { Context } from "../../context.js";
import { InputError, UsageError } from "../../errors.js";
import { definitions, type ProfileKey, profileKeys } from "../../config/definitions.js";

export const settingKeys = profileKeys;
export type SettingKey = ProfileKey;

export type Source = "flag" | "environment" | "profile" | "locale" | "default";

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
  const known = settingKeys.find((name) => name === key);
  if (known) return known;
  throw new InputError((say) => say.settings.noSuchSetting(text), {
    suggestion: (say) => say.settings.settingsAre(settingKeys.join(", ")),
  });
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
  const listed = settingKeys.map((key) =>
    known(key, () => {
      const { value, source } = settings.setting(key);
      return { value: shown(key, value), source: source === "none" ? "default" : source };
    }),
  );
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

/** A value in use as listed: secrets (they let anyone spend or forge) masked, an address without credentials. */
function shown(key: SettingKey, value: string | number | undefined): string | number | undefined {
  if (value === undefined || typeof value === "number") return value;
  const { type } = definitions[key].check;
  if (type === "secret") return value ? maskApiKey(value) : undefined;
  // The client uses the address without its trailing slashes.
  if (type === "address") return withoutCredentials(value.replace(/\/+$/, ""));
  return value;
}

/** A stored value as listed: anything that sounds secret is masked like the key. */
function shownExtra(key: string, value: unknown): string | number {
  const text =
    typeof value === "string" ? (key === "base_url" ? withoutCredentials(value) : value) : JSON.stringify(value);
  // A key stored as a number by mistake is still a key.
  if (/key|token|secret|password/i.test(key)) return maskApiKey(text);
  return typeof value === "number" ? value : text;
}
