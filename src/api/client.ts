/**
 * The one HTTP client every command uses: joins `{base_url}/v1/...`, authenticates, times out,
 * retries what is safe to retry, and turns every failure into the error hierarchy.
 */
import {
  AuthError,
  InputError,
  InterruptedError,
  NetworkError,
  networkFailureWordsFor,
  ResellerError,
  ServiceError,
  UnexpectedResponseError,
  type Wording,
} from "../errors.js";
import type { Messages } from "../messages/messages.js";
import { maskApiKey } from "../config/mask.js";
import { isLoopback } from "../config/settings.js";
import { describeServiceCode, isDefiniteRefusal } from "./codes.js";
import { defaultSleep } from "./sleep.js";
import * as decode from "./decode.js";
import { AnswerBody, parseAnswer } from "./answer.js";
import { laneFor, type Lane } from "./transport.js";
import type {
  ApiResult,
  Balance,
  CreateTransactionRequest,
  CreatedTransaction,
  Item,
  LeaderboardEntry,
  ListedLock,
  OwnRanking,
  PaymentChannel,
  SandboxOrder,
  StockLock,
  TopUp,
  Transaction,
} from "./model.js";

export interface RetryPolicy {
  /** Further attempts after the first; stripe-node's default of 2. */
  maxRetries: number;
  /** The cap on one wait, whatever Retry-After says. */
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxRetries: 2, maxDelayMs: 5_000 };

/** Real answers are a few KB; a catalogue page a few hundred. Past this it is not an answer worth reading. */
export const defaultMaxAnswerBytes = 8 * 1024 * 1024;

/**
 * A streamed answer (the whole catalogue at once) is read up to this many bytes, sixty times the
 * largest live catalogue (4.3 MB): past it the service is not sending a catalogue, and the caller pages.
 */
export const defaultMaxStreamedBytes = 256 * 1024 * 1024;

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /**
   * The deadline of one request, connect to last byte; also the budget of a call's retries: a call
   * never runs past it by more than one wait, so `--timeout 30` means about 30 s, not 94.
   */
  timeoutMs: number;
  userAgent: string;
  /** The catalogue its retry and --verbose lines are worded in (the run's); its errors are worded where they are shown. */
  say: Messages;
  /** Answers larger than this are not read (default 8 MB). */
  maxAnswerBytes?: number;
  /** Streamed answers (the whole catalogue) larger than this are not read (default 256 MB). */
  maxStreamedBytes?: number;
  /** Told of each retry, for people ("retrying in 4 s, attempt 2 of 3"). */
  onRetry?: (message: string) => void;
  retry?: RetryPolicy;
  /** Receives one line per HTTP exchange, the key already redacted (`--verbose`). */
  log?: (line: string) => void;
  /** Aborts waiting (Ctrl-C). */
  signal?: AbortSignal;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** The environment whose proxy settings (HTTPS_PROXY, HTTP_PROXY, NO_PROXY) apply: the context passes its own; else the process's. */
  env?: Readonly<Record<string, string | undefined>>;
}

export interface RequestOptions {
  body?: unknown;
  /**
   * Whether a lost answer may be retried. Reads and requests carrying a ref_id are safe;
   * a stock lock is not (a retry could hold two locks).
   */
  retry: boolean;
  /** Called before each attempt (1-based): the journal records attempts here. */
  onAttempt?: (attempt: number) => void | Promise<void>;
  /** Called with each attempt's failure, retried or not: the journal learns whether any attempt may have landed. */
  onAttemptFailed?: (attempt: number, error: unknown) => void | Promise<void>;
}

/** The hooks a money-moving call accepts. */
export type AttemptHooks = Pick<RequestOptions, "onAttempt" | "onAttemptFailed">;

/**
 * Failures that happen before a byte of the request reached the service. Only these let a lost
 * purchase be reported as not sent (exit 4); after any other failure it may have been processed,
 * so it stays unknown until `reconcile` asks. ETIMEDOUT is not here: it can fire after the request left.
 */
const notReachedCodes = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

export class ServiceClient {
  readonly baseUrl: string;
  private readonly options: ClientOptions;
  private readonly retry: RetryPolicy;
  private lane: Lane | undefined;

