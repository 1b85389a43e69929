/** `reseller config list`: every setting of the profile as reseller will use it, and where it came from. */
import type { Context } from "../../context.js";
import { effectiveSettings, type EffectiveSetting } from "./effective.js";
import type { UsageError } from "../../errors.js";
import { say } from "../../messages/messages.js";

export async function run(ctx: Context): Promise<void> {
  const settings = effectiveSettings(ctx);
  // A damaged config file is listed, not refused: this is where its owner looks to repair it.
  for (const problem of fileProblems(ctx, settings))
    ctx.output.warn(`${problem.messageIn(ctx.say)}${problem.suggestion ? ` ${problem.suggestionIn(ctx.say)}` : ""}`);
  if (ctx.output.mode === "json") {
    return ctx.output.json({
      profile: ctx.settings.profile,
      config_file: ctx.config.path,
      settings: Object.fromEntries(
        settings.map((s) => [
          s.key,
          {
            value: s.value ?? null,
            source: s.source,
            ...(s.problem ? { problem: { code: s.problem.code, message: s.problem.messageIn(ctx.say) } } : {}),
          },
        ]),
      ),
    });
  }
  if (ctx.output.mode === "table") {
    const others = otherProfiles(ctx);
    ctx.output.info(say.settings.profileIn(ctx.settings.profile, ctx.config.path, others.join(", ")));
  }
  ctx.output.table(
    [say.settings.setting, say.settings.value, say.settings.from],
    settings.map((s) => [
      s.key,
      s.value,
      s.problem
        ? {
            human: `${sourceSaid(s.source)} (${s.problem.code === "CONFIG_INVALID" ? say.settings.invalid : say.settings.unreadable})`,
            plain: s.source,
            tone: "bad",
          }
        : { human: sourceSaid(s.source), plain: s.source, tone: "dim" },
    ]),
  );
}

/** Where a value came from, as people read it; piped rows and --json keep the English word. */
const sourceSaid = (source: string) => say.settings.sources[source] ?? source;

/** Each distinct problem once: the file's own (even when no listed value comes from it), then each bad value. */
function fileProblems(ctx: Context, settings: EffectiveSetting[]): UsageError[] {
  const problems = new Map<string, UsageError>();
  try {
    ctx.config.read();
  } catch (error) {
    problems.set((error as Error).message, error as UsageError);
  }
  for (const s of settings) if (s.problem) problems.set(s.problem.message, s.problem);
  return [...problems.values()];
}

function otherProfiles(ctx: Context): string[] {
  try {
    return ctx.config.profileNames().filter((name) => name !== ctx.settings.profile);
  } catch {
    return [];
  }
}
