// The bridge from Preact components: a tool lives as long as the component that offers it.
import { useEffect, useRef } from "preact/hooks";
import { registerPageTool, type PageTool } from "./registry.ts";

/**
 * Registers `tool` while the component is mounted (and while `tool` is not null, e.g. only when the
 * person may approve). Re-renders do not re-register: calls always reach the newest `execute` and
 * `describeCall`, so they see current state (the invoice's revision) without the tool list changing.
 */
export function usePageTool(tool: PageTool | null | false): void {
  const latest = useRef(tool);
  latest.current = tool;
  const name = tool ? tool.name : null;
  useEffect(() => {
    const current = latest.current;
    if (!current) return;
    return registerPageTool({
      ...current,
      execute: (input) => (latest.current || current).execute(input),
      describeCall: (input) => (latest.current || current).describeCall?.(input) ?? current.title,
    });
  }, [name]);
}
