/** `reseller config path`: where the profiles are stored (the file may not exist until the first login). */
import type { Context } from "../../context.js";

export async function run(ctx: Context): Promise<void> {
  if (ctx.output.mode === "json") return ctx.output.json({ path: ctx.config.path });
  ctx.output.result(ctx.config.path);
}