  constructor(options: ClientOptions) {
    this.options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.retry = options.retry ?? defaultRetryPolicy;
  }

  // ---- one method per endpoint of the spec ----

  async getBalance(): Promise<ApiResult<Balance>> {
    return this.call("GET", "/v1/balance", { retry: true }, decode.decodeBalance);
  }

  async listChannels(): Promise<ApiResult<PaymentChannel[]>> {
    return this.call("GET", "/v1/balance/channels", { retry: true }, decode.decodeChannels);
  }

  /** A payment link: nothing is charged until the customer pays it, so a lost answer may be asked again. */
  async requestTopUp(amount: number, channel: string, hooks: AttemptHooks = {}): Promise<ApiResult<TopUp>> {
    return this.call("POST", "/v1/balance", { body: { amount, channel }, retry: true, ...hooks }, decode.decodeTopUp);
  }

  /** Safe to retry only because the ref_id makes the service refuse a second purchase. */
  async createTransaction(
    input: CreateTransactionRequest,
    hooks: AttemptHooks = {},
  ): Promise<ApiResult<CreatedTransaction>> {
    return this.call("POST", "/v1/trx", { body: input, retry: true, ...hooks }, decode.decodeCreatedTransaction);
  }

  async getTransaction(refOrInvoice: string): Promise<ApiResult<Transaction>> {
    return this.call(
      "GET",
      `/v1/trx/${pathSegment((say) => say.service.refOrInvoice, refOrInvoice)}`,
      { retry: true },
      decode.decodeTransaction,
    );
  }

  async getItem(id: number): Promise<ApiResult<Item>> {
    return this.call("GET", `/v1/item/${id}`, { retry: true }, decode.decodeItem);
  }

  /** `GET /v1/item`: a page of the catalogue, all of it (`perPage: "all"`), or what changed since `updatedSince`. */
  async listItems(
    query: import("./model.js").CatalogueQuery = {},
  ): Promise<ApiResult<import("./model.js").CataloguePage>> {
    const params = new URLSearchParams();
    if (query.page !== undefined) params.set("page", String(query.page));
    if (query.perPage !== undefined) params.set("per_page", String(query.perPage));
    if (query.updatedSince !== undefined) params.set("updated_since", query.updatedSince);
    if (query.category !== undefined) params.set("category", query.category);
    if (query.search !== undefined) params.set("search", query.search);
    const search = params.toString();
    return this.call("GET", `/v1/item${search ? `?${search}` : ""}`, { retry: true }, decode.decodeCatalogue);
  }

  /**
   * `GET /v1/item` read as it arrives, for an answer too large to hold (`per_page=all` of a big shop):
   * a 2xx body goes to `sink` chunk by chunk, up to `maxStreamedBytes`, not into memory; `sink.end()`
   * gives back the answer without its list, which is checked and decoded here as any answer is. One
   * attempt, within the timeout: the caller pages when it fails.
   */
  async streamItems(
    query: import("./model.js").CatalogueQuery,
    sink: { write(chunk: Uint8Array): void; end(): unknown },
    hooks: { onHandedOn?: () => void } = {},
  ): Promise<import("./model.js").CataloguePage> {
    const params = new URLSearchParams();
    if (query.page !== undefined) params.set("page", String(query.page));
    if (query.perPage !== undefined) params.set("per_page", String(query.perPage));
    if (query.updatedSince !== undefined) params.set("updated_since", query.updatedSince);
    const path = `/v1/item${params.size ? `?${params}` : ""}`;
    let answer: { body: AnswerBody; status: number };
    try {
      answer = await this.exchangeOnce("GET", path, undefined, 1, this.options.timeoutMs, { sink, ...hooks });
    } catch (error) {
      throw notOffered(error, "GET", path, undefined);
    }
    return decode.decodeCatalogue(answer.body.value);
  }

  async lockStock(
    itemId: number,
    quantity: number,
    lockDuration?: number,
    hooks: AttemptHooks = {},
  ): Promise<ApiResult<StockLock>> {
    const body: Record<string, number> = { item_id: itemId, quantity };
    if (lockDuration !== undefined) body.lock_duration = lockDuration;
    return this.call("POST", "/v1/item/lock", { body, retry: false, ...hooks }, decode.decodeLock);
  }

