// The bridge's rules that need no browser: arguments checked against a tool's schema, the
// declarative attributes built from a definition, the registry's stacking and change notices, and a
// call turned into an MCP result whatever happens. The confirmation dialog and both doors
// (postMessage, modelContext) run in Chromium: tests/browser/bridge-*.test.ts.
import { describe, expect, test } from "bun:test";
import { formToolAttributes, paramAttributes, toolAttributes } from "../../server/http/console/bridge/attributes.ts";
import { CONSOLE_PAGES, consoleTool } from "../../server/http/console/bridge/console-tools.ts";
import { checkInput } from "../../server/http/console/bridge/input.ts";
import { callPageTool, findPageTool, onPageToolsChanged, pageTools, registerPageTool, type PageTool } from "../../server/http/console/bridge/registry.ts";
import { NO_INPUT, type PageToolDefinition } from "../../server/http/console/bridge/tool.ts";

const requestChanges = consoleTool("approvals.request_changes");

describe("checkInput", () => {
  test("takes what fits the schema", () => {
    expect(checkInput(requestChanges.inputSchema, { invoice_id: "inv_1", note: "Fix it" })).toEqual({ ok: true, value: { invoice_id: "inv_1", note: "Fix it" } });
    expect(checkInput(consoleTool("keys.create").inputSchema, { name: "CI", scopes: ["invoices:read"] }).ok).toBe(true);
  });

  test.each([
    [null, "arguments must be an object"],
    [[], "arguments must be an object"],
    [{ invoice_id: "inv_1" }, "note is required"],
    [{ invoice_id: 1, note: "x" }, "invoice_id must be a string"],
    [{ invoice_id: "inv_1", note: "" }, "note must have at least 1 characters"],
    [{ invoice_id: "inv_1", note: "x".repeat(1001) }, "note must have at most 1000 characters"],
    [{ invoice_id: "inv_1", note: "x", status: "approved" }, "status is not a parameter of this tool"],
  ])("refuses %j: %s", (input, problem) => {
    expect(checkInput(requestChanges.inputSchema, input)).toEqual({ ok: false, problem });
  });

  test("enums, integers, bounds and array items", () => {
    const transition = consoleTool("invoice.transition").inputSchema;
    expect(checkInput(transition, { status: "approved" })).toEqual({ ok: false, problem: "status must be one of review, draft, paid" });
    const search = consoleTool("invoices.search").inputSchema;
    expect(checkInput(search, { offset: 1.5 })).toEqual({ ok: false, problem: "offset must be an integer" });
    expect(checkInput(search, { offset: -1 })).toEqual({ ok: false, problem: "offset must be at least 0" });
    const keys = consoleTool("keys.create").inputSchema;
    expect(checkInput(keys, { name: "CI", scopes: ["everything"] })).toEqual({ ok: false, problem: expect.stringMatching(/^scopes.0 must be one of invoices:read, /) });
  });
});

describe("the declarative attributes", () => {
  test("data-tool-* on a button, with the arguments it fixes", () => {
    expect(toolAttributes(consoleTool("approvals.approve"), { invoice_id: "inv_1" })).toEqual({
      "data-tool-name": "approvals.approve",
      "data-tool-description": consoleTool("approvals.approve").description,
      "data-tool-param-invoice_id": "inv_1",
    });
    expect(() => toolAttributes(consoleTool("approvals.approve"), { id: "inv_1" })).toThrow("id is not a parameter of approvals.approve");
  });

  test("the draft's toolname and tooldescription on a form, toolparamdescription on its fields", () => {
    expect(formToolAttributes(requestChanges)).toMatchObject({ toolname: "approvals.request_changes", tooldescription: requestChanges.description, "data-tool-name": "approvals.request_changes" });
    expect(paramAttributes(requestChanges, "note")).toEqual({ name: "note", toolparamdescription: "What the drafter should change" });
    expect(() => paramAttributes(requestChanges, "reason")).toThrow("reason is not a parameter");
  });
});

describe("the console's tool catalog", () => {
  test("names are unique, and every tool that approves, sends, voids, deletes, revokes or hands out access waits for the person", () => {
    const tools: PageToolDefinition[] = CONSOLE_PAGES.flatMap((page): readonly PageToolDefinition[] => page.tools);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
    const confirmed = tools.filter((tool) => tool.needsConfirmation).map((tool) => tool.name);
    expect(confirmed.sort()).toEqual(["agents.revoke", "approvals.approve", "clients.delete", "invoice.approve", "invoice.send", "invoice.void", "keys.create", "keys.revoke", "products.delete"]);
  });
});

describe("the registry", () => {
  const tool = (name: string, execute: PageTool["execute"]): PageTool => ({ name, title: name, description: name, inputSchema: NO_INPUT, execute });

  test("a second registration of a name shadows the first; removing it brings the first back; listeners hear once per turn", async () => {
    let notices = 0;
    const stop = onPageToolsChanged(() => notices++);
    const first = tool("test.shadow", () => "first");
    const second = tool("test.shadow", () => "second");
    const removeFirst = registerPageTool(first);
    const removeSecond = registerPageTool(second);
    await Promise.resolve();
    expect(notices).toBe(1);
    expect(findPageTool("test.shadow")).toBe(second);
    expect(pageTools().filter((entry) => entry.name === "test.shadow")).toHaveLength(1);
    removeSecond();
    removeSecond();
    expect(findPageTool("test.shadow")).toBe(first);
    removeFirst();
    expect(findPageTool("test.shadow")).toBeUndefined();
    await Promise.resolve();
    expect(notices).toBe(2);
    stop();
  });

  test("a call's value becomes text and structured content; a throw becomes an isError result with the service's code", async () => {
    expect(await callPageTool(tool("test.value", () => ({ id: "inv_1" })), {})).toEqual({ content: [{ type: "text", text: '{"id":"inv_1"}' }], structuredContent: { id: "inv_1" } });
    expect(await callPageTool(tool("test.list", () => [1, 2]), undefined)).toEqual({ content: [{ type: "text", text: "[1,2]" }] });
    const refused = Object.assign(new Error("That status change is not allowed"), { data: { appCode: "INVALID_TRANSITION" } });
    expect(await callPageTool(tool("test.refused", () => Promise.reject(refused)), {})).toEqual({
      isError: true,
      content: [{ type: "text", text: JSON.stringify({ error: "That status change is not allowed", code: "INVALID_TRANSITION" }) }],
    });
    expect(JSON.parse((await callPageTool(tool("test.crash", () => Promise.reject(new Error("boom"))), {})).content[0]!.text)).toEqual({ error: "boom", code: "TOOL_FAILED" });
  });
});
