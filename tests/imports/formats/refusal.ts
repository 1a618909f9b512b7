// What a reader throws for a file it cannot read as a whole: a 422 VALIDATION_ERROR naming the
// problem, on the content (or on the option at fault, such as a mapping).
import { expect } from "bun:test";
import { AppError } from "../../../server/domain/errors.ts";

/** `field` is "content" unless given (null: not checked). */
export async function expectRefusal(reading: Promise<unknown>, { message, field = "content" }: { message?: RegExp; field?: string | null } = {}): Promise<AppError> {
  const error = await reading.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe("VALIDATION_ERROR");
  if (field !== null) expect((error as AppError).details?.field).toBe(field);
  if (message) expect((error as AppError).message).toMatch(message);
  return error as AppError;
}
