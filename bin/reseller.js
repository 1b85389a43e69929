#!/usr/bin/env node
// Launcher: enable what speeds start-up, then hand over to the CLI.
import module from "node:module";
import v8 from "node:v8";

// Node's compile cache, where it exists (Node >= 22.1).
module.enableCompileCache?.();
// undici parses HTTP with a WebAssembly module; V8's optimising tier-up of it runs on background
// threads that a short-lived process then waits for at exit (~50 ms a command, measured with
// `npm run bench:startup`). The baseline compiler is plenty for a few small JSON answers.
v8.setFlagsFromString("--liftoff-only");
const { start } = await import("../dist/start.js");
await start();