  /** The live service answers an empty list `404 {"message":"ITEM_NOT_FOUND"}`: no locks held, not an error. */
  async listLocks(): Promise<ApiResult<ListedLock[]>> {
    const now = this.options.now?.() ?? Date.now();
    try {
      return await this.call("GET", "/v1/item/lock", { retry: true }, (body) => decode.decodeLockList(body, now));
    } catch (error) {
      if (
        error instanceof ServiceError &&
        error.code === "ITEM_NOT_FOUND" &&
        (error.status === 404 || error.status < 300)
      )
        return { data: [], body: error.body, status: error.status };
      throw error;
    }
  }

  /** Releasing twice is harmless (the second says LOCK_RELEASED), so a lost answer may be retried. */
  async releaseLock(token: string): Promise<ApiResult<unknown>> {
    return this.call(
      "DELETE",
      `/v1/item/lock/${pathSegment((say) => say.service.lockToken, token)}`,
      { retry: true },
      (body) => body,
    );
  }

  async getLeaderboard(): Promise<ApiResult<LeaderboardEntry[]>> {
    return this.call("GET", "/v1/leaderboard", { retry: true }, decode.decodeLeaderboard);
  }

  async getOwnRanking(): Promise<ApiResult<OwnRanking>> {
    return this.call("GET", "/v1/leaderboard/profile", { retry: true }, decode.decodeOwnRanking);
  }

  async createSandboxOrder(
    input: { ref_id: string; item_id: number; quantity: number },
    hooks: AttemptHooks = {},
  ): Promise<ApiResult<SandboxOrder>> {
    return this.call("POST", "/v1/order/sandbox", { body: input, retry: true, ...hooks }, decode.decodeSandboxOrder);
  }

  /** Lets the process exit at once instead of waiting for idle keep-alive sockets. */
  async close(): Promise<void> {
    const lane = this.lane;
    this.lane = undefined;
    if (lane) await lane.destroy().catch(() => undefined);
  }

  // ---- the exchange itself ----

  private async call<T>(
    method: string,
    path: string,
    options: RequestOptions,
    read: (body: unknown) => T,
    what?: Wording,
  ): Promise<ApiResult<T>> {
    let answer: { body: AnswerBody; status: number };
    try {
      answer = await this.request(method, path, options);
    } catch (error) {
      throw notOffered(error, method, path, what);
    }
    const { body, status } = answer;
    try {
      return { data: read(body.value), body, status };
    } catch (error) {
      // The service did answer, with a success we cannot read: that is not a lost answer.
      if (error instanceof UnexpectedResponseError) {
        error.status = status;
        error.answered = true;
      }
      throw error;
    }
  }

  private async request(
    method: string,
    path: string,
    options: RequestOptions,
  ): Promise<{ body: AnswerBody; status: number }> {
    const say = this.options.say;
    const sleep = this.options.sleep ?? defaultSleep;
    const random = this.options.random ?? Math.random;
    // The budget is the service's time: it starts once the lane is loaded (see exchangeOnce).
    this.getLane().prepare();
    const budgetEnds = Date.now() + this.options.timeoutMs;
    for (let attempt = 1; ; attempt++) {
      await options.onAttempt?.(attempt);
      let retryAfterMs: number | undefined;
      let failure: unknown;
      try {
        return await this.exchangeOnce(method, path, options.body, attempt, Math.max(1_000, budgetEnds - Date.now()));
      } catch (error) {
        failure = error;
        await options.onAttemptFailed?.(attempt, error);
        const retryable = options.retry && isRetryable(error);
        if (!retryable || attempt > this.retry.maxRetries) throw error;
        if (error instanceof ServiceError && (error.status === 429 || error.status === 503))
          retryAfterMs = retryAfterOf(error);
      }
      // stripe-node's policy: min(0.5 * 2^(n-1), cap) seconds, times a random 0.5..1.
      const backoff = Math.min(500 * 2 ** (attempt - 1), this.retry.maxDelayMs) * (0.5 + random() / 2);
      const delay = retryAfterMs ?? backoff;
      const left = budgetEnds - Date.now();
      if (delay >= left) {
        // Waiting would outlast the command's budget: say so and stop, rather than sit silently.
        if (failure instanceof ResellerError && retryAfterMs !== undefined) {
          const { timeoutMs } = this.options;
          failure.suggestion = (say) =>
            say.service.waitPastTimeout(formatSeconds(retryAfterMs, say), formatSeconds(timeoutMs, say));
        }
        throw failure;
      }
      // A network failure in words (`the connection was closed`), a service's answer by its code.
      const words = failure instanceof NetworkError ? networkFailureWordsFor(failure.code, say) : undefined;
      const why = words
        ? say.service.lastFailed(words)
        : say.service.lastSaid(failure instanceof ResellerError ? failure.code : say.service.nothing);
      const line = say.service.retrying(
        method,
        path,
        formatSeconds(delay, say),
        attempt + 1,
        this.retry.maxRetries + 1,
        why,
      );
      this.options.log?.(line.charAt(0).toLowerCase() + line.slice(1));
      this.options.onRetry?.(line);
      await sleep(delay, this.options.signal);
    }
  }

