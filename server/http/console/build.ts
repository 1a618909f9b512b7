// The console's browser code, bundled by esbuild's JS API when the process starts (no bundler is
// downloaded at run time, and the same code runs under Bun and Deno). Nothing is written to disk:
// the output files are kept in memory with their gzip and brotli forms, compressed once, and named
// by content hash so the server may let browsers cache them for good (ADR 0020).
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

/** Where the hashed files are served from; index.html is served for every other /app path. */
export const ASSET_PREFIX = "/app/assets/";

const UI_DIR = fileURLToPath(new URL("./ui", import.meta.url));
/** esbuild needs an output folder to name files after, even when it writes none; the metafile names them relative to UI_DIR. */
const OUT_DIR = "out";
const ENTRY = "main.tsx";

export type ConsoleAsset = {
  /** The URL path, `/app/assets/main-3F2K….js`. */
  path: string;
  contentType: string;
  raw: Uint8Array;
  gzip: Uint8Array;
  brotli: Uint8Array;
};

export type ConsoleBuild = {
  /** Hashed assets by URL path. */
  assets: Map<string, ConsoleAsset>;
  /** The page every /app path answers with (never cached: it names the current hashes). */
  indexHtml: ConsoleAsset;
  /** The scripts a first visit must load before anything shows: the entry and its static imports. */
  firstLoad: string[];
  /**
   * For each lazily loaded module (a page, a language), the scripts it needs: its own chunk and
   * what that imports statically. The benchmark adds the heaviest page to the first load.
   */
  lazy: Map<string, string[]>;
};

const CONTENT_TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  html: "text/html; charset=utf-8",
};

/** A file with its gzip and brotli forms, made once at build (the share page's bridge script uses it too). */
export function compressed(path: string, raw: Uint8Array): ConsoleAsset {
  const extension = path.slice(path.lastIndexOf(".") + 1);
  return {
    path,
    contentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
    raw,
    gzip: gzipSync(raw, { level: 9 }),
    brotli: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength } }),
  };
}

/** The URL of an output named as the metafile names it (`out/main-3F2K….js`). */
function urlOf(output: string): string {
  return ASSET_PREFIX + output.slice(OUT_DIR.length + 1);
}

/** The entry's output and every chunk it imports statically, transitively: what the first paint waits for. */
function staticClosure(metafile: esbuild.Metafile, entryOutput: string): string[] {
  const seen = new Set<string>();
  const visit = (output: string): void => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
    }
  };
  visit(entryOutput);
  return [...seen];
}

function indexPage(script: string, styles: string[], preloads: string[]): string {
  const links = [
    ...styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...preloads.map((href) => `<link rel="modulepreload" href="${href}">`),
  ].join("");
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex, nofollow"><title>Invoices</title>` +
    `<link rel="icon" href="data:,">${links}<script type="module" src="${script}"></script></head>` +
    `<body><div id="app"></div><noscript><p>The console needs JavaScript. The API works without it: see /api/openapi.json.</p></noscript></body></html>`
  );
}

export async function buildConsole(): Promise<ConsoleBuild> {
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      absWorkingDir: UI_DIR,
      entryPoints: [ENTRY],
      outdir: OUT_DIR,
      bundle: true,
      write: false,
      metafile: true,
      minify: true,
      format: "esm",
      splitting: true,
      target: ["es2022", "chrome111", "firefox115", "safari16"],
      jsx: "automatic",
      jsxImportSource: "preact",
      entryNames: "[name]-[hash]",
      chunkNames: "[name]-[hash]",
      assetNames: "[name]-[hash]",
      legalComments: "none",
      logLevel: "silent",
    });
  } finally {
    // esbuild's service is a child process: stop it, so neither Deno nor a test run waits on it.
    await esbuild.stop();
  }
  const { metafile, outputFiles } = result;
  const assets = new Map<string, ConsoleAsset>();
  for (const file of outputFiles) {
    const path = urlOf(relative(UI_DIR, file.path));
    assets.set(path, compressed(path, file.contents));
  }

  // Each lazily loaded page is an entry point of its own in the metafile: find the console's.
  const entryOutput = Object.keys(metafile.outputs).find((output) => metafile.outputs[output]?.entryPoint === ENTRY);
  if (!entryOutput) throw new Error("esbuild produced no entry script for the console");
  const cssBundle = metafile.outputs[entryOutput]?.cssBundle;
  const firstLoad = staticClosure(metafile, entryOutput).map(urlOf);
  const lazy = new Map<string, string[]>();
  for (const [output, meta] of Object.entries(metafile.outputs)) {
    if (meta.entryPoint && output !== entryOutput) lazy.set(meta.entryPoint, staticClosure(metafile, output).map(urlOf));
  }
  const script = urlOf(entryOutput);
  const html = indexPage(script, cssBundle ? [urlOf(cssBundle)] : [], firstLoad.filter((path) => path !== script));
  return { assets, indexHtml: compressed("/app/index.html", new TextEncoder().encode(html)), firstLoad, lazy };
}

let building: Promise<ConsoleBuild> | undefined;

/**
 * The console's build, made once per process: every app created in it (tests start many) shares it.
 * Call it when the app is created so the build is under way before the first /app request.
 */
export function consoleBuild(): Promise<ConsoleBuild> {
  building ??= buildConsole();
  return building;
}
