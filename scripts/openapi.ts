// Writes docs/openapi.json from the routers (the same document GET /api/openapi.json serves).
// `--check` exits 1 when the committed file differs from what the code generates.
import { readFile, writeFile } from "node:fs/promises";
import { appRouter } from "../routers/index.ts";
import { buildOpenApiDocument } from "../server/http/openapi.ts";
import { listProcedures } from "../server/http/procedures.ts";
import { VERSION } from "../server/services.ts";

export const OPENAPI_PATH = new URL("../docs/openapi.json", import.meta.url);

export function generatedOpenApi(): string {
  return `${JSON.stringify(buildOpenApiDocument(appRouter, listProcedures(appRouter), VERSION), null, 2)}\n`;
}

if (import.meta.main) {
  const generated = generatedOpenApi();
  if (process.argv.includes("--check")) {
    const committed = await readFile(OPENAPI_PATH, "utf8").catch(() => "");
    if (committed !== generated) {
      console.error("docs/openapi.json is out of date: run `npm run openapi`");
      process.exit(1);
    }
    console.log("docs/openapi.json is up to date");
  } else {
    await writeFile(OPENAPI_PATH, generated);
    console.log("wrote docs/openapi.json");
  }
}
