// A bench's server process: the real app on an existing (seeded) DATA_DIR, silent, on a free port
// it prints as one JSON line {port}; SIGTERM stops it cleanly. bench:analytics, bench:import and
// bench:scale run it as `--serve DIR` in a child of their own, so the measuring side never shares its
// thread. `databaseUrl` points it at a libSQL server instead of DIR's embedded file.
import { createApp } from "../../server/http/app.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { createServices } from "../../server/services.ts";

export async function serveDataDir(dataDir: string, databaseUrl?: string): Promise<never> {
  const env = { DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const services = await createServices(loadConfig(env));
  const app = createApp(services);
  app.elysia.listen({ port: 0, hostname: "127.0.0.1" });
  console.log(JSON.stringify({ port: app.elysia.server?.port }));
  process.on("SIGTERM", async () => {
    await app.stop();
    await services.renderer.close();
    await services.importReaders.close();
    await services.database.close();
    process.exit(0);
  });
  return new Promise<never>(() => undefined);
}
