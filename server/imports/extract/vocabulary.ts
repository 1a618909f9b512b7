// The words an invoice labels its facts with, in the eight languages the renderer prints: first
// the renderer's own labels (render/labels/, so the service's documents read back by the very words
// it wrote), then the synonyms other invoices commonly use. Matching ignores case, accents,
// periods and colons, so "MWST.-SATZ", "MwSt-Satz:" and "mwst satz" are one label. What OCR read
// may also be a letter or two off, or lose a space ("QUANTTÉ", "PRIJSPEREENHEID"), and is matched
// loosely: within a few edits of exactly one role's label.
import { LABELS, type LabelLanguage, type Labels } from "../../../render/labels/index.ts";
import type { InvoiceType } from "../../domain/lifecycle.ts";

export const LANGUAGES = Object.keys(LABELS) as LabelLanguage[];

/** A fact a label introduces somewhere on the page. */
export type FieldRole =
  | "number"
  | "issueDate"
  | "dueDate"
  | "deliveryDate"
  | "precedingInvoice"
  | "from"
  | "billTo"
  | "taxId"
  | "subtotal"
  | "tax"
  | "total"
  | "amountPaid"
  | "amountDue"
  | "taxBreakdown"
  | "taxExemptionReason"
  | "paymentTerms"
  | "paymentInstructions"
  | "iban"
  | "bic"
  | "reference"
  | "notes";

/** A line-item table's column, named by its header. */
export type ColumnRole = "description" | "quantity" | "unit" | "unitPrice" | "taxRate" | "amount" | "position";

type Words<Role extends string> = Partial<Record<Role, readonly string[]>>;

