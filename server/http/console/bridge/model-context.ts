// The browser's own door, where there is one: the WebMCP draft's `document.modelContext` (or the
// earlier `navigator.modelContext`) gets every page tool through `registerTool`, and loses it again
// through `unregisterTool` (or the registration's own `unregister`, as some polyfills return) when
// the page drops it. Calls come back through callPageTool, with the same checks and confirmation.
import { callPageTool, onPageToolsChanged, pageTools, type PageTool } from "./registry.ts";

type Registration = { unregister?: () => void } | undefined | void;

/** The part of the draft's ModelContext the bridge uses. */
export type ModelContext = {
  registerTool(tool: Record<string, unknown>): Registration | Promise<Registration>;
  unregisterTool?(name: string): unknown;
};

/** `document.modelContext`, else `navigator.modelContext`, else null. */
export function modelContextOf(win: Window): ModelContext | null {
  const candidate = (win.document as { modelContext?: unknown }).modelContext ?? (win.navigator as { modelContext?: unknown }).modelContext;
  return typeof (candidate as ModelContext | undefined)?.registerTool === "function" ? (candidate as ModelContext) : null;
}

/** Mirrors the page's tools into `context` from now on; returns the function that stops (and unregisters them). */
export function startModelContextSync(context: ModelContext): () => void {
  const mirrored = new Map<string, { tool: PageTool; registration: Promise<Registration | undefined> }>();
  // One step at a time, so a tool that is replaced is unregistered before its successor registers.
  // A browser that refuses a step (a name it already has, a schema it rejects) must not break the page.
  let queue: Promise<unknown> = Promise.resolve();
  const inOrder = <T,>(step: () => T | Promise<T>): Promise<T | undefined> => {
    const done = queue.then(step).catch(() => undefined);
    queue = done;
    return done;
  };

  const unregister = (name: string): void => {
    const entry = mirrored.get(name);
    if (!entry) return;
    mirrored.delete(name);
    inOrder(async () => {
      const registration = await entry.registration;
      if (typeof registration?.unregister === "function") registration.unregister();
      else await context.unregisterTool?.(name);
    });
  };

  const register = (tool: PageTool): void => {
    const { name, title, description, inputSchema, annotations } = tool;
    const registration = inOrder(() => context.registerTool({ name, title, description, inputSchema, annotations: { title, ...annotations }, execute: (input: unknown) => callPageTool(tool, input) }));
    mirrored.set(name, { tool, registration });
  };

  const sync = (): void => {
    const current = new Map(pageTools().map((tool) => [tool.name, tool]));
    for (const [name, entry] of mirrored) if (current.get(name) !== entry.tool) unregister(name);
    for (const tool of current.values()) if (!mirrored.has(tool.name)) register(tool);
  };

  sync();
  const stop = onPageToolsChanged(sync);
  return () => {
    stop();
    for (const name of [...mirrored.keys()]) unregister(name);
  };
}
