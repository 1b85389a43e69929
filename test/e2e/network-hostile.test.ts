/**
 * The built binary on a hostile network: a proxy that drops every CONNECT, a TLS server with a
 * certificate nobody vouches for, certificate checks turned off, plain http allowed with --insecure,
 * a key that cannot be sent. Each ends within --timeout with the contract's exit code, and a purchase
 * that never left the machine is "nothing sent" (exit 4), never "outcome unknown" (exit 5).
 */
import { createServer as createTlsServer } from "node:https";
import { createServer as createNetServer, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyOne, makeConfigDir, runReseller, startReseller } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { selfSignedCert, selfSignedKey } from "../support/self-signed.js";
import { until } from "../support/until.js";
import { journalRecords } from "./commands-harness.js";

const harness = useEmulator();
const apiKey = "sk_live_network0123456789abcdef";

let connects = 0;
const sockets = new Set<Socket>();
const proxy = createNetServer((socket) => {
  sockets.add(socket);
  socket.on("error", () => undefined);
  socket.on("close", () => sockets.delete(socket));
  socket.once("data", () => {
    connects++;
    socket.end();
  });
});
let tlsRequests = 0;
const tlsCatalogue = {
  message: "OK",
  data: [
    { id: 12, name: "Pulsa 10.000", price: 11_500, stock: null, order_process: "h2h", status: "on", sku: "TSEL10" },
  ],
  meta: { total_items: 1, last_page: 1 },
  server_time: "2026-11-26T17:00:00+07:00",
};
const tls = createTlsServer({ key: selfSignedKey, cert: selfSignedCert }, (request, response) => {
  tlsRequests++;
  const body = request.url?.startsWith("/v1/item") ? tlsCatalogue : { message: "OK", data: { balance: 150_000 } };
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
});
let proxyUrl = "";
let tlsUrl = "";

beforeAll(async () => {
  await new Promise<void>((done) => proxy.listen(0, "127.0.0.1", done));
  await new Promise<void>((done) => tls.listen(0, "127.0.0.1", done));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  tlsUrl = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((done) => proxy.close(() => done()));
  await new Promise<void>((done) => tls.close(() => done()));
});

const throughProxy = (configDir = makeConfigDir()) => ({
  RESELLER_BASE_URL: "https://api.reseller.example",
  RESELLER_API_KEY: apiKey,
  RESELLER_CONFIG_DIR: configDir,
  HTTPS_PROXY: proxyUrl,
  HTTP_PROXY: proxyUrl,
});

