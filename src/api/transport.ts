/**
 * How one HTTP exchange of the client travels: straight to the service through Node's own HTTP
 * stack, or through a proxy with undici, which speaks proxies (HTTPS_PROXY, HTTP_PROXY, NO_PROXY).
 * client.ts decides everything else (deadlines, retries, what a failure means); a lane only sends,
 * says when the request was handed to a connected socket, and gives back the answer as it comes.
 *
 * Why two: Node's HTTP stack is part of Node's own start-up snapshot, while undici parses answers
 * with a WebAssembly module compiled on every call and builds its dispatchers: a direct call peaks
 * ~6 MiB lower and needs no WebAssembly, so the launcher leaves V8's flags alone (`npm run bench`).
 * A shop bot calls the tool thousands of times a day. Node has no proxy support of its own before
 * version 24, so undici stays for the proxied case. Without a proxy, the catalogue's GET goes on a
 * socket of its own, read by http1.ts (why is said at getOnOwnConnection below).
 */
import type { Agent as HttpAgent, ClientRequest, IncomingHttpHeaders, IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import type { Dispatcher } from "undici";
import { AnswerReader, type AnswerProgress } from "./http1.js";

// node:https brings TLS: required when the first request goes, not with the module (the bundle runs
// under vm.Script, where `import()` of a built-in has no loader).
const require = createRequire(import.meta.url);

export interface LaneRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Ends the exchange: the caller's deadline and Ctrl-C. */
  signal: AbortSignal;
  /** The deadline of the whole exchange, for undici's own timers (the signal ends it anyway). */
  timeoutMs: number;
  /** Called once the request is handed to a connected socket (after any proxy tunnel and TLS handshake). */
  onHandedOn(): void;
  /**
   * A GET whose answer, perhaps tens of MB, is read as it arrives on a connection of its own that
   * closes after it: the catalogue's. A proxy's lane sends it as any other.
   */
  ownConnection?: boolean;
}

export interface LaneAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Buffer> & { destroy(): unknown };
}

/** A way to the service and the requests on it, so a stuck one can be retired without cutting the others short. */
export interface Lane {
  send(request: LaneRequest): Promise<LaneAnswer>;
  destroy(): Promise<void>;
  inFlight: number;
  retired: boolean;
}

export interface LaneOptions {
  baseUrl: string;
  /** How long making a connection may take before the request counts as not sent. */
  connectTimeoutMs: number;
  /** The proxy settings to honour (the process environment's, from the context). */
  env: Readonly<Record<string, string | undefined>>;
  /** Whether the service's host is this machine: then no proxy, which would see the key. */
  loopback: boolean;
}

/**
 * The limit on an answer's headers: Node's own default (16 KiB), given to undici too, so that it
 * does not load node:http to read it.
 */
const maxHeaderSize = 16 * 1024;

/** How long an idle connection is kept for the next request of the same process. */
const keepAliveMs = 10_000;

/** The lane for the service at `baseUrl`: through undici when a proxy applies to it, else Node's own. */
export function laneFor(options: LaneOptions): Lane {
  return proxyApplies(options) ? proxiedLane(options) : directLane(options);
}

/** Whether undici's EnvHttpProxyAgent would consider a proxy for this address (NO_PROXY is left to it). */
function proxyApplies({ baseUrl, env, loopback }: LaneOptions): boolean {
  if (loopback) return false;
  const http = env.http_proxy || env.HTTP_PROXY;
  return baseUrl.startsWith("https:") ? Boolean(env.https_proxy || env.HTTPS_PROXY || http) : Boolean(http);
}

/**
 * Error codes said the way the client's words and journal have always named them
 * (src/errors.ts, `networkFailureWords`): a connection the service closed is UND_ERR_SOCKET whichever
 * lane saw it, so scripts reading `--json` and the journal meet one name.
 */
const closedByPeer = "UND_ERR_SOCKET";
const connectTimedOut = "UND_ERR_CONNECT_TIMEOUT";

class LaneError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Node's "socket hang up" and "aborted" are the other side closing, not a reset packet. Said without
 * a cause: the client names a failure by its cause's code when there is one (undici's wrappers).
 */
