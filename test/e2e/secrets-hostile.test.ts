/**
 * Secrets echoed back in every encoding a service or a proxy uses: the API key inside JSON with its
 * slashes escaped (`\/`) or every character escaped, URL-encoded in upper or lower case; the webhook
 * secret in any command's output; a password inside the base URL. None is ever printed whole.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeConfigDir } from "../support/cli.js";
import { runInProcess } from "../support/run-main.js";
import { json, useHostileServer } from "../support/hostile-server.js";

const server = useHostileServer();
const apiKey = "sk_live/abc+def=0123456789/xyz";
const webhookSecret = "whsec/shop+secret=0123456789";

const encodings = (secret: string) => ({
  raw: secret,
  json: JSON.stringify(secret).slice(1, -1),
  slashes: JSON.stringify(secret).slice(1, -1).replace(/\//g, "\\/"),
  allEscaped: secret.replace(/[^A-Za-z0-9]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
  url: encodeURIComponent(secret),
  urlLower: encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (c) => c.toLowerCase()),
});

function echoing(): string {
  // A body written by hand, as a PHP service writes it: each encoding of each secret, escaped as it is.
  const fields = [
    ...Object.entries(encodings(apiKey)).map(([k, v]) => `"key_${k}":"${v.replace(/"/g, '\\"')}"`),
    ...Object.entries(encodings(webhookSecret)).map(([k, v]) => `"secret_${k}":"${v}"`),
  ];
  return `{"message":"OK","data":{"balance":150000,${fields.join(",")}}}`;
}

const env = (configDir = makeConfigDir()) => ({
  RESELLER_BASE_URL: server.baseUrl,
  RESELLER_API_KEY: apiKey,
  RESELLER_WEBHOOK_SECRET: webhookSecret,
  RESELLER_CONFIG_DIR: configDir,
});

function expectNoSecret(text: string) {
  for (const [name, form] of [...Object.entries(encodings(apiKey)), ...Object.entries(encodings(webhookSecret))]) {
    expect(text, `${name}: ${form}`).not.toContain(form);
  }
}

describe("secrets echoed back", () => {
  it("the key and the webhook secret, in every encoding, are masked in --json, --verbose and tables", async () => {
    server.routes.set("GET /v1/balance", (_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(echoing());
    });
    for (const args of [
      ["balance", "--json"],
      ["balance", "--verbose"],
      ["balance", "--json", "--verbose"],
    ]) {
      const r = await runInProcess(args, { env: env() });
      expect(r.exitCode, r.stderr).toBe(0);
      expectNoSecret(r.stdout + r.stderr);
    }
    const shown = await runInProcess(["balance", "--json"], { env: env() });
    // What is left says which key it was, as the key is shown everywhere else.
    expect(shown.stdout).toContain("****/xyz");
  });

  it("an error that quotes the key URL-encoded is masked too", async () => {
    server.routes.set("GET /v1/balance", json(401, { message: `Unknown key ${encodeURIComponent(apiKey)}` }));
    const r = await runInProcess(["balance"], { env: env() });
    expect(r.exitCode).toBe(3);
    expectNoSecret(r.stdout + r.stderr);
  });
});

describe("credentials in the base URL", () => {
  const withPassword = () => `${server.baseUrl.replace("http://", "http://shopowner:hunter2-password@")}`;

  it("are refused before anything is sent, and never printed", async () => {
    const before = server.seen.length;
    const r = await runInProcess(["balance"], { env: { ...env(), RESELLER_BASE_URL: withPassword() } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/user name or password/);
    expect(r.stdout + r.stderr).not.toContain("hunter2-password");
    expect(server.seen.length).toBe(before);
  });

  it("are never saved, and a hand-edited config shows them masked", async () => {
    const configDir = makeConfigDir();
    const login = await runInProcess(["login", "--with-key", "--base-url", withPassword()], {
      env: { RESELLER_CONFIG_DIR: configDir },
      input: "sk_live_some_key_0123456789",
    });
    expect(login.exitCode).toBe(2);
    expect(login.stdout + login.stderr).not.toContain("hunter2-password");
    const set = await runInProcess(["config", "set", "base_url", withPassword()], {
      env: { RESELLER_CONFIG_DIR: configDir },
    });
    expect(set.exitCode).toBe(2);
    let saved = "";
    try {
      saved = readFileSync(join(configDir, "config.json"), "utf8");
    } catch {
      // Nothing saved at all.
    }
    expect(saved).not.toContain("hunter2-password");

    const handEdited = makeConfigDir();
    const { writeFileSync } = await import("node:fs");
    writeFileSync(
      join(handEdited, "config.json"),
      JSON.stringify({ profiles: { default: { base_url: withPassword(), api_key: "sk_live_some_key_0123456789" } } }),
      { mode: 0o600 },
    );
    for (const args of [["config", "list"], ["config", "get", "base_url"], ["config", "list", "--json"], ["balance"]]) {
      const r = await runInProcess(args, { env: { RESELLER_CONFIG_DIR: handEdited } });
      expect(r.stdout + r.stderr, args.join(" ")).not.toContain("hunter2-password");
    }
  });
});
