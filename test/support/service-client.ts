/**
 * The API client as the client tests make it: a test user agent, and retries that do not wait (the
 * tests count the waits asked for instead), unless a test gives its own.
 */
import { type ClientOptions, ServiceClient } from "../../src/api/client.js";
import { en } from "../../src/messages/en.js";

export function clientFor(baseUrl: string, options: Partial<ClientOptions> = {}): ServiceClient {
  return new ServiceClient({
    baseUrl,
    apiKey: "rk_test_client_key",
    timeoutMs: 5_000,
    userAgent: "reseller-test",
    sleep: async () => undefined,
    say: en,
    ...options,
  });
}
