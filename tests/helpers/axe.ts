// axe-core in a page under test: the serious and critical violations it finds, with where.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";

const AXE = readFileSync(join(import.meta.dir, "../../node_modules/axe-core/axe.min.js"), "utf8");

type AxeResults = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }> };

export async function seriousViolations(page: Page): Promise<Array<{ id: string; targets: string[] }>> {
  // axe-core runs in the page through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(AXE);
  // Only violations are collected: gathering the passes too would double the time axe takes.
  const results = (await page.evaluate(() => (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe.run(document, { resultTypes: ["violations"] }))) as AxeResults;
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(" ")) }));
}
