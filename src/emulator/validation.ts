import { ServiceError } from "./service-error.js";

/**
 * Collects Laravel-style field errors ({"carts.0.quantity": ["The carts.0.quantity field is required."]})
 * so one 422 answer lists every problem of the request, as the real service does.
 */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  has(field: string): boolean {
    return field in this.errors;
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw new ServiceError(422, "VALIDATION_ERROR", this.errors);
  }

  /**
   * Throws the errors collected, else gives back the required fields read, each known to be there: a
   * required field that is missing was refused just now, so one missing here is a bug of the emulator.
   */
  required<T extends Record<string, unknown>>(values: T): { [K in keyof T]-?: Exclude<T[K], undefined> } {
    this.throwIfAny();
    for (const [field, value] of Object.entries(values))
      if (value === undefined) throw new Error(`internal error: ${field} passed its checks and is missing`);
    return values as { [K in keyof T]-?: Exclude<T[K], undefined> };
  }
}

/** Laravel shows attribute names with spaces for underscores: "The ref id field is required." */
function attribute(field: string): string {
  return field.replaceAll("_", " ");
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

export function readString(
  errors: FieldErrors,
  field: string,
  value: unknown,
  rules: { required: boolean; max?: number },
): string | undefined {
  if (isMissing(value)) {
    if (rules.required) errors.add(field, requiredMessage(field));
    return undefined;
  }
  if (typeof value !== "string") {
    errors.add(field, `The ${attribute(field)} field must be a string.`);
    return undefined;
  }
  if (rules.max !== undefined && value.length > rules.max) {
    errors.add(field, `The ${attribute(field)} field must not be greater than ${rules.max} characters.`);
    return undefined;
  }
  return value;
}

export function readInteger(
  errors: FieldErrors,
  field: string,
  value: unknown,
  rules: { required: boolean; min?: number; max?: number },
): number | undefined {
  if (isMissing(value)) {
    if (rules.required) errors.add(field, requiredMessage(field));
    return undefined;
  }
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    errors.add(field, `The ${attribute(field)} field must be an integer.`);
    return undefined;
  }
  const { min, max } = rules;
  if (min !== undefined && max !== undefined && (value < min || value > max)) {
    errors.add(field, `The ${attribute(field)} field must be between ${min} and ${max}.`);
    return undefined;
  }
  if (min !== undefined && value < min) {
    errors.add(field, `The ${attribute(field)} field must be at least ${min}.`);
    return undefined;
  }
  if (max !== undefined && value > max) {
    errors.add(field, `The ${attribute(field)} field must not be greater than ${max}.`);
    return undefined;
  }
  return value;
}

export function requiredMessage(field: string): string {
  return `The ${attribute(field)} field is required.`;
}

export function arrayMessage(field: string): string {
  return `The ${attribute(field)} field must be an array.`;
}

export function invalidChoiceMessage(field: string): string {
  return `The selected ${attribute(field)} is invalid.`;
}
