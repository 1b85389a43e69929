/** `reseller lock list`: the caller's active locks and how long each still holds its stock. */
import type { Context } from "../../context.js";
import { formatDuration } from "../../output/format.js";
import { copyable, type Cell } from "../../output/output.js";

function timeLeft(seconds: number | null): Cell {
  if (seconds === null) return undefined;
  // Under a minute left: the buyer must hurry, so it stands out.
  return { human: formatDuration(seconds), plain: String(seconds), tone: seconds < 60 ? "warn" : undefined };
}

export async function run(ctx: Context): Promise<void> {
  const client = await ctx.client();
  const { data: locks, body } = await client.listLocks();
  if (ctx.output.mode === "json") return ctx.output.json(body);
  if (locks.length === 0) return ctx.output.info("No locks held.");
  ctx.output.table(
    ["Token", "Item", "Qty", "Expires", "Time left"],
    locks.map((lock) => [
      copyable(lock.token),
      lock.itemId,
      lock.quantity,
      ctx.output.time(lock.expiresAt),
      timeLeft(lock.remainingSeconds),
    ]),
  );
}
