/**
 * `reseller sandbox --item --qty [--ref-id]`: a test order that moves neither balance nor stock,
 * journaled like a purchase so a script rehearses exactly what it will do for real.
 */
import type { ApiResult, SandboxOrder } from "../api/model.js";
import type { Context } from "../context.js";
import { journalRequest } from "../journal/request.js";
import { generateRefId } from "../orders/order.js";
import { copyable } from "../output/output.js";
import type { SandboxOptions } from "./sandbox/flags.js";

export async function run(ctx: Context, options: SandboxOptions): Promise<void> {
  const client = await ctx.client();
  const refId = options.refId ?? generateRefId(ctx.now());
  const input = { ref_id: refId, item_id: options.item, quantity: options.qty };
  ctx.output.info(ctx.say.orders.sandbox.sending(options.qty, options.item, refId));
  const result = await journalRequest<ApiResult<SandboxOrder>>(
    ctx,
    "sandbox",
    refId,
    { item_id: options.item, quantity: options.qty },
    (hooks) => client.createSandboxOrder(input, hooks),
    {
      noun: "sandbox order",
      describe: (r) => ({
        status: r.data.status?.text ?? "sandbox",
        ...(r.data.id !== null ? { sandbox_id: r.data.id } : {}),
        ...(r.data.invoice !== null ? { invoice: r.data.invoice } : {}),
      }),
      // The order went through on an attempt whose answer was lost; the service keeps no way to read it back.
      alreadyDone: async () => ({
        data: { id: null, refId, invoice: null, status: { text: "sandbox", kind: "sandbox" } },
        body: { message: "OK", data: { ref_id: refId, status: "sandbox" } },
        status: 200,
      }),
      settleHint: ctx.say.orders.sandbox.settle,
    },
  );
  // A answers {id, ref_id, status}, B only {invoice}: the ref_id we sent stands in for a missing one.
  const order = result.data;
  const ref = order.refId ?? refId;
  ctx.output.success(ctx.say.orders.sandbox.recorded(ref, order.invoice ?? ""));
  if (ctx.output.mode === "json") return ctx.output.json(result.body);
  // Piped columns keep their order (id, ref_id, status); the invoice B answers with comes last.
  ctx.output.table(
    [ctx.say.headings.id, ctx.say.headings.refId, ctx.say.headings.status, ctx.say.headings.invoice],
    [
      [
        order.id || undefined,
        copyable(ref),
        order.status?.text,
        order.invoice === null ? undefined : copyable(order.invoice, "bold"),
      ],
    ],
  );
}
