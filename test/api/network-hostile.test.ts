/**
 * The network in between is hostile: a proxy that drops every CONNECT (undici, left alone, reconnects
 * in a tight loop, deaf to its signal), a proxy that would read a loopback request, a TLS server whose
 * certificate nobody vouches for (an interception), a key that cannot be sent. Each ends within the
 * deadline, says whether anything was sent, and is retried only where a retry could change it.
 */
import { createServer as createHttpServer } from "node:http";
import { createServer as createTlsServer } from "node:https";
import { createServer as createNetServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ClientOptions } from "../../src/api/client.js";
import { defaultSleep } from "../../src/api/sleep.js";
import { InterruptedError, NetworkError } from "../../src/errors.js";
import { en } from "../../src/messages/en.js";
import { deadlinesByHand } from "../support/deadlines.js";
import { useEmulator } from "../support/emulator.js";
import { clientFor } from "../support/service-client.js";
import { selfSignedCert, selfSignedKey } from "../support/self-signed.js";
import { until } from "../support/until.js";

const harness = useEmulator();

/** A proxy on 127.0.0.1 that reads each CONNECT and closes the connection without a word. */
function droppingProxy() {
  const proxy = { connects: 0, port: 0, server: undefined as Server | undefined, sockets: new Set<Socket>() };
  proxy.server = createNetServer((socket) => {
    proxy.sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => proxy.sockets.delete(socket));
    socket.once("data", () => {
      proxy.connects++;
      socket.end();
    });
  });
  return proxy;
}

const proxy = droppingProxy();
const proxyEnv = ["HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "NO_PROXY", "no_proxy"];
const savedEnv = Object.fromEntries(proxyEnv.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  await new Promise<void>((done) => proxy.server!.listen(0, "127.0.0.1", done));
  proxy.port = (proxy.server!.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of proxy.sockets) socket.destroy();
  await new Promise<void>((done) => proxy.server!.close(() => done()));
});
afterEach(() => {
  for (const k of proxyEnv) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
});

function throughProxy() {
  process.env.HTTPS_PROXY = `http://127.0.0.1:${proxy.port}`;
  process.env.HTTP_PROXY = `http://127.0.0.1:${proxy.port}`;
  delete process.env.NO_PROXY;
  delete process.env.no_proxy;
}

/** A client with a short deadline (1.5 s), so a hostile network is given up on quickly. */
const clientOf = (baseUrl: string, extra: Partial<ClientOptions> = {}) =>
  clientFor(baseUrl, { apiKey: "rk_test_network_hostile_key", timeoutMs: 1_500, ...extra });

async function failure(call: Promise<unknown>): Promise<{ error: unknown }> {
  try {
    await call;
  } catch (error) {
    return { error };
  }
  throw new Error("the call succeeded");
}

