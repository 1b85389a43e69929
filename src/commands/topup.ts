/**
 * `reseller topup`: a payment link for topping up the balance. With --amount and --channel it is one
 * request; on a terminal whatever is missing is asked for (channel from the list with its fee, the
 * amount checked as typed, a confirmation with the total), and the result comes with a QR code of
 * the link and a live countdown to its expiry. In scripts nothing is ever asked: a missing flag is exit 2.
 */
import type { PaymentChannel, TopUp } from "../api/model.js";
import type { Context } from "../context.js";
import type { Messages } from "../messages/messages.js";
import { linkCreatedStatus } from "../journal/entries.js";
import { journalFor, journalRequest } from "../journal/request.js";
import { present, UsageError } from "../errors.js";
import { formatRupiah } from "../output/format.js";
import { middleCut, textWidth } from "../output/layout.js";
import { amountForms, parseRupiah, readAmount, whyNotAmount } from "../rules/amount.js";
import { copyable, money, type Cell } from "../output/output.js";
import { closest } from "../config/choice.js";
import { minimumTopUp, topUpAmount } from "../rules/input.js";
import { channelRange, describeFee, feeFor } from "../rules/channels.js";
import type { TopUpOptions } from "./topup/flags.js";

/** Codes are matched regardless of case (`--channel qris`), and sent as the service spells them. */
export function findChannel(channels: PaymentChannel[], code: string): PaymentChannel {
  const wanted = code.trim().toUpperCase();
  const found = channels.find((c) => c.code.toUpperCase() === wanted);
  if (found?.off) {
    // Refused here, before anything is sent: the service says it cannot take payments now.
    const open = channels.filter((c) => !c.off).map((c) => c.code);
    throw new UsageError((say) => say.topup.switchedOff(found.code), {
      code: "CHANNEL_OFF",
      suggestion: (say) => (open.length ? say.topup.chooseAnother(open.join(", ")) : say.topup.noneOpen),
    });
  }
  if (found) return found;
  // `--channel gopay` or `qriss`: the channel a slip or another name most likely meant.
  const byName = channels.filter((c) => c.name.toUpperCase().includes(wanted));
  const likely =
    byName.length === 1 && byName[0]
      ? byName[0].code
      : closest(
          wanted,
          channels.map((c) => c.code),
        );
  // Said as a flag to paste into a shell: only a code a shell reads as one word and nothing more.
  const meant = likely && /^[\w.-]+$/.test(likely) ? likely : undefined;
  throw new UsageError((say) => say.topup.noSuchChannel(code, channels.map((c) => c.code).join(", ")), {
    code: "INVALID_CHANNEL",
    suggestion: (say) => `${meant ? `${say.usage.didYouMean(`--channel ${meant}`)} ` : ""}${say.topup.seeChannels}`,
  });
}

/** The wizard's amount check, as the person types: the same rule as --amount, in words for a prompt. */
export function checkTypedAmount(text: string, say: Messages): true | string {
  const reading = readAmount(text);
  if (!reading.ok)
    return say.topup.notAnAmount(
      whyNotAmount(reading.problem)(say),
      reading.readings.length ? `${reading.readings.map(formatRupiah).join(say.topup.either)}?` : amountForms(say),
    );
  const n = reading.amount;
  if (n < minimumTopUp) return say.topup.atLeast(formatRupiah(minimumTopUp));
  return true;
}

/** A top-up outside the channel's own limits is refused before anything is sent: exit 2 with the range. */
export function checkChannelAmount(channel: PaymentChannel, amount: number): void {
  if (!outOfRange(channel, amount)) return;
  const below = channel.minAmount !== null && amount < channel.minAmount;
  throw new UsageError(
    (say) => say.topup.outOfRange(channel.code, channelRange(channel)(say), formatRupiah(amount), below),
    {
      code: "AMOUNT_OUT_OF_RANGE",
      suggestion: (say) => (below ? say.topup.atLeastMinimum : say.topup.splitIt),
    },
  );
}

