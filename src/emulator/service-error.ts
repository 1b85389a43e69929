/** A refusal as the service words it: HTTP status, the code in `message`, and field errors for 422. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(code);
    this.name = "ServiceError";
  }

  get body(): { message: string; errors?: Record<string, string[]> } {
    return this.fieldErrors ? { message: this.code, errors: this.fieldErrors } : { message: this.code };
  }
}