  private getLane(): Lane {
    // One lane per client: keep-alive reuse across requests, and HTTPS_PROXY/HTTP_PROXY/NO_PROXY
    // honoured, except for this machine: a loopback address never goes through a proxy, which would
    // see the key (in clear text for http://localhost).
    this.lane ??= laneFor({
      baseUrl: this.baseUrl,
      connectTimeoutMs: Math.min(this.options.timeoutMs, 10_000),
      env: this.options.env ?? process.env,
      loopback: isLoopbackUrl(this.baseUrl),
      say: this.options.say,
    });
    return this.lane;
  }

  /**
   * Past its deadline or on Ctrl-C a call stops waiting at once, whatever undici is doing (its own
   * timers and a proxy's tunnel do not all heed the request's signal). Its agent is retired: later
   * calls get a new one, and it is destroyed, which ends whatever it still does, as soon as the other
   * requests on it (a bulk buy's) have ended, each within its own deadline.
   */
  private abandon(lane: Lane): void {
    if (this.lane === lane) this.lane = undefined;
    lane.retired = true;
  }

  private release(lane: Lane): void {
    lane.inFlight--;
    if (lane.retired && lane.inFlight === 0) void lane.destroy().catch(() => undefined);
  }

  /**
   * One request and its answer, within `deadlineMs`. With `streamed`, a 2xx body goes to its sink as it
   * comes (at most `maxStreamedBytes`) and the answer is what the sink's `end()` gives back.
   */
  private async exchangeOnce(
    method: string,
    path: string,
    body: unknown,
    attempt: number,
    deadlineMs: number,
    streamed?: StreamedAnswer,
  ): Promise<{ body: AnswerBody; status: number }> {
    const url = `${this.baseUrl}${path}`;
    const headers: Record<string, string> = {
      "x-apikey": this.options.apiKey,
      accept: "application/json",
      "user-agent": this.options.userAgent,
    };
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers["content-type"] = "application/json";
    const { log, say } = this.options;
    // The lane is loaded before the deadline and the time --verbose shows start: behind a proxy that
    // is undici, which the first request loads, 0.1-0.2 s on an idle machine and seconds on a loaded
    // one, our own code and not the service's time. Counted, a short --timeout ended there, before
    // anything was sent, and the service was said not to have answered in time.
    const lane = this.getLane();
    lane.prepare();
    const started = Date.now();
    log?.(
      `→ ${method} ${url}${attempt > 1 ? say.service.attempt(attempt) : ""}${streamed ? say.service.readAsItArrives : ""}  x-apikey: ${maskApiKey(this.options.apiKey)}${payload ? `  ${payload}` : ""}`,
    );

    let statusCode: number;
    let text: string;
    let skeleton: unknown;
    let retryAfter: string | undefined;
    // One deadline for the whole exchange: connect, proxy, headers and every byte of the body. A body
    // that drips a byte a second resets idle timers forever; this one it cannot.
    const deadline = AbortSignal.timeout(deadlineMs);
    const signal = this.options.signal ? AbortSignal.any([this.options.signal, deadline]) : deadline;
    const stopped = stopWaiting(signal);
    const maxBytes = this.options.maxAnswerBytes ?? defaultMaxAnswerBytes;
    const maxStreamed = this.options.maxStreamedBytes ?? defaultMaxStreamedBytes;
    // Set when the lane hands the request to a connected socket (after any proxy tunnel and TLS
    // handshake): a failure before that sent nothing, whatever its code.
    let handedOn = false;
    let sinkFailure: { error: unknown } | undefined;
    lane.inFlight++;
    try {
      if (controlCharacter.test(this.options.apiKey)) throw new KeyNotSendable();
      const response = await Promise.race([
        lane.send({
          method,
          url,
          headers,
          body: payload,
          timeoutMs: deadlineMs,
          signal,
          onHandedOn: () => {
            handedOn = true;
            streamed?.onHandedOn?.();
          },
        }),
        stopped.promise,
      ]);
      statusCode = response.statusCode;
      const ra = response.headers["retry-after"];
      retryAfter = Array.isArray(ra) ? ra[0] : ra;
      const declared = Number(response.headers["content-length"]);
      if (streamed && statusCode >= 200 && statusCode < 300) {
        let size = 0;
        const read = async () => {
          for await (const chunk of response.body) {
            size += chunk.length;
            if (size > maxStreamed) throw new AnswerTooLarge();
            try {
              streamed.sink.write(chunk);
            } catch (error) {
              // The sink's own failure (the disk, an entry it cannot read) is not the network's.
              throw (sinkFailure = { error });
            }
          }
        };
        try {
          await Promise.race([read(), stopped.promise]);
        } finally {
          response.body.destroy();
        }
        try {
          skeleton = streamed.sink.end();
        } catch (error) {
          throw (sinkFailure = { error });
        }
        text = say.service.bytesRead(size);
      } else {
        text = await Promise.race([readCapped(response.body, maxBytes, declared), stopped.promise]);
      }
    } catch (error) {
      if (sinkFailure && error === sinkFailure) throw sinkFailure.error;
      log?.(`← ${say.service.failedAfter(method, path, Date.now() - started, describeCause(error))}`);
      if (signal.aborted) this.abandon(lane);
      if (error instanceof AnswerTooLarge) throw tooLarge(method, path, streamed ? maxStreamed : maxBytes);
      if (error instanceof KeyNotSendable) throw keyNotSendable();
      throw toNetworkError(
        deadline.aborted && !this.options.signal?.aborted ? new DeadlinePassed(deadlineMs, say) : error,
        this.options.signal,
        this.baseUrl,
        method,
        handedOn,
      );
    } finally {
      stopped.dispose();
      this.release(lane);
    }
    // A new webhook secret is shown once, by the command itself; the exchange log never repeats it.
    const logged = path.endsWith("/webhook/secret")
      ? say.service.bodyWithheld
      : text.length > 2000
        ? `${text.slice(0, 2000)}…`
        : text;
    log?.(`← ${statusCode} ${method} ${path} (${Date.now() - started} ms) ${logged}`);

    const parsed =
      skeleton !== undefined ? new AnswerBody(JSON.stringify(skeleton), skeleton, false) : parseAnswer(text, say);
    if (statusCode >= 200 && statusCode < 300) {
      if (parsed === undefined) {
        const empty = text.trim() === "";
        throw new UnexpectedResponseError((say) => say.service.notJson(method, path, empty, statusCode), {
          status: statusCode,
          bodyExcerpt: text.slice(0, 200),
        });
      }
      // A 2xx that still says no (`{"success":false}`, or a bare error code and no data) is a refusal.
      const refusal = decode.refusalIn2xx(parsed.value);
      if (refusal) throw toServiceError(statusCode, parsed.value, text, method, path, undefined, attempt, refusal);
      return { body: parsed, status: statusCode };
    }
    throw toServiceError(statusCode, parsed?.value, text, method, path, retryAfter, attempt);
  }

