/**
 * `--jq EXPR`: the JSON a command prints, filtered by real jq (jq 1.8 compiled to WebAssembly, the
 * jq-wasm package), with strings printed raw like `gh --jq`. Loaded only when --jq is given: the
 * engine is a 0.9 MB WebAssembly module that no other command should pay for.
 *
 * A typo is exit 2 with jq's own message and nothing printed, never discovered after a purchase: a
 * command that moves money has the expression compiled before it sends anything; one that moves none
 * while its request travels (src/context.ts). jq runs without the process's environment (`$ENV` is
 * the engine's own, empty of RESELLER_API_KEY) and without files.
 */
import { ResellerError, ExitCode, UsageError } from "../errors.js";
import { requirePackage } from "../packages.js";

interface JqResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}
interface JqEngine {
  raw(input: string | null, query: string, flags?: string[]): JqResult;
}
/** A compiled WebAssembly module, passed through untouched (the build's types name no WebAssembly). */
type CompiledModule = object;
interface JqWasm {
  loadJq(options?: { wasmModule?: CompiledModule }): Promise<JqEngine>;
}

/** jq-wasm's WebAssembly, compiling since bin/reseller.js saw --jq, and its JavaScript, loaded by the launcher with a code cache. */
interface EarlyJq {
  compiling: Promise<CompiledModule>;
  load(): JqWasm;
}
const compiledEarly = Symbol.for("reseller.jq-wasm");

/** What a filter printed (each output followed by a newline) and, when jq stopped on an error, that error (after the outputs it had made). */
export interface JqFiltered {
  text: string;
  error?: JqFilterError;
}

/** A filter ready to run: JSON text in, what to print out. */
export type JqFilter = (json: string, pretty: boolean) => JqFiltered;

/** jq could not filter what the command printed (`.x` of a number, `error(...)`): the command itself did its work. */
export class JqFilterError extends ResellerError {
  readonly exitCode = ExitCode.refused;
}

/**
 * Mark where each output begins and ends, so that outputs are told apart exactly: jq-wasm hands back
 * its stdout trimmed, which would lose an empty string printed first or last.
 */
const outputBegins = "\u001e\u001freseller-jq-begin\u001f\u001e";
const outputEnds = "\u001e\u001freseller-jq-end\u001f\u001e";

/** jq's own exit code for an expression it cannot compile. */
const compileErrorExit = 3;

/** The expression compiled by jq itself (jq-wasm): exit 2 with jq's message for one it cannot read. */
export async function compileJqFilter(expression: string): Promise<JqFilter> {
  const jq = await loadJqFilter(expression);
  jq.check();
  return jq.filter;
}

/** jq loaded with an expression to filter by, not yet compiled. */
export interface LoadedJq {
  /** Filters a document; throws check()'s UsageError when the expression cannot be compiled. */
  filter: JqFilter;
  /** The expression compiled alone, unless a filter already did: exit 2 with jq's message for one it cannot read. */
  check(): void;
}

/** jq's engine (jq-wasm) loaded, the expression to be compiled by check() or by the first filter. */
export async function loadJqFilter(expression: string): Promise<LoadedJq> {
  // Required beside the bundle, not bundled: the package reads its .wasm from its own folder.
  const early = (globalThis as Record<symbol, EarlyJq | undefined>)[compiledEarly];
  const { loadJq } = early ? early.load() : requirePackage<JqWasm>("jq-wasm");
  // A module the launcher could not compile is jq-wasm's to load again, and to say what is wrong with.
  const wasmModule = await early?.compiling.catch(() => undefined);
  const jq = await loadJq(wasmModule && { wasmModule });
  let compiled = false;
  const check = () => {
    if (compiled) return;
    const checked = jq.raw(null, expression, ["-c"]);
    if (checked.exitCode === compileErrorExit || checked.exitCode === 2) throw cannotRead(checked.stderr);
    compiled = true;
  };
  // A new line on each side: a `# comment` at the end of the expression must not swallow the paren.
  const wrapped = `(\n${expression}\n) | (${JSON.stringify(outputBegins)}, ., ${JSON.stringify(outputEnds)})`;
  const filter: JqFilter = (json, pretty) => {
    const result = jq.raw(json, wrapped, pretty ? ["-r"] : ["-r", "-c"]);
    // jq's message about the expression as written, not as wrapped here (its lines and columns).
    if (!compiled && (result.exitCode === compileErrorExit || result.exitCode === 2)) check();
    compiled = true;
    // Each whole output is `begins\n<output>\nends`; after the last end comes nothing, or a failing output's start.
    const text = result.stdout
      .split(outputEnds)
      .slice(0, -1)
      .map((part) => `${part.slice(part.indexOf(outputBegins) + outputBegins.length + 1, -1)}\n`)
      .join("");
    if (result.exitCode === 0) return { text };
    const error = new JqFilterError("JQ_ERROR", (say) => say.jq.failed(jqMessage(result.stderr)), {
      suggestion: (say) => say.jq.failedHint,
    });
    return { text, error };
  };
  return { filter, check };
}

/** A typo in the expression: exit 2 with jq's message. */
function cannotRead(stderr: string): UsageError {
  return new UsageError((say) => say.jq.cannotRead(jqMessage(stderr)), {
    code: "JQ_SYNTAX",
    suggestion: (say) => say.jq.syntaxHint,
  });
}

/** jq's message without its `jq: error` prefix and the compile-error count. */
function jqMessage(stderr: string): string {
  return stderr
    .split("\n")
    .filter((line) => line.trim() && !/^jq: \d+ compile errors?$/.test(line.trim()))
    .join("\n")
    .replace(/^jq: error(?: \(at [^)]*\))?: /, "")
    .trim();
}
