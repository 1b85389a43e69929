#!/usr/bin/env node
// Launcher: turn on Node's compile cache where it exists (Node >= 22.1), then hand over to the CLI.
import module from "node:module";

module.enableCompileCache?.();
const { start } = await import("../dist/start.js");
await start();