  // ---- webhooks (the live service; not in the abstract spec) ----

  async getWebhook(): Promise<ApiResult<import("./model.js").WebhookSettings>> {
    return this.call("GET", "/v1/webhook", { retry: true }, decode.decodeWebhookSettings);
  }

  /** Setting the same address twice leaves the same configuration, so a lost answer may be asked again. */
  async updateWebhook(input: {
    callback_url: string;
    webhook_enabled?: boolean;
  }): Promise<ApiResult<import("./model.js").WebhookAnswer>> {
    return this.call("PUT", "/v1/webhook", { body: input, retry: true }, decode.decodeWebhookAnswer);
  }

  /** Not retried: a lost answer may still have sent the test event, and a second one would only confuse. */
  async sendWebhookTest(): Promise<ApiResult<import("./model.js").WebhookAnswer>> {
    return this.call("POST", "/v1/webhook/test", { retry: false }, decode.decodeWebhookAnswer);
  }

  /**
   * Retried on a lost answer: the secret that answer carried is gone either way (each call replaces
   * the last), and the retry's is one the user actually gets to see.
   */
  async createWebhookSecret(): Promise<ApiResult<import("./model.js").WebhookSecret>> {
    return this.call("POST", "/v1/webhook/secret", { retry: true }, decode.decodeWebhookSecret);
  }

