/**
 * The receiving end of the service's webhooks: a small HTTP server that takes POSTs on one path,
 * verifies each body's signature and that the event is what its signed status says, and answers 2xx
 * as soon as `accept` has written the delivery down. Handing it on happens after, from a queue, so the
 * answer never waits on a slow target, a journal or the service (which gives a delivery about 10 s).
 *
 * It is exposed to whatever can reach it, so it is bounded like any public endpoint: a body size
 * limit, deadlines for the headers and for the whole request, a cap on open connections per peer and
 * in all (a new connection over the cap closes the oldest one that has been stalled for a second
 * without a whole request, so slow senders crowd out only each other), and no request, however
 * malformed, stops it from serving the next: every failure inside one is answered 500 and said.
 * Behind a tunnel every sender is 127.0.0.1, so the per-peer cap is generous and only stalled
 * connections ever make room.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { decodeWebhookEvent } from "../api/decode.js";
import type { WebhookEvent } from "../api/model.js";
import { UsageError } from "../errors.js";
import { en, type Messages } from "../messages/en.js";
import { eventMismatch, signatureMatches, signedFieldsOf, type SignedFields } from "./signature.js";

/** Real events are a few KB; a cart of many licences a few tens. */
export const maxEventBytes = 1024 * 1024;
export const headersTimeoutMs = 10_000;
/** The whole request, headers and body: a sender dripping a byte a second is cut off here. */
export const requestTimeoutMs = 30_000;
/** Open connections from one address; over it, that address's oldest stalled one is closed. */
export const maxConnectionsPerPeer = 256;
export const maxConnections = 1_024;
/** A connection without a whole request this long after it opened (or after its last answer) is stalled. */
export const stalledAfterMs = 1_000;
export const webhookPath = "/webhook";

/** One verified delivery. */
export interface Delivery {
  /** The event as the body tells it, under the checked event name. */
  event: WebhookEvent;
  /** The body exactly as it came. */
  body: Buffer;
  value: unknown;
  headers: IncomingHttpHeaders;
  /** What the signature covered (`data.status`, or the literal `item.sent` / `test`). */
  signed: SignedFields;
  receivedAt: number;
}

export interface ListenerOptions {
  host: string;
  port: number;
  secret: string;
  /** Refuse deliveries whose X-Timestamp is further than this from now (--max-age); off when absent. */
  maxAgeMs?: number;
  now(): number;
  /**
   * Writes a verified delivery down before it is answered; "duplicate" when it had come before (the
   * service retried). A failure here is answered 500, so the service tries again.
   */
  accept(delivery: Delivery): Promise<"new" | "duplicate">;
  /** A line for the person watching: refusals, duplicates. */
  tell(line: string): void;
  /** The catalogue those lines are worded in. */
  say: Messages;
  /** Tighter bounds than the defaults (tests). */
  limits?: Partial<Limits>;
}

export interface Limits {
  maxBodyBytes: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  maxConnectionsPerPeer: number;
  maxConnections: number;
  stalledAfterMs: number;
}

export interface RunningListener {
  url: string;
  /** Stops taking requests; lets the ones being answered finish (up to a few seconds), then closes. */
  close(): Promise<void>;
}

/**
 * A request refused: its answer's `message` is for the sender, a program, so it stays English;
 * the line on stderr is for the person watching, in their language.
 */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly why: (words: Messages["listener"]) => string,
    readonly headers: Record<string, string> = {},
  ) {
    super(why(en.listener));
  }
}

/** A connection, and whether it carries a whole request being answered (never closed to make room). */
interface Tracked {
  socket: Socket;
  peer: string;
  answering: boolean;
  /** When it opened, or last finished an answer: waiting since then for a whole request. */
  since: number;
}

