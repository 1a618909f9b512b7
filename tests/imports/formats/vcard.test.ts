// The vCard reader on cards as common address books export them (tests/fixtures/imports/vcard/:
// Apple Contacts and Google Contacts 3.0, Outlook 2.1 with code-page bytes and quoted-printable,
// RFC 6350's 4.0 example, a CRM's file of several cards, a cut-off file) and on each piece of the
// syntax alone: folding, soft line breaks, charsets, escapes, groups, binary properties.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { clientFields, clientName } from "../../../routers/clients/client.schema.ts";
import { RECORD_KEYS } from "../../../routers/imports/record-keys.ts";
import { readVcard } from "../../../server/imports/formats/vcard.ts";
import { MAX_IMPORT_ROWS, type ReadResult } from "../../../server/imports/model.ts";
import { expectRefusal } from "./refusal.ts";

const OPTIONS = { today: "2026-11-27", currency: "EUR", recordKeys: RECORD_KEYS };
const FIXTURES = new URL("../../fixtures/imports/vcard/", import.meta.url);
const readFixture = (name: string): Promise<ReadResult> => readVcard(readFileSync(new URL(name, FIXTURES)), OPTIONS);
const read = (lines: string[], separator = "\r\n"): Promise<ReadResult> => readVcard(new TextEncoder().encode(lines.join(separator) + separator), OPTIONS);
const card = (...lines: string[]): string[] => ["BEGIN:VCARD", "VERSION:3.0", ...lines, "END:VCARD"];
const createClient = z.strictObject({ name: clientName, ...clientFields });

async function onlyClient(lines: string[]): Promise<Record<string, unknown>> {
  const result = await read(lines);
  expect(result.problems).toEqual([]);
  expect(result.clients).toHaveLength(1);
  return result.clients[0]?.fields ?? {};
}

function expectAccepted(result: ReadResult): void {
  for (const client of result.clients) {
    const parsed = createClient.safeParse(client.fields);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  }
}

