/**
 * `reseller webhook show | set | test | secret` through main() (test/support/run-main.ts), against
 * the emulator and against a service whose answers take shapes nobody documented; the secret kept
 * and shown like the API key (once in full, masked after); the confirmation at a real terminal,
 * through the built binary.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeConfigDir } from "../support/cli.js";
import { runInProcess } from "../support/run-main.js";
import { json, useHostileServer } from "../support/hostile-server.js";
import { apiRequests, closedPort, useEmulator } from "../support/emulator.js";
import { terminalEnv, useTmux } from "../pty/tmux.js";
import { resellerInProcess, singleJson } from "./commands-harness.js";

const harness = useEmulator();

const secretRequests = () => harness.requests.filter((line) => line.startsWith("POST /v1/webhook/secret "));
const stored = (dir: string) => JSON.parse(readFileSync(join(dir, "config.json"), "utf8")).profiles.default;

describe("webhook show and set", () => {
  it("show: nothing configured yet, in every mode", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const plain = await reseller.run(["webhook", "show"]);
    expect(plain.exitCode, plain.stderr).toBe(0);
    expect(plain.stdout.split("\n")).toEqual(["url\t", "enabled\tfalse", "has_secret\tfalse", ""]);
    expect(plain.stderr).toMatch(/No callback URL is set/);
    const json = await reseller.run(["webhook", "show"], { mode: "json" });
    expect(singleJson(json)).toEqual({
      message: "OK",
      data: { callback_url: null, webhook_enabled: false, has_secret: false },
    });
    const table = await reseller.run(["webhook", "show"], { mode: "table" });
    expect(table.stdout).toMatch(/^URL\s+-$/m);
    expect(table.stdout).toMatch(/^Enabled\s+no$/m);
    // Labels in words on a terminal, never the service's field names beside them.
    expect(table.stdout).toMatch(/^Secret\s+not set$/m);
    expect(table.stdout).not.toMatch(/has_secret|false/);
  });

  it("set --url: switched on and shown back; --disable keeps the address; --enable turns it on again", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const set = await reseller.run(["webhook", "set", "--url", "https://bot.example.com/webhook"]);
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stderr).toMatch(/Saved: the service will send webhooks to https:\/\/bot\.example\.com\/webhook/);
    expect(set.stdout).toMatch(/^callback_url\thttps:\/\/bot\.example\.com\/webhook\nwebhook_enabled\ttrue\n/);
    const shownSet = await reseller.run(["webhook", "set", "--url", "https://bot.example.com/webhook"], {
      mode: "table",
    });
    expect(shownSet.stdout.split("\n").slice(0, 3)).toEqual([
      expect.stringMatching(/^URL +https:\/\/bot\.example\.com\/webhook$/),
      expect.stringMatching(/^Enabled +yes$/),
      expect.stringMatching(/^Secret +not set$/),
    ]);
    expect((await reseller.run(["webhook", "show"])).stdout).toMatch(
      /^url\thttps:\/\/bot\.example\.com\/webhook\nenabled\ttrue\n/,
    );

    const off = await reseller.run(["webhook", "set", "--disable"]);
    expect(off.exitCode, off.stderr).toBe(0);
    expect(off.stderr).toMatch(/Saved: webhooks to https:\/\/bot\.example\.com\/webhook are switched off/);
    expect((await reseller.run(["webhook", "show"])).stdout).toMatch(
      /^url\thttps:\/\/bot\.example\.com\/webhook\nenabled\tfalse\n/,
    );
    expect((await reseller.run(["webhook", "set", "--enable"])).exitCode).toBe(0);
    expect((await reseller.run(["webhook", "show", "--json"])).json().data).toMatchObject({
      callback_url: "https://bot.example.com/webhook",
      webhook_enabled: true,
    });
    // --json: the service's answer as received.
    const json = await reseller.run(["webhook", "set", "--url", "http://localhost:8788/webhook"], { mode: "json" });
    expect(singleJson(json)).toMatchObject({
      status: true,
      data: { callback_url: "http://localhost:8788/webhook", webhook_enabled: true },
    });
  });

  it("refuses before sending: plain http to another machine, not a URL, other schemes, nothing to set (exit 2)", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    const before = apiRequests(harness).length;
    for (const [args, message] of [
      [
        ["--url", "http://bot.example.com/webhook"],
        /--url must be https:\/\/ for bot\.example\.com: plain http is only for this machine/,
      ],
      [["--url", "http://192.168.1.20:8080/hook"], /plain http is only for this machine/],
      [["--url", "bot.example.com/webhook"], /is not a URL/],
      [["--url", "ftp://bot.example.com/"], /must be an https:\/\/ address/],
      [[], /Nothing to set: give --url, --enable or --disable/],
      [
        ["--url", "https://bot.example.com/", "--enable", "--disable"],
        /--enable and --disable cannot be used together/,
      ],
    ] as [string[], RegExp][]) {
      const r = await reseller.run(["webhook", "set", ...args]);
      expect(r.exitCode, `${args.join(" ")}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(apiRequests(harness).length).toBe(before);
    // Switching on an address the service does not have is refused after asking for it.
    const none = await reseller.run(["webhook", "set", "--disable"]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toMatch(/The service has no callback URL to switch on or off/);
  });
});

describe("webhook test", () => {
  it("needs an address and a secret on the service (exit 1, its code), then asks it to send one", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Cahaya Voucher"));
    const bare = await reseller.run(["webhook", "test"], { mode: "json" });
    expect(bare.exitCode).toBe(1);
    expect(bare.errorJson().error.code).toBe("WEBHOOK_URL_NOT_SET");
    expect(
      (await reseller.run(["webhook", "set", "--url", `http://127.0.0.1:${await closedPort()}/webhook`])).exitCode,
    ).toBe(0);
    expect((await reseller.run(["webhook", "test"], { mode: "json" })).errorJson().error.code).toBe(
      "WEBHOOK_SECRET_NOT_SET",
    );
    expect((await reseller.run(["webhook", "secret", "--save"])).exitCode).toBe(0);
    const sent = await reseller.run(["webhook", "test"]);
    expect(sent.exitCode, sent.stderr).toBe(0);
    expect(sent.stderr).toMatch(/The service is sending a webhook\.test event \(service: "Test webhook sent"\)/);
    expect(sent.stdout).toMatch(/^callback_url\thttp:\/\/127\.0\.0\.1:\d+\/webhook$/m);
  });
});

describe("webhook secret", () => {
  it("prints the new secret alone on stdout, says it is shown once, and keeps nothing without --save", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Mitra Top Up Nusantara"));
    const r = await reseller.run(["webhook", "secret"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[0-9a-f]{48}\n$/);
    expect(r.stderr).toMatch(/This is the only time the service shows this secret/);
    expect(r.stderr).toMatch(/webhook secret --save/);
    const list = await reseller.run(["config", "list", "--json"]);
    expect(list.json().settings.webhook_secret).toEqual({ value: null, source: "default" });
  });

  it("--save: kept in the profile (0600), masked by config list and config get, refused by config set", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    const r = await reseller.run(["webhook", "secret", "--save"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const secret = r.stdout.trim();
    expect(stored(reseller.configDir).webhook_secret).toBe(secret);
    expect(statSync(join(reseller.configDir, "config.json")).mode & 0o777).toBe(0o600);
    expect(r.stderr).toContain(`Saved as webhook_secret of profile "default" (****${secret.slice(-4)})`);
    expect(r.stderr).not.toContain(secret);

    const list = await reseller.run(["config", "list"]);
    expect(list.stdout).toContain(`webhook_secret\t****${secret.slice(-4)}\tprofile`);
    const get = await reseller.run(["config", "get", "webhook_secret"]);
    expect(get.stdout).toBe(`****${secret.slice(-4)}\n`);
    for (const out of [
      list,
      get,
      await reseller.run(["config", "list"], { mode: "json" }),
      await reseller.run(["config", "list"], { mode: "table" }),
    ]) {
      expect(out.stdout + out.stderr).not.toContain(secret);
    }

    const set = await reseller.run(["config", "set", "webhook_secret", "typed-on-the-command-line"]);
    expect(set.exitCode).toBe(2);
    expect(set.stderr).toMatch(/The webhook secret cannot be set with `config set`/);
    expect(stored(reseller.configDir).webhook_secret).toBe(secret);

    // A new one replaces the old: the service forgets it, the profile too.
    const next = await reseller.run(["webhook", "secret", "--save"]);
    expect(next.stdout.trim()).not.toBe(secret);
    expect(stored(reseller.configDir).webhook_secret).toBe(next.stdout.trim());
  });

  it("RESELLER_WEBHOOK_SECRET wins over the saved one, masked too, and --save says so", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Warung Premium ID"));
    const env = { RESELLER_WEBHOOK_SECRET: "from-the-environment-1234" };
    const list = await reseller.run(["config", "list", "--json"], { env });
    expect(list.json().settings.webhook_secret).toEqual({ value: "****1234", source: "environment" });
    const saved = await reseller.run(["webhook", "secret", "--save"], { env });
    expect(saved.exitCode).toBe(0);
    expect(saved.stderr).toMatch(/RESELLER_WEBHOOK_SECRET is set in this environment and wins over the saved secret/);
  });

  it("--json: the service's answer as received", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Jaya Abadi Digital"));
    const r = await reseller.run(["webhook", "secret"], { mode: "json" });
    expect(r.exitCode).toBe(0);
    expect(singleJson(r)).toEqual({
      status: true,
      message: expect.stringMatching(/shown only once/),
      data: { webhook_secret: expect.stringMatching(/^[0-9a-f]{48}$/) },
    });
  });
});

describe("answers in shapes nobody documented", () => {
  const service = useHostileServer();
  const answers: Record<string, unknown> = {
    "GET /v1/webhook": { success: true, webhook: { endpoint: "https://shop.example/hook", active: 1 }, retries: 5 },
    "PUT /v1/webhook": { success: true },
    "POST /v1/webhook/test": {
      status: true,
      message: "queued",
      data: { delivery_id: 991, queued_at: "2026-11-21T21:30:00+07:00" },
    },
    "POST /v1/webhook/secret": {
      status: true,
      message: "Webhook secret generated...",
      data: { signing_key: "k-123456789" },
    },
  };
  for (const [route, body] of Object.entries(answers)) service.routes.set(route, json(200, body));

  const run = (args: string[], extra: Record<string, string> = {}) =>
    runInProcess(args, {
      env: {
        RESELLER_BASE_URL: service.baseUrl,
        RESELLER_API_KEY: "key-for-odd-shapes",
        RESELLER_CONFIG_DIR: makeConfigDir(),
        ...extra,
      },
    });

  it("show, set and test render what came, field by field", async () => {
    const show = await run(["webhook", "show"]);
    expect(show.exitCode, show.stderr).toBe(0);
    expect(show.stdout).toBe('webhook\t{"endpoint":"https://shop.example/hook","active":1}\nretries\t5\n');
    const set = await run(["webhook", "set", "--url", "https://shop.example/hook"]);
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stdout).toBe("");
    const test = await run(["webhook", "test"], { RESELLER_FORCE_TTY: "1" });
    expect(test.exitCode, test.stderr).toBe(0);
    // On a terminal the field is named in words.
    expect(test.stdout).toMatch(/^Delivery id\s+991$/m);
    expect(test.stderr).toMatch(/\(service: "queued"\)/);
  });

  it("secret: shows what came when no field is recognisably the secret, saves nothing, exit 1", async () => {
    const dir = makeConfigDir();
    const r = await runInProcess(["webhook", "secret", "--save"], {
      env: { RESELLER_BASE_URL: service.baseUrl, RESELLER_API_KEY: "key-for-odd-shapes", RESELLER_CONFIG_DIR: dir },
    });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("signing_key\tk-123456789\n");
    expect(r.stderr).toMatch(/cannot tell which field is the new secret; nothing was saved/);
    expect(r.stderr).toMatch(/The old secret may already be invalid/);
    expect(() => readFileSync(join(dir, "config.json"))).toThrow();
  });
});

describe("webhook secret at a terminal", () => {
  const tmux = useTmux("webhook-secret");

  it("asks first, since the old secret stops working: no keeps it, yes makes and shows the new one", async () => {
    const env = terminalEnv(harness.accountEnv(harness.apiKeyOf("Nusantara Akun Store")));
    const before = secretRequests().length;
    const declined = tmux.run(["webhook", "secret", "--save"], { env });
    const question = await declined.waitFor("? Make a new webhook secret?");
    expect(question).toMatch(/replaces the current one at once/);
    declined.press("Enter"); // the default is no
    await declined.waitFor("Nothing changed");
    expect(await declined.exitCode()).toBe(0);
    expect(secretRequests().length).toBe(before);

    const accepted = tmux.run(["webhook", "secret", "--save"], { env });
    await accepted.waitFor("? Make a new webhook secret?");
    accepted.type("y");
    accepted.press("Enter");
    const screen = await accepted.waitFor("only time the service shows this secret");
    expect(await accepted.exitCode()).toBe(0);
    expect(secretRequests().length).toBe(before + 1);
    expect(screen).toMatch(/^[0-9a-f]{48}$/m);
    expect(screen).toContain(`(****${stored(env.RESELLER_CONFIG_DIR!).webhook_secret.slice(-4)})`);
  });
});
