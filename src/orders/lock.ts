/** The stock lock an order names: its item and quantity, so what is bought can be matched with what is held. */
import type { ServiceClient } from "../api/client.js";
import type { StockLock } from "../api/model.js";
import type { Context } from "../context.js";

/** The lock's item and quantity: from this machine's cache of locks, else from the service's list. */
export async function findLock(ctx: Context, client: ServiceClient, token: string): Promise<StockLock | undefined> {
  const { findCachedLock } = await import("../records/stock-locks.js");
  const cached = await findCachedLock(ctx.settings.configDir, ctx.settings.profile, token, ctx.now()).catch(
    () => undefined,
  );
  if (cached) return cached;
  const { data: locks } = await client.listLocks();
  return locks.find((lock) => lock.token === token);
}
