// readTable on cell grids: the column vocabulary in eight languages and an explicit mapping, the
// columns reported as read, the entity from the headers, grouping rows into invoices, exact numbers
// and dates by the file's evidence or the locale, formulas kept as text or refused, problems per
// cell, the row limit.
import { describe, expect, test } from "bun:test";
import { MAX_IMPORT_ROWS } from "../../../server/imports/model.ts";
import { fieldOfHeader, headerKey } from "../../../server/imports/formats/columns.ts";
import { readTable } from "../../../server/imports/formats/table.ts";
import { minorOfNumber, serialDate, type TableCell } from "../../../server/imports/formats/table-cells.ts";
import { expect422, options } from "./tabular-helpers.ts";

const read = (rows: TableCell[][], more = {}) => readTable(rows, options(more));

describe("the column vocabulary", () => {
  test("the service's own CSV export headers map exactly", () => {
    const headers = ["number", "type", "status", "issue_date", "due_date", "currency", "from_name", "bill_to_name", "bill_to_tax_id", "line", "description", "quantity", "unit", "unit_price", "discount_percent", "tax_category", "tax_rate", "line_amount", "subtotal", "tax", "total", "amount_paid", "amount_due"];
    for (const header of headers) expect(fieldOfHeader(header)?.field).toBe(header as never);
  });

  test.each([
    ["en", ["Invoice number", "Date", "Customer", "Qty", "Rate", "Amount", "VAT ID", "E-mail"]],
    ["de", ["Rechnungsnummer", "Rechnungsdatum", "Kunde", "Menge", "Einzelpreis", "Betrag", "USt-IdNr.", "E-Mail"]],
    ["fr", ["N° de facture", "Date de facturation", "Client", "Quantité", "Prix unitaire", "Montant HT", "N° TVA intracommunautaire", "Courriel"]],
    ["es", ["Número de factura", "Fecha", "Cliente", "Cantidad", "Precio unitario", "Importe", "NIF", "Correo electrónico"]],
    ["it", ["Numero fattura", "Data", "Cliente", "Quantità", "Prezzo unitario", "Importo", "Partita IVA", "Posta elettronica"]],
    ["nl", ["Factuurnummer", "Factuurdatum", "Klant", "Aantal", "Prijs per eenheid", "Bedrag", "Btw-nummer", "E-mail"]],
    ["pt", ["Número da fatura", "Data de emissão", "Cliente", "Quantidade", "Preço unitário", "Valor", "NIF", "E-mail"]],
    ["ja", ["請求書番号", "請求日", "顧客", "数量", "単価", "金額", "登録番号", "メールアドレス"]],
  ])("headers in %s", (_language, headers) => {
    const fields = headers.map((header) => fieldOfHeader(header)?.field);
    expect(fields).toEqual(["number", "issue_date", "bill_to_name", "quantity", "unit_price", "line_amount", "tax_id", "email"]);
  });

  test("case, accents, periods and separators do not matter", () => {
    expect(headerKey("Unit_Price")).toBe(headerKey("unit-price"));
    expect(fieldOfHeader("PRIX UNITAIRE")?.field).toBe("unit_price");
    expect(fieldOfHeader("MwSt.-Satz")?.field).toBe("tax_rate");
    expect(fieldOfHeader("Quantite")?.field).toBe("quantity");
  });

  test("an explicit mapping wins over the built-in names; an unknown field is a 422 naming it", async () => {
    const result = read([["Ref", "Kunde", "Betrag"], ["X-1", "Acme", "10.00"]], { mapping: { Ref: "number", Betrag: "total" } });
    expect(result.invoices[0]?.fields).toEqual({ number: "X-1", bill_to_name: "Acme" });
    expect(result.invoices[0]?.totals).toEqual({ total: 1000 });
    await expect422(() => read([["a", "b"]], { mapping: { a: "invoice_numbr" } }), /unknown field "invoice_numbr"/);
  });

  test("every header column is reported with the field it was read as, or none, in the file's order", () => {
    const result = read([["Nr", "Kunde", "Kostenstelle", "Menge", "Preis"], ["1", "Acme", "K-7", "2", "5.00"]], { mapping: { Nr: "number" } });
    expect(result.columns).toEqual([
      { row: 1, header: "Nr", field: "number" },
      { row: 1, header: "Kunde", field: "bill_to_name" },
      { row: 1, header: "Kostenstelle", field: null },
      { row: 1, header: "Menge", field: "quantity" },
      { row: 1, header: "Preis", field: "unit_price" },
    ]);
  });
});

