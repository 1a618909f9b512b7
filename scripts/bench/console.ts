// `npm run bench:console`: what the console costs a browser. Builds the console as the server does
// at start (esbuild, minified, split per page), then prints every file's raw, gzip and brotli size,
// and the first load of /app in compressed JavaScript against the 150 kB budget: the shell (the
// entry and its static imports) plus the heaviest page a first visit can land on. Sizes are the
// bytes the server sends (precompressed once at build, gzip level 9, brotli quality 11).
import { consoleBuild, type ConsoleAsset } from "../../server/http/console/build.ts";

const BUDGET_BYTES = 150 * 1024;

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

const started = performance.now();
const build = await consoleBuild();
const buildMs = performance.now() - started;

const assets = [...build.assets.values()].sort((a, b) => a.path.localeCompare(b.path));
const sum = (paths: readonly string[], size: (asset: ConsoleAsset) => number): number =>
  paths.reduce((total, path) => total + size(build.assets.get(path) as ConsoleAsset), 0);

console.log(`console build: ${Math.round(buildMs)} ms, ${assets.length} files\n`);
console.log("| file | raw kB | gzip kB | brotli kB | first load |");
console.log("|---|---:|---:|---:|:---:|");
for (const asset of assets) {
  const first = build.firstLoad.includes(asset.path) ? "shell" : "";
  console.log(`| ${asset.path.replace("/app/assets/", "")} | ${kb(asset.raw.byteLength)} | ${kb(asset.gzip.byteLength)} | ${kb(asset.brotli.byteLength)} | ${first} |`);
}

// Pages are the lazily loaded modules under pages/; a first visit loads exactly one of them.
const pages = [...build.lazy].filter(([source]) => source.startsWith("pages/"));
const extraOf = (files: readonly string[]): string[] => files.filter((path) => !build.firstLoad.includes(path));
const byWeight = pages
  .map(([source, files]) => ({ source, extra: extraOf(files) }))
  .sort((a, b) => sum(b.extra, (asset) => asset.gzip.byteLength) - sum(a.extra, (asset) => asset.gzip.byteLength));
const heaviest = byWeight[0];
const firstLoad = [...build.firstLoad, ...(heaviest?.extra ?? [])];

// What opening each page downloads beyond the shell: its own chunk and the chunks it shares with others.
console.log("");
console.log("| page | adds gzip kB | adds brotli kB | first load with it, gzip kB |");
console.log("|---|---:|---:|---:|");
for (const page of byWeight) {
  const gzip = sum(page.extra, (asset) => asset.gzip.byteLength);
  console.log(`| ${page.source} | ${kb(gzip)} | ${kb(sum(page.extra, (asset) => asset.brotli.byteLength))} | ${kb(sum(build.firstLoad, (asset) => asset.gzip.byteLength) + gzip)} |`);
}

console.log("");
console.log(`shell (entry + static imports, English phrases included): gzip ${kb(sum(build.firstLoad, (asset) => asset.gzip.byteLength))} kB, brotli ${kb(sum(build.firstLoad, (asset) => asset.brotli.byteLength))} kB`);
console.log(`heaviest page: ${heaviest?.source ?? "none"} adds gzip ${kb(sum(heaviest?.extra ?? [], (asset) => asset.gzip.byteLength))} kB`);
const gzipTotal = sum(firstLoad, (asset) => asset.gzip.byteLength);
const brotliTotal = sum(firstLoad, (asset) => asset.brotli.byteLength);
console.log(`first load of /app, JavaScript: gzip ${kb(gzipTotal)} kB, brotli ${kb(brotliTotal)} kB`);
console.log(`budget 150 kB compressed: gzip uses ${((gzipTotal / BUDGET_BYTES) * 100).toFixed(1)}% (ratio ${(gzipTotal / BUDGET_BYTES).toFixed(3)}), ${gzipTotal <= BUDGET_BYTES ? "met" : "NOT MET"}`);
const css = assets.filter((asset) => asset.path.endsWith(".css"));
console.log(`stylesheet: gzip ${kb(sum(css.map((asset) => asset.path), (asset) => asset.gzip.byteLength))} kB (not JavaScript; also on the first load)`);
const all = assets.filter((asset) => asset.path.endsWith(".js")).map((asset) => asset.path);
console.log(`every page and language loaded: gzip ${kb(sum(all, (asset) => asset.gzip.byteLength))} kB`);
