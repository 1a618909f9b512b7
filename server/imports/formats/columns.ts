// The column vocabulary of spreadsheets (CSV, TSV, XLSX tables): which field a header names. A
// header is looked up, in this order, in
// 1. the caller's `options.mapping` (header as written → field name; an unknown field name is a 422);
// 2. the headers below: the service's own CSV export (render/codecs/csv.ts: "unit_price",
//    "bill_to_tax_id"…) and what spreadsheets commonly write in the eight label languages;
// 3. the extractor's label vocabulary (server/imports/extract/vocabulary.ts), which holds the words
//    the renderer prints (render/labels/) and their synonyms: first as a line table's column, then as
//    a field label filling the whole cell.
// Matching ignores case, accents, periods, colons, "_", "-" and "/" ("Unit_Price", "unit price" and
// "UNIT-PRICE" are one header). Party words are neutral ("name", "email", "tax_id", "city"): in an
// invoice table they are the buyer's (bill_to_*), in a client table the client's (fieldForEntity).
import { LABELS } from "../../../render/labels/index.ts";
import { AppError } from "../../domain/errors.ts";
import { columnLabel, fieldLabel, labelKey, type ColumnRole, type FieldRole } from "../extract/vocabulary.ts";
import { COLUMN_FIELDS, INVOICE_FIELDS, TOTAL_FIELDS, type ColumnField } from "./column-fields.ts";

export { COLUMN_FIELDS, type ColumnField };
export type TotalField = (typeof TOTAL_FIELDS)[number];
export type Entity = "invoices" | "clients" | "products";

export const TOTALS: ReadonlySet<ColumnField> = new Set(TOTAL_FIELDS);
/** Columns only a line item has: a row with one of them filled holds a line. */
export const LINE_COLUMNS: ReadonlySet<ColumnField> = new Set(["line", "description", "quantity", "unit_price", "line_amount"]);

