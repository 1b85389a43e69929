/**
 * A whole-catalogue answer that never ends (a service streaming valid variants for ever for
 * `per_page=all`): it is read up to its bound (RESELLER_MAX_CATALOGUE_MB) or its deadline, nothing
 * of it is kept or listed, the copy stays as it was, and the catalogue is asked for by pages.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, binPath } from "../support/cli.js";
import { useHostileServer, type Route } from "../support/hostile-server.js";
import { makeTempDir } from "../support/temp-dir.js";

const server = useHostileServer();
const apiKey = "rk_test_endless_catalogue_0123";

const variant = (id: number, price: number) => ({
  id,
  name: `Weekly Diamond Pass ${id}`,
  price,
  stock: null,
  order_process: "h2h",
  status: "on",
  sku: `MLBB-${id}`,
  min_order: 1,
});
const catalogue = (price: number) => ({
  message: "OK",
  data: [
    {
      id: 3,
      name: "Games",
      products: [{ id: 7, name: "Mobile Legends", variants: [variant(11, price), variant(12, price + 1000)] }],
    },
  ],
  meta: { total_items: 2, last_page: 1, is_delta: false },
  server_time: "2026-11-26T17:00:00+07:00",
});

/** Valid products of one variant each, without end, at the pace the reader takes them. */
const endless: Route = (_request, response) => {
  response.writeHead(200, { "content-type": "application/json" });
  response.write('{"message":"OK","data":[{"id":3,"name":"Games","products":[');
  let id = 1_000;
  const pump = () => {
    while (!response.destroyed) {
      let piece = "";
      for (let i = 0; i < 200; i++, id++)
        piece += `${id > 1_000 ? "," : ""}{"id":${id},"name":"Phantom ${id}","variants":[${JSON.stringify(variant(id, 5_000))}]}`;
      if (!response.write(piece)) return void response.once("drain", pump);
    }
  };
  response.on("error", () => undefined);
  pump();
};

/** per_page=all for ever; pages as `pages` says. */
function serve(pages: Route): void {
  server.routes.set("GET /v1/item", (request, response, body) =>
    (request.url ?? "").includes("per_page=all") ? endless(request, response, body) : pages(request, response, body),
  );
}

/** The built CLI under GNU time: its result and its peak memory (max RSS). */
function run(args: string[], configDir: string, extra: Record<string, string> = {}) {
  const peakFile = join(makeTempDir("reseller-peak-"), "peak.txt");
  const child = spawn("/usr/bin/time", ["-f", "%M", "-o", peakFile, process.execPath, binPath, ...args], {
    env: baseEnv({
      RESELLER_BASE_URL: server.baseUrl,
      RESELLER_API_KEY: apiKey,
      RESELLER_CONFIG_DIR: configDir,
      ...extra,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  return new Promise<{ exitCode: number | null; stdout: string; stderr: string; peakMiB: number }>((done) => {
    child.on("close", (exitCode) => {
      const peakKiB = Number(readFileSync(peakFile, "utf8").trim().split("\n").pop());
      done({ exitCode, stdout, stderr, peakMiB: peakKiB / 1024 });
    });
  });
}

/** Every file of the kept catalogue, byte for byte. */
function copyOf(configDir: string): Map<string, string> {
  const dir = join(configDir, "catalogue");
  return new Map(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), "latin1")]));
}

const ids = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => Number(line.split("\t")[0]));

async function keptCopy(): Promise<string> {
  const configDir = makeTempDir("reseller-endless-");
  server.routes.set("GET /v1/item", (_request, response) =>
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(catalogue(27_000))),
  );
  const first = await run(["items"], configDir);
  expect(first.exitCode, first.stderr).toBe(0);
  expect(ids(first.stdout)).toEqual([11, 12]);
  return configDir;
}

describe("a whole-catalogue answer that never ends", () => {
  it("past its default bound: nothing of it kept or listed, the copy as it was, peak memory under 200 MB", async () => {
    const configDir = await keptCopy();
    const before = copyOf(configDir);
    // The pages never end either: nothing can be fetched whole.
    serve(endless);
    // The bound under test is the answer's size: a deadline well past the default 30 s, which a loaded
    // machine can spend reading 256 MB, so that the time's own bound (tested below) does not come first.
    const refresh = await run(["items", "--refresh", "--timeout", "100"], configDir);
    expect(refresh.exitCode).not.toBe(0);
    expect(refresh.stdout).toBe("");
    // 256 MB or 524,288 variants, whichever comes first.
    expect(refresh.stderr).toMatch(/went past 524,288 variants|larger than 256 MB/);
    expect(refresh.peakMiB).toBeLessThan(200);
    expect(copyOf(configDir)).toEqual(before);
    // The copy answers as before: the two variants the service really has, no phantom.
    const search = await run(["items"], configDir);
    expect(ids(search.stdout)).toEqual([11, 12]);
  }, 120_000);

  it("past its deadline (--timeout 5): falls back to pages, and only what the pages say is listed", async () => {
    const configDir = await keptCopy();
    serve((_request, response) =>
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(catalogue(31_000))),
    );
    const refresh = await run(["items", "--refresh", "--timeout", "5"], configDir);
    expect(refresh.exitCode, refresh.stderr).toBe(0);
    expect(ids(refresh.stdout)).toEqual([11, 12]);
    expect(refresh.stdout).toMatch(/\t31000\t/);
    expect(refresh.peakMiB).toBeLessThan(200);
  });

  it("past its bound in variants (RESELLER_MAX_CATALOGUE_MB=1, 2,048 variants): the same", async () => {
    const configDir = await keptCopy();
    const before = copyOf(configDir);
    serve(endless);
    const limit = { RESELLER_MAX_CATALOGUE_MB: "1" };
    const refresh = await run(["items", "--refresh"], configDir, limit);
    expect(refresh.exitCode).not.toBe(0);
    expect(refresh.stdout).toBe("");
    expect(refresh.stderr).toMatch(/past 2,048 variants|larger than 1 MB/);
    expect(copyOf(configDir)).toEqual(before);
  });
});
