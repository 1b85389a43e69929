/**
 * Shared by the `webhook listen` end-to-end tests: a listener started through the built binary and
 * stopped with Ctrl-C after each test, a target for --forward-to that records what it got, and the
 * steps of pointing the emulator's webhooks at an address.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, expect } from "vitest";
import type { RunningReseller } from "../support/cli.js";
import { closedPort } from "../support/emulator.js";
import type { Mode, Reseller } from "./commands-harness.js";
import { until } from "../support/until.js";

export { until };

export interface Listening {
  running: RunningReseller;
  url: string;
  stdout(): string;
  stderr(): string;
  /** Ctrl-C, and what the process printed in all. */
  stop(): Promise<{ exitCode: number | null; stdout: string; stderr: string }>;
}

export interface Received {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The accounts a test pointed the service's webhooks at (pointServiceAt), pointed away after it. */
const pointed: Reseller[] = [];

/** Listeners and servers started by a test are stopped after it. */
export function useListeners() {
  const started: Listening[] = [];
  const servers: Server[] = [];
  afterEach(async () => {
    // First, while the listeners still hold their ports: the service retries what they did not take,
    // and sends events still to come, to the address it was given. Once a listener has stopped, its
    // port is free, and another file's server (an emulator, a listener) can be handed it and receive them.
    await pointAway(pointed.splice(0));
    await Promise.all(started.splice(0).map((l) => l.stop()));
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  function listen(
    reseller: Reseller,
    args: string[] = [],
    options: { mode?: Mode; env?: Record<string, string> } = {},
  ): Promise<Listening> {
    const running = reseller.start(["webhook", "listen", "--port", "0", ...args], { timeoutMs: 90_000, ...options });
    let stopped: ReturnType<Listening["stop"]> | undefined;
    const listening = {
      running,
      url: "",
      stdout: () => running.output().stdout,
      stderr: () => running.output().stderr,
      stop: () => {
        stopped ??= (async () => {
          if (running.child.exitCode === null) running.child.kill("SIGINT");
          return running.done;
        })();
        return stopped;
      },
    };
    started.push(listening);
    return until(
      "the listener's address",
      () =>
        // Its address, said in either language.
        /\b(http:\/\/\S+\/webhook)\b/.exec(running.output().stderr)?.[1] ??
        (running.child.exitCode !== null && `exited: ${running.output().stderr}`),
    ).then((url) => {
      if (!url.startsWith("http")) throw new Error(url);
      listening.url = url;
      return listening;
    });
  }

  /** A target (for --forward-to, or the service's callback URL) that answers with the given statuses in turn, then 200. */
  async function target(statuses: number[] = []): Promise<{ url: string; received: Received[] }> {
    const received: Received[] = [];
    const server = createServer((request, response) => {
      let body = "";
      request.setEncoding("utf8").on("data", (d: string) => (body += d));
      request.on("end", () => {
        const status = statuses.shift() ?? 200;
        received.push({ status, headers: request.headers, body });
        response.writeHead(status, { "content-type": "application/json" }).end('{"ok":true}');
      });
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/reseller`, received };
  }

  return { listen, target, servers };
}

/** A secret from the service, kept in the profile; returned for tests that sign bodies themselves. */
export async function makeSecret(reseller: Reseller): Promise<string> {
  const r = await reseller.run(["webhook", "secret", "--save"]);
  expect(r.exitCode, r.stderr).toBe(0);
  expect(r.stderr).toMatch(/only time the service shows this secret/);
  return r.stdout.trim();
}

export async function pointServiceAt(reseller: Reseller, url: string): Promise<void> {
  const r = await reseller.run(["webhook", "set", "--url", url]);
  expect(r.exitCode, r.stderr).toBe(0);
  pointed.push(reseller);
}

/**
 * Each account's webhooks switched off and sent to a port below the ephemeral range, where no test
 * listens (closedPort): what the service still retries is refused there, and reaches nobody.
 */
async function pointAway(resellers: Reseller[]): Promise<void> {
  const nowhere = `http://127.0.0.1:${await closedPort()}/webhook`;
  for (const reseller of new Set(resellers)) {
    const response = await fetch(`${reseller.env.RESELLER_BASE_URL}/v1/webhook`, {
      method: "PUT",
      headers: { "X-APIKEY": reseller.apiKey, Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ callback_url: nowhere, webhook_enabled: false }),
    });
    expect(response.status, await response.text()).toBe(200);
  }
}

/**
 * `buy` arguments for a manual order (item 10): the service sends its order.completed minutes later,
 * so its order.paid is all a test receives. A top-up's comes 5 s after the purchase, while the test
 * may still be running, and would be one event more than a test that counts order.paid expects.
 */
export const manualOrder = (ref: string) => ["--item", "10", "--qty", "1", "--note", `akun: ${ref}`, "--ref-id", ref];

export async function buy(reseller: Reseller, args: string[]): Promise<void> {
  const r = await reseller.run(["buy", ...args, "--yes"]);
  expect(r.exitCode, r.stderr).toBe(0);
}

/** stdout's rows, split on tabs. */
export const rows = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"));
export const eventsOf = (text: string, ref: string) =>
  rows(text)
    .filter((row) => row[2] === ref)
    .map((row) => row[1]);
