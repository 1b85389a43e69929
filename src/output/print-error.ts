/**
 * The one place that turns a failure into words on stderr (or JSON on stderr with --json) and an
 * exit code from the contract. Expected failures never show a stack trace.
 */
import {
  ExitCode,
  InterruptedError,
  NetworkError,
  OutcomeUnknownError,
  PartlyDeliveredError,
  ResellerError,
  ServiceError,
  UnexpectedResponseError,
} from "../errors.js";
import type { Context } from "../context.js";
import type { Paint, Writable } from "./output.js";
import { keptWhole, wrapMessage } from "./message.js";
import type { Messages } from "../messages/messages.js";
import { formatLocalTime, formatRupiah } from "./format.js";
import { jsonForTerminal, neutralize } from "./sanitize.js";

export interface ErrorPrinterOptions {
  stderr: Writable;
  json: boolean;
  verbose: boolean;
  paint: Paint;
  /** stderr's width when it is a terminal: the message and the hint wrap to it between words. */
  width?: number;
  /** The reader's catalogue: the error's wording is worded here. */
  say: Messages;
}

/**
 * A command's failure, printed for its context: masked (the service may have echoed the API key into
 * the error it sent), in its mode and colours; before a context was made, plainly, as JSON when asked,
 * wrapped to `stderrWidth` (a usage error is as long in Indonesian as any other).
 */
export function reportCommandError(
  error: unknown,
  stderr: Writable,
  ctx: Context | undefined,
  wantsJson: boolean,
  say: Messages,
  stderrWidth?: number,
): number {
  const width = ctx ? ctx.output.stderrWidth : stderrWidth;
  return printError(error, {
    say: ctx?.say ?? say,
    stderr: ctx ? ctx.secrets.wrap(stderr) : stderr,
    json: ctx?.settings.json ?? wantsJson,
    verbose: ctx?.settings.verbose ?? false,
    ...(width !== undefined ? { width } : {}),
    paint: ctx ? (tone, text) => ctx.output.paintStderr(tone, text) : (_t, text) => text,
  });
}

export function errorDocument(error: ResellerError, say: Messages): { error: Record<string, unknown> } {
  const doc: Record<string, unknown> = {
    code: error.code,
    status: error.status ?? null,
    message: error.messageIn(say),
  };
  const details: Record<string, unknown> = { ...(error.details ?? {}) };
  if (error instanceof OutcomeUnknownError && error.refId) details.ref_id = error.refId;
  if (error instanceof NetworkError) details.may_have_reached = error.mayHaveReached;
  if (error instanceof ServiceError && error.body !== undefined) details.body = error.body;
  if (Object.keys(details).length) doc.details = details;
  if (error.progress) doc.progress = error.progress;
  if (error.suggestion) doc.suggestion = error.suggestionIn(say);
  return { error: doc };
}