const FIELD_SYNONYMS: Record<LabelLanguage, Words<FieldRole>> = {
  en: {
    number: ["Invoice number", "Invoice no", "Invoice #", "Invoice ID", "Inv no", "No", "Number"],
    issueDate: ["Date", "Invoice date", "Date of issue", "Issued", "Issued on", "Date issued", "Billing date"],
    dueDate: ["Due", "Payment due", "Due by", "Due on", "Pay by", "Payment due date"],
    deliveryDate: ["Service date", "Date of supply", "Supply date"],
    from: ["Seller", "Supplier", "Vendor", "Issued by", "Bill from", "Sender"],
    billTo: ["Billed to", "Invoice to", "Invoiced to", "To", "Customer", "Client", "Buyer", "Sold to", "Recipient"],
    taxId: ["VAT no", "VAT number", "VAT reg no", "Tax ID", "Tax number", "TIN", "EIN", "GSTIN", "ABN"],
    subtotal: ["Sub-total", "Sub total", "Net", "Net total", "Total net", "Total excl VAT", "Total before tax"],
    tax: ["Tax", "Sales tax", "GST", "HST", "Tax total", "Total VAT", "Total tax"],
    total: ["Grand total", "Total due", "Invoice total", "Total amount", "Total incl VAT", "Total payable"],
    amountPaid: ["Paid", "Payments", "Less payment", "Deposit"],
    amountDue: ["Balance due", "Balance", "Amount payable"],
    paymentTerms: ["Terms"],
    bic: ["SWIFT", "SWIFT/BIC", "BIC/SWIFT"],
    reference: ["Payment reference", "Ref"],
    notes: ["Note", "Comments", "Remarks", "Memo"],
  },
  de: {
    number: ["Rechnungsnummer", "Rechnungs-Nr", "Rechnung Nr", "Re.-Nr.", "Nr.", "Belegnummer"],
    issueDate: ["Datum", "Ausstellungsdatum", "Belegdatum"],
    dueDate: ["Fällig am", "Fälligkeit", "Zahlbar bis"],
    deliveryDate: ["Lieferdatum", "Leistungsdatum", "Leistungszeitraum"],
    from: ["Von", "Verkäufer", "Lieferant", "Rechnungssteller"],
    billTo: ["An", "Kunde", "Empfänger", "Rechnung an", "Käufer", "Auftraggeber"],
    taxId: ["USt-IdNr", "UStIdNr", "USt-ID", "Steuernummer", "St.-Nr.", "Umsatzsteuer-ID"],
    subtotal: ["Summe netto", "Netto", "Gesamt netto", "Rechnungsbetrag netto"],
    tax: ["USt", "Umsatzsteuer", "Mehrwertsteuer", "zzgl MwSt", "zzgl USt"],
    total: ["Gesamt", "Gesamtsumme", "Rechnungsbetrag", "Endbetrag", "Summe brutto", "Gesamt brutto", "Bruttobetrag"],
    amountPaid: ["Anzahlung", "Bezahlt"],
    amountDue: ["Zu zahlen", "Restbetrag"],
    paymentTerms: ["Zahlungsziel"],
    reference: ["Referenz"],
    notes: ["Hinweise", "Bemerkungen"],
  },
  fr: {
    number: ["Facture n°", "N° de facture", "Numéro de facture", "N°"],
    issueDate: ["Date", "Date de facture", "Date d'émission", "Émise le"],
    dueDate: ["Échéance", "Date limite de paiement", "À payer avant le"],
    deliveryDate: ["Date de prestation"],
    from: ["De", "Vendeur", "Fournisseur"],
    billTo: ["Client", "Destinataire", "Adressé à", "À"],
    taxId: ["N° TVA", "TVA intracommunautaire", "Numéro de TVA", "SIRET", "SIREN"],
    subtotal: ["Total HT", "Montant HT", "Sous-total HT"],
    tax: ["Total TVA", "Montant TVA"],
    total: ["Montant TTC", "Total"],
    amountPaid: ["Acompte", "Déjà payé"],
    amountDue: ["Reste à payer", "Solde"],
    paymentTerms: ["Conditions de paiement", "Modalités de paiement"],
    reference: ["Référence"],
    notes: ["Remarques", "Notes", "Commentaires"],
  },
  es: {
    number: ["Factura n.º", "Nº factura", "Número de factura", "N.º", "Factura nº", "Núm."],
    issueDate: ["Fecha", "Fecha de factura", "Fecha factura"],
    dueDate: ["Vencimiento", "Fecha de pago"],
    deliveryDate: ["Fecha de operación"],
    from: ["De", "Proveedor", "Vendedor"],
    billTo: ["Cliente", "Destinatario", "Para"],
    taxId: ["NIF", "CIF", "RFC", "CUIT"],
    subtotal: ["Base imponible", "Total sin IVA"],
    tax: ["Total IVA", "Cuota IVA", "Impuestos"],
    total: ["Total factura", "Total a pagar", "Importe total"],
    amountPaid: ["Pagado"],
    amountDue: ["Pendiente", "Saldo"],
    paymentTerms: ["Condiciones de pago", "Forma de pago"],
    reference: ["Referencia"],
    notes: ["Notas", "Observaciones"],
  },
  it: {
    number: ["Fattura n.", "Numero fattura", "N. fattura", "Fattura nr.", "N."],
    issueDate: ["Data", "Data fattura", "Data documento"],
    dueDate: ["Scadenza", "Scadenza pagamento"],
    from: ["Da", "Mittente", "Fornitore", "Cedente"],
    billTo: ["Cliente", "Spett.le", "Intestatario", "Committente", "Cessionario"],
    taxId: ["P.IVA", "P. IVA", "Codice fiscale", "C.F."],
    subtotal: ["Totale imponibile", "Totale netto"],
    tax: ["Totale IVA", "Imposta"],
    total: ["Totale fattura", "Totale documento", "Totale da pagare"],
    amountPaid: ["Pagato", "Acconto"],
    amountDue: ["Da pagare", "Saldo"],
    paymentTerms: ["Condizioni di pagamento", "Modalità di pagamento"],
    reference: ["Riferimento", "Causale"],
    notes: ["Note"],
  },
  nl: {
    number: ["Factuurnummer", "Factuurnr", "Nr"],
    issueDate: ["Datum"],
    dueDate: ["Uiterste betaaldatum", "Te betalen voor"],
    deliveryDate: ["Leveringsdatum"],
    from: ["Leverancier", "Afzender"],
    billTo: ["Aan", "Klant", "Debiteur"],
    taxId: ["Btw-nr", "BTW nummer", "Btw-id"],
    subtotal: ["Totaal excl btw", "Netto"],
    tax: ["Btw-bedrag", "Totaal btw"],
    total: ["Totaal incl btw", "Totaalbedrag"],
    amountPaid: ["Betaald"],
    amountDue: ["Openstaand bedrag"],
    paymentTerms: ["Betalingsvoorwaarden", "Betalingstermijn"],
    reference: ["Referentie", "Kenmerk", "Betalingskenmerk"],
    notes: ["Opmerkingen", "Notities"],
  },
  pt: {
    number: ["Fatura n.º", "N.º da fatura", "Número da fatura", "N.º"],
    issueDate: ["Data", "Data da fatura"],
    dueDate: ["Vencimento", "Data limite de pagamento"],
    from: ["De", "Fornecedor", "Vendedor", "Prestador"],
    billTo: ["Cliente", "Destinatário", "Para", "Tomador"],
    taxId: ["NIPC", "CNPJ", "CPF", "Contribuinte"],
    subtotal: ["Total sem IVA", "Total ilíquido"],
    tax: ["Total IVA", "Impostos"],
    total: ["Total a pagar", "Valor total", "Total da fatura"],
    amountPaid: ["Pago"],
    amountDue: ["Em dívida", "Saldo"],
    paymentTerms: ["Condições de pagamento"],
    reference: ["Referência"],
    notes: ["Observações", "Notas"],
  },
  ja: {
    number: ["請求書番号", "請求番号", "伝票番号", "No"],
    issueDate: ["発行日", "日付", "請求書発行日"],
    dueDate: ["支払期限", "お支払期限", "振込期限"],
    from: ["発行者", "請求元"],
    billTo: ["宛先", "お客様"],
    taxId: ["適格請求書発行事業者登録番号"],
    subtotal: ["税抜合計"],
    tax: ["消費税額", "税額"],
    total: ["合計金額", "総額", "税込合計"],
    amountDue: ["請求金額"],
    paymentTerms: ["お支払条件"],
  },
};

