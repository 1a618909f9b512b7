import { eq } from "drizzle-orm";
import { apiKeys } from "../../db/schema/index.ts";
import { sha256Hex } from "../../server/domain/secrets.ts";
import type { TestServer } from "./server.ts";

export async function keyIdOf(server: TestServer, token: string): Promise<string> {
  const [row] = await server.services.database.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.tokenHash, await sha256Hex(token)));
  if (!row) throw new Error("unknown test key");
  return row.id;
}
