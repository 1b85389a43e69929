#!/usr/bin/env node
"use strict";
// Launcher: enable what speeds start-up, then hand over to the CLI, dist/reseller.cjs (one file,
// built by `npm run build`). CommonJS on purpose (bin/package.json says so): an ES module entry
// costs Node's ESM loader, ~15% of a bare `node` start.
const {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} = require("node:fs");
const { dirname, join } = require("node:path");

const dist = join(__dirname, "..", "dist");
const bundle = join(dist, "reseller.cjs");
const args = process.argv.slice(2);
/** The first word, which names the command nearly always (flags may come first: then it is a flag). */
const command = /^-{0,2}[a-z][a-z-]{0,30}$/.test(args[0] ?? "") ? args[0] : "_";
/**
 * First words of commands that never talk to the service. Not `items`: a young catalogue copy is
 * answered before the CLI (answerItems below), so the CLI runs `items` mostly to bring an old copy up
 * to date, which speaks HTTP; the flag set below must be set before the bundle is compiled, or V8
 * refuses the code cache made under it and every such call compiles the CLI again.
 */
const offline = new Set(["--help", "-h", "help", "config", "history", "completion", "emulator"]);
/**
 * Whether a request may go through a proxy, and so through undici and its WebAssembly parser: without
 * one, the client uses Node's own HTTP stack (src/api/transport.ts), which has no WebAssembly.
 */
const mayUseWasm = ["HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"].some((name) => process.env[name]);

/** The bundle's first line: `// reseller <version> <hash of the rest>`. */
function header(text) {
  const [, , version, hash] = text.slice(0, text.indexOf("\n")).split(" ");
  return { version, hash };
}

if (args.length === 1 && (args[0] === "--version" || args[0] === "-v" || args[0] === "-V" || args[0] === "version")) {
  // Scripts ask for the version to decide what to run: answer from the bundle's first line alone.
  const head = Buffer.alloc(128);
  const fd = openSync(bundle, "r");
  const length = readSync(fd, head, 0, head.length, 0);
  closeSync(fd);
  print(`${header(head.toString("latin1", 0, length)).version}\n`);
} else if ((args.length === 0 || (args.length === 1 && (args[0] === "--help" || args[0] === "-h"))) && !isTerminal(1)) {
  // Help that is piped or saved is commander's own text at its default 80 columns, which the build
  // wrote to dist/help.txt. On a terminal, commander lays it out for the terminal's width.
  let help;
  try {
    help = readFileSync(join(dist, "help.txt"));
  } catch {
    help = undefined; // a build from before help.txt: the CLI says it
  }
  if (help) print(help);
  else run();
} else if (command === "items" && !isTerminal(1) && answerItems()) {
  // Answered from the kept catalogue.
} else {
  run();
}

/**
 * write(2) for an answer: process.stdout would set up a stream (for a pipe, node:net). A reader that
 * left (`| head`) ends it quietly; a pipe that cannot take more now gets the rest through the stream,
 * which waits for the reader.
 */
function print(text, fd = 1) {
  const bytes = Buffer.from(text);
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(fd, bytes, written);
  } catch (error) {
    if (error.code === "EPIPE") return;
    const stream = fd === 2 ? process.stderr : process.stdout;
    stream.on("error", () => undefined);
    stream.write(bytes.subarray(written));
  }
}

/**
 * A piped `reseller items` whose kept catalogue is young enough to use as it is: answered by
 * dist/items-quick.cjs (src/catalogue/quick.ts) without compiling the CLI, about the cost of
 * --version. It declines anything else (another flag, no copy or an old one, an error): the CLI then runs.
 */
function answerItems() {
  let answer;
  try {
    const terminal = {
      stdoutIsTTY: false,
      get stdinIsTTY() {
        return isTerminal(0);
      },
      get stderrIsTTY() {
        return isTerminal(2);
      },
    };
    answer = require(join(dist, "items-quick.cjs")).answerFromCopy(args, process.env, terminal, Date.now());
  } catch {
    return false; // a build from before the quick answer
  }
  // Through a proxy, the CLI brings the copy up to date: items-delta.cjs has no undici (its size is
  // read on every old copy's search).
  if (answer === "bring-up-to-date") return !mayUseWasm && answerAfterDelta();
  if (!answer) return false;
  if (answer.stderr) print(answer.stderr, 2);
  print(answer.stdout);
  return true;
}

/**
 * A piped `reseller items` whose kept catalogue is over a minute old: the items command brings it up
 * to date and answers, from dist/items-delta.cjs (src/catalogue/quick-delta.ts), without compiling
 * the CLI. Only without a proxy: it speaks HTTP with Node's own sockets, never undici's WebAssembly.
 */
function answerAfterDelta() {
  let quick;
  try {
    quick = loadBundle(join(dist, "items-delta.cjs"), "items-delta");
  } catch {
    return false; // a build from before it
  }
  quick.exports.answerAfterDelta(args, process.env).then((code) => {
    process.exitCode = code;
    quick.keepCodeCache();
  });
  return true;
}

/** Like `process.stdout.isTTY`, without the stream: node:tty is loaded only for a character device. */
function isTerminal(fd) {
  try {
    return fstatSync(fd).isCharacterDevice() && require("node:tty").isatty(fd);
  } catch {
    return false;
  }
}

