/** `reseller channels`: the payment channels for top-ups, with their fees and limits; a switched-off one says so. */
import type { Context } from "../context.js";
import { money } from "../output/output.js";
import { channelRange, describeFee } from "../rules/channels.js";

export async function run(ctx: Context): Promise<void> {
  const client = await ctx.client();
  const { data, body } = await client.listChannels();
  if (ctx.output.mode === "json") return ctx.output.json(body);
  // Piped: code, name, flat fee as before; the percentage, limits and status after them, so old scripts read the same.
  if (ctx.output.mode === "plain") {
    return ctx.output.table(
      ["Code", "Channel", "Fee", "Fee %", "Minimum", "Maximum", "Status"],
      data.map((c) => [
        c.code,
        c.name,
        money(c.fee),
        c.feePercent ?? "",
        c.minAmount ?? "",
        c.maxAmount ?? "",
        c.off ? "off" : "on",
      ]),
    );
  }
  // Only the channel's name may be cut (in the middle); the code, fee and limits never.
  ctx.output.table(
    [
      { header: ctx.say.channels.code },
      { header: ctx.say.channels.channel, fit: "middle", min: 10 },
      { header: ctx.say.channels.fee },
      { header: ctx.say.channels.limits },
    ],
    data.map((c) => [
      c.off ? { human: c.code, plain: c.code, tone: "dim" } : c.code,
      c.off ? { human: `${c.name} (${ctx.say.channels.switchedOff})`, plain: c.name, tone: "warn" } : c.name,
      describeFee(c),
      channelRange(c)(ctx.say),
    ]),
  );
}
