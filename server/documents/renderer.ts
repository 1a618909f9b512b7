// Where an export runs. The cheap text formats (JSON, CSV, Markdown, DSL: string building, well
// under a millisecond) run inline; everything else — layout and painting, office files, XML with
// its business-rule checks, PDF/A — runs in the worker pool, so a 50 ms PNG never holds up the
// requests behind it (ADR 0010 "Pure render code, run in workers").
import { exportInvoice, type ExportedFile, type ExportPayload } from "../../render/export.ts";
import { type ExportFormat } from "../domain/formats.ts";
import type { AcceptedLogo } from "../../render/logo.ts";
import { createRenderPool } from "./render-pool.ts";

/**
 * Renders are queued per owner, the account they are for (null: a caller without one), and served
 * in turns; a render whose `signal` aborts (its caller went away) leaves the queue, or stops with its worker.
 */
export type Renderer = {
  render(payload: ExportPayload, owner: string | null, signal?: AbortSignal): Promise<ExportedFile>;
  /** A logo checked, sanitized and (SVG) rasterized in a worker: render/logo.ts. */
  acceptLogo(dataUrl: string, owner: string | null): Promise<AcceptedLogo>;
  close(): Promise<void>;
};

const INLINE_FORMATS: ReadonlySet<ExportFormat> = new Set(["json", "csv", "md", "dsl"]);

/** Workers start on first use: a process that never renders never starts one. */
export function createRenderer(options: { poolSize?: number } = {}): Renderer {
  const pool = createRenderPool(options.poolSize === undefined ? {} : { size: options.poolSize });
  return {
    render: (payload, owner, signal) => (INLINE_FORMATS.has(payload.format) ? exportInvoice(payload) : pool.run<ExportedFile>({ kind: "export", payload }, owner ?? "", signal)),
    acceptLogo: (dataUrl, owner) => pool.run<AcceptedLogo>({ kind: "logo", dataUrl }, owner ?? ""),
    close: () => pool.close(),
  };
}
