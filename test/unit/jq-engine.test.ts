/**
 * How `--jq` gets its engine: the WebAssembly module bin/reseller.js began compiling when it saw
 * --jq, or jq-wasm's own loading when there is none or it failed.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compileJqFilter, loadJqFilter } from "../../src/output/jq.js";

const compiledEarly = Symbol.for("reseller.jq-wasm");
const slot = globalThis as Record<symbol, unknown>;
const fromHere = createRequire(import.meta.url);
const wasmFile = fromHere.resolve("jq-wasm/jq.wasm");
// jq-wasm's folder, as bin/reseller.js finds it: the one holding dist/index.cjs.
const folder = dirname(dirname(fromHere.resolve("jq-wasm")));
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<unknown> };
};

/** What the launcher leaves for jq.ts when it saw --jq: the module compiling, and jq-wasm's JavaScript by its file. */
function compiledByLauncher(compiling: Promise<unknown>): { compiling: Promise<unknown>; load(): unknown } {
  return { compiling, load: () => fromHere(join(folder, "dist", "index.cjs")) };
}

afterEach(() => {
  delete slot[compiledEarly];
});

describe("jq's engine", () => {
  it("runs from the module the launcher compiled", async () => {
    slot[compiledEarly] = compiledByLauncher(wasm.compile(readFileSync(wasmFile)));
    const filter = await compileJqFilter(".data.balance");
    expect(filter('{"data":{"balance":2500000}}', false)).toEqual({ text: "2500000\n" });
  });

  it("is loaded by jq-wasm itself when the launcher's compile failed", async () => {
    const failed = Promise.reject(new Error("ENOENT: jq.wasm"));
    failed.catch(() => undefined);
    slot[compiledEarly] = compiledByLauncher(failed);
    const filter = await compileJqFilter('.items[] | "\\(.id) \\(.name)"');
    expect(filter('{"items":[{"id":3,"name":"Pulsa 10rb"}]}', false)).toEqual({ text: "3 Pulsa 10rb\n" });
  });

  it("still refuses what it cannot compile, with jq's message", async () => {
    slot[compiledEarly] = compiledByLauncher(wasm.compile(readFileSync(wasmFile)));
    await expect(compileJqFilter(".data |||")).rejects.toMatchObject({ code: "JQ_SYNTAX" });
  });

  it("a typo found by the filter's one run, with no check before it, is said as the check says it", async () => {
    slot[compiledEarly] = compiledByLauncher(wasm.compile(readFileSync(wasmFile)));
    const checked = await compileJqFilter(".data |||").then(
      () => undefined,
      (error: unknown) => error,
    );
    const jq = await loadJqFilter(".data |||");
    let filtered: unknown;
    try {
      jq.filter('{"data":{"balance":2500000}}', false);
    } catch (error) {
      filtered = error;
    }
    // The same words: jq's message about the expression as typed, not as the filter wraps it.
    expect(filtered).toMatchObject({ code: "JQ_SYNTAX", exitCode: 2 });
    expect(String((filtered as Error).message)).toBe(String((checked as Error).message));
    expect(String((filtered as Error).message)).toContain("line 1");
  });

  it("a filter's run compiles the expression: check() after it does not run jq again", async () => {
    // jq-wasm as the launcher hands it, each run of its engine counted.
    let runs = 0;
    type Engine = { raw(...args: unknown[]): unknown };
    const jqWasm = fromHere(join(folder, "dist", "index.cjs")) as { loadJq(options?: unknown): Promise<Engine> };
    slot[compiledEarly] = {
      compiling: wasm.compile(readFileSync(wasmFile)),
      load: () => ({
        loadJq: async (options?: unknown) => {
          const engine = await jqWasm.loadJq(options);
          return {
            raw: (...args: unknown[]) => {
              runs += 1;
              return engine.raw(...args);
            },
          };
        },
      }),
    };
    const jq = await loadJqFilter(".data.balance");
    expect(jq.filter('{"data":{"balance":7}}', false)).toEqual({ text: "7\n" });
    expect(() => jq.check()).not.toThrow();
    expect(runs).toBe(1);
  });
});
