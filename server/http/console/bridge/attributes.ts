// The declarative side: attributes that mark the element a tool stands for, so an agent that reads
// the DOM (and the WebMCP draft's form annotations) finds the same tools the bridge lists. Built
// from the tool's definition, so markup and registry cannot drift apart.
import type { PageToolDefinition } from "./tool.ts";

type Definition = Pick<PageToolDefinition, "name" | "description" | "inputSchema">;

/**
 * For a button or link: `data-tool-name`, `data-tool-description`, and `data-tool-param-<name>` for
 * each argument the element fixes (the invoice it approves, the key it revokes).
 */
export function toolAttributes(tool: Definition, params: Record<string, string | number> = {}): Record<string, string> {
  const attributes: Record<string, string> = { "data-tool-name": tool.name, "data-tool-description": tool.description };
  for (const [name, value] of Object.entries(params)) {
    if (!(name in tool.inputSchema.properties)) throw new Error(`${name} is not a parameter of ${tool.name}`);
    attributes[`data-tool-param-${name}`] = String(value);
  }
  return attributes;
}

/** For a <form> that performs the tool: the draft's `toolname` and `tooldescription`, plus the data-tool-* pair. */
export function formToolAttributes(tool: Definition): Record<string, string> {
  return { toolname: tool.name, tooldescription: tool.description, ...toolAttributes(tool) };
}

/** For a form control that supplies `param`: its `name` and the draft's `toolparamdescription`. */
export function paramAttributes(tool: Definition, param: string): { name: string; toolparamdescription: string } {
  const property = tool.inputSchema.properties[param];
  if (!property) throw new Error(`${param} is not a parameter of ${tool.name}`);
  return { name: param, toolparamdescription: property.description ?? param };
}