function run() {
  // undici (used only through a proxy) parses HTTP with a WebAssembly module; V8's optimising
  // tier-up of it runs on background threads that a short-lived process then waits for at exit
  // (~50 ms a command, measured with `npm run bench`). The baseline compiler is plenty for a few
  // small JSON answers. Other calls skip node:v8 (~5 ms). Decided before the bundle is compiled, and
  // named in the code cache's file: V8 accepts a cache only under the flags it was made with.
  // --jq runs functions the same command without it never compiles: a code cache of its own. An
  // expression that is not a plain path runs in jq's engine, WebAssembly too (~100 ms more at exit without the flag).
  const jq = args.some((arg) => arg === "--jq" || arg.startsWith("--jq="));
  const jqEngine = jq && needsJqEngine();
  const wasm = (mayUseWasm && !offline.has(command)) || jqEngine;
  if (wasm) require("node:v8").setFlagsFromString("--liftoff-only");
  const cli = loadBundle(bundle, `${command}${jq ? "-jq" : ""}${wasm ? "-wasm" : ""}`, () => {
    if (jqEngine) startJq();
  });
  cli.exports.start().then(cli.keepCodeCache);
}

/**
 * A bundle of dist/ run as Node runs a CommonJS module, compiled with V8's code cache (`name` tells
 * apart the caches of what different commands ran): a warm start deserialises the bytecode of what
 * ran last time instead of parsing the whole file. `keepCodeCache()`, once the work is done, saves
 * the cache when there was none or V8 refused it. `beforeRun` runs between compiling and running.
 */
function loadBundle(file, name, beforeRun) {
  // The bundles are ASCII (esbuild escapes the rest), so latin1 reads them without a UTF-8 decode.
  const source = readFileSync(file, "latin1");
  const cacheFile = codeCacheFile(header(source).hash, name);
  let cachedData;
  if (cacheFile) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
  }
  const vm = require("node:vm");
  // The same wrapper Node puts around a CommonJS module.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  beforeRun?.();
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require("node:module").createRequire(file), module, file, dirname(file));
  return {
    exports: module.exports,
    keepCodeCache() {
      if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) saveCodeCache(script, cacheFile);
    },
  };
}

/**
 * Whether `--jq`'s expression is one jq's engine will read: anything but what looks like a plain path
 * (`.data.balance`, `.data[0].sn`, `.["k"]`; no bare word such as `select`, no operator), which
 * src/output/jq-paths.ts answers without the engine. Only a hint: a wrong guess costs time, never
 * a different answer (jq.ts loads the engine itself when it needs it).
 */
function needsJqEngine() {
  const at = args.findIndex((arg) => arg === "--jq" || arg.startsWith("--jq="));
  if (at < 0) return false;
  const expression = args[at] === "--jq" ? (args[at + 1] ?? "") : args[at].slice("--jq=".length);
  const outsideStrings = expression.replace(/"[^"\\]*"/g, '""');
  return !/^\s*[.(]/.test(outsideStrings) || /[^\w.[\]?|,()\s"-]|(?:^|[^.\w])[A-Za-z_]/.test(outsideStrings);
}

/**
 * `--jq`: jq's engine (jq-wasm) begins to load before the CLI does, so that V8 compiles its
 * WebAssembly on background threads while the main one loads the CLI and asks the service; without
 * this, the compile came after both, on every call. src/output/jq.ts takes the promise left here.
 */
function startJq() {
  try {
    const loading = require("jq-wasm").loadJq();
    // Awaited by jq.ts; a failure here is met again there, not as an unhandled rejection.
    loading.catch(() => undefined);
    globalThis[Symbol.for("reseller.jq-engine")] = loading;
  } catch {
    // jq.ts loads it itself, and says what is wrong.
  }
}

/**
 * Where this command's code cache lives: under `$XDG_CACHE_HOME/reseller/code-cache` (else
 * `~/.cache/...`), a folder per installed copy of reseller, in it a file per build, Node version
 * and command, with or without --jq (each compiles different functions). The build's hash is of the bundle's
 * content: a rebuilt bundle never meets an old cache. `RESELLER_NO_CODE_CACHE=1` turns it off.
 */
function codeCacheFile(hash, name) {
  const env = process.env;
  if (!hash || (env.RESELLER_NO_CODE_CACHE && !["0", "false"].includes(env.RESELLER_NO_CODE_CACHE.toLowerCase())))
    return undefined;
  const base =
    env.XDG_CACHE_HOME || (process.platform === "win32" ? env.LOCALAPPDATA : env.HOME && join(env.HOME, ".cache"));
  if (!base) return undefined;
  return join(base, "reseller", "code-cache", fnv1a(bundle), `${hash}-${process.version}-${process.arch}-${name}.bin`);
}

/** A short name for the bundle's path (node:crypto would cost more than it saves here). */
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

/** Written whole or not at all; a cache that cannot be written is simply not there next time. */
function saveCodeCache(script, file) {
  try {
    const dir = dirname(file);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    renameSync(temporary, file);
    // Caches of this copy's earlier builds are never read again.
    const hash = file.slice(dir.length + 1).split("-", 1)[0];
    for (const name of readdirSync(dir)) if (!name.startsWith(`${hash}-`)) unlinkSync(join(dir, name));
  } catch {
    // No cache: the next start parses the bundle again, nothing worse.
  }
}
