/**
 * Loaded before every test file (vitest.config.ts, `setupFiles`). Its hooks are registered first, so
 * its after-hooks run last: temp dirs are removed once the file's own clean-up has stopped what used them.
 */
import { afterAll, afterEach, beforeEach } from "vitest";
import { fileEnded, testEnded, testStarted } from "./temp-dir.js";

beforeEach(testStarted);
afterEach(testEnded);
afterAll(fileEnded);
