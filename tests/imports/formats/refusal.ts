// What a reader throws for a file it cannot read as a whole: a 422 VALIDATION_ERROR on the content.
import { expect } from "bun:test";
import { AppError } from "../../../server/domain/errors.ts";

export async function expectRefusal(reading: Promise<unknown>): Promise<AppError> {
  const error = await reading.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(422);
  expect((error as AppError).details?.field).toBe("content");
  return error as AppError;
}