describe("a line's discount", () => {
  test("its header in the eight languages (the XLSX export's word among them) and as spreadsheets write it", () => {
    const headers = ["Discount", "Rabatt", "Remise", "Descuento", "Sconto", "Korting", "Desconto", "値引き", "Discount %", "Rabatt in %", "Dto.", "割引率", "discount_percent"];
    expect(headers.map((header) => fieldOfHeader(header)?.field)).toEqual(headers.map(() => "discount_percent"));
  });

  test("read as a percent, with or without its sign, beside its line's unit price; an empty cell is no discount", () => {
    const result = read([
      ["Rechnungsnummer", "Beschreibung", "Menge", "Einzelpreis", "Rabatt"],
      ["R-1", "Beratung", "40", "120,00", "10 %"],
      ["R-1", "Reise", "1", "89,50", ""],
      ["R-1", "Lizenz", "3", "33,33", "2,5"],
    ]);
    expect(result.problems).toEqual([]);
    expect(result.invoices[0]?.fields.items).toEqual([
      { description: "Beratung", quantity: 40, rate: 12_000, discount_percent: 10 },
      { description: "Reise", quantity: 1, rate: 8_950 },
      { description: "Lizenz", quantity: 3, rate: 3_333, discount_percent: 2.5 },
    ]);
    expect(result.columns.map((column) => column.field)).toEqual(["number", "description", "quantity", "unit_price", "discount_percent"]);
    expect(read([["number", "description", "unit_price", "discount_percent"], ["1", "a", 10, "25%"]]).invoices[0]?.fields.items).toEqual([{ description: "a", rate: 1000, discount_percent: 25 }]);
  });

  test("without a unit price the line amount is the net: the discount is left out, with a notice", () => {
    const result = read([["number", "description", "quantity", "line_amount", "discount_percent"], ["1", "a", "2", "90.00", "10"]]);
    expect(result.invoices[0]?.fields.items).toEqual([{ description: "a", quantity: 2, rate: 4_500 }]);
    expect(result.notices).toEqual([{ row: 2, column: "line_amount", issue: "no unit price: the discount of 10 % is taken as already in the line amount" }]);
  });

  test("above 100 percent is the cell's problem", () => {
    const result = read([["number", "description", "unit_price", "discount_percent"], ["1", "a", "10.00", "120"]]);
    expect(result.invoices).toEqual([]);
    expect(result.problems).toEqual([{ row: 2, column: "discount_percent", value: "120", issue: "expected a percentage from 0 to 100, such as 19 or 7.5" }]);
  });
});

describe("entities", () => {
  test("invoice, client and product tables are told apart by their headers", () => {
    expect(read([["Number", "Description", "Qty", "Price"], ["1", "A", "1", "2"]]).invoices).toHaveLength(1);
    expect(read([["Name", "E-mail", "Phone"], ["Acme", "a@acme.example", "1"]]).clients).toHaveLength(1);
    expect(read([["SKU", "Name", "Price"], ["S1", "Widget", "2.50"]]).products[0]?.fields).toEqual({ name: "Widget", rate: 250, sku: "S1" });
  });

  test("options.entity overrides the headers: Kunde in a contact list is the client's name", () => {
    const result = read([["Kunde", "USt-IdNr", "Ort"], ["Beispiel AG", "DE1", "Berlin"]], { entity: "clients" });
    expect(result.clients[0]?.fields).toEqual({ name: "Beispiel AG", tax_id: "DE1", address: { city: "Berlin" } });
  });
});