  // ---- before paying, and afterwards (the live service; not in the abstract spec) ----

  /** Whose account a customer id is. It moves nothing, so a lost answer may be asked again. */
  async checkAccount(
    input: import("./model.js").AccountCheckRequest,
  ): Promise<ApiResult<import("./model.js").AccountCheckResult>> {
    return this.call(
      "POST",
      "/v1/item/validate",
      { body: input, retry: true },
      decode.decodeAccountCheck,
      (say) => say.service.endpoints.accountCheck,
    );
  }

  async listTransactions(
    query: import("./model.js").TransactionListQuery = {},
  ): Promise<ApiResult<import("./model.js").TransactionList>> {
    const params = new URLSearchParams();
    if (query.page !== undefined) params.set("page", String(query.page));
    if (query.perPage !== undefined) params.set("per_page", String(query.perPage));
    if (query.status !== undefined) params.set("status", query.status);
    const search = params.toString();
    return this.call(
      "GET",
      `/v1/trx${search ? `?${search}` : ""}`,
      { retry: true },
      decode.decodeTransactionList,
      (say) => say.service.endpoints.transactions,
    );
  }

  async getBalanceHistory(page?: number): Promise<ApiResult<import("./model.js").BalanceHistory>> {
    return this.call(
      "GET",
      `/v1/balance/mutations${page !== undefined ? `?page=${page}` : ""}`,
      { retry: true },
      decode.decodeBalanceHistory,
      (say) => say.service.endpoints.balanceHistory,
    );
  }
}

/** A refusal that gave no words of its own; known by identity, so a 404 that said nothing is told from one that did. */
const refused: Wording = (say) => say.service.refused;

/**
 * A 404 that names nothing of the service's own (its router's ROUTE_NOT_FOUND, Laravel's "The route …
 * could not be found", a bare 404 page) says the endpoint is not there: this service does not offer
 * it. Not-found answers about things (ITEM_NOT_FOUND, TRX_NOT_FOUND) are left as they are.
 */
function notOffered(error: unknown, method: string, path: string, what: Wording | undefined): unknown {
  // A bare 404 ("Not Found", or nothing said) too; one that says in words what was not found is left alone.
  const routeAnswer = (e: ServiceError) =>
    /^(ROUTE_NOT_FOUND|NOT_FOUND|ENDPOINT_NOT_FOUND)$/.test(e.code) ||
    /\broute\b.*\bnot (be )?found\b/i.test(e.message) ||
    (e.code === "HTTP_404" && (/^not found\.?$/i.test(e.message.trim()) || e.said === refused));
  const isRoute =
    (error instanceof ServiceError && error.status === 404 && routeAnswer(error)) ||
    (error instanceof UnexpectedResponseError && error.status === 404);
  if (!isRoute) return error;
  const endpoint = `${method} ${path.split("?")[0]}`;
  const body = error instanceof ServiceError ? error.body : undefined;
  const said = new ServiceError(
    404,
    "ROUTE_NOT_FOUND",
    (say) => say.service.notOffered(what ? say.service.endpointIs(what(say), endpoint) : endpoint),
    body,
    {
      suggestion: (say) => say.service.notOfferedHint,
      definite: true,
    },
  );
  if (error instanceof ServiceError) said.attempt = error.attempt;
  return said;
}

/**
 * One path segment, percent-encoded. `.`, `..` and the empty string survive encoding and would
 * make the URL name another endpoint (`lock release .` released nothing and said "Released").
 */
