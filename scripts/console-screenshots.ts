// The pictures in docs/console.md: the desktop screenshots tests/browser/console-pages.test.ts keeps
// under test-artifacts/console/, scaled to 960 px and written as JPEG by Chromium (no image tool to
// install). Run after that test: `npm run docs:screenshots`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launchChromium } from "./chromium.ts";

const ROOT = join(import.meta.dir, "..");
const SOURCE = join(process.env.ARTIFACTS_DIR ?? join(ROOT, "test-artifacts"), "console");
const TARGET = join(ROOT, "docs/console");
const WIDTH = 960;
/** The pages docs/console.md shows, by their name in the console-pages test. */
const PAGES = ["dashboard", "invoices", "invoice", "invoice-new", "invoice-edit", "approvals", "recurring", "recurring-new", "reminders", "import", "outbox", "webhooks", "clients", "products", "template-custom", "account", "sign-in"];

const missing = PAGES.filter((name) => !existsSync(join(SOURCE, `${name}-desktop.png`)));
if (missing.length > 0) {
  console.error(`No screenshot of ${missing.join(", ")} in ${SOURCE}: run npx bun test tests/browser/console-pages.test.ts first.`);
  process.exit(1);
}
mkdirSync(TARGET, { recursive: true });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: 600 } });
  for (const name of PAGES) {
    const png = readFileSync(join(SOURCE, `${name}-desktop.png`)).toString("base64");
    await page.setContent(`<body style="margin:0"><img style="display:block;width:${WIDTH}px" src="data:image/png;base64,${png}"></body>`);
    await page.waitForFunction(() => document.images[0]?.complete === true);
    const jpeg = await page.locator("img").screenshot({ type: "jpeg", quality: 72 });
    writeFileSync(join(TARGET, `${name}.jpg`), jpeg);
    console.log(`docs/console/${name}.jpg  ${(jpeg.byteLength / 1024).toFixed(0)} kB`);
  }
} finally {
  await browser.close();
}
