import { router } from "../builders.ts";
import { cancelImport } from "./cancel-import.ts";
import { extractDocument } from "./extract-document.ts";
import { getImport } from "./get-import.ts";
import { importFile } from "./import-file.ts";
import { ocrDocument } from "./ocr-document.ts";

export const importsRouter = router({ import: importFile, get: getImport, cancel: cancelImport, ocr: ocrDocument, extract: extractDocument });