function asLaneError(error: unknown): unknown {
  const e = error as { code?: unknown; message?: unknown };
  if (e?.code === "ECONNRESET" && (e.message === "socket hang up" || e.message === "aborted"))
    return new LaneError(closedByPeer, `other side closed (${e.message})`);
  return error;
}

function directLane(options: LaneOptions): Lane {
  const secure = options.baseUrl.startsWith("https:");
  let loaded: { request: typeof import("node:http")["request"]; agent: HttpAgent } | undefined;
  const load = () => {
    if (!loaded) {
      const http = require(secure ? "node:https" : "node:http") as typeof import("node:http");
      loaded = { request: http.request, agent: new http.Agent({ keepAlive: true, timeout: keepAliveMs }) };
    }
    return loaded;
  };
  return {
    inFlight: 0,
    retired: false,
    async send(request) {
      if (request.ownConnection) return getOnOwnConnection(request, options);
      const { request: send, agent } = load();
      return new Promise<LaneAnswer>((resolve, reject) => {
        if (request.signal.aborted) {
          reject(abortError(request.signal));
          return;
        }
        let req: ClientRequest;
        const headers: Record<string, string> = { ...request.headers };
        if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
        try {
          req = send(request.url, { method: request.method, headers, agent, maxHeaderSize });
        } catch (error) {
          reject(error);
          return;
        }
        // The signal is listened to here rather than given to node:http, whose own handling of it
        // (stream helpers made on every call) is part of what a one-request command pays.
        let answer: ArrivingBody | undefined;
        const onAbort = () => {
          const error = abortError(request.signal);
          answer?.fail(error);
          req.destroy(error);
        };
        request.signal.addEventListener("abort", onAbort, { once: true });
        req.once("close", () => request.signal.removeEventListener("abort", onAbort));
        req.once("socket", (socket) => {
          // A kept connection is ready now; a new one once connected (and, for https, once its TLS
          // handshake is done). A socket that is somehow not connecting counts as ready: for money,
          // "may have reached" is the safe mistake and "nothing was sent" the dangerous one.
          if (req.reusedSocket || !socket.connecting) return request.onHandedOn();
          const timer = setTimeout(
            () => req.destroy(new LaneError(connectTimedOut, `no connection within ${options.connectTimeoutMs} ms`)),
            options.connectTimeoutMs,
          );
          socket.once(secure ? "secureConnect" : "connect", () => {
            clearTimeout(timer);
            request.onHandedOn();
          });
          socket.once("close", () => clearTimeout(timer));
        });
        req.once("error", (error) => reject(asLaneError(error)));
        req.once("response", (response: IncomingMessage) => {
          answer = bodyOf(response);
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers as IncomingHttpHeaders,
            body: answer,
          });
        });
        req.end(request.body);
      });
    },
    async destroy() {
      loaded?.agent.destroy();
    },
  };
}

/** What node:http says when a request is stopped through its `signal` option, said the same way here. */
function abortError(signal: AbortSignal): Error {
  return Object.assign(new Error("The operation was aborted"), {
    name: "AbortError",
    code: "ABORT_ERR",
    cause: signal.reason as unknown,
  });
}

/** How much of an answer may wait for its reader before the connection is held back. */
const waitingAtMost = 64 * 1024;

/**
 * An answer's body as it comes, handed to its reader (the client's `for await`) from a stream's
 * events. Readable's own async iterator would do the same, at the cost of the stream helpers it
 * builds on first use (~9 ms in a bare process making one request; inside the CLI, where some are
 * already loaded, too little to tell from noise). A failure while the body comes is met by whoever reads it.
 */
class ArrivingBody implements AsyncIterable<Buffer> {
  private readonly arrived: Buffer[] = [];
  /** Bytes arrived and not yet taken by the reader. */
  private waiting = 0;
  private ended = false;
  private failure: unknown;
  private wake: (() => void) | undefined;

  constructor(private readonly source: { pause(): unknown; resume(): unknown; destroy(): unknown }) {}

  get finished(): boolean {
    return this.ended || this.failure !== undefined;
  }

  add(chunk: Buffer): void {
    this.arrived.push(chunk);
    this.waiting += chunk.length;
    // Held back while the reader is behind: the socket's window fills and the service waits.
    if (this.waiting >= waitingAtMost) this.source.pause();
    this.notify();
  }

