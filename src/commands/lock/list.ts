/** `reseller lock list`: the caller's active locks and how long each still holds its stock. */
import type { Context } from "../../context.js";
import type { Messages } from "../../messages/messages.js";
import { formatDuration } from "../../output/format.js";
import { keptItemNames } from "../../catalogue/names.js";
import { copyable, type Cell, type Column } from "../../output/output.js";

function timeLeft(seconds: number | null, say: Messages): Cell {
  if (seconds === null) return undefined;
  // Under a minute left: the buyer must hurry, so it stands out.
  return { human: formatDuration(seconds, say), plain: String(seconds), tone: seconds < 60 ? "warn" : undefined };
}

/** The token is copied whole; the item's name may be cut in the middle; the rest never. */
const columns = (say: Messages): Column[] => [
  { header: say.locks.token },
  { header: say.locks.item, fit: "middle", min: 10 },
  { header: say.locks.qty },
  { header: say.locks.expires },
  { header: say.locks.timeLeft },
];

export async function run(ctx: Context): Promise<void> {
  const client = await ctx.client();
  const { data: locks, body } = await client.listLocks();
  if (ctx.output.mode === "json") return ctx.output.json(body);
  if (locks.length === 0) return ctx.output.info(ctx.say.locks.none);
  // Piped: token, item id, quantity, expires, seconds left (the id, not the name: scripts buy by id).
  const names = ctx.output.mode === "table" ? keptItemNames(ctx.settings) : () => undefined;
  ctx.output.table(
    columns(ctx.say),
    locks.map((lock) => {
      const name = names(lock.itemId);
      return [
        copyable(lock.token),
        name ? { human: `${lock.itemId} ${name}`, plain: String(lock.itemId) } : lock.itemId,
        lock.quantity,
        // Once: the time it ends, and beside it how long that is from now.
        ctx.output.time(lock.expiresAt, { hint: false }),
        timeLeft(lock.remainingSeconds, ctx.say),
      ];
    }),
  );
}