/** Headers as spreadsheets write them, all languages together (en de fr es it nl pt ja). */
const HEADERS: Record<ColumnField, readonly string[]> = {
  number: ["invoice number", "invoice no", "invoice", "invoice id", "no", "nr", "#", "rechnungsnummer", "rechnungsnr", "rechnung", "belegnummer", "numéro de facture", "n° de facture", "n° facture", "facture", "número de factura", "factura", "numero fattura", "fattura", "factuurnummer", "factuur", "número da fatura", "fatura", "請求書番号"],
  type: ["type", "document type", "typ", "belegart", "dokumenttyp", "type de document", "tipo", "tipo de documento", "tipo documento", "soort", "documenttype", "種別", "書類種別"],
  status: ["status", "statut", "stato", "ステータス", "状態"],
  issue_date: ["issue date", "invoice date", "date", "datum", "rechnungsdatum", "date de facture", "fecha", "fecha de factura", "data", "data fattura", "factuurdatum", "data da fatura", "発行日", "日付", "請求日"],
  due_date: ["due date", "due", "fällig", "fällig am", "fälligkeit", "date d'échéance", "échéance", "vencimiento", "scadenza", "vervaldatum", "vencimento", "支払期限", "支払期日"],
  delivery_date: ["delivery date", "lieferdatum", "leistungsdatum", "date de livraison", "fecha de entrega", "data di consegna", "leverdatum", "data de entrega", "納品日"],
  currency: ["currency", "ccy", "währung", "devise", "moneda", "divisa", "valuta", "moeda", "通貨"],
  locale: ["locale", "language", "sprache", "langue", "idioma", "lingua", "taal", "言語"],
  from_name: ["from name", "from", "seller", "supplier", "vendor", "issuer", "verkäufer", "lieferant", "rechnungssteller", "fournisseur", "vendeur", "proveedor", "fornitore", "leverancier", "fornecedor", "発行者"],
  from_email: ["from email", "seller email", "supplier email"],
  from_tax_id: ["from tax id", "seller tax id", "seller vat id", "supplier vat id"],
  bill_to_name: ["bill to name", "bill to", "customer", "client", "customer name", "client name", "buyer", "kunde", "kundenname", "empfänger", "nom du client", "cliente", "nombre del cliente", "nome cliente", "klant", "klantnaam", "nome do cliente", "顧客", "顧客名", "取引先"],
  bill_to_email: ["bill to email", "customer email", "client email", "kunden e mail", "e mail du client", "email del cliente"],
  bill_to_tax_id: ["bill to tax id", "customer tax id", "customer vat id", "client vat id", "kunden ust idnr"],
  bill_to_street: ["bill to street", "bill to address", "bill to line1", "customer address"],
  bill_to_street2: ["bill to street2", "bill to line2"],
  bill_to_city: ["bill to city", "customer city"],
  bill_to_postal_code: ["bill to postal code", "customer postal code"],
  bill_to_region: ["bill to region"],
  bill_to_country: ["bill to country", "customer country"],
  buyer_reference: ["buyer reference", "leitweg id", "käuferreferenz", "référence acheteur", "referencia del comprador", "riferimento acquirente", "kopersreferentie", "referência do comprador", "po number", "bestellnummer"],
  payment_terms: ["payment terms", "terms", "zahlungsbedingungen", "zahlungsziel", "conditions de paiement", "condiciones de pago", "termini di pagamento", "betalingsvoorwaarden", "condições de pagamento", "支払条件"],
  notes: ["notes", "note", "comments", "comment", "memo", "bemerkung", "bemerkungen", "notiz", "notizen", "anmerkung", "anmerkungen", "commentaire", "remarques", "notas", "observaciones", "opmerkingen", "observações", "備考", "メモ"],
  invoice_tax_rate: ["invoice tax rate", "default tax rate"],
  tax_exemption_reason: ["tax exemption reason", "exemption reason", "befreiungsgrund"],
  iban: ["iban"],
  bic: ["bic", "swift", "swift bic", "bic swift"],
  payment_reference: ["payment reference", "reference", "verwendungszweck", "zahlungsreferenz", "référence de paiement", "référence", "referencia", "riferimento", "betalingskenmerk", "kenmerk", "referência"],
  line: ["line", "line no", "line number", "pos", "position", "pos nr", "zeile", "ligne", "línea", "linea", "riga", "regel", "linha", "行", "行番号"],
  description: ["description", "item", "items", "service", "details", "beschreibung", "bezeichnung", "leistung", "artikel", "désignation", "libellé", "descripción", "concepto", "descrizione", "omschrijving", "descrição", "品名", "品目", "内容", "摘要"],
  quantity: ["quantity", "qty", "units", "hours", "menge", "anzahl", "stunden", "quantité", "qté", "cantidad", "cant", "quantità", "qtà", "aantal", "hoeveelheid", "quantidade", "qtd", "数量"],
  unit: ["unit", "uom", "unit of measure", "einheit", "me", "mengeneinheit", "unité", "unidad", "unità", "eenheid", "unidade", "単位"],
  unit_price: ["unit price", "rate", "price", "unit cost", "price per unit", "hourly rate", "einzelpreis", "preis", "stückpreis", "stundensatz", "prix unitaire", "prix unitaire ht", "pu", "pu ht", "prix", "precio unitario", "precio", "prezzo unitario", "prezzo", "prijs", "stukprijs", "eenheidsprijs", "prijs per eenheid", "tarief", "preço unitário", "preço", "valor unitário", "単価"],
  // With the header the XLSX export prints in each language (render/labels/).
  discount_percent: [
    ...Object.values(LABELS).map((labels) => labels.discount),
    "discount %", "discount percent", "discount rate", "line discount", "rabatt %", "rabatt in %", "nachlass", "remise %", "taux de remise",
    "descuento %", "dto", "dto %", "sconto %", "korting %", "desconto %", "値引", "値引率", "割引", "割引率",
  ],
  tax_rate: ["tax rate", "vat rate", "vat %", "tax %", "vat", "steuersatz", "mwst satz", "ust satz", "mwst %", "mwst", "ust", "taux de tva", "taux tva", "tva %", "tva", "tipo de iva", "tipo iva", "% iva", "iva", "aliquota iva", "aliquota", "btw tarief", "btw %", "btw", "taxa de iva", "taxa iva", "税率"],
  tax_category: ["tax category", "vat category", "steuerkategorie", "catégorie de tva", "categoría de iva", "categoria iva", "btw categorie", "categoria de iva", "税区分"],
  line_amount: ["line amount", "amount", "line total", "net amount", "betrag", "gesamtpreis", "positionsbetrag", "montant", "montant ht", "importe", "importo", "bedrag", "valor", "montante", "金額"],
  subtotal: ["subtotal", "sub total", "net total", "total net", "zwischensumme", "nettobetrag", "summe netto", "total ht", "sous total", "base imponible", "imponibile", "subtotale", "subtotaal", "totaal excl btw", "小計"],
  tax: ["tax amount", "vat amount", "tax total", "total tax", "total vat", "steuerbetrag", "mwst betrag", "ust betrag", "montant tva", "total tva", "cuota iva", "importe iva", "importo iva", "totale iva", "btw bedrag", "valor iva", "total iva", "消費税", "税額"],
  total: ["total", "grand total", "invoice total", "total amount", "gesamt", "gesamtbetrag", "bruttobetrag", "summe brutto", "summe", "rechnungsbetrag", "total ttc", "montant ttc", "importe total", "total factura", "totale", "totale fattura", "totaal", "totaalbedrag", "total da fatura", "valor total", "合計", "合計金額"],
  amount_paid: ["amount paid", "paid", "bezahlt", "gezahlt", "bereits bezahlt", "montant payé", "payé", "déjà réglé", "pagado", "importe pagado", "pagato", "importo pagato", "betaald", "reeds betaald", "valor pago", "入金済額"],
  amount_due: ["amount due", "balance", "balance due", "offen", "offener betrag", "restbetrag", "reste à payer", "net à payer", "solde", "pendiente", "importe pendiente", "da pagare", "importo da pagare", "saldo", "openstaand", "te betalen", "em dívida", "valor em dívida", "未払額", "請求金額"],
  name: ["name", "company", "company name", "firma", "firmenname", "nom", "société", "raison sociale", "nombre", "empresa", "razón social", "nome", "azienda", "ragione sociale", "naam", "bedrijf", "bedrijfsnaam", "nome da empresa", "名前", "会社名", "氏名"],
  email: ["email", "e mail", "mail", "email address", "e mail adresse", "courriel", "adresse e mail", "correo", "correo electrónico", "posta elettronica", "e mail adres", "endereço de e mail", "メール", "メールアドレス"],
  phone: ["phone", "telephone", "tel", "mobile", "phone number", "telefon", "telefonnummer", "téléphone", "tél", "teléfono", "telefono", "telefoon", "telefone", "電話", "電話番号"],
  tax_id: ["tax id", "vat id", "vat number", "vat no", "tax number", "ust idnr", "ust id", "steuernummer", "n° tva", "numéro de tva", "nif", "cif", "partita iva", "p iva", "btw nummer", "btw nr", "nipc", "登録番号", "法人番号"],
  street: ["street", "address", "address line 1", "address 1", "line1", "straße", "strasse", "adresse", "anschrift", "rue", "dirección", "calle", "indirizzo", "via", "adres", "straat", "morada", "rua", "endereço", "住所"],
  street2: ["street2", "address line 2", "address 2", "line2", "adresszusatz", "complément d'adresse", "dirección 2", "indirizzo 2", "adresregel 2", "住所2"],
  city: ["city", "town", "stadt", "ort", "ville", "ciudad", "localidad", "città", "comune", "plaats", "stad", "cidade", "localidade", "市区町村"],
  postal_code: ["postal code", "postcode", "zip", "zip code", "plz", "postleitzahl", "code postal", "cp", "código postal", "cap", "cep", "郵便番号"],
  region: ["region", "state", "province", "county", "bundesland", "région", "département", "provincia", "región", "provincie", "regione", "distrito", "都道府県"],
  country: ["country", "country code", "land", "pays", "país", "paese", "nazione", "国", "国名"],
  sku: ["sku", "article number", "item number", "product code", "artikelnummer", "art nr", "artikel nr", "référence article", "código", "codice", "código do produto", "品番", "商品コード"],
};

