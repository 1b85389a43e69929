/** `reseller version` (also -v, --version): the version alone, or `{"version": …}` with --json and --jq. */
import type { Context } from "../context.js";
import { version } from "../version.js";

export async function run(ctx: Context): Promise<void> {
  if (ctx.output.mode === "json") return ctx.output.json({ version });
  ctx.output.result(version);
}