const COLUMN_SYNONYMS: Record<LabelLanguage, Words<ColumnRole>> = {
  en: {
    description: ["Item", "Items", "Service", "Services", "Product", "Details", "Item description", "Activity"],
    quantity: ["Qty", "Hours", "Hrs", "Units"],
    unit: ["Unit", "UoM"],
    unitPrice: ["Rate", "Price", "Unit cost", "Price per unit", "Cost", "Hourly rate"],
    taxRate: ["Tax", "VAT", "VAT %", "Tax %", "GST"],
    amount: ["Total", "Line total", "Net amount", "Net"],
    position: ["#", "No", "Pos", "Line"],
  },
  de: {
    description: ["Bezeichnung", "Artikel", "Leistung", "Artikelbezeichnung", "Leistungsbeschreibung"],
    quantity: ["Anzahl", "Stück", "Stk", "Std", "Stunden"],
    unit: ["Einheit", "ME"],
    unitPrice: ["Preis", "E-Preis", "Stückpreis", "Preis/Einheit", "Stundensatz"],
    taxRate: ["MwSt", "USt", "Steuersatz", "USt-Satz", "MwSt %"],
    amount: ["Gesamt", "Gesamtpreis", "Summe", "Netto"],
    position: ["Pos", "Position", "Nr"],
  },
  fr: {
    description: ["Description", "Libellé", "Prestation", "Article"],
    quantity: ["Qté", "Qte", "Nb"],
    unit: ["Unité"],
    unitPrice: ["PU", "PU HT", "Prix unitaire", "Prix"],
    taxRate: ["TVA", "Taux TVA", "TVA %"],
    amount: ["Montant", "Total HT", "Total"],
    position: ["N°", "Réf."],
  },
  es: {
    description: ["Descripción", "Artículo", "Producto", "Servicio"],
    quantity: ["Cant", "Uds", "Unidades"],
    unit: ["Unidad"],
    unitPrice: ["Precio", "P unitario", "Precio unit"],
    taxRate: ["IVA", "% IVA", "Tipo IVA"],
    amount: ["Total", "Subtotal"],
  },
  it: {
    description: ["Articolo", "Prodotto", "Servizio"],
    quantity: ["Q.tà", "Qta", "Qtà"],
    unit: ["UM", "Unità"],
    unitPrice: ["Prezzo", "Prezzo unit"],
    taxRate: ["IVA", "Aliquota", "% IVA"],
    amount: ["Totale", "Imponibile"],
  },
  nl: {
    description: ["Artikel", "Product", "Dienst"],
    quantity: ["Hoeveelheid", "Uren"],
    unit: ["Eenheid"],
    unitPrice: ["Prijs", "Stukprijs", "Tarief", "Eenheidsprijs"],
    taxRate: ["Btw", "Btw %"],
    amount: ["Totaal", "Subtotaal"],
  },
  pt: {
    description: ["Artigo", "Produto", "Serviço"],
    quantity: ["Qtd", "Qtde"],
    unit: ["Unidade"],
    unitPrice: ["Preço", "Preço unit", "Valor unitário"],
    taxRate: ["IVA", "Taxa", "% IVA"],
    amount: ["Total", "Montante", "Valor total"],
  },
  ja: {
    description: ["品名", "内容", "摘要", "項目"],
    unit: ["単位"],
  },
};

