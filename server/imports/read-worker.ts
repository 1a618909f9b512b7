// The import readers' worker entry: parsing a file (an XML e-invoice ~1 ms, a 10,000-row CSV a few
// hundred ms of synchronous CPU) runs here, off the request thread, so reads stay quick during a
// long import and several files of one import are read beside the plan and writes of another.
// server/imports/read-pool.ts starts these workers; the formats read through extraction (OCR, a
// model) stay with the server's own OCR workers.
import { serveJobs } from "../../render/worker-protocol.ts";
import type { ReadOptions, ReadResult, StructuredFormat } from "./model.ts";
import { readStructured } from "./readers.ts";

/** Files, each with the name a refusal gives it, to read with the options the import gives (no signal: it cannot cross to a worker). Import this module only as a type. */
export type ReadJob = { files: Array<{ format: StructuredFormat; bytes: Uint8Array; name: string }>; options: Omit<ReadOptions, "signal"> };

async function readFiles(job: ReadJob): Promise<ReadResult[]> {
  const results: ReadResult[] = [];
  for (const file of job.files) results.push(await readStructured(file, job.options));
  return results;
}

serveJobs(readFiles);
