/** `reseller config list`: every setting of the profile as reseller will use it, and where it came from. */
import type { Context } from "../../context.js";
import { effectiveSettings } from "../../config/effective.js";

export async function run(ctx: Context): Promise<void> {
  const settings = effectiveSettings(ctx);
  if (ctx.output.mode === "json") {
    return ctx.output.json({
      profile: ctx.settings.profile,
      config_file: ctx.config.path,
      settings: Object.fromEntries(settings.map((s) => [s.key, { value: s.value ?? null, source: s.source }])),
    });
  }
  if (ctx.output.mode === "table") {
    const others = ctx.config.profileNames().filter((name) => name !== ctx.settings.profile);
    ctx.output.info(`Profile "${ctx.settings.profile}" in ${ctx.config.path}${others.length ? ` (other profiles: ${others.join(", ")})` : ""}`);
  }
  ctx.output.table(
    ["Setting", "Value", "From"],
    settings.map((s) => [s.key, s.value, { human: s.source, plain: s.source, tone: "dim" }]),
  );
}