const TITLE_SYNONYMS: Record<LabelLanguage, Words<InvoiceType>> = {
  en: { invoice: ["Tax invoice", "Commercial invoice", "Bill"], credit_note: ["Credit memo"], quote: ["Quotation", "Estimate"] },
  de: { credit_note: ["Gutschrift", "Stornorechnung"], quote: ["Kostenvoranschlag"] },
  fr: {},
  es: { credit_note: ["Nota de crédito"], quote: ["Cotización"], purchase_order: ["Pedido"] },
  it: { quote: ["Offerta"], purchase_order: ["Ordine"] },
  nl: { credit_note: ["Creditfactuur"], purchase_order: ["Bestelling"] },
  pt: { invoice: ["Fatura-recibo", "Nota fiscal"], purchase_order: ["Pedido de compra"] },
  ja: {},
};

/** The renderer's label text for each field it prints. */
const RENDERED_FIELDS: Record<FieldRole, (labels: Labels) => string> = {
  number: (labels) => labels.number,
  issueDate: (labels) => labels.issueDate,
  dueDate: (labels) => labels.dueDate,
  deliveryDate: (labels) => labels.deliveryDate,
  precedingInvoice: (labels) => labels.precedingInvoice,
  from: (labels) => labels.from,
  billTo: (labels) => labels.billTo,
  taxId: (labels) => labels.taxId,
  subtotal: (labels) => labels.subtotal,
  tax: (labels) => labels.tax,
  total: (labels) => labels.total,
  amountPaid: (labels) => labels.amountPaid,
  amountDue: (labels) => labels.amountDue,
  taxBreakdown: (labels) => labels.taxBreakdown,
  taxExemptionReason: (labels) => labels.taxExemptionReason,
  paymentTerms: (labels) => labels.paymentTerms,
  paymentInstructions: (labels) => labels.paymentInstructions,
  iban: (labels) => labels.iban,
  bic: (labels) => labels.bic,
  reference: (labels) => labels.reference,
  notes: (labels) => labels.notes,
};

const RENDERED_COLUMNS: Partial<Record<ColumnRole, (labels: Labels) => string>> = {
  description: (labels) => labels.description,
  quantity: (labels) => labels.quantity,
  unitPrice: (labels) => labels.unitPrice,
  taxRate: (labels) => labels.taxRate,
  amount: (labels) => labels.amount,
};

