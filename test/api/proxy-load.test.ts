/**
 * Through a proxy the client loads undici at its first request: 0.1-0.2 s on an idle machine,
 * seconds on a loaded one, and that is the program's own start, not the service's time. Here the
 * load outlasts whatever clock is running when it happens (a deadline already started is passed by
 * hand, the budget of a call's retries is spent by moving the clock on), and the answer still comes:
 * counted inside --timeout, the request ended before anything was sent and the service was called slow.
 */
import type { AddressInfo } from "node:net";
import { connect, createServer, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { deadlinesByHand } from "../support/deadlines.js";
import { useEmulator } from "../support/emulator.js";
import { clientFor } from "../support/service-client.js";

/** What loading undici does to the clocks in this file: set by each test. */
const undiciLoad = vi.hoisted(() => ({ takes: () => undefined as void, loads: 0 }));

vi.mock("../../src/packages.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/packages.js")>();
  return {
    requirePackage<T>(id: string): T {
      if (id === "undici") {
        undiciLoad.loads++;
        undiciLoad.takes();
      }
      return real.requirePackage<T>(id);
    },
  };
});

const harness = useEmulator();

/** A proxy that tunnels every CONNECT to the emulator, whatever host it names, but drops the first `drop`. */
function tunnellingProxy() {
  const proxy = { connects: 0, drop: 0, url: "", sockets: new Set<Socket>() };
  const server = createServer((socket) => {
    proxy.sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => proxy.sockets.delete(socket));
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) return;
      socket.off("data", onData);
      proxy.connects++;
      if (proxy.drop > 0) {
        proxy.drop--;
        socket.end();
        return;
      }
      const upstream = connect(Number(new URL(harness.emulator.baseUrl).port), "127.0.0.1", () => {
        socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        upstream.write(head.subarray(end + 4));
        socket.pipe(upstream).pipe(socket);
      });
      upstream.on("error", () => socket.destroy());
      socket.on("close", () => upstream.destroy());
    };
    socket.on("data", onData);
  });
  return { proxy, server };
}

const { proxy, server } = tunnellingProxy();
beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of proxy.sockets) socket.destroy();
  await new Promise<void>((done) => server.close(() => done()));
});
afterEach(() => {
  vi.restoreAllMocks();
  undiciLoad.takes = () => undefined;
});

/** A client of a service that is not on this machine, so the proxy applies: the proxy takes it to the emulator. */
const proxiedClient = (timeoutMs: number) =>
  clientFor("http://service.example", {
    apiKey: harness.emulator.demoApiKey,
    timeoutMs,
    env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url },
  });

describe("the first request through a proxy", () => {
  it("is answered when loading undici outlasts every deadline already running", async () => {
    const deadlines = deadlinesByHand();
    undiciLoad.takes = () => {
      for (let nth = 0; nth < deadlines.started; nth++) deadlines.pass(nth);
    };
    const client = proxiedClient(30_000);
    const before = { connects: proxy.connects, loads: undiciLoad.loads };
    try {
      expect((await client.getBalance()).data.balance).toBeTypeOf("number");
      // It went through the proxy, and undici was loaded for it: the case the deadline must not count.
      expect(undiciLoad.loads).toBeGreaterThan(before.loads);
      expect(proxy.connects).toBeGreaterThan(before.connects);
    } finally {
      deadlines.restore();
      await client.close();
    }
  });

  it("keeps its whole budget for retries when loading undici takes longer than --timeout", async () => {
    const timeoutMs = 30_000;
    const realNow = Date.now.bind(Date);
    let skipped = 0;
    vi.spyOn(Date, "now").mockImplementation(() => realNow() + skipped);
    undiciLoad.takes = () => {
      skipped += timeoutMs + 1;
    };
    // The first CONNECT is dropped (nothing sent, retried after a back-off), the second tunnelled.
    proxy.drop = 1;
    const client = proxiedClient(timeoutMs);
    const before = proxy.connects;
    try {
      expect((await client.getBalance()).data.balance).toBeTypeOf("number");
      expect(proxy.connects - before).toBe(2);
    } finally {
      proxy.drop = 0;
      await client.close();
    }
  });
});