describe("a proxy that drops CONNECT", () => {
  it("ends within the deadline, said as nothing sent, and stops reconnecting", async () => {
    throughProxy();
    const client = clientOf("https://service.example", { retry: { maxRetries: 0, maxDelayMs: 0 } });
    // Ended at all: undici's loop alone would reconnect until the test's own timeout.
    const { error } = await failure(client.getBalance());
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).mayHaveReached).toBe(false);
    expect((error as NetworkError).message).toMatch(/nothing was sent/);
    expect(proxy.connects).toBeGreaterThan(0);
    // The loop undici ran is over: once the connections it made are closed, no more CONNECTs.
    await until("the proxy's connections to close", () => proxy.sockets.size === 0, 5_000);
    const after = proxy.connects;
    // Silence is what is tested here: a loop still running would CONNECT again within this time.
    await new Promise((r) => setTimeout(r, 500));
    expect(proxy.connects).toBe(after);
    await client.close();
  });

  it("a purchase through it is not sent either (never outcome unknown)", async () => {
    throughProxy();
    const attempts: unknown[] = [];
    const client = clientOf("https://service.example");
    const { error } = await failure(
      client.createTransaction(
        { ref_id: "proxy-1", carts: [{ item_id: 12, quantity: 1 }] },
        { onAttemptFailed: (_n, e) => void attempts.push(e) },
      ),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).mayHaveReached).toBe(false);
    expect(attempts.every((e) => e instanceof NetworkError && !e.mayHaveReached)).toBe(true);
    await client.close();
  });

  it("is asked once an attempt, the attempts bounded and spaced by the back-off, not in a tight loop", async () => {
    throughProxy();
    const waits: number[] = [];
    const client = clientFor("https://service.example", {
      timeoutMs: 30_000,
      sleep: async (ms) => void waits.push(ms),
    });
    const before = proxy.connects;
    const { error } = await failure(client.getBalance());
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).code).toBe("PROXY_TUNNEL_REFUSED");
    expect((error as NetworkError).mayHaveReached).toBe(false);
    // The default policy: the first attempt and two retries, each after a wait.
    expect(proxy.connects - before).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits.every((ms) => ms > 0)).toBe(true);
    await client.close();
  });

  it("answers the first Ctrl-C at once", async () => {
    throughProxy();
    const controller = new AbortController();
    // A deadline far past the test's own timeout: the call ending at all is the Ctrl-C answered.
    const client = clientOf("https://service.example", {
      timeoutMs: 600_000,
      signal: controller.signal,
      sleep: defaultSleep,
    });
    const connectsBefore = proxy.connects;
    const call = failure(client.getBalance());
    await until("a CONNECT at the proxy", () => proxy.connects > connectsBefore, 5_000);
    controller.abort();
    const { error } = await call;
    expect(error).toBeInstanceOf(InterruptedError);
    // Stopped at the proxy: nothing left, so a purchase stopped here is journaled not sent, not unknown.
    expect((error as InterruptedError).nothingInFlight).toBe(true);
    await client.close();
  });
});

describe("loopback", () => {
  it("is never proxied, whatever HTTP_PROXY says: the emulator answers and the proxy sees nothing", async () => {
    // A proxy of its own, which nothing the tests above abandoned can still be reaching.
    const own = droppingProxy();
    await new Promise<void>((done) => own.server!.listen(0, "127.0.0.1", done));
    const ownUrl = `http://127.0.0.1:${(own.server!.address() as AddressInfo).port}`;
    Object.assign(process.env, { HTTPS_PROXY: ownUrl, HTTP_PROXY: ownUrl });
    delete process.env.NO_PROXY;
    delete process.env.no_proxy;
    try {
      const port = new URL(harness.emulator.baseUrl).port;
      for (const baseUrl of [harness.emulator.baseUrl, `http://localhost:${port}`]) {
        const client = clientOf(baseUrl, { apiKey: harness.emulator.demoApiKey });
        expect((await client.getBalance()).data.balance).toBeTypeOf("number");
        await client.close();
      }
      expect(own.connects).toBe(0);
    } finally {
      for (const socket of own.sockets) socket.destroy();
      await new Promise<void>((done) => own.server!.close(() => done()));
    }
  });
});

describe("a TLS server nobody vouches for", () => {
  let handshakes = 0;
  let requests = 0;
  const server = createTlsServer({ key: selfSignedKey, cert: selfSignedCert }, (_request, response) => {
    requests++;
    response.writeHead(200, { "content-type": "application/json" }).end('{"message":"OK","data":{"balance":1}}');
  });
  server.on("connection", () => handshakes++);
  let baseUrl = "";
  beforeAll(async () => {
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it("is exit 4, nothing sent, named as a possible interception, and not retried", async () => {
    const client = clientOf(baseUrl, { retry: { maxRetries: 2, maxDelayMs: 0 } });
    const before = handshakes;
    const { error } = await failure(
      client.createTransaction({ ref_id: "tls-1", carts: [{ item_id: 12, quantity: 1 }] }),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).exitCode).toBe(4);
    expect((error as NetworkError).code).toBe("TLS_CERTIFICATE");
    expect((error as NetworkError).mayHaveReached).toBe(false);
    expect(`${(error as NetworkError).message} ${(error as NetworkError).suggestionIn(en)}`).toMatch(/intercept/);
    expect(handshakes - before).toBe(1);
    expect(requests).toBe(0);
    await client.close();
  });

  it("refuses the catalogue's streamed answer the same way", async () => {
    const client = clientOf(baseUrl, { retry: { maxRetries: 0, maxDelayMs: 0 } });
    const sink = { write: () => undefined, end: () => ({}) };
    const { error } = await failure(client.streamItems({ updatedSince: "2026-11-26T09:00:00+07:00" }, sink));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).code).toBe("TLS_CERTIFICATE");
    expect((error as NetworkError).mayHaveReached).toBe(false);
    expect(requests).toBe(0);
    await client.close();
  });
});