/**
 * A label's comparable form: compatibility forms folded (full-width "：" and "￥", narrow spaces),
 * accents and case dropped, periods gone ("N°", "Nº" and "No." are one), colons a space, spaces single.
 */
export function labelKey(text: string): string {
  return text
    .normalize("NFKC")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/°/g, "o")
    .replace(/\./g, "")
    .replace(/:/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

type VocabularyEntry<Role extends string> = { role: Role; languages: Set<LabelLanguage>; rendered: boolean };
type Vocabulary<Role extends string> = Map<string, VocabularyEntry<Role>>;

function vocabulary<Role extends string>(rendered: Partial<Record<Role, (labels: Labels) => string>>, synonyms: Record<LabelLanguage, Words<Role>>): Vocabulary<Role> {
  const map: Vocabulary<Role> = new Map();
  const add = (text: string, role: Role, language: LabelLanguage, isRendered: boolean): void => {
    const key = labelKey(text);
    if (!key) return;
    const entry = map.get(key);
    // The renderer's own word wins over a synonym in another language ("Total" is fr's column, en's total).
    if (!entry || (isRendered && !entry.rendered)) map.set(key, { role, languages: new Set([language]), rendered: isRendered });
    else if (entry.role === role) entry.languages.add(language);
  };
  for (const language of LANGUAGES) {
    for (const [role, text] of Object.entries(rendered) as Array<[Role, (labels: Labels) => string]>) add(text(LABELS[language]), role, language, true);
  }
  for (const language of LANGUAGES) {
    for (const [role, texts] of Object.entries(synonyms[language]) as Array<[Role, readonly string[]]>) for (const text of texts) add(text, role, language, false);
  }
  return map;
}

const FIELDS = vocabulary<FieldRole>(RENDERED_FIELDS, FIELD_SYNONYMS);
const COLUMNS = vocabulary<ColumnRole>(RENDERED_COLUMNS, COLUMN_SYNONYMS);
const TITLES = vocabulary<InvoiceType>(
  Object.fromEntries((["invoice", "credit_note", "quote", "purchase_order"] as const).map((type) => [type, (labels: Labels) => labels.title[type]])),
  TITLE_SYNONYMS,
);
/** Every label and title, in any role. */
const KNOWN_WORDS: ReadonlySet<string> = new Set([...FIELDS.keys(), ...COLUMNS.keys(), ...TITLES.keys()]);
/** The longest label in words, so a cell is tried against its first few words only. */
const MAX_LABEL_WORDS = Math.max(...[...FIELDS.keys(), ...COLUMNS.keys(), ...TITLES.keys()].map((key) => key.split(" ").length));

export type LabelMatch<Role extends string> = {
  role: Role;
  languages: ReadonlySet<LabelLanguage>;
  /** What follows the label in the same cell ("Invoice no: 42" → "42"), or "" when the cell is only the label. */
  rest: string;
  /** A colon ended the label: what follows is its value for sure ("To: Acme", not "To be paid…"). */
  colon: boolean;
};

/** The cell's words, a colon ending a word and an opening parenthesis starting one ("消費税(10%)" → two words). */
function wordsOf(text: string): string[] {
  return text
    .normalize("NFKC")
    .replace(/:/g, ": ")
    .replace(/\(/g, " (")
    .split(/\s+/)
    .filter(Boolean);
}

/** Edits allowed between a label and a word OCR misread: none below five letters (one letter makes "Date" "Data"), one, from nine letters two. */
function editsAllowed(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/** Whether two strings are at most `limit` insertions, deletions or substitutions apart (Levenshtein, rows cut short). */
function withinEdits(a: string, b: string, limit: number): boolean {
  if (Math.abs(a.length - b.length) > limit) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...current) > limit) return false;
    previous = current;
  }
  return previous[b.length]! <= limit;
}

