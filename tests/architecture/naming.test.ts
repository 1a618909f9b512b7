// One name for each REST operation all the way down (ADR 0033): the operationId in the OpenAPI
// document is the procedure's export and, in kebab case, its file's name, so a path leads straight
// to `routers/<resource>/<operation-id>.ts`.
import { expect, test } from "bun:test";
import { basename } from "node:path";
import { repositoryFiles } from "./layers.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

test("every operation's file and export carry its operationId", () => {
  const routers = [...repositoryFiles(ROOT)].filter(([path]) => /^routers\/[^/]+\/[^/]+\.ts$/.test(path));
  const mismatched: string[] = [];
  let operations = 0;
  for (const [path, text] of routers) {
    const operationId = /operationId: "(\w+)"/.exec(text)?.[1];
    if (!operationId) continue;
    operations++;
    if (basename(path, ".ts") !== kebab(operationId)) mismatched.push(`${path}: operationId ${operationId} wants ${kebab(operationId)}.ts`);
    if (!new RegExp(`^export const ${operationId} = `, "m").test(text)) mismatched.push(`${path}: exports no procedure named ${operationId}`);
  }
  expect(mismatched).toEqual([]);
  expect(operations).toBeGreaterThan(90);
});
