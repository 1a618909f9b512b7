// The page's tools: what is registered now, and the one way to call one. Both doors an agent may
// use (document/navigator.modelContext and the postMessage bridge) call through `callPageTool`, so
// input checks and the person's confirmation cannot be skipped by choosing the other door.
import { askThePerson } from "./confirm.ts";
import { checkInput } from "./input.ts";
import { errorResult, resultOf, type PageToolDefinition, type ToolResult } from "./tool.ts";

export type PageTool = PageToolDefinition & {
  /** Does what the page's own button does, with the page's session; its return value is the result. */
  execute(input: Record<string, unknown>): unknown;
  /** For the confirmation dialog: this call in the person's words ("Approve INV-0042, €1,200.00, ACME"). */
  describeCall?(input: Record<string, unknown>): string;
};

type Listener = () => void;

// Per name, the registrations newest last: a page that mounts a second copy of a tool shadows the
// first, and unmounting it brings the first back instead of leaving the name empty.
const registrations = new Map<string, PageTool[]>();
const listeners = new Set<Listener>();

let announcing = false;

/** Tells the listeners once per task, however many tools a page change added and removed. */
function changed(): void {
  if (announcing) return;
  announcing = true;
  queueMicrotask(() => {
    announcing = false;
    for (const listener of listeners) listener();
  });
}

/**
 * Adds `tool` to the page's tools and returns the function that removes it again (call it when the
 * component or page that owns the tool goes away).
 */
export function registerPageTool(tool: PageTool): () => void {
  const stack = registrations.get(tool.name) ?? [];
  registrations.set(tool.name, [...stack, tool]);
  changed();
  let registered = true;
  return () => {
    if (!registered) return;
    registered = false;
    const rest = (registrations.get(tool.name) ?? []).filter((entry) => entry !== tool);
    if (rest.length > 0) registrations.set(tool.name, rest);
    else registrations.delete(tool.name);
    changed();
  };
}

/** The tools the page offers now, one per name. */
export function pageTools(): PageTool[] {
  return [...registrations.values()].map((stack) => stack[stack.length - 1]!);
}

export function findPageTool(name: string): PageTool | undefined {
  return registrations.get(name)?.at(-1);
}

/** Calls `listener` whenever tools are added or removed; returns the function that stops it. */
export function onPageToolsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A thrown error as a result: the service's code when it is a tRPC error, the message as given. */
function failureOf(error: unknown): ToolResult {
  const message = error instanceof Error ? error.message : String(error);
  const data = (error as { data?: { appCode?: unknown } } | null)?.data;
  return errorResult(message, typeof data?.appCode === "string" ? data.appCode : "TOOL_FAILED");
}

/**
 * Runs `tool` for an agent: checks the input against its schema, asks the person first when the
 * tool needs confirmation, and turns whatever happens into an MCP tool result (never a throw).
 */
export async function callPageTool(tool: PageTool, input: unknown): Promise<ToolResult> {
  const checked = checkInput(tool.inputSchema, input ?? {});
  if (!checked.ok) return errorResult(checked.problem, "VALIDATION_ERROR");
  if (tool.needsConfirmation) {
    const summary = tool.describeCall?.(checked.value) ?? tool.title;
    const confirmed = await askThePerson({ title: tool.title, summary, stillOffered: () => findPageTool(tool.name) === tool });
    if (!confirmed) return errorResult("declined by the person", "DECLINED");
  }
  try {
    return resultOf(await tool.execute(checked.value));
  } catch (error) {
    return failureOf(error);
  }
}
