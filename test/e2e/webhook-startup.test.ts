/**
 * What `webhook listen` loads at start: a listener that runs a command for each event never loads
 * undici (only a forward to another address needs it). Every module the process asks Node for is
 * written down as it is asked for, so the list is read while the listener runs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { makeTempDir } from "../support/temp-dir.js";
import { resellerAs } from "./commands-harness.js";
import { makeSecret, useListeners } from "./webhook-harness.js";

const harness = useEmulator();
const { listen } = useListeners();

it("`webhook listen --exec` loads no undici at start: only --forward-to needs it", async () => {
  const dir = makeTempDir("reseller-loads-");
  const loads = join(dir, "loads");
  const hook = join(dir, "record-loads.cjs");
  writeFileSync(
    hook,
    `const Module = require("node:module");
const { appendFileSync } = require("node:fs");
const load = Module._load;
Module._load = function (request, ...rest) {
  appendFileSync(${JSON.stringify(loads)}, request + "\\n");
  return load.call(this, request, ...rest);
};
`,
  );
  const reseller = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
  await makeSecret(reseller);
  const env = { NODE_OPTIONS: `--require ${hook}` };

  const running = await listen(reseller, ["--exec", "true"], { env });
  const atStart = readFileSync(loads, "utf8").split("\n");
  // The record works: the listener's own server is in it.
  expect(atStart).toContain("node:http");
  expect(atStart.filter((request) => request.includes("undici"))).toEqual([]);
  await running.stop();
});