export function printError(error: unknown, options: ErrorPrinterOptions): number {
  const { stderr, paint, say } = options;
  if (!(error instanceof ResellerError)) {
    const text = error instanceof Error ? error.message : String(error);
    if (options.json) {
      stderr.write(
        `${jsonForTerminal(JSON.stringify({ error: { code: "INTERNAL_ERROR", status: null, message: text } }))}\n`,
      );
    } else {
      stderr.write(`${paint("bad", say.printer.error)} ${say.printer.bug(neutralize(text))}\n`);
      if (options.verbose && error instanceof Error && error.stack)
        stderr.write(`${neutralize(error.stack, { keepNewlines: true })}\n`);
      stderr.write(`${say.printer.reportBug}\n`);
    }
    return ExitCode.refused;
  }

  // stderr is often the terminal even when stdout is piped: the document is written as one would be there.
  if (options.json) {
    stderr.write(`${jsonForTerminal(JSON.stringify(errorDocument(error, say)))}\n`);
    return error.exitCode;
  }

  // Ctrl-C is the person's own choice, not a failure: said plainly, without "Error:" or a code.
  const wrap = (text: string, prefix: string) => wrapMessage(neutralize(text), options.width, prefix.length + 1, 2);
  const hint = (suggestion: string) =>
    stderr.write(`${paint("dim", say.printer.hint)} ${wrap(suggestion, say.printer.hint)}\n`);
  if (error instanceof InterruptedError) {
    stderr.write(`${wrap(error.messageIn(say), "")}\n`);
    const suggestion = error.suggestionIn(say);
    if (suggestion) hint(suggestion);
    return error.exitCode;
  }
  // `HTTP_422` is only the status said again: the status alone then, so nothing is said twice. The
  // code is the service's own word when it gave one: shown, never obeyed.
  const where = neutralize(
    [error.code === `HTTP_${error.status}` ? "" : error.code, error.status ? `HTTP ${error.status}` : ""]
      .filter(Boolean)
      .join(", "),
  );
  const labelText = error.saysItsVerdict
    ? ""
    : error.exitCode === ExitCode.outcomeUnknown
      ? say.printer.outcomeUnknown
      : say.printer.error;
  const tone = error.exitCode === ExitCode.outcomeUnknown || error instanceof PartlyDeliveredError ? "warn" : "bad";
  // The code is wrapped as one word, never `(…, HTTP` / `422)`: its spaces do not break a line.
  const group = keptWhole(where);
  const coded = `${error.messageIn(say)}${error.code === "USAGE" ? "" : ` (${group})`}`;
  const message = labelText ? wrap(coded, labelText) : wrapMessage(neutralize(coded), options.width, 0, 2);
  let codeAt = error.code === "USAGE" ? message.length : message.lastIndexOf(`(${where})`);
  while (codeAt > 0 && /\s/.test(message.charAt(codeAt - 1))) codeAt -= 1;
  // A message that says its verdict is painted as the label would be: its verdict is its first words.
  const said = labelText
    ? `${paint(tone, labelText)} ${message.slice(0, codeAt)}`
    : paint(tone, message.slice(0, codeAt));
  stderr.write(`${said}${paint("dim", message.slice(codeAt))}\n`);
  if (error.progress) stderr.write(`  ${wrapMessage(neutralize(error.progress), options.width, 2, 2)}\n`);
  // A line under the message (a file's row, a detail) wraps between words too, its next lines further
  // in than the next detail's name: the terminal would fold `dikembalikan` as `dikembal` / `ikan`.
  const under = (text: string) => stderr.write(`  ${wrapMessage(text, options.width, 2, 4)}\n`);
  const fieldErrors = error.details?.errors;
  if (fieldErrors && typeof fieldErrors === "object") {
    for (const [field, problems] of Object.entries(fieldErrors as Record<string, unknown>)) {
      const text = Array.isArray(problems) ? problems.map(String).join("; ") : String(problems);
      under(`${neutralize(field)}: ${neutralize(text)}`);
    }
  }
  for (const [key, value] of Object.entries(error.detailsSaid?.(say) ?? error.details ?? {})) {
    if (key === "errors" || key === "retryAfter" || typeof value === "object") continue;
    if (error.saidInMessage?.includes(key)) continue;
    under(detailLine(key, value, say));
  }
  if (error instanceof OutcomeUnknownError && error.refId)
    stderr.write(`  ref_id: ${paint("highlight", neutralize(error.refId))}\n`);
  if (error instanceof UnexpectedResponseError && error.bodyExcerpt.trim()) {
    under(`${say.printer.itBegan}: ${neutralize(error.bodyExcerpt.trim().slice(0, 120))}`);
  }
  // A hint may quote the service (an item's name, a channel's code).
  const suggestion = error.suggestionIn(say);
  if (suggestion) hint(suggestion);
  if (options.verbose && error.cause instanceof Error)
    under(`${say.printer.cause}: ${neutralize(error.cause.message)}`);
  return error.exitCode;
}

/** Details that are sums of money: said in Rupiah (`saldo: Rp 112.700`), never as a bare `112700`. */
const moneyDetails = new Set(["refunded", "balance", "total", "shortfall"]);

/**
 * A detail under an error or a warning, `name: value`, in the reader's words: a verdict as every other
 * human output says it ("delivery failed; charged, then refunded"), an earlier outcome as a verdict,
 * a time as the machine's local time, Rupiah as Rupiah; the rest (the service's words) neutralised.
 */
export function detailLine(key: string, value: unknown, say: Messages): string {
  const verdict = typeof value === "string" && Object.hasOwn(say.verdicts.charged, value) ? value : undefined;
  const shown =
    key === "outcome" && typeof value === "string"
      ? verdict
        ? `${String(say.verdicts[verdict as keyof typeof say.verdicts.charged])}; ${say.verdicts.charged[verdict as keyof typeof say.verdicts.charged]}`
        : value.replace(/_/g, " ")
      : key === "earlier_outcome" && verdict
        ? String(say.verdicts[verdict as keyof typeof say.verdicts.charged])
        : key === "earlier_at" && typeof value === "string"
          ? (formatLocalTime(value, say) ?? value)
          : moneyDetails.has(key) && typeof value === "number"
            ? formatRupiah(value)
            : String(value);
  return `${detailName(key, say)}: ${neutralize(shown)}`;
}

/** A detail's name in the reader's language (`refunded`: `dana dikembalikan`); one not in the catalogue as it came. */
function detailName(key: string, say: Messages): string {
  return (Object.hasOwn(say.printer.details, key) ? say.printer.details[key] : undefined) ?? key.replace(/_/g, " ");
}
