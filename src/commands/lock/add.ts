/**
 * `reseller lock add`: reserve stock while the buyer pays. Piped, stdout is the token alone, so
 * `TOKEN=$(reseller lock add …)` works; the lock is remembered locally for `buy --lock`.
 */
import type { Context } from "../../context.js";
import { ServiceError, wordIn } from "../../errors.js";
import { journalRequest } from "../../journal/request.js";
import { rememberLock } from "../../records/stock-locks.js";
import { copyable } from "../../output/output.js";
import type { LockAddOptions } from "./flags.js";

/** Suggestions for the lock refusals that the shared code table leaves without one. */
function explain(error: ServiceError, options: LockAddOptions): void {
  const given = error.suggestion;
  if (given) error.suggestion = (say) => wordIn(given, say).replace("<id>", String(options.item));
  else if (error.code === "INSUFFICIENT_STOCK") error.suggestion = (say) => say.locks.seeLeft(options.item);
  else if (error.code === "ITEM_NOT_FOUND") error.suggestion = (say) => say.locks.checkId(options.item);
}

export async function run(ctx: Context, options: LockAddOptions): Promise<void> {
  const client = await ctx.client();
  let result;
  try {
    // Journaled: a lost answer may still hold stock, which `reseller reconcile` checks against `lock list`.
    const request = {
      item_id: options.item,
      quantity: options.qty,
      ...(options.duration !== undefined ? { lock_duration: options.duration } : {}),
    };
    result = await journalRequest(
      ctx,
      "lock",
      null,
      request,
      (hooks) => client.lockStock(options.item, options.qty, options.duration, hooks),
      {
        noun: "lock request",
        describe: (r) => ({ lock_token: r.data.token, status: "active" }),
        settleHint: ctx.say.locks.settle,
      },
    );
  } catch (error) {
    if (error instanceof ServiceError) explain(error, options);
    throw error;
  }
  const { data: lock, body } = result;

  // The lock exists now whatever happens to the cache: a cache that cannot be written costs only
  // the convenience of `buy --lock` filling in item and quantity, so it must not fail the command.
  try {
    await rememberLock(ctx.settings.configDir, ctx.settings.profile, lock, ctx.now());
  } catch (error) {
    ctx.output.warn(ctx.say.locks.notNoted(ctx.settings.configDir, (error as Error).message));
  }

  if (ctx.output.mode === "json") return ctx.output.json(body);
  if (ctx.output.mode === "plain") return ctx.output.result(lock.token);
  ctx.output.record([
    [ctx.say.locks.lockToken, copyable(lock.token)],
    [ctx.say.locks.item, lock.itemId],
    [ctx.say.locks.quantity, lock.quantity],
    [ctx.say.locks.lockedAt, ctx.output.time(lock.lockedAt)],
    [ctx.say.locks.expires, ctx.output.time(lock.expiresAt)],
  ]);
  ctx.output.info(ctx.say.locks.buyWithIt(lock.token));
}
