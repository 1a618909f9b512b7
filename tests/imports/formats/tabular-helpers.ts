// What the tabular reader tests share: options, the fixtures folder, and expecting a 422.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RECORD_KEYS } from "../../../routers/imports/record-keys.ts";
import type { ReadOptions } from "../../../server/imports/model.ts";
import { expectRefusal } from "./refusal.ts";

export const FIXTURES = join(import.meta.dirname, "../../fixtures/imports/tabular");

export const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(join(FIXTURES, name)));

export const options = (more: Partial<ReadOptions> = {}): ReadOptions => ({ currency: "EUR", today: "2026-11-01", recordKeys: RECORD_KEYS, ...more });

/** The 422 a reader throws for a file (or an option) it cannot read, its message matching. */
export async function expect422(run: () => unknown, message: RegExp): Promise<void> {
  await expectRefusal(Promise.resolve().then(run), { message, field: null });
}