/** The wizard's amount check once the channel is known: the channel's range, in words for a prompt. */
function checkTypedAmountFor(channel: PaymentChannel, say: Messages): (text: string) => true | string {
  return (text) => {
    const basic = checkTypedAmount(text, say);
    if (basic !== true) return basic;
    const amount = present(parseRupiah(text), "an amount just checked");
    return outOfRange(channel, amount) ? say.topup.takes(channel.code, channelRange(channel)(say)) : true;
  };
}

function outOfRange(channel: PaymentChannel, amount: number): boolean {
  return (
    (channel.minAmount !== null && amount < channel.minAmount) ||
    (channel.maxAmount !== null && amount > channel.maxAmount)
  );
}

/**
 * Code, name, fee and range in columns, so the list reads like `reseller channels`, each line within
 * the window (`width`): only the name gives way, cut in the middle. A channel switched off, or that
 * cannot take the amount already given, is shown disabled with the reason where the range would be.
 */
export function channelChoices(channels: PaymentChannel[], amount: number | undefined, width: number, say: Messages) {
  const reason = (c: PaymentChannel) =>
    c.off
      ? say.channels.switchedOff
      : amount !== undefined && outOfRange(c, amount)
        ? say.topup.takesShort(channelRange(c)(say))
        : undefined;
  const codeWidth = Math.max(...channels.map((c) => textWidth(c.code)));
  const feeWidth = Math.max(...channels.map((c) => textWidth(describeFee(c))));
  const rangeWidth = Math.max(...channels.map((c) => textWidth(reason(c) ?? channelRange(c)(say))));
  // The prompt's own marks before each line (`❯ `, `- `), then the columns two spaces apart.
  const fixed = 2 + codeWidth + 2 + 2 + `${say.topup.feeWord} `.length + feeWidth + (rangeWidth ? 2 + rangeWidth : 0);
  const nameWidth = Math.max(8, Math.min(Math.max(...channels.map((c) => textWidth(c.name))), width - 1 - fixed));
  return channels.map((c) => {
    const name = middleCut(c.name, nameWidth);
    const fee = describeFee(c);
    const columns = `${c.code}${" ".repeat(codeWidth - textWidth(c.code))}  ${name}${" ".repeat(nameWidth - textWidth(name))}  ${say.topup.feeWord} ${fee}${" ".repeat(feeWidth - textWidth(fee))}`;
    const disabled = reason(c);
    return {
      // Disabled, the prompt adds a space and the reason: it stands where the range would.
      ...(disabled ? { name: `${columns} `, disabled } : { name: `${columns}  ${channelRange(c)(say)}`.trimEnd() }),
      short: `${c.code} (${c.name}, ${say.topup.feeWord} ${fee})`,
      value: c,
    };
  });
}

