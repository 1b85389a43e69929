import { channelFee, listedChannels, type AccountRecord } from "./catalogue.js";
import type { ShapeSwitches } from "./faults.js";
import { formatUtc } from "./clock.js";
import type { EmulatedService } from "./service.js";
import { topUpStatus, type TopUpRecord } from "./state.js";
import { FieldErrors, invalidChoiceMessage, readInteger, readString } from "./validation.js";
import { recordMutation } from "./history.js";

const MINIMUM_TOP_UP = 10_000;
const PAYMENT_LINK_LIFETIME_MS = 60 * 60 * 1000;

/**
 * POST /v1/balance: a payment link served by the emulator itself (GET /pay/<token>). With the
 * `top_up_link` switch the answer carries a QR link (and the invoice) instead of, or beside, the page.
 */
export function requestTopUp(
  service: EmulatedService,
  account: AccountRecord,
  body: Record<string, unknown>,
  publicBaseUrl: string,
  shapes: Pick<ShapeSwitches, "channelKeys" | "topUpLink"> = { channelKeys: "code", topUpLink: "payment_url" },
) {
  const errors = new FieldErrors();
  const amount = readInteger(errors, "amount", body.amount, { required: true, min: MINIMUM_TOP_UP });
  const code = readString(errors, "channel", body.channel, { required: true });
  const channel =
    code === undefined ? undefined : listedChannels(shapes.channelKeys).find((candidate) => candidate.code === code);
  if (code !== undefined && !channel) errors.add("channel", invalidChoiceMessage("channel"));
  if (channel?.off) errors.add("channel", "The selected channel is not active.");
  // The channel's own limits, as GET /v1/balance/channels lists them.
  if (channel && amount !== undefined) {
    if (amount < channel.minAmount) errors.add("amount", `The amount field must be at least ${channel.minAmount}.`);
    if (amount > channel.maxAmount)
      errors.add("amount", `The amount field must not be greater than ${channel.maxAmount}.`);
  }
  const given = errors.required({ amount, channel });

  const refId = typeof body.ref_id === "string" && body.ref_id.trim() !== "" ? body.ref_id : undefined;
  const now = service.now();
  const topUp: TopUpRecord = {
    // A bot sends a ref_id of its own to look the top-up up later (§13); kept, never required.
    ...(refId !== undefined ? { refId } : {}),
    token: service.random.characters(24, "abcdefghijklmnopqrstuvwxyz0123456789"),
    apiKey: account.apiKey,
    amount: given.amount,
    fee: channelFee(given.channel, given.amount),
    channel: given.channel.code,
    createdAt: now,
    expiresAt: now + PAYMENT_LINK_LIFETIME_MS,
    paidAt: null,
  };
  service.state.topUps.push(topUp);
  service.changed();
  const page = `${publicBaseUrl}/pay/${topUp.token}`;
  // The QR link opens the same page; an invoice comes with it, as live clients meet it.
  const links =
    shapes.topUpLink === "payment_url"
      ? { payment_url: page }
      : {
          ...(shapes.topUpLink === "both" ? { payment_url: page } : {}),
          qr_link: `${page}?view=qr`,
          invoice: `DEP${topUp.token.slice(0, 12).toUpperCase()}`,
        };
  return {
    ...links,
    amount: topUp.amount,
    fee: topUp.fee,
    total: topUp.amount + topUp.fee,
    channel: topUp.channel,
    expires_at: formatUtc(topUp.expiresAt),
  };
}

export type PaymentOutcome = "paid" | "already_paid" | "expired" | "not_found";

/** The customer pays the total; the reseller's balance gets the amount, once. */
export function payTopUp(service: EmulatedService, token: string): { outcome: PaymentOutcome; topUp?: TopUpRecord } {
  const topUp = service.state.topUps.find((candidate) => candidate.token === token);
  if (!topUp) return { outcome: "not_found" };
  const now = service.now();
  const status = topUpStatus(topUp, now);
  if (status === "paid") return { outcome: "already_paid", topUp };
  if (status === "expired") return { outcome: "expired", topUp };
  const account = service.state.accounts.find((candidate) => candidate.apiKey === topUp.apiKey);
  if (!account) return { outcome: "not_found" };
  account.balance += topUp.amount;
  recordMutation(service, account, {
    type: "topup",
    amount: topUp.amount,
    description: `Top up saldo via ${topUp.channel}`,
    invoice: null,
  });
  topUp.paidAt = now;
  service.changed();
  return { outcome: "paid", topUp };
}

/**
 * A top-up as live transaction rows suggest it is (§13, behind the `top_up_trx` switch): found by the
 * ref_id it was requested with, with its status, amount, links and expiry. Undefined when none has it.
 */
export function topUpAsTransaction(
  service: EmulatedService,
  account: AccountRecord,
  reference: string,
  publicBaseUrl: string,
) {
  const topUp = service.state.topUps.find((t) => t.apiKey === account.apiKey && t.refId === reference);
  if (!topUp) return undefined;
  const invoice = `DEP${topUp.token.slice(0, 12).toUpperCase()}`;
  return {
    invoice,
    ref_id: reference,
    status: topUpStatus(topUp, service.now()),
    price: topUp.amount,
    fees: topUp.fee,
    amount: topUp.amount + topUp.fee,
    payment_method: topUp.channel,
    payment_link: `${publicBaseUrl}/pay/${topUp.token}`,
    qr_link: `${publicBaseUrl}/pay/${topUp.token}?view=qr`,
    expired_at: formatUtc(topUp.expiresAt),
    created_at: formatUtc(topUp.createdAt),
    items: [],
  };
}