/** What the extractor's column roles and field labels mean in a spreadsheet. */
const COLUMN_ROLES: Record<ColumnRole, ColumnField> = {
  description: "description",
  quantity: "quantity",
  unit: "unit",
  unitPrice: "unit_price",
  taxRate: "tax_rate",
  amount: "line_amount",
  position: "line",
};
const FIELD_ROLES: Partial<Record<FieldRole, ColumnField>> = {
  number: "number",
  issueDate: "issue_date",
  dueDate: "due_date",
  deliveryDate: "delivery_date",
  from: "from_name",
  billTo: "bill_to_name",
  taxId: "tax_id",
  subtotal: "subtotal",
  tax: "tax",
  total: "total",
  amountPaid: "amount_paid",
  amountDue: "amount_due",
  taxExemptionReason: "tax_exemption_reason",
  paymentTerms: "payment_terms",
  iban: "iban",
  bic: "bic",
  reference: "payment_reference",
  notes: "notes",
};

/** A header's comparable form: the vocabulary's key, with "_", "-" and "/" as spaces. */
export function headerKey(text: string): string {
  return labelKey(text).replace(/[_\-/]+/g, " ").replace(/\s+/g, " ").trim();
}

const BY_HEADER: ReadonlyMap<string, ColumnField> = (() => {
  const map = new Map<string, ColumnField>();
  for (const field of COLUMN_FIELDS) {
    for (const header of [field, ...HEADERS[field]]) {
      const key = headerKey(header);
      const known = map.get(key);
      // A word claimed by two fields would silently depend on the table's order: refuse it at load.
      if (known && known !== field) throw new Error(`column header "${header}" names both ${known} and ${field}`);
      map.set(key, field);
    }
  }
  return map;
})();

