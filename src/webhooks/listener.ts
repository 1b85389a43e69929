/**
 * The receiving end of the service's webhooks: a small HTTP server that takes POSTs on one path,
 * verifies each body's signature, answers a delivery it already handled with 2xx at once, and hands
 * every new one to `handle` before answering, so a failed hand-off leaves the retry to the service.
 *
 * It is exposed to whatever can reach it, so it is bounded like any public endpoint: a body size
 * limit, deadlines for the headers and for the whole request, a cap on open connections, and no
 * request, however malformed, stops it from serving the next.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeWebhookEvent } from "../api/decode.js";
import type { WebhookEvent } from "../api/model.js";
import { UsageError } from "../errors.js";
import { signatureMatches, signedFieldsOf } from "./signature.js";

/** Real events are a few KB; a cart of many licences a few tens. */
export const maxEventBytes = 1024 * 1024;
export const headersTimeoutMs = 10_000;
/** The whole request, headers and body: a sender dripping a byte a second is cut off here. */
export const requestTimeoutMs = 30_000;
export const maxConnections = 64;
export const webhookPath = "/webhook";

/** One verified delivery. */
export interface Delivery {
  event: WebhookEvent;
  /** The body exactly as it came, for --forward-to, --exec and --json. */
  body: Buffer;
  value: unknown;
  headers: IncomingHttpHeaders;
  /** The status text the signature covered (`data.status`, `item.sent`, `test`). */
  signedStatus: string;
}

/** What became of a delivery: handed on (2xx), or not (5xx, so the service tries again). */
export type Handled = { ok: true } | { ok: false; status: 500 | 502; reason: string };

export interface ListenerOptions {
  host: string;
  port: number;
  secret: string;
  /** The name of a delivery, the same for every attempt the service makes at it. */
  keyOf(delivery: Delivery): string;
  /** Whether this delivery was already handed on, by this run or an earlier one. */
  alreadyHandled(key: string): boolean;
  /** Hands one new delivery on; resolves with what happened. Never called twice at once for one delivery. */
  handle(delivery: Delivery, key: string): Promise<Handled>;
  /** A line for the person watching: refusals, duplicates. */
  say(line: string): void;
  /** Tighter bounds than the defaults (tests). */
  limits?: Partial<Limits>;
}

export interface Limits {
  maxBodyBytes: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

export interface RunningListener {
  url: string;
  /** Stops taking requests; lets the ones being handled finish (up to a few seconds), then closes. */
  close(): Promise<void>;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export async function startWebhookListener(options: ListenerOptions): Promise<RunningListener> {
  const inFlight = new Map<string, Promise<Handled>>();
  const limits: Limits = { maxBodyBytes: maxEventBytes, headersTimeoutMs, requestTimeoutMs, ...options.limits };
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node looks for expired requests only this often (30 s by default), which would stretch the deadlines.
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
      maxHeaderSize: 16 * 1024,
    },
    (request, response) => {
      void serve(request, response);
    },
  );
  server.maxConnections = maxConnections;
  server.keepAliveTimeout = 5_000;
  // A request too broken to parse, or too slow to arrive: answered and closed; the server goes on.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
    const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
    options.say(`Refused a request from ${(socket as { remoteAddress?: string }).remoteAddress ?? "?"}: ${timedOut ? "it did not arrive in time" : "it is not HTTP reseller can read"}; answered ${timedOut ? 408 : 400}.`);
    socket.end(`HTTP/1.1 ${timedOut ? "408 Request Timeout" : "400 Bad Request"}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  });

  const from = (request: IncomingMessage) => request.socket.remoteAddress ?? "?";

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const path = (request.url ?? "").split("?")[0];
      if (path !== webhookPath) throw new Refusal(404, `nothing here; webhooks go to ${webhookPath}`);
      if (request.method !== "POST") throw new Refusal(405, "only POST", { allow: "POST" });
      const body = await readBody(request, limits.maxBodyBytes);
      let value: unknown;
      try {
        value = JSON.parse(body.toString("utf8"));
      } catch {
        throw new Refusal(400, "the body is not JSON");
      }
      const header = (name: string) => {
        const v = request.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const event = decodeWebhookEvent(value, header("x-event"));
      const signature = header("x-signature");
      if (!signatureMatches(event.event, value, options.secret, signature)) {
        options.say(
          `Refused ${event.event}${event.refId ? ` for ${event.refId}` : ""} from ${from(request)}: ${signature ? "the signature does not match (another secret, or a changed body)" : "no X-Signature header"}; answered 401.`,
        );
        return answer(response, 401, { status: "error", message: "invalid signature" });
      }
      const delivery: Delivery = { event, body, value, headers: request.headers, signedStatus: signedFieldsOf(event.event, value).status };
      const key = options.keyOf(delivery);
      if (options.alreadyHandled(key)) {
        options.say(`Already handled ${event.event}${event.refId ? ` for ${event.refId}` : ""} (the service tried again); answered 200.`);
        return answer(response, 200, { status: "ok", duplicate: true });
      }
      // Two attempts at one delivery arriving together share one hand-off and its outcome.
      let handling = inFlight.get(key);
      if (!handling) {
        handling = options.handle(delivery, key).finally(() => inFlight.delete(key));
        inFlight.set(key, handling);
      }
      const handled = await handling;
      if (handled.ok) return answer(response, 200, { status: "ok" });
      return answer(response, handled.status, { status: "error", message: handled.reason });
    } catch (error) {
      if (error instanceof Refusal) {
        if (error.status !== 404 || request.method === "POST") options.say(`Refused ${request.method} ${(request.url ?? "").slice(0, 80)} from ${from(request)}: ${error.message}; answered ${error.status}.`);
        return answer(response, error.status, { status: "error", message: error.message }, error.headers);
      }
      options.say(`Could not handle a request from ${from(request)}: ${(error as Error).message}; answered 500.`);
      return answer(response, 500, { status: "error", message: "internal error" });
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") reject(new UsageError(`Port ${options.port} on ${options.host} is already in use.`, { code: "PORT_IN_USE", suggestion: "Pick another with --port, or --port 0 for a free one." }));
      else if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND") reject(new UsageError(`Cannot listen on ${options.host}: it is not an address of this machine.`, { code: "BAD_HOST" }));
      else if (error.code === "EACCES") reject(new UsageError(`Not allowed to listen on port ${options.port}.`, { code: "PORT_NOT_ALLOWED", suggestion: "Ports below 1024 need privileges; pick one above." }));
      else reject(error);
    });
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}${webhookPath}`,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Hand-offs under way finish (their answers are worth sending); a stuck one is cut off.
      await Promise.race([Promise.allSettled([...inFlight.values()]), new Promise((r) => setTimeout(r, 5_000).unref())]);
      server.closeAllConnections();
      await closed;
    },
  };
}

async function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new Refusal(413, `the body is larger than ${Math.round(maxBytes / 1024)} KB`, { connection: "close" });
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of request as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    // The sender went away, or the deadline closed the request while its body dripped in.
    throw new Refusal(408, "the body did not arrive in time", { connection: "close" });
  }
  return Buffer.concat(chunks);
}

function answer(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.headersSent) return;
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  response.end(text);
  // A request refused before its body was read: the rest of it is not waited for.
  if (headers.connection === "close") response.once("finish", () => response.socket?.destroySoon?.());
}