  end(): void {
    this.ended = true;
    this.notify();
  }

  fail(error: unknown): void {
    this.failure ??= error;
    this.notify();
  }

  destroy(): void {
    this.source.destroy();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    try {
      for (;;) {
        if (this.arrived.length) {
          // All that came meanwhile, as one: a chunked answer comes in pieces of a few hundred bytes,
          // and a turn of the reader's loop for each would cost more than the copy (Readable does the same).
          const chunk = this.arrived.length === 1 ? this.arrived[0]! : Buffer.concat(this.arrived);
          this.arrived.length = 0;
          this.waiting = 0;
          this.source.resume();
          yield chunk;
        } else if (this.ended) {
          // Whole: a failure after the last byte (Ctrl-C as it came) takes nothing from it.
          return;
        } else if (this.failure !== undefined) {
          throw this.failure;
        } else {
          await new Promise<void>((resolve) => (this.wake = resolve));
        }
      }
    } finally {
      // A reader that stops early (its own failure) leaves nothing open behind it.
      if (!this.ended) this.source.destroy();
    }
  }
}

/** node:http's answer, read from its events. */
function bodyOf(response: IncomingMessage): ArrivingBody {
  const body = new ArrivingBody(response);
  response.on("data", (chunk: Buffer) => body.add(chunk));
  response.once("end", () => body.end());
  response.once("error", (error) => body.fail(asLaneError(error)));
  // Closed before its end without an error said: the other side went away mid-answer.
  response.once("close", () => {
    if (!body.finished) body.fail(new LaneError(closedByPeer, "other side closed before the answer ended"));
  });
  return body;
}

/**
 * The body's pieces of one read as one Buffer. A chunked catalogue comes in pieces of a few hundred
 * bytes between the chunks' size lines; they lie in order in the buffer the read filled, which is
 * this reader's alone, so they are moved together there rather than copied into a new one: a whole
 * catalogue is ~88 MB, and every buffer made for it counts against memory until V8 collects it.
 */
function joinedInPlace(pieces: Buffer[]): Buffer {
  const first = pieces[0]!;
  if (pieces.length === 1) return first;
  let end = first.byteOffset + first.length;
  for (const piece of pieces.slice(1)) {
    if (piece.buffer !== first.buffer || piece.byteOffset < end) return Buffer.concat(pieces);
    end = piece.byteOffset + piece.length;
  }
  const whole = Buffer.from(first.buffer, first.byteOffset, end - first.byteOffset);
  let length = first.length;
  for (const piece of pieces.slice(1)) {
    // Leftwards within one buffer: Buffer#copy moves overlapping bytes as memmove does.
    piece.copy(whole, length);
    length += piece.length;
  }
  return whole.subarray(0, length);
}

/** Characters that would end a header line early, letting a value write headers of its own. */
const lineBreaking = /[\r\n\0]/;

/**
 * A GET on a connection of its own, closed after its answer, whose bytes are read here
 * (src/api/http1.ts) instead of by node:http: the catalogue's, whose answer may be tens of MB read
 * as it arrives. node:http's first request costs a process ~8 ms of setting up its agent, parser and
 * stream helpers; for an old catalogue copy that was a third of what bringing it up to date adds to
 * a search (`npm run bench:scale`), and a kept-alive connection is of no use to one request.
 */
