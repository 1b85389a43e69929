/** A delivery sent to a listener as the service sends one: a POST of JSON, with the headers given (X-Event, X-Signature). */
export function postWebhook(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