describe("address books' exports", () => {
  test("Apple Contacts 3.0: grouped e-mails, the preferred one chosen, a folded photo skipped, a company card", async () => {
    const result = await readFixture("apple-contacts.vcf");
    expect([result.problems, result.notices, result.rows]).toEqual([[], [], 3]);
    expectAccepted(result);
    expect(result.clients.map((client) => client.place)).toEqual([
      { element: "vcard[1]", row: 1 },
      { element: "vcard[2]", row: 49 },
      { element: "vcard[3]", row: 63 },
    ]);
    expect(result.clients.map((client) => client.fields)).toEqual([
      {
        name: "Zoë Müller",
        email: "zoe@mueller-beratung.example",
        phone: "+49 170 1234567",
        address: { line1: "Hauptstraße 1", line2: "Hinterhaus", city: "Berlin", postal_code: "10115", country: "DE" },
        notes: [
          "Rechnungen bitte nur per E-Mail, mit Bestellnummer.",
          "Zahlungsziel 14 Tage; Skonto 2 %.",
          "Company: Müller Beratung GmbH",
          "E-mail (home): zoe.privat@example.com",
          "E-mail: rechnungen@mueller-beratung.example",
          "Phone (work): +49 30 1234567",
          "Address (home): Kastanienallee 12, Berlin, 10435, Deutschland",
        ].join("\n"),
      },
      {
        name: "Globex Corporation",
        email: "ap@globex.example",
        phone: "+1 555 0100",
        address: { line1: "500 Market Street", city: "San Francisco", region: "CA", postal_code: "94105", country: "US" },
      },
      { name: "Initech, Accounts Payable", email: "jane.smith@initech.example", notes: "Contact: Jane Smith" },
    ]);
  });

  test("Google Contacts 3.0: a street of two lines, a country in French, CJK text", async () => {
    const result = await readFixture("google-contacts.vcf");
    expect([result.problems, result.notices]).toEqual([[], []]);
    expectAccepted(result);
    expect(result.clients.map((client) => client.fields)).toEqual([
      {
        name: "Jean Dupont",
        email: "jean.dupont@exemple.fr",
        phone: "+33 6 12 34 56 78",
        address: { line1: "12 rue de l'Église", line2: "Bâtiment B", city: "Lyon", region: "Auvergne-Rhône-Alpes", postal_code: "69002", country: "FR" },
        notes: "Client depuis 2019. Relances le lundi.\nCompany: Société Exemple SARL\nE-mail (home): jean@perso.example",
      },
      {
        name: "Hanako Yamada",
        email: "hanako@sample.example",
        phone: "+81 3-1234-5678",
        address: { line1: "千代田1-1", city: "千代田区", region: "東京都", postal_code: "100-0001", country: "JP" },
        notes: "Company: 株式会社サンプル",
      },
    ]);
  });

  test("Outlook 2.1: Windows-1252 bytes, quoted-printable in ISO-8859-1 and UTF-8 over soft line breaks", async () => {
    const bytes = readFileSync(new URL("outlook-2.1.vcf", FIXTURES));
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();
    const result = await readFixture("outlook-2.1.vcf");
    expect([result.problems, result.notices]).toEqual([[], []]);
    expectAccepted(result);
    expect(result.clients.map((client) => client.fields)).toEqual([
      {
        name: "Jörg Gärtner",
        email: "joerg@gaertnerei-gruen.example",
        phone: "+49 89 123456",
        address: { line1: "Blumenstraße 7", city: "München", region: "Bayern", postal_code: "80331", country: "DE" },
        notes: [
          "Lieferung nur vormittags.",
          "Bitte Rechnungen mit Bestellnummer über das Portal schicken.",
          "Company: Gärtnerei Grün KG",
          "E-mail: buchhaltung@gaertnerei-gruen.example",
          "Phone (cell): +49 171 2345678",
        ].join("\n"),
      },
      {
        name: "Amélie Lefèvre",
        email: "amelie@cafe-chateau.example",
        phone: "+33 1 23 45 67 89",
        address: { line1: "3 place de l’Hôtel de Ville", city: "Paris", postal_code: "75004", country: "FR" },
        notes: "Company: Café du Château SARL",
      },
    ]);
  });

  test("vCard 4.0 (RFC 6350's examples): PREF=n, tel: URIs, LANG, a LABEL when ADR has no parts", async () => {
    const result = await readFixture("rfc6350-4.0.vcf");
    expect([result.problems, result.notices]).toEqual([[], []]);
    expectAccepted(result);
    expect(result.clients.map((client) => client.fields)).toEqual([
      {
        name: "Simon Perreault",
        email: "simon.perreault@viagenie.ca",
        phone: "+1-418-656-9254;ext=102",
        address: { line1: "2875 Laurier", line2: "Suite D2-630", city: "Quebec", region: "QC", postal_code: "G1V 2M2", country: "CA" },
        locale: "fr",
        notes: "Company: Viagenie\nE-mail (home): simon@nomis80.example\nPhone (work, cell, video, text): +1-418-262-6501",
      },
      {
        name: "Mr. John Q. Public, Esq.",
        email: "jqpublic@xyz.example.com",
        address: { line1: "123 Main Street", city: "Any Town", region: "CA", postal_code: "91921-1234", country: "US" },
      },
      { name: "Beispiel AG", email: "ap@beispiel.example", address: "Marktplatz 5, 80331 München, Deutschland" },
    ]);
  });

  test("several cards: tax ids from X- fields, names from ORG or N, a nameless card and an unknown country", async () => {
    const result = await readFixture("several-cards.vcf");
    expect(result.rows).toBe(6);
    expectAccepted(result);
    expect(result.clients.map((client) => [client.place.element, client.fields.name, client.fields.tax_id])).toEqual([
      ["vcard[1]", "Nordlicht Handels GmbH", "DE811907980"],
      ["vcard[2]", "Tulpen B.V.", "NL859876543B01"],
      ["vcard[3]", "Dott. Marco Rossi", undefined],
      ["vcard[4]", "Atlantis Traders", undefined],
      ["vcard[6]", "Café Olé", undefined],
    ]);
    expect(result.clients[1]?.fields.address).toEqual({ line1: "Keizersgracht 100", city: "Amsterdam", postal_code: "1015 CX", country: "NL" });
    expect(result.clients[2]?.fields.address).toMatchObject({ country: "IT" });
    expect(result.clients[3]?.fields.address).toEqual({ line1: "1 Harbour Road", city: "Poseidonia" });
    expect(result.problems).toEqual([{ element: "vcard[5]", row: 27, issue: "no name: the card has no FN, N or ORG" }]);
    expect(result.notices.map(({ element, row, column, value }) => ({ element, row, column, value }))).toEqual([
      { element: "vcard[4]", row: 25, column: "ADR", value: "Atlantis" },
      { element: "vcard[6]", row: 35, column: undefined, value: "this line has no colon" },
    ]);
  });

  test("a card begun and never ended: 422 naming it", async () => {
    const error = await expectRefusal(readFixture("broken.vcf"));
    expect(error.message).toContain("vcard[2], begun on line 5, has no END:VCARD");
  });
});