export async function startWebhookListener(options: ListenerOptions): Promise<RunningListener> {
  const limits: Limits = {
    maxBodyBytes: maxEventBytes,
    headersTimeoutMs,
    requestTimeoutMs,
    maxConnectionsPerPeer,
    maxConnections,
    stalledAfterMs,
    ...options.limits,
  };
  const answering = new Set<Promise<void>>();
  const tracked = new WeakMap<Socket, Tracked>();
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node looks for expired requests only this often (30 s by default), which would stretch the deadlines.
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
      maxHeaderSize: 16 * 1024,
    },
    (request, response) => {
      const connection = request.socket ? tracked.get(request.socket) : undefined;
      const served = serve(request, response, connection, options, limits.maxBodyBytes).catch((error: unknown) => {
        // serve() answers its own failures; this is the last guard, so nothing ever ends the process.
        options.tell(options.say.listener.couldNotAnswer((error as Error)?.message ?? String(error)));
        request.socket?.destroy();
      });
      answering.add(served);
      void served.finally(() => answering.delete(served));
    },
  );
  server.keepAliveTimeout = 5_000;
  capConnections(server, limits, tracked);
  answerBrokenRequests(server, options.tell, options.say);
  await listen(server, options.port, options.host);
  // Once listening, a server error (too many open files) is said; it never ends the process.
  server.on("error", (error: NodeJS.ErrnoException) =>
    options.tell(options.say.listener.problem(error.code ?? error.message)),
  );
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}${webhookPath}`,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Answers under way finish (each is a delivery written down); a stuck one is cut off.
      await Promise.race([Promise.allSettled([...answering]), new Promise((r) => setTimeout(r, 5_000).unref())]);
      server.closeAllConnections();
      await closed;
    },
  };
}

/**
 * Counts the open connections per peer and in all; over a cap, the oldest stalled one makes room,
 * else the new one is closed. Each connection is noted in `tracked`, for its requests to mark.
 */
function capConnections(server: Server, limits: Limits, tracked: WeakMap<Socket, Tracked>): void {
  const connections = new Map<string, Set<Tracked>>();
  let open = 0;
  /** Closes the oldest stalled connection of `pool`; false when none is stalled. */
  const makeRoom = (pool: Iterable<Tracked>, except: Tracked): boolean => {
    const stalledBefore = performance.now() - limits.stalledAfterMs;
    for (const t of pool) {
      if (t === except || t.answering || t.since > stalledBefore) continue;
      t.socket.destroy();
      return true;
    }
    return false;
  };
  server.on("connection", (socket: Socket) => {
    const peer = socket.remoteAddress ?? "?";
    const t: Tracked = { socket, peer, answering: false, since: performance.now() };
    tracked.set(socket, t);
    let mine = connections.get(peer);
    if (!mine) connections.set(peer, (mine = new Set()));
    mine.add(t);
    open++;
    socket.once("close", () => {
      open--;
      mine.delete(t);
      if (mine.size === 0) connections.delete(peer);
    });
    // Sets keep insertion order: the first found is the oldest.
    if (mine.size > limits.maxConnectionsPerPeer && !makeRoom(mine, t)) socket.destroy();
    else if (open > limits.maxConnections && !makeRoom(everyConnection(), t)) socket.destroy();
  });

  function* everyConnection(): Generator<Tracked> {
    for (const set of connections.values()) yield* set;
  }
}

/** A request too broken to parse, or too slow to arrive: answered and closed; the server goes on. */
function answerBrokenRequests(server: Server, tell: (line: string) => void, say: Messages): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    try {
      if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
      const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
      tell(
        say.listener.refusedRequest(
          socket.remoteAddress ?? "?",
          timedOut ? say.listener.notInTime : say.listener.notHttp,
          timedOut ? 408 : 400,
        ),
      );
      socket.end(
        `HTTP/1.1 ${timedOut ? "408 Request Timeout" : "400 Bad Request"}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
    } catch {
      socket.destroy();
    }
  });
}

/**
 * One request: a verified delivery on the webhook path is written down by `accept` and answered 200;
 * anything else is refused with why, and a failure inside is answered 500. It never throws on purpose.
 */
