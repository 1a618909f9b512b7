import { router } from "../trpc.ts";
import { extractDocument } from "./extract-document.ts";
import { ocrDocument } from "./ocr-document.ts";

export const importsRouter = router({ ocr: ocrDocument, extract: extractDocument });
