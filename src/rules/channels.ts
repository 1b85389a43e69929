/**
 * What a payment channel's list entry says about a top-up: its fee for an amount and the amounts it
 * takes, in the reseller's words. Shared by `reseller channels` and `reseller topup`.
 */
import type { PaymentChannel } from "../api/model.js";
import { formatRupiah } from "../output/format.js";
import type { Wording } from "../errors.js";

/**
 * The fee a channel's list entry implies for an amount: the flat part plus the percentage, rounded up
 * to a whole Rupiah. Only an estimate for the confirmation: the service's own fee, when its answer
 * gives one, is the figure shown afterwards.
 */
export function feeFor(channel: PaymentChannel, amount: number): number {
  return channel.fee + (channel.feePercent === null ? 0 : Math.ceil((amount * channel.feePercent) / 100));
}

/** `Rp 750`, `0.7%`, `Rp 1.000 + 0.7%`: a channel's fee as its list entry states it. */
export function describeFee(channel: PaymentChannel): string {
  if (channel.feePercent === null) return formatRupiah(channel.fee);
  const percent = `${channel.feePercent}%`;
  return channel.fee ? `${formatRupiah(channel.fee)} + ${percent}` : percent;
}

/** `Rp 10.000 – Rp 5.000.000`, `from Rp 10.000`, `up to …`: what a channel takes; empty when it says nothing. */
export function channelRange(channel: PaymentChannel): Wording {
  const { minAmount: min, maxAmount: max } = channel;
  if (min !== null && max !== null) return () => `${formatRupiah(min)} – ${formatRupiah(max)}`;
  if (min !== null) return (say) => say.channels.from(formatRupiah(min));
  if (max !== null) return (say) => say.channels.upTo(formatRupiah(max));
  return () => "";
}