export async function run(ctx: Context, options: TopUpOptions): Promise<void> {
  const missing = [
    options.amount === undefined ? "--amount" : undefined,
    options.channel === undefined ? "--channel" : undefined,
  ].filter((f): f is string => f !== undefined);
  // Asked before anything else: a script missing a flag fails at once, even without a key or a network.
  const prompter = missing.length > 0 ? await ctx.prompter(missing, ctx.say.topup.forExample) : undefined;
  const client = await ctx.client();
  const { data: channels } = await client.listChannels();
  if (channels.length === 0) throw new UsageError(ctx.say.topup.noChannels, { code: "NO_CHANNELS" });

  const channel =
    options.channel !== undefined
      ? findChannel(channels, options.channel)
      : await present(prompter, "the questions for what is missing").select(
          ctx.say.topup.channelPrompt,
          channelChoices(channels, options.amount, ctx.output.width, ctx.say),
          {
            pageSize: 12,
          },
        );
  const amount =
    options.amount ??
    topUpAmount(
      await present(prompter, "the questions for what is missing").input(
        ctx.say.topup.amountPrompt(
          channelRange(channel)(ctx.say) || ctx.say.topup.atLeastLower(formatRupiah(minimumTopUp)),
        ),
        {
          validate: checkTypedAmountFor(channel, ctx.say),
          // Shows what was understood while typing: "50.000" -> Rp 50.000.
          transformer: (value, { isFinal }) => {
            const n = parseRupiah(value);
            if (isFinal) return n === undefined ? value : formatRupiah(n);
            return n === undefined || value.trim() === ""
              ? value
              : `${value}  ${ctx.output.paintStderr("dim", `= ${formatRupiah(n)}`)}`;
          },
        },
      ),
    );
  checkChannelAmount(channel, amount);
  const fee = feeFor(channel, amount);
  const total = amount + fee;

  // Creating a link moves no money, but a person at a terminal sees the total before it is made.
  let asked = prompter !== undefined;
  if (!options.yes && ctx.canPrompt) {
    const confirmer = prompter ?? (await ctx.prompter());
    asked = true;
    ctx.output.summary([
      [ctx.say.topup.channel, `${channel.code} – ${channel.name}`],
      [ctx.say.topup.amount, formatRupiah(amount)],
      [
        ctx.say.topup.fee,
        `${formatRupiah(fee)}${channel.feePercent !== null ? ` (${ctx.say.topup.estimate(describeFee(channel))})` : ""}`,
      ],
      [ctx.say.topup.total, formatRupiah(total), "bold"],
    ]);
    if (!(await confirmer.confirm(ctx.say.topup.confirm(formatRupiah(total)), { default: true }))) {
      ctx.output.info(ctx.say.topup.nothingRequested);
      return;
    }
  }

  // Journaled like every money-moving request; a lost answer is exit 5, though no money moves until the link is paid.
  let entry: string | undefined;
  const { data, body } = await journalRequest(
    ctx,
    "topup",
    null,
    { amount, channel: channel.code },
    (hooks) => client.requestTopUp(amount, channel.code, hooks),
    {
      noun: "top-up request",
      describe: (r) => ({ amount: r.data.amount ?? amount, status: linkCreatedStatus }),
      settleHint: ctx.say.topup.settleHint,
      onEntry: (id) => (entry = id),
    },
  );
  // The service's own fee and total win over the estimate from the channel list (a percent fee may round otherwise).
  const shown: TopUp = {
    ...data,
    amount: data.amount ?? amount,
    fee: data.fee ?? (data.total !== null && data.amount !== null ? data.total - data.amount : fee),
  };
  shown.total = data.total ?? (shown.amount ?? amount) + (shown.fee ?? fee);
  showResult(ctx, shown, body, channel);

  // It encodes what the service gave: the payment page, else its QR link. A QR code is followed without
  // a second look: only a web address is drawn as one (never `javascript:`).
  const qrOf = data.paymentUrl ?? data.qrLink;
  const webLink = qrOf !== null && isWebLink(qrOf);
  if (qrOf !== null && !webLink) ctx.output.warn(ctx.say.topup.notWebLink);
  // The QR code is for people: stderr, so stdout stays the result in every mode, and only on a terminal.
  const showQr = webLink && ctx.output.stderrIsTTY && (asked || ctx.output.mode !== "json");
  if (showQr && qrOf !== null) {
    const { renderQr } = await import("../output/qr.js");
    ctx.output.drawing(`\n${(await renderQr(qrOf, { colour: ctx.output.stderrColour })).trimEnd()}\n`);
  }
  // The countdown waits for a key, so only when someone just answered a question: `--yes` with flags never blocks.
  if (asked && ctx.canPrompt && (await waitForPayment(ctx, data, amount)) && entry !== undefined) notePaid(ctx, entry);
}

/** A top-up seen paid is written down as paid: history then counts it without a refresh. */
function notePaid(ctx: Context, entry: string): void {
  try {
    journalFor(ctx).append({ v: 1, type: "status", entry, at: new Date(ctx.now()).toISOString(), status: "paid" });
  } catch {
    // The payment stands; only its record waits for `history --refresh`.
  }
}