describe("grouping", () => {
  test("rows of the same type and number are one invoice; a row without a number continues the invoice above", () => {
    const result = read([
      ["number", "type", "description", "quantity", "unit_price"],
      ["A-1", "invoice", "one", "1", "1.00"],
      ["A-1", "credit_note", "credit", "1", "5.00"],
      ["", "", "two", "2", "2.00"],
      ["A-1", "invoice", "three", "3", "3.00"],
    ]);
    expect(result.invoices.map((draft) => [draft.fields.type, (draft.fields.items as unknown[]).length])).toEqual([["invoice", 2], ["credit_note", 2]]);
  });

  test("an invoice cell that differs between its rows is a problem and skips that invoice only", () => {
    const result = read([
      ["number", "bill_to_name", "description", "unit_price"],
      ["A-1", "Acme", "one", "1.00"],
      ["A-1", "Other", "two", "1.00"],
      ["A-2", "Fine", "three", "1.00"],
    ]);
    expect(result.invoices.map((draft) => draft.fields.number)).toEqual(["A-2"]);
    expect(result.problems).toEqual([{ row: 3, column: "bill_to_name", value: "Other", issue: "differs from row 2 of the same invoice" }]);
  });

  test("a repeated Total is the stated total; a Total differing per line is each line's amount", () => {
    const stated = read([["Invoice", "Item", "Qty", "Price", "Total"], ["7", "a", "1", "10", "30"], ["7", "b", "2", "10", "30"]]);
    expect(stated.invoices[0]?.totals).toEqual({ total: 3000 });
    const perLine = read([["Invoice", "Item", "Qty", "Total"], ["7", "a", "2", "10.00"], ["7", "b", "3", "7.50"]]);
    expect(perLine.invoices[0]?.fields.items).toEqual([{ description: "a", quantity: 2, rate: 500 }, { description: "b", quantity: 3, rate: 250 }]);
    expect(perLine.invoices[0]?.totals).toBeUndefined();
  });

  test("stated totals, status and a tax rate without a line", () => {
    const result = read([["number", "status", "tax_rate", "subtotal", "tax", "total", "amount_paid", "amount_due"], ["A-1", "paid", "19", "100.00", "19.00", "119.00", "119.00", "0.00"]]);
    expect(result.invoices[0]).toEqual({
      place: { row: 2 },
      fields: { number: "A-1", tax_rate: 19 },
      status: "paid",
      totals: { subtotal: 10000, tax: 1900, total: 11900, amount_paid: 11900, amount_due: 0 },
    });
  });
});

describe("numbers", () => {
  test("a column of decimal commas reads every number that way", () => {
    const result = read([["number", "description", "quantity", "unit_price"], ["1", "a", "1.000", "1.234,50"], ["1", "b", "0,5", "2,00"]]);
    expect(result.invoices[0]?.fields.items).toEqual([{ description: "a", quantity: 1000, rate: 123450 }, { description: "b", quantity: 0.5, rate: 200 }]);
  });

  test("without evidence the locale decides; with neither, 1.000 is a problem, not a guess", () => {
    const rows = (): TableCell[][] => [["number", "description", "unit_price"], ["1", "a", "1.000"]];
    expect(read(rows(), { locale: "de-DE" }).invoices[0]?.fields.items).toEqual([{ description: "a", rate: 100000 }]);
    expect(read(rows(), { locale: "en-US" }).invoices[0]?.fields.items).toEqual([{ description: "a", rate: 100 }]);
    const refused = read(rows());
    expect(refused.invoices).toEqual([]);
    expect(refused.problems[0]).toMatchObject({ row: 2, column: "unit_price", value: "1.000" });
    expect(refused.problems[0]?.issue).toMatch(/unambiguous/);
  });

  test("number cells become minor units through their shortest decimal string", () => {
    expect(minorOfNumber(0.1 + 0.2, "EUR").ok).toBe(false);
    expect(minorOfNumber(19.99, "EUR")).toEqual({ ok: true, value: 1999 });
    expect(minorOfNumber(1.25, "KWD")).toEqual({ ok: true, value: 1250 });
    expect(minorOfNumber(1200.5, "JPY").ok).toBe(false);
    expect(minorOfNumber(-0.05, "USD")).toEqual({ ok: true, value: -5 });
    const result = read([["number", "description", "quantity", "unit_price"], ["1", "a", 1.5, 1234.56]]);
    expect(result.invoices[0]?.fields.items).toEqual([{ description: "a", quantity: 1.5, rate: 123456 }]);
  });

  test("amounts follow each invoice's own currency", () => {
    const result = read([["number", "currency", "description", "unit_price"], ["1", "JPY", "a", "1,200"], ["2", "KWD", "b", "1.250"]]);
    expect(result.invoices.map((draft) => (draft.fields.items as Array<{ rate: number }>)[0]?.rate)).toEqual([1200, 1250]);
  });
});

