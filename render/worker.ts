// The render worker's entry: heavy rendering (satori, resvg, pdf-lib: 5–60 ms of synchronous CPU a
// document) runs here, off the server's event loop; server/documents/render-pool.ts starts these workers and
// hands them jobs. Fonts and other per-process caches warm up once per worker and stay warm.
import { exportInvoice, type ExportPayload } from "./export.ts";
import { acceptLogo } from "./logo.ts";
import { serveJobs } from "./worker-protocol.ts";

/** Everything a render worker can be asked to do, by kind. Import this module only as a type: loading it makes the caller a worker. */
export type RenderJob = { kind: "export"; payload: ExportPayload } | { kind: "logo"; dataUrl: string };

function runRenderJob(job: RenderJob): Promise<unknown> {
  switch (job.kind) {
    case "export":
      return exportInvoice(job.payload);
    case "logo":
      // Parsing, sanitizing and rasterizing an SVG takes 5–500 ms: never on the request thread.
      return acceptLogo(job.dataUrl);
  }
}

serveJobs(runRenderJob);
