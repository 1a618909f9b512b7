// Debian's Chromium for the browser tests and the benchmarks that open pages, driven by playwright-core (never a downloaded browser).
// Without /usr/bin/chromium a suite is skipped on a developer's machine, never in CI (.ci/run
// installs it, and a missing browser there fails the launch).
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const skipChromium = !existsSync(CHROMIUM) && !process.env.CI;

export function launchChromium(): Promise<Browser> {
  // Without the background-networking flags Chromium keeps dialling out, and this machine's closed
  // network refuses it.
  return chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
}
