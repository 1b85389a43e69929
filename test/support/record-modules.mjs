// Loaded with `node --import` by the start-up test: writes every module URL the process loads to
// the file named by RESELLER_TEST_MODULE_LOG, so the test can see what a command pulled in.
import { register } from "node:module";

register("./record-modules-hooks.mjs", import.meta.url, { data: { file: process.env.RESELLER_TEST_MODULE_LOG } });