describe("HTTPS straight to the service (no proxy: Node's own HTTP stack)", () => {
  let dropAfterRequest = false;
  let requests = 0;
  const catalogueRequests: { url: string; host: string | undefined }[] = [];
  const server = createTlsServer({ key: selfSignedKey, cert: selfSignedCert }, (request, response) => {
    requests++;
    if (dropAfterRequest) return void request.socket.destroy();
    if (request.url?.startsWith("/v1/item")) {
      catalogueRequests.push({ url: request.url, host: request.headers.host });
      const variant = {
        id: 12,
        name: "Weekly Diamond Pass",
        price: 27000,
        stock: null,
        order_process: "h2h",
        status: "on",
        sku: "MLBB-WDP",
        min_order: 1,
      };
      const answer = {
        message: "OK",
        data: [{ id: 3, name: "Games", products: [{ id: 7, name: "Mobile Legends", variants: [variant] }] }],
        meta: { total_items: 1, is_delta: true },
        server_time: "2026-11-26T17:00:00+07:00",
      };
      return void response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    }
    response.writeHead(200, { "content-type": "application/json" }).end('{"message":"OK","data":{"balance":125000}}');
  });
  let baseUrl = "";
  const saved = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  beforeAll(async () => {
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // This test's own certificate, trusted the only way a process can be told to without a CA file.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = saved;
    await new Promise<void>((done) => server.close(() => done()));
  });

  it("answers, and keeps the connection for the next call", async () => {
    const client = clientOf(baseUrl, { retry: { maxRetries: 0, maxDelayMs: 0 } });
    let connections = 0;
    const count = () => connections++;
    server.on("secureConnection", count);
    expect((await client.getBalance()).data.balance).toBe(125_000);
    expect((await client.getBalance()).data.balance).toBe(125_000);
    server.off("secureConnection", count);
    expect(connections).toBe(1);
    await client.close();
  });

  it("streams the catalogue over TLS", async () => {
    const client = clientOf(baseUrl, { retry: { maxRetries: 0, maxDelayMs: 0 } });
    const chunks: Uint8Array[] = [];
    const page = await client.streamItems(
      { updatedSince: "2026-11-26T09:00:00+07:00" },
      { write: (chunk) => void chunks.push(chunk), end: () => JSON.parse(Buffer.concat(chunks).toString("utf8")) },
    );
    expect(page.isDelta).toBe(true);
    expect(page.serverTime).toBe("2026-11-26T17:00:00+07:00");
    expect(Buffer.concat(chunks).toString("utf8")).toContain('"Weekly Diamond Pass"');
    expect(catalogueRequests.at(-1)).toEqual({
      url: "/v1/item?updated_since=2026-11-26T09%3A00%3A00%2B07%3A00",
      host: new URL(baseUrl).host,
    });
    await client.close();
  });

  it("a purchase whose connection drops after the handshake may have reached it (outcome unknown, not 'not sent')", async () => {
    dropAfterRequest = true;
    try {
      const before = requests;
      const client = clientOf(baseUrl, { retry: { maxRetries: 0, maxDelayMs: 0 } });
      const { error } = await failure(
        client.createTransaction({ ref_id: "tls-drop-1", carts: [{ item_id: 12, quantity: 1 }] }),
      );
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).mayHaveReached).toBe(true);
      // The name scripts and the journal have always seen for a connection the service closed.
      expect((error as NetworkError).code).toBe("UND_ERR_SOCKET");
      expect(requests - before).toBe(1);
      await client.close();
    } finally {
      dropAfterRequest = false;
    }
  });
});

