// What the tabular reader tests share: options, the fixtures folder, and expecting a 422.
import { expect } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AppError } from "../../../server/domain/errors.ts";
import type { ReadOptions } from "../../../server/imports/model.ts";

export const FIXTURES = join(import.meta.dirname, "../../fixtures/imports/tabular");

export const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES, name)));

export const options = (more: Partial<ReadOptions> = {}): ReadOptions => ({ currency: "EUR", today: "2026-11-01", ...more });

/** The call fails with a 422 whose message matches. */
export async function expect422(run: () => unknown, message: RegExp): Promise<void> {
  let caught: unknown;
  try {
    await run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AppError);
  expect((caught as AppError).code).toBe("VALIDATION_ERROR");
  expect((caught as AppError).message).toMatch(message);
}
