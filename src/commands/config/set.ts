/**
 * `reseller config set KEY VALUE`: change one setting of the profile. The API key is refused here:
 * a value on the command line is visible in `ps` and kept in shell history.
 */
import { checkBaseUrl } from "../../config/settings.js";
import type { Context } from "../../context.js";
import { InputError, present } from "../../errors.js";
import { definition, definitions, envName, flagName, readSetting } from "../../config/definitions.js";
import { effectiveSettings, settingKey, type SettingKey } from "./effective.js";
import { say } from "../../messages/messages.js";
import type { ConfigSetOptions } from "./flags.js";

/** The value to keep, read by the setting's own check; an address is checked as every command will use it. */
function parseValue(ctx: Context, key: SettingKey, text: string): string | number {
  const check = definitions[key].check;
  if (check.type === "secret") {
    const said = present(say.settings.secrets[key], "a secret's words");
    throw new InputError(say.settings.secretRefused(said.called), { suggestion: said.instead });
  }
  const value = readSetting(key, text, key);
  if (check.type !== "address" || typeof value !== "string") return value;
  let address = value.replace(/\/+$/, "");
  // The client adds /v1 itself; a pasted endpoint address would otherwise become /v1/v1/....
  if (/\/v1$/i.test(address)) {
    address = address.replace(/\/v1$/i, "");
    ctx.output.warn(say.settings.droppedV1(address));
  }
  const url = checkBaseUrl(address, ctx.settings.insecure);
  if (ctx.settings.insecure && url.protocol === "http:") ctx.output.warn(say.settings.plainHttp);
  return address;
}

export async function run(ctx: Context, options: ConfigSetOptions): Promise<void> {
  const key = settingKey(options.key);
  const value = parseValue(ctx, key, options.value);
  const profile = ctx.settings.profile;
  // Read before writing: ctx.settings were resolved at start, and a flag or the environment beats the profile.
  const inUse = present(
    effectiveSettings(ctx).find((s) => s.key === key),
    "a known setting",
  );
  await ctx.config.changeProfile(profile, { [key]: value });

  if (ctx.output.mode === "json") ctx.output.json({ profile, key, value });
  else ctx.output.success(say.settings.set(key, String(value), profile));
  // Saved, but not what the next command will use: say so rather than let it look broken.
  if (inUse.source === "flag" || inUse.source === "environment") {
    const { flag, env } = definition(key);
    const by = [...(flag ? [flagName(flag)] : []), ...(env ?? []).map(envName)].join(say.settings.or);
    ctx.output.warn(say.settings.overrides(by, key, String(inUse.value)));
  }
  // Repaired one setting of several: say what is still wrong rather than let the next command find it.
  for (const problem of ctx.config.problems(profile))
    ctx.output.warn(`${problem.messageIn(ctx.say)} ${problem.suggestionIn(ctx.say) ?? ""}`.trim());
}