const FIELD_NAMES: ReadonlySet<string> = new Set(COLUMN_FIELDS);

export function isColumnField(name: string): name is ColumnField {
  return FIELD_NAMES.has(name);
}

export type ColumnMatch = { field: ColumnField; explicit: boolean };

/** The field the headers above list for `header` (step 2 alone), or null. */
export function listedField(header: string): ColumnField | null {
  return BY_HEADER.get(headerKey(header)) ?? null;
}

/** The field a header names, or null. An explicit mapping names the header as written (trimmed). */
export function fieldOfHeader(header: string, mapping: Readonly<Record<string, ColumnField>> = {}): ColumnMatch | null {
  const written = header.trim();
  const mapped = Object.hasOwn(mapping, written) ? mapping[written] : undefined;
  if (mapped) return { field: mapped, explicit: true };
  if (!written) return null;
  const listed = listedField(written);
  if (listed) return { field: listed, explicit: false };
  const column = columnLabel(written);
  if (column) return { field: COLUMN_ROLES[column.role], explicit: false };
  const label = fieldLabel(written);
  const field = label && label.rest === "" ? FIELD_ROLES[label.role] : undefined;
  return field ? { field, explicit: false } : null;
}

/** `options.mapping` checked: every target a field this vocabulary knows, else a 422 naming it. */
export function checkedMapping(mapping: Readonly<Record<string, string>> | undefined): Record<string, ColumnField> {
  const checked: Record<string, ColumnField> = {};
  for (const [header, field] of Object.entries(mapping ?? {})) {
    if (!isColumnField(field)) {
      throw new AppError("VALIDATION_ERROR", `The mapping names an unknown field "${field}" for the column "${header}"; known fields: ${COLUMN_FIELDS.join(", ")}`, {
        field: "options.mapping",
        issue: "unknown field",
        value: field,
      });
    }
    checked[header.trim()] = field;
  }
  return checked;
}

const BUYER: Partial<Record<ColumnField, ColumnField>> = {
  name: "bill_to_name",
  email: "bill_to_email",
  tax_id: "bill_to_tax_id",
  street: "bill_to_street",
  street2: "bill_to_street2",
  city: "bill_to_city",
  postal_code: "bill_to_postal_code",
  region: "bill_to_region",
  country: "bill_to_country",
};
const CLIENT = new Map(Object.entries(BUYER).map(([own, buyer]) => [buyer, own as ColumnField]));

/**
 * What a field means in a table of `entity`: party words are the buyer's in invoices and the
 * client's own in clients (a "Kunde" column of a contact list is the client's name); null when the
 * entity has no such field (a phone in an invoice table).
 */
export function fieldForEntity(field: ColumnField, entity: Entity): ColumnField | null {
  if (entity === "invoices") return field === "phone" ? null : (BUYER[field] ?? field);
  if (entity === "clients") return CLIENT.get(field) ?? field;
  return field;
}

const INVOICE_ONLY: ReadonlySet<ColumnField> = new Set<ColumnField>([
  ...INVOICE_FIELDS.filter((field) => !field.startsWith("bill_to_") && field !== "currency" && field !== "locale" && field !== "notes"),
  "line", "quantity", "line_amount", "tax_category", "discount_percent", ...TOTAL_FIELDS,
]);
const PRODUCT_ONLY: ReadonlySet<ColumnField> = new Set<ColumnField>(["sku", "unit_price"]);

/** The rows' entity from their fields: invoice columns make invoices, a price or SKU products, else clients. */
export function entityOfFields(fields: Iterable<ColumnField>): Entity {
  const present = [...fields];
  if (present.some((field) => INVOICE_ONLY.has(field))) return "invoices";
  if (present.some((field) => PRODUCT_ONLY.has(field))) return "products";
  return "clients";
}
