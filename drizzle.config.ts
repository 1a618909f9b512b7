import { defineConfig } from "drizzle-kit";

// Migrations are generated from db/schema and committed; scripts/migrate.ts (and the server at start)
// applies the same files.
export default defineConfig({
  dialect: "turso",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  dbCredentials: { url: process.env.DATABASE_URL ?? "file:./data/invoices.db" },
});