describe("dates", () => {
  test("ISO, Date cells, Excel serials and named months", () => {
    const result = read([
      ["number", "issue_date", "due_date", "delivery_date"],
      ["1", "2026-11-01", new Date(Date.UTC(2026, 11, 1)), 46327],
      ["2", "1. November 2026", "Nov 30, 2026", "2026年11月1日"],
    ]);
    expect(result.invoices.map((draft) => draft.fields)).toEqual([
      { number: "1", issue_date: "2026-11-01", due_date: "2026-12-01", delivery_date: "2026-11-01" },
      { number: "2", issue_date: "2026-11-01", due_date: "2026-11-30", delivery_date: "2026-11-01" },
    ]);
    expect(serialDate(1)).toBe("1899-12-31");
    expect(serialDate(0)).toBeNull();
  });

  test("a day above 12 in the column decides the order; otherwise the locale; with neither, a problem", () => {
    const evidence = read([["number", "issue_date"], ["1", "03/04/2026"], ["2", "25/04/2026"]]);
    expect(evidence.invoices.map((draft) => draft.fields.issue_date)).toEqual(["2026-04-03", "2026-04-25"]);
    expect(read([["number", "issue_date"], ["1", "03/04/2026"]], { locale: "en-US" }).invoices[0]?.fields.issue_date).toBe("2026-03-04");
    const refused = read([["number", "issue_date"], ["1", "03/04/2026"]]);
    expect(refused.invoices).toEqual([]);
    expect(refused.problems[0]?.issue).toMatch(/may be 2026-04-03 or 2026-03-04/);
  });
});

describe("formula injection", () => {
  test("text columns keep formulas as text and drop the exporter's apostrophe; numeric columns refuse them", () => {
    const result = read([
      ["number", "bill_to_name", "description", "unit_price"],
      ["1", "=HYPERLINK(\"x\")", "'=SUM(A1)", "1.00"],
      ["1", "=HYPERLINK(\"x\")", "'plain apostrophe", "2.00"],
      ["2", "Acme", "ok", "=1+1"],
      ["3", "Acme", "ok", "-A1"],
    ]);
    expect(result.invoices[0]?.fields.bill_to_name).toBe("=HYPERLINK(\"x\")");
    expect((result.invoices[0]?.fields.items as Array<{ description: string }>).map((item) => item.description)).toEqual(["=SUM(A1)", "'plain apostrophe"]);
    expect(result.problems.map((problem) => [problem.row, problem.value])).toEqual([[4, "=1+1"], [5, "-A1"]]);
    expect(result.problems[0]?.issue).toMatch(/never evaluated/);
  });
});

describe("bad cells and limits", () => {
  test("each bad cell is a problem naming row, column and value; its record is skipped", () => {
    const result = read([
      ["number", "type", "status", "currency", "unit", "tax_rate", "description"],
      ["1", "receipt", "sent", "EUR", "C62", "19", "a"],
      ["2", "invoice", "lost", "EUR", "C62", "19", "a"],
      ["3", "invoice", "sent", "EURO", "C62", "19", "a"],
      ["4", "invoice", "sent", "EUR", "pallets", "19", "a"],
      ["5", "invoice", "sent", "EUR", "C62", "190", "a"],
      ["6", "Gutschrift", "sent", "€", "Std", "7 %", "a"],
    ]);
    expect(result.problems.map((problem) => [problem.row, problem.column, problem.value])).toEqual([
      [2, "type", "receipt"], [3, "status", "lost"], [4, "currency", "EURO"], [5, "unit", "pallets"], [6, "tax_rate", "190"],
    ]);
    expect(result.invoices.map((draft) => draft.fields)).toEqual([{ number: "6", type: "credit_note", currency: "EUR", items: [{ description: "a", unit: "HUR", tax_rate: 7 }] }]);
  });

  test("unknown columns are left out with a notice", () => {
    const result = read([["number", "description", "Kostenstelle"], ["1", "a", "K-7"]]);
    expect(result.notices).toEqual([{ row: 1, column: "Kostenstelle", issue: "column not read: it names no field of invoices" }]);
  });

  test("a table without a header naming its columns is a 422", async () => {
    await expect422(() => read([["foo", "bar"], ["1", "2"]]), /no header row/);
  });

  test(`more than ${MAX_IMPORT_ROWS} data rows is a 422; exactly that many are read`, async () => {
    const rows = (count: number): TableCell[][] => [["name", "email"], ...Array.from({ length: count }, (_, index) => [`Client ${index}`, null])];
    expect(read(rows(MAX_IMPORT_ROWS)).clients).toHaveLength(MAX_IMPORT_ROWS);
    await expect422(() => read(rows(MAX_IMPORT_ROWS + 1)), /at most 10,000 rows/);
  });
});