async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  connection: Tracked | undefined,
  options: ListenerOptions,
  maxBodyBytes: number,
): Promise<void> {
  // Read once, now: after a refusal the request may be destroyed and its socket gone.
  const from = request.socket?.remoteAddress ?? "?";
  const { say } = options;
  try {
    const path = (request.url ?? "").split("?")[0];
    if (path !== webhookPath) throw new Refusal(404, (w) => w.nothingHere(webhookPath));
    if (request.method !== "POST") throw new Refusal(405, (w) => w.onlyPost, { allow: "POST" });
    const body = await readBody(request, maxBodyBytes);
    if (connection) connection.answering = true;
    let value: unknown;
    try {
      value = JSON.parse(body.toString("utf8"));
    } catch {
      throw new Refusal(400, (w) => w.notJson);
    }
    const header = (name: string) => {
      const v = request.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const named = header("x-event")?.trim();
    const event = decodeWebhookEvent(value, named);
    const about = say.listener.about(event.event, event.refId ?? "");
    const refuse = (why: string) => {
      options.tell(say.listener.refusedEvent(about, from, why));
      answer(response, 401, { status: "error", message: "invalid signature" });
    };
    const signature = header("x-signature");
    if (!signatureMatches(event.event, value, options.secret, signature)) {
      return refuse(signature ? say.listener.signatureMismatch : say.listener.noSignature);
    }
    // The body's event name is what was checked; a header naming another would mislead whoever reads it.
    if (named && named !== event.event) return refuse(say.listener.otherEventHeader(named.slice(0, 40), event.event));
    const signed = signedFieldsOf(event.event, value);
    const mismatch = eventMismatch(event.event, signed);
    if (mismatch) return refuse(mismatch(say));
    const now = options.now();
    if (options.maxAgeMs !== undefined) {
      const stamp = header("x-timestamp") ?? event.timestamp ?? undefined;
      const at = stamp ? Date.parse(stamp) : Number.NaN;
      if (!stamp || Number.isNaN(at)) return refuse(say.listener.noTimestamp);
      if (Math.abs(now - at) > options.maxAgeMs)
        return refuse(say.listener.tooOld(stamp.slice(0, 40), options.maxAgeMs / 1000));
    }
    const outcome = await options.accept({ event, body, value, headers: request.headers, signed, receivedAt: now });
    if (outcome === "duplicate") {
      options.tell(say.listener.alreadyReceived(about));
      return answer(response, 200, { status: "ok", duplicate: true });
    }
    return answer(response, 200, { status: "ok" });
  } catch (error) {
    if (error instanceof Refusal) {
      if (error.status !== 404 || request.method === "POST")
        options.tell(
          say.listener.refused(
            request.method ?? "",
            (request.url ?? "").slice(0, 80),
            from,
            error.why(say.listener),
            error.status,
          ),
        );
      return answer(response, error.status, { status: "error", message: error.message }, error.headers, request);
    }
    options.tell(
      say.listener.notTaken(from, (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? String(error)),
    );
    return answer(response, 500, { status: "error", message: "internal error" });
  } finally {
    if (connection) {
      response.once("finish", () => {
        connection.answering = false;
        connection.since = performance.now();
      });
    }
  }
}

/** Starts listening, or says why this address and port cannot be listened on. */
function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE")
        reject(
          new UsageError((say) => say.listener.portInUse(port, host), {
            code: "PORT_IN_USE",
            suggestion: (say) => say.listener.portInUseHint,
          }),
        );
      else if (error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND")
        reject(new UsageError((say) => say.listener.notThisMachine(host), { code: "BAD_HOST" }));
      else if (error.code === "EACCES")
        reject(
          new UsageError((say) => say.listener.portNotAllowed(port), {
            code: "PORT_NOT_ALLOWED",
            suggestion: (say) => say.listener.portNotAllowedHint,
          }),
        );
      else reject(error);
    });
    server.listen(port, host, () => resolve());
  });
}

/**
 * The body, up to `maxBytes`. Past that it is refused 413, and the rest is read and thrown away
 * rather than the connection torn down, so the sender can read the answer.
 */
function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const tooLarge = () => new Refusal(413, (w) => w.tooLarge(Math.round(maxBytes / 1024)), { connection: "close" });
    const declared = Number(request.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) return reject(tooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    request.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      over = true;
      chunks.length = 0;
      reject(tooLarge());
    });
    request.once("end", () => (over ? undefined : resolve(Buffer.concat(chunks))));
    // The sender went away, or the deadline closed the request while its body dripped in.
    request.once("error", () => reject(new Refusal(408, (w) => w.bodyNotInTime, { connection: "close" })));
    request.once("close", () => {
      if (!request.complete && !over) reject(new Refusal(408, (w) => w.bodyNotInTime, { connection: "close" }));
    });
  });
}

function answer(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  request?: IncomingMessage,
): void {
  if (response.headersSent || response.destroyed || !response.socket) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
  if (headers.connection !== "close") return;
  // Refused before the body was read: the rest of it is drained for a moment so the sender reads the
  // answer instead of a reset, then the connection is closed whatever the sender still has to say.
  const socket = response.socket;
  request?.resume();
  response.once("finish", () => {
    const cut = setTimeout(() => socket?.destroy(), 2_000);
    cut.unref();
    if (!request || request.complete) {
      clearTimeout(cut);
      socket?.destroySoon?.();
    } else
      request.once("end", () => {
        clearTimeout(cut);
        socket?.destroySoon?.();
      });
  });
}
