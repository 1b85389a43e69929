/**
 * The one error hierarchy of `reseller`. Handlers throw these; only the error printer
 * (src/output/print-error.ts) turns them into text and an exit code.
 */
import { en, type Messages } from "./messages/en.js";

/**
 * Words not yet in a language: code below the output layer says what happened as a wording, and the
 * edge (the error printer, a renderer) words it in the reader's catalogue. A plain string is text that
 * needs no words of ours (the service's own message, jq's).
 */
export type Wording = (say: Messages) => string;
export type Said = string | Wording;

/** `said` in the catalogue given. */
export function wordIn(said: Said, catalogue: Messages): string;
export function wordIn(said: Said | undefined, catalogue: Messages): string | undefined;
export function wordIn(said: Said | undefined, catalogue: Messages): string | undefined {
  return typeof said === "function" ? said(catalogue) : said;
}

/** `where` said before `what`: a value's name in a file (`orders.csv line 2: item_id`), or a message placed. */
export function placed(where: Said, what: Said): Said {
  return typeof where === "string" && typeof what === "string"
    ? `${where}${what}`
    : (say) => `${wordIn(where, say)}${wordIn(what, say)}`;
}

export const ExitCode = {
  ok: 0,
  refused: 1,
  usage: 2,
  auth: 3,
  unreachable: 4,
  outcomeUnknown: 5,
  interrupted: 130,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

export interface ErrorDetails {
  [key: string]: unknown;
}

export abstract class ResellerError extends Error {
  abstract readonly exitCode: ExitCodeValue;
  /** A stable, machine-readable code: the service's own code when it gave one. */
  readonly code: string;
  /** What the error says, before it is worded: `message` is it in English, `messageIn` in the reader's words. */
  said: Said;
  /** What the user can do next, one line. */
  suggestion?: Said;
  details?: ErrorDetails;
  status?: number;
  /**
   * What was under way when it failed, said by the code that knows it (how far a catalogue fetch
   * got): printed on its own line under the message, which stays the raiser's own words.
   */
  progress?: string;
  /**
   * The details as the reader's language says them, where they are sentences (an orders file's rows):
   * printed for people instead of `details`, which --json keeps the same in every language.
   */
  detailsSaid?: (say: Messages) => Readonly<Record<string, string>>;
  /**
   * The details the message already says (the balance in `Your balance of Rp 2.477.000 cannot cover
   * …`): --json keeps them, the screen does not say them again under the message.
   */
  saidInMessage?: readonly string[];
  /**
   * The message begins with the verdict it is (`Delivery failed:`, `Partly delivered:`): printed
   * without the printer's `Error:`, which would say it twice (`Gagal: Pengiriman gagal: …`).
   */
  readonly saysItsVerdict: boolean = false;

  constructor(
    code: string,
    message: Said,
    options: { suggestion?: Said; details?: ErrorDetails; cause?: unknown } = {},
  ) {
    super("", options.cause === undefined ? undefined : { cause: options.cause });
    this.said = message;
    // `message` stays Error's string (logs, causes, a test's expectation): the English words, kept in step with `said`.
    Object.defineProperty(this, "message", {
      get: () => wordIn(this.said, en),
      set: (text: string) => {
        this.said = text;
      },
      configurable: true,
    });
    this.name = new.target.name;
    this.code = code;
    this.suggestion = options.suggestion;
    this.details = options.details;
  }

  /** The message in the reader's catalogue. */
  messageIn(catalogue: Messages): string {
    return wordIn(this.said, catalogue);
  }

  /** The suggestion in the reader's catalogue. */
  suggestionIn(catalogue: Messages): string | undefined {
    return wordIn(this.suggestion, catalogue);
  }
}

/** Bad flags or input: nothing was sent. */
export class UsageError extends ResellerError {
  readonly exitCode = ExitCode.usage;
  constructor(message: Said, options: { code?: string; suggestion?: Said; details?: ErrorDetails } = {}) {
    super(options.code ?? "USAGE", message, options);
  }
}

/** A value the user gave (a flag, a file, a setting) breaks a rule: nothing was sent. */
export class InputError extends UsageError {
  constructor(message: Said, options: { suggestion?: Said; details?: ErrorDetails } = {}) {
    super(message, { ...options, code: "INVALID_INPUT" });
  }
}

/** The service answered with an error code (4xx/5xx). */
export class ServiceError extends ResellerError {
  readonly exitCode = ExitCode.refused;
  override status: number;
  /** The parsed body as received, for `--json` and for field details. */
  readonly body: unknown;
  /** Which attempt this answered; above 1 means an earlier attempt's fate was unknown. */
  attempt = 1;
  /**
   * The service's definite "no" (a 4xx, or a 5xx naming one of its own codes): nothing happened.
   * False for a 5xx that says nothing usable, which may have come after a purchase was committed.
   */
  readonly definite: boolean;
  constructor(
    status: number,
    code: string,
    message: Said,
    body: unknown,
    options: { suggestion?: Said; details?: ErrorDetails; definite?: boolean } = {},
  ) {
    super(code, message, options);
    this.status = status;
    this.body = body;
    this.definite = options.definite ?? status < 500;
  }
}

/** 401/403 from the service, or no API key configured. */
export class AuthError extends ResellerError {
  readonly exitCode = ExitCode.auth;
  constructor(
    code: string,
    message: Said,
    options: { status?: number; suggestion?: Said; details?: ErrorDetails } = {},
  ) {
    super(code, message, options);
    this.status = options.status;
  }
}

/**
 * The service could not be reached or did not answer in time. `mayHaveReached` tells whether the
 * request could have been processed: a refused connection never reached it, a read timeout may have.
 */
export class NetworkError extends ResellerError {
  readonly exitCode = ExitCode.unreachable;
  readonly mayHaveReached: boolean;
  constructor(
    code: string,
    message: Said,
    mayHaveReached: boolean,
    options: { cause?: unknown; suggestion?: Said } = {},
  ) {
    super(code, message, options);
    this.mayHaveReached = mayHaveReached;
  }
}

/** The service answered, but not with the JSON we expect (an HTML error page, an empty body, a wrong shape). */
export class UnexpectedResponseError extends ResellerError {
  readonly exitCode = ExitCode.refused;
  readonly bodyExcerpt: string;
  /** The service answered with a success whose content could not be read (so the request did happen). */
  answered = false;
  constructor(message: Said, options: { status?: number; bodyExcerpt?: string; details?: ErrorDetails } = {}) {
    super("UNEXPECTED_RESPONSE", message, {
      details: options.details,
      suggestion: (say) => say.errors.unexpectedResponseHint,
    });
    this.status = options.status;
    this.bodyExcerpt = options.bodyExcerpt ?? "";
  }
}

/** A money-moving request was sent and no answer could be had: it may or may not have happened. */
export class OutcomeUnknownError extends ResellerError {
  readonly exitCode = ExitCode.outcomeUnknown;
  /** The purchase's ref_id; null for requests that carry none (a stock lock, a top-up). */
  readonly refId: string | null;
  constructor(
    refId: string | null,
    message: Said,
    options: { cause?: unknown; suggestion?: Said; details?: ErrorDetails } = {},
  ) {
    super("OUTCOME_UNKNOWN", message, {
      ...options,
      suggestion:
        options.suggestion ??
        ((say) => (refId ? say.errors.outcomeUnknownHint(refId) : say.errors.outcomeUnknownHintNoRef)),
    });
    this.refId = refId;
  }
}

/** Ctrl-C, at a prompt or while waiting. */
export class InterruptedError extends ResellerError {
  readonly exitCode = ExitCode.interrupted;
  /** Stopped with no request of ours in flight: before one was written to a socket (connecting, a proxy's CONNECT), or between attempts. */
  readonly nothingInFlight: boolean;
  /** Stopped while a money request was in flight: its outcome is unknown until it is settled. */
  readonly inFlight: boolean;
  constructor(
    message: Said = (say) => say.errors.interrupted,
    options: { suggestion?: Said; nothingInFlight?: boolean; inFlight?: boolean } = {},
  ) {
    super("INTERRUPTED", message, options);
    this.nothingInFlight = options.nothingInFlight === true;
    this.inFlight = options.inFlight === true;
  }
}

/**
 * What the service says it does not offer, known before asking (an item whose account check is
 * `available: false`): exit 1 like a refusal, said plainly, nothing sent.
 */
export class NotOfferedError extends ResellerError {
  readonly exitCode = ExitCode.refused;
}

/**
 * A purchase that was made but whose delivery failed (an H2H dispatch refused by the provider, an
 * order the service failed or canceled), found by `buy --wait` or `trx show --watch`: exit 1, the
 * provider's words in the details. The transaction itself is printed before it.
 */
export class DeliveryFailedError extends ResellerError {
  readonly exitCode = ExitCode.refused;
  override readonly saysItsVerdict = true;
  constructor(message: Said, options: { suggestion?: Said; details?: ErrorDetails } = {}) {
    super("DELIVERY_FAILED", message, options);
  }
}

/**
 * A purchase of which part was delivered and the rest refunded (an SMM order the panel finished
 * Partial, a cart with a failed line): exit 1, since not everything paid for arrived.
 */
export class PartlyDeliveredError extends ResellerError {
  readonly exitCode = ExitCode.refused;
  override readonly saysItsVerdict = true;
  constructor(message: Said, options: { suggestion?: Said; details?: ErrorDetails } = {}) {
    super("PARTLY_DELIVERED", message, options);
  }
}

/**
 * What a network failure code means, in words a reseller reads: `UND_ERR_SOCKET` is "the connection was
 * closed". The code stays the error's code (scripts read it in --json); people read these words.
 */
export function networkFailureWordsFor(code: string, say: Messages): string | undefined {
  const words: Readonly<Record<string, string>> = say.errors.network;
  return Object.hasOwn(words, code) ? words[code] : undefined;
}

/**
 * A value the code has just made sure of (an index taken from the same list, a purchase's ref_id): missing only through
 * a bug, which is then said as one instead of failing later on `undefined`.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`internal error: ${what} is missing`);
  return value;
}