/** A proxy that reads each CONNECT and holds it without a word: only the command's deadline or a signal ends its wait. */
async function holdingProxy(): Promise<{ env: Record<string, string>; held: Set<Socket>; close(): Promise<void> }> {
  const held = new Set<Socket>();
  const server = createNetServer((socket) => {
    socket.on("error", () => undefined);
    socket.once("data", () => held.add(socket));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: { ...throughProxy(), HTTPS_PROXY: url, HTTP_PROXY: url },
    held,
    close: async () => {
      for (const socket of held) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/**
 * Only the command's own deadline or a Ctrl-C ends a wait on this proxy. (A proxy that drops CONNECT
 * ends each attempt by itself: on a loaded machine its attempts could take the whole of a short
 * --timeout and end it before anything reached the proxy.)
 */
describe("a proxy that holds CONNECT without a word", () => {
  it("ends at --timeout with exit 4, nothing sent", async () => {
    const proxy = await holdingProxy();
    try {
      // Ended by itself: a process still waiting is killed by runReseller (no exit code).
      const r = await runReseller(["balance", "--timeout", "2"], { env: proxy.env });
      expect(r.exitCode, r.stderr).toBe(4);
      expect(r.stderr).toMatch(/could not be reached in time; nothing was sent\. \(TIMEOUT\)/);
    } finally {
      await proxy.close();
    }
  });

  it("answers the first Ctrl-C", async () => {
    // The command waits in undici's tunnel, which is deaf to the signal, until its 60 s --timeout.
    const proxy = await holdingProxy();
    try {
      const running = startReseller(["balance", "--timeout", "60"], { env: proxy.env });
      await until("a CONNECT held at the proxy", () => proxy.held.size > 0 || running.child.exitCode !== null, 10_000);
      expect(running.child.exitCode).toBe(null);
      running.child.kill("SIGINT");
      // 130 is the Ctrl-C answered: deaf to it, the process would run to its 60 s --timeout, and be
      // killed by startReseller (no exit code) long before.
      const r = await running.done;
      expect(r.exitCode, r.stderr).toBe(130);
    } finally {
      await proxy.close();
    }
  });
});

describe("a proxy that drops CONNECT", () => {
  // The purchase request itself through such a proxy is test/api/network-hostile.test.ts's: nothing sent.
  it("buy through it is exit 4, nothing sent, never outcome unknown", async () => {
    const configDir = makeConfigDir();
    const r = await runReseller(buyOne(12, "081234567890", "--yes", "--ref-id", "proxy-buy-1", "--timeout", "2"), {
      env: throughProxy(configDir),
    });
    expect(r.exitCode, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/nothing was sent/);
    expect(journalRecords(configDir).filter((record) => JSON.stringify(record).includes("unknown"))).toEqual([]);
  });

  it("is asked once an attempt: three attempts (two retries) with a wait before each retry, not thousands", async () => {
    const before = connects;
    // A budget the attempts never reach, so that they are what ends the run: under load the first
    // alone could take a 5 s budget, and no retry was made.
    const r = await runReseller(["balance", "--timeout", "60"], { env: throughProxy() });
    expect(r.exitCode, r.stderr).toBe(4);
    expect(r.stderr.match(/^! Retrying GET \/v1\/balance in [\d.]+ s/gm)).toHaveLength(2);
    expect(connects - before).toBe(3);
  });

  it("is never used for the emulator on this machine, so the key never passes through it", async () => {
    const before = connects;
    const r = await runReseller(["balance"], {
      env: { ...harness.accountEnv(), HTTPS_PROXY: proxyUrl, HTTP_PROXY: proxyUrl },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const port = new URL(harness.emulator.baseUrl).port;
    const local = await runReseller(["balance"], {
      env: { ...harness.accountEnv(), RESELLER_BASE_URL: `http://localhost:${port}`, HTTP_PROXY: proxyUrl },
    });
    expect(local.exitCode, local.stderr).toBe(0);
    expect(connects).toBe(before);
  });
});

describe("a certificate nobody vouches for", () => {
  it("a purchase is exit 4, nothing sent, named as possible interception, not retried", async () => {
    const configDir = makeConfigDir();
    const r = await runReseller(
      ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--yes", "--ref-id", "tls-buy-1"],
      {
        env: { RESELLER_BASE_URL: tlsUrl, RESELLER_API_KEY: apiKey, RESELLER_CONFIG_DIR: configDir },
      },
    );
    expect(r.exitCode, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/certificate/i);
    expect(r.stderr).toMatch(/intercept/i);
    expect(r.stderr).not.toMatch(/Retrying/);
    expect(tlsRequests).toBe(0);
  });

  it("an address written in capitals (HTTPS://) is the same address for balance as for items", async () => {
    const env = {
      RESELLER_BASE_URL: tlsUrl.replace("https://", "HTTPS://"),
      RESELLER_API_KEY: apiKey,
      RESELLER_CONFIG_DIR: makeConfigDir(),
      NODE_TLS_REJECT_UNAUTHORIZED: "0",
    };
    const balance = await runReseller(["balance", "--json"], { env });
    expect(balance.exitCode, balance.stderr).toBe(0);
    expect(balance.json().data.balance).toBe(150_000);
    const items = await runReseller(["items"], { env });
    expect(items.exitCode, items.stderr).toBe(0);
    expect(items.stdout).toMatch(/^12\t/);
  });

  it("NODE_TLS_REJECT_UNAUTHORIZED=0 is warned about on every call", async () => {
    for (let i = 0; i < 2; i++) {
      const r = await runReseller(["balance"], {
        env: {
          RESELLER_BASE_URL: tlsUrl,
          RESELLER_API_KEY: apiKey,
          RESELLER_CONFIG_DIR: makeConfigDir(),
          NODE_TLS_REJECT_UNAUTHORIZED: "0",
        },
      });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/NODE_TLS_REJECT_UNAUTHORIZED=0: certificates are not checked/);
    }
  });
});

describe("--insecure", () => {
  it("plain http to another machine is warned about on every call", async () => {
    const r = await runReseller(["balance", "--insecure", "--timeout", "1"], {
      env: {
        RESELLER_BASE_URL: "http://192.0.2.1",
        RESELLER_API_KEY: apiKey,
        RESELLER_CONFIG_DIR: makeConfigDir(),
        RESELLER_MAX_RETRIES: "0",
      },
    });
    expect(r.stderr).toMatch(/--insecure: the API key goes to 192\.0\.2\.1 in clear text/);
  });
});

describe("an API key with a control character", () => {
  it("a purchase is exit 4, nothing sent, not retried, and nothing reaches the service", async () => {
    const before = harness.requests.length;
    const r = await runReseller(
      ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--yes", "--ref-id", "key-buy-1"],
      {
        env: { ...harness.accountEnv(`${harness.emulator.demoApiKey}\u0007`) },
      },
    );
    expect(r.exitCode, r.stderr).toBe(4);
    expect(r.stderr).toMatch(/control character/);
    expect(r.stderr).not.toMatch(/Retrying/);
    expect(harness.requests.slice(before).filter((line) => line.startsWith("POST"))).toEqual([]);
  });
});
