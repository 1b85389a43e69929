/** `reseller lock release TOKEN`: give the stock back before the lock runs out. */
import type { Context } from "../../context.js";
import { InputError, ServiceError } from "../../errors.js";
import { forgetLock } from "../../records/stock-locks.js";
import type { LockReleaseOptions } from "./flags.js";

/** Refusals after which the token can never be used again: the local note of it goes too. */
const deadLockCodes = new Set(["LOCK_NOT_FOUND", "LOCK_EXPIRED", "LOCK_RELEASED", "LOCK_ALREADY_USED"]);

export async function run(ctx: Context, options: LockReleaseOptions): Promise<void> {
  const token = options.token.trim();
  if (!token) throw new InputError(ctx.say.locks.emptyToken, { suggestion: ctx.say.locks.seeLocks });
  const client = await ctx.client();
  const forget = () =>
    forgetLock(ctx.settings.configDir, ctx.settings.profile, token, ctx.now()).catch(() => undefined);

  let body: unknown;
  try {
    ({ body } = await client.releaseLock(token));
  } catch (error) {
    if (error instanceof ServiceError && deadLockCodes.has(error.code)) {
      await forget();
      if (error.code === "LOCK_RELEASED" || error.code === "LOCK_EXPIRED")
        error.suggestion ??= ctx.say.locks.nothingToGiveBack;
      if (error.code === "LOCK_ALREADY_USED") error.suggestion ??= ctx.say.locks.used;
    }
    throw error;
  }
  await forget();
  if (ctx.output.mode === "json") return ctx.output.json(body);
  ctx.output.success(ctx.say.locks.released(token));
}
