// The share page's bridge script (server/http/console/bridge/share-page.ts), built once per process by
// esbuild and served at /share-assets/bridge-<hash>.js, immutable and precompressed, like the
// console's own assets.
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { consoleBuild, compressed, type ConsoleAsset } from "./console/build.ts";
import { ASSET_HEADERS, assetResponse } from "./console/serve.ts";
import { AppError } from "../domain/errors.ts";
import type { Services } from "../services.ts";
import { errorResponse } from "./requests.ts";

export const SHARE_ASSET_PREFIX = "/share-assets/";

const SHARE_BRIDGE_ENTRY = fileURLToPath(new URL("./console/bridge/share-page.ts", import.meta.url));

async function buildShareBridge(): Promise<ConsoleAsset> {
  // esbuild runs one service per process and the console's build stops it when done: build after
  // it, never beside it, or one build's stop would kill the other's.
  await consoleBuild().catch(() => undefined);
  try {
    const result = await esbuild.build({
      entryPoints: [SHARE_BRIDGE_ENTRY],
      bundle: true,
      write: false,
      minify: true,
      format: "iife",
      target: ["es2022", "chrome111", "firefox115", "safari16"],
      legalComments: "none",
      logLevel: "silent",
    });
    const raw = result.outputFiles[0]!.contents;
    const hash = createHash("sha256").update(raw).digest("hex").slice(0, 16);
    return compressed(`${SHARE_ASSET_PREFIX}bridge-${hash}.js`, raw);
  } finally {
    await esbuild.stop();
  }
}

let building: Promise<ConsoleAsset> | undefined;

/** The share page's bridge script, built once per process (tests start many apps). */
export function shareBridgeScript(): Promise<ConsoleAsset> {
  building ??= buildShareBridge();
  return building;
}

/** GET /share-assets/bridge-<hash>.js: the script under its current hash, cached for good. */
export function createShareAssets(services: Services): (request: Request, url: URL) => Promise<Response> {
  const script = shareBridgeScript();
  script.catch((error: unknown) => services.logger.error("share bridge build failed", { error: error instanceof Error ? error.message : String(error) }));
  return async (request, url) => {
    if (request.method !== "GET" && request.method !== "HEAD") return errorResponse(new AppError("METHOD_NOT_ALLOWED", "Assets are read with GET"), { allow: "GET, HEAD" });
    const asset = await script.catch(() => null);
    if (!asset || url.pathname !== asset.path) return errorResponse(new AppError("NOT_FOUND", `No asset ${url.pathname}`));
    return assetResponse(request, asset, ASSET_HEADERS);
  };
}
