// JSON export: the record exactly as the API returns it, indented two spaces. The stored document is
// what every face sends (ADR 0004), so its keys, their order and every value are the API's; parse
// either and re-indent, and the bytes are equal (tests/render/codecs/json.test.ts checks a live reply).
import type { InvoiceRecord } from "../../server/domain/invoice.ts";

export function toJson(record: InvoiceRecord): string {
  return JSON.stringify(record, null, 2);
}