function getOnOwnConnection(request: LaneRequest, options: LaneOptions): Promise<LaneAnswer> {
  return new Promise<LaneAnswer>((resolve, reject) => {
    if (request.signal.aborted) {
      reject(abortError(request.signal));
      return;
    }
    const url = new URL(request.url);
    let head = `GET ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: close\r\n`;
    for (const [name, value] of Object.entries(request.headers)) {
      if (lineBreaking.test(name) || lineBreaking.test(value)) {
        reject(
          Object.assign(new TypeError(`The header ${JSON.stringify(name)} holds a line break`), {
            code: "ERR_INVALID_CHAR",
          }),
        );
        return;
      }
      head += `${name}: ${value}\r\n`;
    }
    const secure = url.protocol === "https:";
    const net = require("node:net") as typeof import("node:net");
    const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
    const port = Number(url.port || (secure ? 443 : 80));
    // An address is not a name a certificate is asked for by (SNI).
    const socket = secure
      ? (require("node:tls") as typeof import("node:tls")).connect({
          host,
          port,
          servername: net.isIP(host) ? undefined : host,
        })
      : net.connect({ host, port });
    const reader = new AnswerReader(maxHeaderSize);
    let body: ArrivingBody | undefined;
    const fail = (error: unknown) => {
      if (body) body.fail(error);
      else reject(error);
      socket.destroy();
    };
    const timer = setTimeout(
      () => fail(new LaneError(connectTimedOut, `no connection within ${options.connectTimeoutMs} ms`)),
      options.connectTimeoutMs,
    );
    socket.once(secure ? "secureConnect" : "connect", () => {
      clearTimeout(timer);
      request.onHandedOn();
    });
    const onAbort = () => fail(abortError(request.signal));
    request.signal.addEventListener("abort", onAbort, { once: true });
    const read = (progress: AnswerProgress) => {
      if (progress.head) {
        body = new ArrivingBody(socket);
        resolve({ statusCode: progress.head.statusCode, headers: progress.head.headers, body });
      }
      if (progress.body.length) body!.add(joinedInPlace(progress.body));
      if (progress.done) {
        body!.end();
        socket.destroy();
      }
    };
    socket.on("data", (bytes: Buffer) => {
      try {
        read(reader.push(bytes));
      } catch (error) {
        fail(error);
      }
    });
    socket.once("end", () => {
      try {
        read(reader.end());
      } catch (error) {
        fail(error);
      }
    });
    socket.once("error", fail);
    socket.once("close", () => {
      clearTimeout(timer);
      request.signal.removeEventListener("abort", onAbort);
      if (!body?.finished) fail(new LaneError(closedByPeer, "other side closed before the answer ended"));
    });
    socket.write(`${head}\r\n`);
  });
}

function proxiedLane(options: LaneOptions): Lane {
  let loading: Promise<{ request: typeof import("undici").request; dispatcher: Dispatcher }> | undefined;
  const load = () =>
    (loading ??= import("undici").then(({ EnvHttpProxyAgent, request }) => ({
      request,
      dispatcher: new EnvHttpProxyAgent({
        httpProxy: options.env.http_proxy || options.env.HTTP_PROXY || undefined,
        httpsProxy: options.env.https_proxy || options.env.HTTPS_PROXY || undefined,
        noProxy: options.env.no_proxy ?? options.env.NO_PROXY,
        connect: { timeout: options.connectTimeoutMs },
        keepAliveTimeout: keepAliveMs,
        maxHeaderSize,
      }).compose(markHandedOn),
    })));
  return {
    inFlight: 0,
    retired: false,
    async send(request) {
      const { request: send, dispatcher } = await load();
      const answer = await send(request.url, {
        method: request.method as Dispatcher.HttpMethod,
        headers: request.headers,
        body: request.body,
        dispatcher,
        headersTimeout: request.timeoutMs,
        bodyTimeout: request.timeoutMs,
        signal: request.signal,
        onHandedOn: request.onHandedOn,
      } as Parameters<typeof send>[1] & HandedOnOption);
      return {
        statusCode: answer.statusCode,
        headers: answer.headers,
        body: answer.body as unknown as LaneAnswer["body"],
      };
    },
    async destroy() {
      if (loading) await (await loading).dispatcher.destroy();
    },
  };
}

/** A request option the interceptor below reads: told when undici hands the request to a socket. */
interface HandedOnOption {
  onHandedOn?: () => void;
}

/**
 * Marks the moment a request is written to a connected socket (undici starts a handler's request,
 * onRequestStart, right before it writes the headers), so a failure can be told apart: before it, nothing was sent.
 */
const markHandedOn: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
  const told = (opts as HandedOnOption).onHandedOn;
  if (!told) return dispatch(opts, handler);
  const marked = new Proxy(handler as object, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      // Interceptors get the new handler API (onRequestStart); the old one's onConnect is the same moment.
      if ((property === "onRequestStart" || property === "onConnect") && typeof value === "function") {
        return (...args: unknown[]) => {
          told();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return dispatch(opts, marked as Dispatcher.DispatchHandler);
};