describe("an API key with a control character", () => {
  it("is exit 4, nothing sent, not retried, and nothing reaches the service", async () => {
    const before = harness.requests.length;
    const attempts: number[] = [];
    const client = clientOf(harness.emulator.baseUrl, {
      apiKey: `${harness.emulator.demoApiKey}\n`,
      retry: { maxRetries: 2, maxDelayMs: 0 },
    });
    const { error } = await failure(
      client.createTransaction(
        { ref_id: "key-1", carts: [{ item_id: 12, quantity: 1 }] },
        { onAttempt: (n) => void attempts.push(n) },
      ),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).code).toBe("API_KEY_NOT_SENDABLE");
    expect((error as NetworkError).mayHaveReached).toBe(false);
    expect(attempts).toEqual([1]);
    expect(harness.requests.length).toBe(before);
    await client.close();
  });
});

describe("a refused connection", () => {
  it("is still said as nothing sent", async () => {
    const client = clientOf("http://127.0.0.1:9", { retry: { maxRetries: 0, maxDelayMs: 0 } });
    const { error } = await failure(
      client.createTransaction({ ref_id: "refused-1", carts: [{ item_id: 12, quantity: 1 }] }),
    );
    expect((error as NetworkError).mayHaveReached).toBe(false);
    await client.close();
  });

  it("while an answer lost after sending may have reached it", async () => {
    const server = createNetServer((socket) => socket.once("data", () => socket.destroy()));
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    const client = clientOf(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      retry: { maxRetries: 0, maxDelayMs: 0 },
    });
    const { error } = await failure(
      client.createTransaction({ ref_id: "lost-1", carts: [{ item_id: 12, quantity: 1 }] }),
    );
    expect((error as NetworkError).mayHaveReached).toBe(true);
    await client.close();
    server.close();
  });
});

describe("a call given up on", () => {
  it("does not cut short the other requests on the same client (a bulk buy's)", async () => {
    // The first is given up on once both requests are at the server, its deadline passed by hand. A
    // timer would be a race: on a loaded machine the second could leave after the first's deadline, or
    // its own deadline could pass before it is answered.
    const deadlines = deadlinesByHand();
    const seen: string[] = [];
    let givenUp: () => void = () => undefined;
    const firstGivenUp = new Promise<void>((done) => (givenUp = done));
    const server = createHttpServer((request, response) => {
      seen.push(request.url ?? "");
      if (request.url === "/v1/balance") {
        // Never answers; the client closing the request is it giving up.
        response.on("close", () => {
          seen.push("balance given up");
          givenUp();
        });
        return;
      }
      // The second answers only once the first is given up on.
      void firstGivenUp.then(() =>
        response.writeHead(200, { "content-type": "application/json" }).end('{"message":"OK","data":[]}'),
      );
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    try {
      const client = clientOf(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
        timeoutMs: 20_000,
        retry: { maxRetries: 0, maxDelayMs: 0 },
      });
      const stuck = failure(client.getBalance());
      await until("the first request at the server", () => seen.includes("/v1/balance"), 5_000);
      const answered = client.listChannels();
      await until("the second request at the server", () => seen.includes("/v1/balance/channels"), 5_000);
      expect(deadlines.started).toBe(2);
      deadlines.pass(0);
      const { error } = await stuck;
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).code).toBe("TIMEOUT");
      expect((await answered).data).toEqual([]);
      // The second was in flight at the server when the first was given up on.
      expect(seen).toEqual(["/v1/balance", "/v1/balance/channels", "balance given up"]);
      await client.close();
    } finally {
      deadlines.restore();
      server.closeAllConnections();
      server.close();
    }
  });
});