/**
 * The vocabulary's entry for `key`, or with `misread`, the one role a few letters from it (none when
 * two roles are as near), spaces aside: OCR drops the space between small words ("PRIJSPEREENHEID").
 * A word that is itself a known label or title is read as that, not as a misread neighbour
 * ("Factura" is a title, not "Facturé à").
 */
function entryOf<Role extends string>(map: Vocabulary<Role>, key: string, misread: boolean): VocabularyEntry<Role> | undefined {
  const exact = map.get(key);
  const letters = key.replace(/ /g, "");
  const limit = editsAllowed(letters.length);
  if (exact || !misread || limit === 0 || KNOWN_WORDS.has(key)) return exact;
  const near = [...map].filter(([candidate]) => {
    const candidateLetters = candidate.replace(/ /g, "");
    return editsAllowed(candidateLetters.length) > 0 && withinEdits(letters, candidateLetters, Math.min(limit, editsAllowed(candidateLetters.length)));
  });
  return new Set(near.map(([, entry]) => entry.role)).size === 1 ? near[0]?.[1] : undefined;
}

/** Marks OCR reads off rules and box edges around a label ("| DESCRIPTION|", "AMOUNT= !"). */
const STRAY_MARKS = /[|=!_~•·»«]+/g;

function matchIn<Role extends string>(map: Vocabulary<Role>, text: string, whole: boolean, misread: boolean): LabelMatch<Role> | null {
  const words = wordsOf(misread ? text.replace(STRAY_MARKS, " ").replace(/^[\s.,;'"-]+/, "") : text);
  // Every length exactly first, then (OCR) every length with a letter or two misread: a longer label
  // read exactly beats a shorter one read loosely.
  for (const loosely of misread ? [false, true] : [false]) {
    for (let count = Math.min(words.length, MAX_LABEL_WORDS); count >= 1; count--) {
      if (whole && count < words.length) continue;
      const entry = entryOf(map, labelKey(words.slice(0, count).join(" ")), loosely);
      if (!entry) continue;
      const label = words.slice(0, count).join(" ");
      const rest = words.slice(count).join(" ").replace(/^[:#]\s*/, "").trim();
      if (whole && rest !== "") return null;
      return { role: entry.role, languages: entry.languages, rest, colon: label.endsWith(":") || words[count]?.startsWith(":") === true };
    }
  }
  return null;
}

/** The field a cell labels, and what follows the label in it; `misread`: OCR read the cell, a letter or two may be wrong. */
export function fieldLabel(text: string, misread = false): LabelMatch<FieldRole> | null {
  return matchIn(FIELDS, text, false, misread);
}

/** The column a header cell names (the whole cell). */
export function columnLabel(text: string, misread = false): LabelMatch<ColumnRole> | null {
  return matchIn(COLUMNS, text, true, misread);
}

/** The document type a title names ("Rechnung", "INVOICE"), with what follows it ("Invoice INV-7" → "INV-7"). */
export function titleLabel(text: string, misread = false): LabelMatch<InvoiceType> | null {
  return matchIn(TITLES, text, false, misread);
}

/** "Page 1 of 2", "Seite 1 von 2", "1 / 2 ページ": the renderer's page footer in any of its languages. */
const PAGE_FOOTER = new RegExp(
  `^(?:${LANGUAGES.map((language) => LABELS[language].pageOf("\u0001", "\u0002"))
    .map((pattern) => labelKey(pattern).replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\u0001|\u0002/g, "\\d+"))
    .join("|")})$`,
);

export function isPageFooter(text: string): boolean {
  return PAGE_FOOTER.test(labelKey(text));
}

/** The renderer's DRAFT marks ("ENTWURF", "下書き"): a draft has no number to read. */
const DRAFT_MARKS = new Set(LANGUAGES.map((language) => labelKey(LABELS[language].draft)));

export function isDraftMark(text: string): boolean {
  return DRAFT_MARKS.has(labelKey(text));
}
