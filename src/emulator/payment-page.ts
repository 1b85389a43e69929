import { paymentChannels } from "./catalogue.js";
import { formatRupiah } from "../output/format.js";
import { formatJakarta, formatUtc } from "./clock.js";
import type { EmulatedService } from "./service.js";
import { topUpStatus, type TopUpRecord } from "./state.js";
import { payTopUp } from "./top-ups.js";

/**
 * The page behind a top-up's payment_url, standing in for the payment gateway so a top-up can be
 * rehearsed end to end: GET shows the bill and a "Pay now" form, POST pays it. No API key: the
 * customer who pays is not the reseller.
 */
export interface PaymentPage {
  status: number;
  html: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1f2937; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
th, td { text-align: left; padding: .4rem .2rem; border-bottom: 1px solid #e5e7eb; }
button { font-size: 1rem; padding: .6rem 1.4rem; background: #0f766e; color: white; border: 0; border-radius: .4rem; cursor: pointer; }
.note { color: #6b7280; font-size: .9rem; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
<p class="note">Reseller Commerce Service emulator: no real money moves here.</p>
</body>
</html>
`;
}

function bill(service: EmulatedService, topUp: TopUpRecord): string {
  const account = service.state.accounts.find((candidate) => candidate.apiKey === topUp.apiKey);
  const channel = paymentChannels.find((candidate) => candidate.code === topUp.channel);
  const rows: [string, string][] = [
    ["Account", account?.name ?? ""],
    ["Amount", formatRupiah(topUp.amount)],
    ["Channel", channel ? `${channel.name} (${channel.code})` : topUp.channel],
    ["Fee", formatRupiah(topUp.fee)],
    ["Total to pay", formatRupiah(topUp.amount + topUp.fee)],
    ["Expires at", `${formatUtc(topUp.expiresAt)} (${formatJakarta(topUp.expiresAt)} WIB)`],
  ];
  return `<table>\n${rows.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("\n")}\n</table>`;
}

const notFound: PaymentPage = {
  status: 404,
  html: page("Payment link not found", "<p>This payment link does not exist.</p>"),
};

function expiredPage(service: EmulatedService, topUp: TopUpRecord): PaymentPage {
  return {
    status: 410,
    html: page(
      "Payment link expired",
      `${bill(service, topUp)}\n<p>This link expired; nothing was charged. Ask for a new top-up.</p>`,
    ),
  };
}

function paidPage(service: EmulatedService, topUp: TopUpRecord, heading: string, message: string): PaymentPage {
  return { status: 200, html: page(heading, `${bill(service, topUp)}\n<p>${escapeHtml(message)}</p>`) };
}

export function showPaymentPage(service: EmulatedService, token: string): PaymentPage {
  const topUp = service.state.topUps.find((candidate) => candidate.token === token);
  if (!topUp) return notFound;
  const status = topUpStatus(topUp, service.now());
  if (status === "paid") return paidPage(service, topUp, "Already paid", `Paid at ${formatUtc(topUp.paidAt!)}.`);
  if (status === "expired") return expiredPage(service, topUp);
  const form = `<form method="post" action="/pay/${encodeURIComponent(topUp.token)}">
<button type="submit">Pay now</button>
</form>`;
  return { status: 200, html: page("Top up balance", `${bill(service, topUp)}\n${form}`) };
}

export function submitPayment(service: EmulatedService, token: string): PaymentPage {
  const { outcome, topUp } = payTopUp(service, token);
  switch (outcome) {
    case "not_found":
      return notFound;
    case "expired":
      return expiredPage(service, topUp!);
    case "already_paid":
      return paidPage(service, topUp!, "Already paid", "This link was paid before; nothing was charged again.");
    case "paid":
      return paidPage(service, topUp!, "Payment received", `${formatRupiah(topUp!.amount)} was added to the balance.`);
  }
}
