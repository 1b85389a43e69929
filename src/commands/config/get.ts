/** `reseller config get KEY`: the value reseller will use, bare on stdout for scripts. */
import type { Context } from "../../context.js";
import { present } from "../../errors.js";
import { effectiveSettings, settingKey } from "./effective.js";
import type { ConfigGetOptions } from "./flags.js";

export async function run(ctx: Context, options: ConfigGetOptions): Promise<void> {
  const key = settingKey(options.key);
  const setting = present(
    effectiveSettings(ctx).find((s) => s.key === key),
    "a known setting",
  );
  // A value the config file cannot give is not printed as if it were in use; other settings still are.
  if (setting.problem) throw setting.problem;
  if (ctx.output.mode === "json") return ctx.output.json({ key, value: setting.value ?? null, source: setting.source });
  // Unset is not a failure (like `gh config get`): nothing on stdout, a word on stderr.
  if (setting.value === undefined) return ctx.output.info(ctx.say.settings.notSet(key, ctx.settings.profile));
  ctx.output.result(String(setting.value));
}