function showResult(ctx: Context, data: TopUp, body: unknown, channel: PaymentChannel): void {
  if (ctx.output.mode === "json") return ctx.output.json(body);
  const link = data.paymentUrl ?? data.qrLink;
  // Piped: one row, the link first (the payment page, else the QR link), so `reseller topup … | cut -f1` is
  // the link; the columns added later (QR link, invoice) go at the end, where scripts reading by position do not look.
  if (ctx.output.mode === "plain") {
    return ctx.output.table(
      ["Payment link", "Amount", "Fee", "Total", "Channel", "Expires", "QR link", "Invoice"],
      [
        [
          link === null ? undefined : copyable(link),
          money(data.amount),
          money(data.fee),
          money(data.total),
          channel.code,
          ctx.output.time(data.expiresAt),
          data.qrLink ?? undefined,
          data.invoice ?? undefined,
        ],
      ],
    );
  }
  // Only what the service gave: a QR-only answer has no payment page to show.
  const given: [string, string | null][] = [
    [ctx.say.topup.paymentLink, data.paymentUrl],
    [ctx.say.topup.qrLink, data.qrLink],
    [ctx.say.topup.invoice, data.invoice],
  ];
  ctx.output.record([
    ...given.flatMap(([label, value]): [string, Cell][] => (value === null ? [] : [[label, copyable(value)]])),
    [ctx.say.topup.channel, `${channel.code} – ${channel.name}`],
    [ctx.say.topup.amount, money(data.amount)],
    [ctx.say.topup.fee, money(data.fee)],
    [ctx.say.topup.totalToPay, { ...money(data.total), tone: "bold" }],
    [ctx.say.topup.expires, ctx.output.time(data.expiresAt)],
  ]);
}

/**
 * The live countdown to the link's expiry. It also watches the balance, so the person sees the moment
 * the customer pays; a rise by at least the amount counts as this payment (the service tells no more).
 */
async function waitForPayment(ctx: Context, data: TopUp, amount: number): Promise<boolean> {
  const expiresAt = Date.parse(data.expiresAt ?? "");
  if (Number.isNaN(expiresAt)) return false;
  const client = await ctx.client();
  let after: number | undefined;
  const before = await client.getBalance().then(
    ({ data }) => data.balance,
    // Without a starting balance there is nothing to compare with; the countdown still runs.
    () => undefined,
  );
  const { runCountdown } = await import("../output/countdown.js");
  const end = await runCountdown({
    expiresAt,
    stdin: ctx.terminal.stdin,
    stderr: ctx.terminal.stderr,
    now: () => ctx.now(),
    signal: ctx.signal,
    say: ctx.say,
    describe: (remaining) => countdownLine(ctx.output, remaining),
    check:
      before === undefined
        ? undefined
        : async () => {
            after = (await client.getBalance()).data.balance;
            return after >= before + amount;
          },
    checkEveryMs: 3_000,
  });
  if (end === "done") ctx.output.success(ctx.say.topup.received(formatRupiah(after)));
  else if (end === "expired") ctx.output.warn(ctx.say.topup.expired);
  else ctx.output.info(ctx.say.topup.stillValid);
  return end === "done";
}

/**
 * The countdown's line within the window: the keys to leave go where both do not fit, since a line
 * that wraps is no longer rewritten in place but leaves a copy of itself each second.
 */
export function countdownLine(
  output: Pick<Context["output"], "paintStderr" | "stderrWidth" | "say">,
  remaining: string,
): string {
  const { say } = output;
  const waiting = say.topup.waiting(output.paintStderr("bold", remaining));
  const whole = `${say.topup.waiting(remaining)}  ${say.topup.leaveKeys}`;
  if (output.stderrWidth !== undefined && textWidth(whole) > output.stderrWidth) return waiting;
  return `${waiting}  ${output.paintStderr("dim", say.topup.leaveKeys)}`;
}

function isWebLink(link: string): boolean {
  try {
    const url = new URL(link);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
