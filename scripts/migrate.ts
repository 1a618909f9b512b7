// Applies the migrations in db/migrations to DATABASE_URL (the server also does this at start).
import { openDatabase } from "../db/client.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { loadConfig } from "../server/platform/config.ts";
import { mkdir } from "node:fs/promises";

const config = loadConfig();
await mkdir(config.dataDir, { recursive: true });
const database = await openDatabase({ url: config.databaseUrl, authToken: config.databaseAuthToken });
await migrateDatabase(database);
await database.close();
console.log(`migrated ${config.databaseUrl.startsWith("file:") ? config.databaseUrl : "the remote database"}`);
