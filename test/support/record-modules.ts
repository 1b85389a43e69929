/**
 * What a real `reseller` process loaded, read from V8's own coverage (NODE_V8_COVERAGE): every
 * script that ran code, Node's own modules (`node:_http_client`) and the files required beside the
 * bundle (undici, jq-wasm, cli-table3) included.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { baseEnv, binPath } from "./cli.js";
import { makeTempDir } from "./temp-dir.js";

interface V8Coverage {
  result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
}

export interface ModuleRecord {
  exitCode: number | null;
  /** Whether the bundle was compiled at all (the --version fast path never does). */
  bundleRan: boolean;
  /** The URL of every script that ran code, Node's own included. */
  scripts: string[];
  /** The names of the bundle's functions that ran (a module's initialiser is named by its source file). */
  bundleFunctions: string[];
}

/** stdin is /dev/null; so are stdout and stderr, unless `piped` (a script reading them, drained here). */
export function modulesLoadedBy(
  args: string[],
  env: Record<string, string | undefined>,
  { piped = false }: { piped?: boolean } = {},
): Promise<ModuleRecord> {
  const coverage = makeTempDir("reseller-coverage-");
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [binPath, ...args], {
      // Coverage changes V8's flags, so a code cache made without it would be refused: none here.
      env: baseEnv({ ...env, NODE_V8_COVERAGE: coverage, RESELLER_NO_CODE_CACHE: "1" }),
      stdio: ["ignore", piped ? "pipe" : "ignore", piped ? "pipe" : "ignore"],
    });
    child.stdout?.resume();
    child.stderr?.resume();
    child.on("error", reject);
    child.on("close", (exitCode) => {
      const scripts = readdirSync(coverage).flatMap(
        (file) => (JSON.parse(readFileSync(join(coverage, file), "utf8")) as V8Coverage).result,
      );
      const bundle = scripts.filter((s) => s.url.endsWith("/dist/reseller.cjs"));
      done({
        exitCode,
        bundleRan: bundle.length > 0,
        bundleFunctions: bundle.flatMap((s) =>
          s.functions.filter((f) => f.ranges[0]!.count > 0).map((f) => f.functionName),
        ),
        scripts: scripts.filter((s) => s.functions.some((f) => f.ranges[0]!.count > 0)).map((s) => s.url),
      });
    });
  });
}