describe("the syntax, piece by piece", () => {
  test("3.0 and 4.0 folding drops the one blank after the line break", async () => {
    const fields = await onlyClient(card("FN:Zoë Mül", " ler", "NOTE:one long", "\t line"));
    expect(fields).toEqual({ name: "Zoë Müller", notes: "one long line" });
  });

  test("2.1 folding keeps the blank, as RFC 822 did", async () => {
    const fields = await onlyClient(["BEGIN:VCARD", "VERSION:2.1", "FN:Zoë", " Müller", "END:VCARD"]);
    expect(fields.name).toBe("Zoë Müller");
  });

  test("quoted-printable: soft line breaks, =0D=0A as a line break, the charset named", async () => {
    const fields = await onlyClient(["BEGIN:VCARD", "VERSION:2.1", "FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:J=F6rg G=", "=E4rtner", "NOTE;QUOTED-PRINTABLE;CHARSET=UTF-8:a=0D=0Ab =C3=BC", "END:VCARD"]);
    expect(fields).toEqual({ name: "Jörg Gärtner", notes: "a\nb ü" });
  });

  test("escapes: \\, \\; \\n \\\\ in 3.0; in 2.1 only \\; is one", async () => {
    expect(await onlyClient(card("FN:A\\, B\\; C", "NOTE:x\\ny\\Nz \\\\ end"))).toEqual({ name: "A, B; C", notes: "x\ny\nz \\ end" });
    expect(await onlyClient(["BEGIN:VCARD", "VERSION:2.1", "FN:A\\;B", "NOTE:C:\\temp\\new", "END:VCARD"])).toEqual({ name: "A;B", notes: "C:\\temp\\new" });
  });

  test("an escaped ; stays inside an address part", async () => {
    const fields = await onlyClient(card("FN:A", "ADR:;;Main St 1\\; Rear;Town;;12345;"));
    expect(fields.address).toEqual({ line1: "Main St 1; Rear", city: "Town", postal_code: "12345" });
  });

  test("property groups (item1.EMAIL) read as the property; TYPE=pref wins over file order", async () => {
    const fields = await onlyClient(card("FN:A", "item1.EMAIL;type=INTERNET:first@a.example", "item1.X-ABLabel:Other", "item2.EMAIL;type=INTERNET;type=pref:chosen@a.example"));
    expect(fields).toEqual({ name: "A", email: "chosen@a.example", notes: "E-mail: first@a.example" });
  });

  test("PREF=1 wins over PREF=2 and over TYPE=work; TYPE=work over none", async () => {
    expect((await onlyClient(card("FN:A", "EMAIL;PREF=2:two@a.example", "EMAIL;TYPE=work:work@a.example", "EMAIL;PREF=1:one@a.example"))).email).toBe("one@a.example");
    expect((await onlyClient(card("FN:A", "TEL;TYPE=home:1", "TEL;TYPE=work:2"))).phone).toBe("2");
  });

  test("binary properties are skipped without being decoded, however large or broken", async () => {
    const base64 = "QUJD".repeat(250_000);
    const folded = base64.match(/.{1,74}/g)?.map((line) => ` ${line}`) ?? [];
    const fields = await onlyClient(card("FN:A", `PHOTO;ENCODING=b;TYPE=JPEG:${folded[0]?.slice(1)}`, ...folded.slice(1), "LOGO;ENCODING=b:!!not base64!!", "SOUND;VALUE=uri:data:audio/ogg;base64,@@@", "KEY;ENCODING=b:\u00ff\u00fe"));
    expect(fields).toEqual({ name: "A" });
  });

  test("LF line endings, a byte order mark and lower-case markers", async () => {
    const bytes = new TextEncoder().encode("\ufeffbegin:vcard\nversion:3.0\nfn:A\nemail:a@b.example\nend:vcard\n");
    const result = await readVcard(bytes, OPTIONS);
    expect(result.clients.map((client) => client.fields)).toEqual([{ name: "A", email: "a@b.example" }]);
  });

  test("the country as a code or a name in any label language; an unknown one a notice", async () => {
    for (const country of ["DE", "de", "Germany", "Deutschland", "Allemagne", "Alemania", "Germania", "Duitsland", "Alemanha", "ドイツ"]) {
      expect({ country, address: (await onlyClient(card("FN:A", `ADR:;;Hauptstr. 1;Berlin;;10115;${country}`))).address }).toEqual({
        country,
        address: { line1: "Hauptstr. 1", city: "Berlin", postal_code: "10115", country: "DE" },
      });
    }
    const result = await read(card("FN:A", "ADR:;;Main St 1;Town;;;Ruritania"));
    expect(result.notices).toMatchObject([{ element: "vcard[1]", row: 4, column: "ADR", value: "Ruritania" }]);
  });

  test("an unknown charset falls back to UTF-8, then to Windows-1252", async () => {
    const fields = await onlyClient(card("FN;CHARSET=x-unknown:Zoë"));
    expect(fields.name).toBe("Zoë");
  });

  test("a nested card (2.1 AGENT) stays inside its card", async () => {
    const result = await read(["BEGIN:VCARD", "VERSION:2.1", "FN:Boss", "AGENT:", "BEGIN:VCARD", "VERSION:2.1", "FN:Assistant", "END:VCARD", "EMAIL:boss@a.example", "END:VCARD"]);
    expect(result.clients.map((client) => client.fields)).toEqual([{ name: "Boss", email: "boss@a.example" }]);
  });
});

describe("files that cannot be read: 422", () => {
  test("no BEGIN:VCARD", async () => {
    const error = await expectRefusal(read(["FN:A", "EMAIL:a@b.example"]));
    expect(error.message).toContain("no BEGIN:VCARD");
  });

  test(`more than ${MAX_IMPORT_ROWS} cards`, async () => {
    const error = await expectRefusal(read(Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => card("FN:A")).flat()));
    expect(error.message).toContain("at most 10,000 rows");
  });
});
