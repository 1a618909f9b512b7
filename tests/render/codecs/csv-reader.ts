// An RFC 4180 reader written apart from the writer, so the CSV tests read the file back rather than
// compare the writer with itself. Records end in CRLF; quoted fields may hold commas, doubled quotes
// and line breaks. Returns the records as arrays of fields.
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      index += 1;
      continue;
    }
    if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      index += 1;
    } else if (char === "\r" || char === "\n" || char === '"') {
      throw new Error(`bare ${JSON.stringify(char)} at ${index}: not RFC 4180`);
    } else field += char;
    index += 1;
  }
  if (quoted || field !== "" || record.length > 0) throw new Error("the last record does not end in CRLF");
  return records;
}
