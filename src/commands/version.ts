/** `reseller version` (also -v, --version): the version alone, or `{"version": …}` with --json and --jq. */
import type { Context } from "../context.js";

export async function run(ctx: Context, options: { version: string }): Promise<void> {
  if (ctx.output.mode === "json") return ctx.output.json({ version: options.version });
  ctx.output.result(options.version);
}