function pathSegment(what: Wording, value: string): string {
  if (value.trim() === "" || value === "." || value === "..") {
    throw new InputError((say) =>
      value === "" ? say.service.emptySegment(what(say)) : say.service.notASegment(value, what(say)),
    );
  }
  return encodeURIComponent(value);
}

class AnswerTooLarge extends Error {}

/** Where a streamed answer's 2xx body goes (see exchangeOnce). */
interface StreamedAnswer {
  sink: { write(chunk: Uint8Array): void; end(): unknown };
  onHandedOn?: () => void;
}

class KeyNotSendable extends Error {}

/** A control character (a pasted line break) cannot go in an HTTP header; Node would refuse it anyway. */
const controlCharacter = /[\u0000-\u001f\u007f]/;

function keyNotSendable(): NetworkError {
  return new NetworkError("API_KEY_NOT_SENDABLE", (say) => say.service.keyNotSendable, false, {
    suggestion: (say) => say.service.keyNotSendableHint,
  });
}

/** Node's and OpenSSL's names for a certificate that did not verify. */
const certificateCodes =
  /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY|DECRYPT)|ERR_TLS_CERT_ALTNAME_INVALID|HOSTNAME_MISMATCH/;

const isLoopbackUrl = (baseUrl: string): boolean => {
  try {
    return isLoopback(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
};

/** A promise that rejects when `signal` aborts, for racing what a lane may never end (undici through a stuck proxy); dispose() when done. */
function stopWaiting(signal: AbortSignal): { promise: Promise<never>; dispose(): void } {
  let stop: () => void = () => undefined;
  const promise = new Promise<never>((_, reject) => {
    stop = () => reject(signal.reason);
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
  });
  promise.catch(() => undefined);
  return { promise, dispose: () => signal.removeEventListener("abort", stop) };
}

class DeadlinePassed extends Error {
  readonly code = "TIMEOUT";
  // Plain text, not a wording: it is only ever a cause, which --verbose shows as it is.
  constructor(ms: number, say: Messages) {
    super(say.service.noCompleteAnswer(formatSeconds(ms, say)));
  }
}

/** The body, read only up to `maxBytes`: a 700 MB answer is refused after 8 MB, not held in memory. */
async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(): unknown },
  maxBytes: number,
  declared: number,
): Promise<string> {
  if (Number.isFinite(declared) && declared > maxBytes) {
    body.destroy();
    throw new AnswerTooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw new AnswerTooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function tooLarge(method: string, path: string, maxBytes: number): NetworkError {
  // It did answer, so a purchase may have gone through: for money this leads to "outcome unknown".
  return new NetworkError(
    "ANSWER_TOO_LARGE",
    (say) => say.service.tooLarge(method, path, Math.round(maxBytes / 1024 / 1024)),
    true,
    { suggestion: (say) => say.service.tooLargeHint },
  );
}

function formatSeconds(ms: number, say: Messages): string {
  return say.service.seconds(ms < 10_000 ? (ms / 1000).toFixed(1).replace(/\.0$/, "") : String(Math.round(ms / 1000)));
}

/**
 * Whether asking again could bring a different answer. Safety is not the question here: every purchase
 * carries its ref_id, so a repeat that lands twice is refused by the service (REF_ID_ALREADY_EXIST).
 */
function isRetryable(error: unknown): boolean {
  // Reading a huge answer again would only download it again.
  // Nor a certificate that did not verify, or a key that cannot be sent: the same would happen again.
  if (error instanceof NetworkError)
    return (
      error.code !== "ANSWER_TOO_LARGE" && error.code !== "TLS_CERTIFICATE" && error.code !== "API_KEY_NOT_SENDABLE"
    );
  // A definite refusal (PRODUCT_TEMPORARILY_UNAVAILABLE) is an answer: asking again at once changes nothing.
  if (error instanceof ServiceError) return (error.status >= 500 && !error.definite) || error.status === 429;
  // A page that is not JSON with a 5xx is a gateway's: the service behind it may answer next time.
  if (error instanceof UnexpectedResponseError) return (error.status ?? 0) >= 500;
  return false;
}

function retryAfterOf(error: ServiceError): number | undefined {
  const header = error.details?.retryAfter;
  if (typeof header !== "string") return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function describeCause(error: unknown): string {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return [e?.code ?? e?.cause?.code, e?.message ?? String(error)].filter(Boolean).join(" ");
}

function errorCodeOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  if (
    typeof e?.code === "string" &&
    e.code !== "UND_ERR_CONNECT_TIMEOUT" &&
    e.cause &&
    typeof e.cause.code === "string"
  )
    return e.cause.code;
  if (typeof e?.code === "string") return e.code;
  if (typeof e?.cause?.code === "string") return e.cause.code;
  return undefined;
}

function toNetworkError(
  error: unknown,
  signal: AbortSignal | undefined,
  baseUrl: string,
  method: string,
  handedOn: boolean,
): Error {
  if (signal?.aborted)
    return handedOn
      ? new InterruptedError((say) => say.errors.interrupted)
      : new InterruptedError((say) => say.errors.interruptedNothingSent, { nothingInFlight: true });
  const code = errorCodeOf(error) ?? "NETWORK_ERROR";
  if (certificateCodes.test(code)) {
    return new NetworkError("TLS_CERTIFICATE", (say) => say.service.certificate(baseUrl, code), false, {
      cause: error,
      suggestion: (say) => say.service.certificateHint,
    });
  }
  const reached = handedOn && !notReachedCodes.has(code);
  const timedOut = code.includes("TIMEOUT") || code === "ETIMEDOUT";
  // The failure in plain words (`the connection was closed`); the code stays for scripts and --json.
  const message: Wording = (say) => {
    const words = timedOut ? undefined : networkFailureWordsFor(code, say);
    const said = say.service;
    const what = !handedOn
      ? timedOut
        ? said.notReachedInTime
        : said.notReached
      : timedOut
        ? said.noAnswerInTime
        : reached
          ? words
            ? said.noAnswer
            : said.dropped
          : said.notReached;
    return said.unreachable(baseUrl, what, words ?? "", !handedOn);
  };
  const suggestion: Wording = (say) =>
    reached && method !== "GET" ? say.service.mayHaveBeenProcessed : say.service.checkNetwork;
  return new NetworkError(code, message, reached, { cause: error, suggestion });
}

function toServiceError(
  status: number,
  body: unknown,
  text: string,
  method: string,
  path: string,
  retryAfter: string | undefined,
  attempt: number,
  codeIn2xx?: string,
): Error {
  const record = decode.isRecord(body) ? body : undefined;
  if (!record) {
    const empty = text.trim() === "";
    return new UnexpectedResponseError((say) => say.service.pageNotJson(method, path, status, empty), {
      status,
      bodyExcerpt: text.slice(0, 200),
    });
  }
  const said =
    typeof record.message === "string"
      ? record.message.trim()
      : typeof record.error === "string"
        ? record.error.trim()
        : "";
  // `INVALID_IP=203.0.113.9`: the live service may append a detail to its code.
  const looksLikeCode = /^[A-Z][A-Z0-9_]{2,}(=\S*)?$/.test(said);
  const givenCode =
    codeIn2xx ??
    (looksLikeCode ? said : typeof record.code === "string" && record.code.trim() ? record.code.trim() : undefined);
  const code = givenCode ?? `HTTP_${status}`;
  const known = describeServiceCode(code);
  const fieldErrors = decode.isRecord(record.errors) ? record.errors : undefined;
  // The code and status are said once, beside the message, by the error printer.
  const message = known?.message ?? (said && !looksLikeCode ? said : refused);
  const details: Record<string, unknown> = {};
  if (fieldErrors) details.errors = fieldErrors;
  if (retryAfter !== undefined) details.retryAfter = retryAfter;
  const options = { suggestion: known?.suggestion, details: Object.keys(details).length ? details : undefined };
  if (status === 401 || status === 403)
    return new AuthError(code, message, {
      status,
      ...options,
      suggestion: known?.suggestion ?? ((say) => say.service.checkKey),
    });
  const error = new ServiceError(status, code, message, body, {
    ...options,
    definite: codeIn2xx !== undefined || isDefiniteRefusal(status, code, givenCode !== undefined),
  });
  error.attempt = attempt;
  return error;
}
