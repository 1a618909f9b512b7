// The benchmark corpus's people and words, one entry per label language the renderer prints
// (render/labels): sellers and buyers of that language's countries, line descriptions, notes. The
// VAT ids and IBANs have real shapes (the IBANs are the published examples, checksums valid), the
// names are invented. Japanese stays Japanese: its names are what a Japanese invoice shows, even
// though the OCR has no Japanese data (the benchmark reports that language on its own).
export type Company = {
  name: string;
  street: string;
  city: string;
  postalCode: string;
  country: string;
  taxId: string;
  email: string;
};

export type Seller = Company & {
  locale: string;
  currencies: readonly string[];
  iban: string;
  bic: string;
  /** Overrides the country's standard rate (a US sales tax, Brazil's ISS). */
  taxRate?: number;
  reducedRates: readonly number[];
  numberFormat: (year: string, sequence: number) => string;
};

export type Language = {
  code: string;
  sellers: readonly Seller[];
  buyers: readonly Company[];
  items: readonly string[];
  /** Appended to a repeated description: a month, a phase. */
  periods: readonly string[];
  notes: readonly string[];
};

const padded = (sequence: number, digits: number): string => String(sequence).padStart(digits, "0");

export const LANGUAGES: readonly Language[] = [
  {
    code: "en",
    sellers: [
      { name: "Northwind Consulting Ltd", street: "1 High Street", city: "London", postalCode: "EC1A 1AA", country: "GB", taxId: "GB123456789", email: "billing@northwind.example", locale: "en-GB", currencies: ["GBP", "GBP", "EUR"], iban: "GB29NWBK60161331926819", bic: "NWBKGB2L", reducedRates: [5, 0], numberFormat: (year, n) => `INV-${year}-${padded(n, 4)}` },
      { name: "Acme Analytics LLC", street: "500 Market Street", city: "San Francisco", postalCode: "94105", country: "US", taxId: "94-1234567", email: "ar@acme-analytics.example", locale: "en-US", currencies: ["USD"], iban: "GB82WEST12345698765432", bic: "WESTGB2L", taxRate: 8.625, reducedRates: [], numberFormat: (year, n) => `AA${year.slice(2)}${padded(n, 5)}` },
    ],
    buyers: [
      { name: "Contoso plc", street: "22 Queen Street", city: "Edinburgh", postalCode: "EH2 1JX", country: "GB", taxId: "GB987654321", email: "payables@contoso.example" },
      { name: "Globex Corporation", street: "1200 Avenue of the Americas", city: "New York", postalCode: "10036", country: "US", taxId: "13-9876543", email: "ap@globex.example" },
      { name: "Wessex Water Services", street: "Claverton Down Road", city: "Bath", postalCode: "BA2 7WW", country: "GB", taxId: "GB246813579", email: "invoices@wessex.example" },
      { name: "Initech Inc.", street: "4120 Freidrich Lane", city: "Austin", postalCode: "78744", country: "US", taxId: "74-1122334", email: "finance@initech.example" },
    ],
    items: ["Consulting services", "Design review", "Cloud hosting (monthly)", "Support retainer", "On-site training", "Custom integration work", "Travel expenses", "Software licence (annual)", "Data migration", "Project management", "Security audit", "Workshop facilitation"],
    periods: ["January", "February", "March", "April", "phase 2", "phase 3", "week 14", "Q3"],
    notes: ["Thank you for your business.", "Please quote the invoice number with your payment."],
  },
  {
    code: "de",
    sellers: [
      { name: "Zoë Müller Beratung GmbH", street: "Hauptstraße 1", city: "Berlin", postalCode: "10115", country: "DE", taxId: "DE811907980", email: "rechnung@zoe-mueller.example", locale: "de-DE", currencies: ["EUR"], iban: "DE89370400440532013000", bic: "COBADEFFXXX", reducedRates: [7], numberFormat: (year, n) => `RE-${year}-${padded(n, 4)}` },
      { name: "Bergkristall AG", street: "Bahnhofstrasse 12", city: "Zürich", postalCode: "8001", country: "CH", taxId: "CHE-123.456.789 MWST", email: "buchhaltung@bergkristall.example", locale: "de-CH", currencies: ["CHF", "CHF", "EUR"], iban: "CH9300762011623852957", bic: "POFICHBEXXX", reducedRates: [2.6], numberFormat: (year, n) => `${year}-${padded(n, 5)}` },
    ],
    buyers: [
      { name: "Beispiel AG", street: "Marktplatz 5", city: "München", postalCode: "80331", country: "DE", taxId: "DE987654321", email: "ap@beispiel.example" },
      { name: "Nordlicht Logistik GmbH", street: "Am Sandtorkai 44", city: "Hamburg", postalCode: "20457", country: "DE", taxId: "DE274185963", email: "kreditoren@nordlicht.example" },
      { name: "Bäckerei Schröder KG", street: "Königsallee 18", city: "Düsseldorf", postalCode: "40212", country: "DE", taxId: "DE135792468", email: "buero@schroeder.example" },
      { name: "Uhrenmanufaktur Jura SA", street: "Rue du Marché 3", city: "Biel/Bienne", postalCode: "2502", country: "CH", taxId: "CHE-987.654.321 MWST", email: "compta@jura.example" },
    ],
    items: ["Beratung", "Workshop Datenstrategie", "Reisekosten", "Fachbuch", "Projektleitung", "Softwarelizenz (jährlich)", "Schulung vor Ort", "Übersetzung Deutsch–Englisch", "Wartungsvertrag", "Montage", "Ersatzteile", "Büromaterial"],
    periods: ["Januar", "Februar", "März", "Phase 2", "Phase 3", "KW 14", "Q3"],
    notes: ["Vielen Dank für Ihren Auftrag.", "Bitte geben Sie die Rechnungsnummer als Verwendungszweck an."],
  },
  {
    code: "fr",
    sellers: [
      { name: "Atelier Lefèvre SARL", street: "12 rue de l'Église", city: "Lyon", postalCode: "69002", country: "FR", taxId: "FR40303265045", email: "compta@lefevre.example", locale: "fr-FR", currencies: ["EUR"], iban: "FR1420041010050500013M02606", bic: "PSSTFRPPLYO", reducedRates: [5.5, 10], numberFormat: (year, n) => `FAC-${year}-${padded(n, 4)}` },
      { name: "Boulangerie Dupont & Fils", street: "8 boulevard Haussmann", city: "Paris", postalCode: "75009", country: "FR", taxId: "FR83404833048", email: "factures@dupont.example", locale: "fr-FR", currencies: ["EUR"], iban: "FR7630006000011234567890189", bic: "AGRIFRPPXXX", reducedRates: [5.5], numberFormat: (year, n) => `F${year}/${padded(n, 5)}` },
    ],
    buyers: [
      { name: "Société Générale d'Études", street: "29 boulevard Haussmann", city: "Paris", postalCode: "75009", country: "FR", taxId: "FR12345678901", email: "fournisseurs@sge.example" },
      { name: "Éditions du Rhône", street: "3 quai Saint-Antoine", city: "Lyon", postalCode: "69002", country: "FR", taxId: "FR98765432109", email: "compta@rhone.example" },
      { name: "Café de la Gare", street: "1 place de la Gare", city: "Strasbourg", postalCode: "67000", country: "FR", taxId: "FR55443322110", email: "cafe@gare.example" },
    ],
    items: ["Développement web", "Maintenance mensuelle", "Frais de déplacement", "Conception graphique", "Hébergement", "Formation", "Croissants (douzaine)", "Audit de sécurité", "Rédaction de contenu", "Licence logicielle", "Assistance technique"],
    periods: ["janvier", "février", "mars", "phase 2", "phase 3", "semaine 14"],
    notes: ["Merci de votre confiance.", "Pénalités de retard : trois fois le taux d'intérêt légal."],
  },
  {
    code: "es",
    sellers: [
      { name: "Estudio Navarro S.L.", street: "Calle Mayor 5", city: "Madrid", postalCode: "28013", country: "ES", taxId: "ESB12345678", email: "facturas@navarro.example", locale: "es-ES", currencies: ["EUR"], iban: "ES9121000418450200051332", bic: "CAIXESBBXXX", reducedRates: [10, 4], numberFormat: (year, n) => `FV-${year}-${padded(n, 4)}` },
      { name: "Construcciones Ibarra S.A.", street: "Gran Vía 32", city: "Bilbao", postalCode: "48009", country: "ES", taxId: "ESA48123456", email: "administracion@ibarra.example", locale: "es-ES", currencies: ["EUR"], iban: "ES7921000813610123456789", bic: "CAIXESBBXXX", reducedRates: [10], numberFormat: (year, n) => `${year}/${padded(n, 4)}` },
    ],
    buyers: [
      { name: "Distribuciones Ibéricas S.A.", street: "Avenida de la Constitución 20", city: "Sevilla", postalCode: "41004", country: "ES", taxId: "ESA41234567", email: "proveedores@ibericas.example" },
      { name: "Café Central", street: "Plaza del Ángel 10", city: "Madrid", postalCode: "28012", country: "ES", taxId: "ESB87654321", email: "gerencia@cafecentral.example" },
      { name: "Hoteles Mediterráneo S.L.", street: "Passeig de Gràcia 88", city: "Barcelona", postalCode: "08008", country: "ES", taxId: "ESB08765432", email: "cuentas@mediterraneo.example" },
    ],
    items: ["Diseño de logotipo", "Fotografía de producto", "Gestión de redes sociales", "Desplazamiento", "Mano de obra", "Materiales de construcción", "Alquiler de maquinaria", "Consultoría", "Mantenimiento anual", "Traducción"],
    periods: ["enero", "febrero", "marzo", "fase 2", "fase 3", "semana 14"],
    notes: ["Gracias por su confianza.", "Forma de pago: transferencia bancaria."],
  },
  {
    code: "it",
    sellers: [
      { name: "Studio Rossi S.r.l.", street: "Via Roma 10", city: "Milano", postalCode: "20121", country: "IT", taxId: "IT12345678901", email: "amministrazione@rossi.example", locale: "it-IT", currencies: ["EUR"], iban: "IT60X0542811101000000123456", bic: "BPMOIT22XXX", reducedRates: [10, 4], numberFormat: (year, n) => `${n}/${year}` },
      { name: "Ferramenta Bianchi S.p.A.", street: "Corso Vittorio Emanuele II 45", city: "Torino", postalCode: "10123", country: "IT", taxId: "IT09876543210", email: "fatture@bianchi.example", locale: "it-IT", currencies: ["EUR"], iban: "IT02A0301503200000003517230", bic: "FEBIITM1XXX", reducedRates: [10], numberFormat: (year, n) => `FT-${year}-${padded(n, 4)}` },
    ],
    buyers: [
      { name: "Trattoria da Mario", street: "Piazza Navona 7", city: "Roma", postalCode: "00186", country: "IT", taxId: "IT11223344556", email: "mario@trattoria.example" },
      { name: "Tessitura Lombarda S.p.A.", street: "Viale Monza 140", city: "Milano", postalCode: "20127", country: "IT", taxId: "IT66554433221", email: "contabilita@tessitura.example" },
      { name: "Cantina Colli Euganei", street: "Via dei Vigneti 3", city: "Padova", postalCode: "35122", country: "IT", taxId: "IT77889900112", email: "ordini@cantina.example" },
    ],
    items: ["Consulenza fiscale", "Progettazione grafica", "Viti e bulloni (confezione)", "Manutenzione impianto", "Trasporto", "Corso di formazione", "Licenza software annuale", "Assistenza tecnica", "Noleggio attrezzatura", "Sopralluogo"],
    periods: ["gennaio", "febbraio", "marzo", "fase 2", "fase 3", "settimana 14"],
    notes: ["Grazie per la fiducia.", "Pagamento tramite bonifico bancario."],
  },
  {
    code: "nl",
    sellers: [
      { name: "Van der Berg Advies B.V.", street: "Keizersgracht 123", city: "Amsterdam", postalCode: "1015 CJ", country: "NL", taxId: "NL123456789B01", email: "facturen@vanderberg.example", locale: "nl-NL", currencies: ["EUR"], iban: "NL91ABNA0417164300", bic: "ABNANL2A", reducedRates: [9], numberFormat: (year, n) => `F${year}-${padded(n, 4)}` },
      { name: "De Vries Installatietechniek", street: "Coolsingel 40", city: "Rotterdam", postalCode: "3011 AD", country: "NL", taxId: "NL987654321B01", email: "administratie@devries.example", locale: "nl-NL", currencies: ["EUR"], iban: "NL20INGB0001234567", bic: "INGBNL2A", reducedRates: [9], numberFormat: (year, n) => `${year}${padded(n, 5)}` },
    ],
    buyers: [
      { name: "Bakkerij Jansen", street: "Oudegracht 200", city: "Utrecht", postalCode: "3511 NR", country: "NL", taxId: "NL112233445B01", email: "info@jansen.example" },
      { name: "Gemeente Voorbeeld", street: "Stadhuisplein 1", city: "Den Haag", postalCode: "2511 BT", country: "NL", taxId: "NL556677889B01", email: "crediteuren@voorbeeld.example" },
      { name: "Tulpen Export B.V.", street: "Legmeerdijk 313", city: "Aalsmeer", postalCode: "1431 GB", country: "NL", taxId: "NL998877665B01", email: "finance@tulpen.example" },
    ],
    items: ["Advieswerkzaamheden", "Installatie cv-ketel", "Voorrijkosten", "Onderhoudscontract", "Materiaalkosten", "Training op locatie", "Webontwikkeling", "Hosting (maandelijks)", "Projectbegeleiding", "Vertaling"],
    periods: ["januari", "februari", "maart", "fase 2", "fase 3", "week 14"],
    notes: ["Bedankt voor uw opdracht.", "Vermeld bij betaling het factuurnummer."],
  },
  {
    code: "pt",
    sellers: [
      { name: "Oliveira & Costa Lda.", street: "Rua Augusta 100", city: "Lisboa", postalCode: "1100-053", country: "PT", taxId: "PT501234567", email: "faturacao@oliveira.example", locale: "pt-PT", currencies: ["EUR"], iban: "PT50000201231234567890154", bic: "CGDIPTPLXXX", reducedRates: [13, 6], numberFormat: (year, n) => `FT ${year}/${n}` },
      { name: "Tecnologia Paulista Ltda.", street: "Avenida Paulista 1578", city: "São Paulo", postalCode: "01310-200", country: "BR", taxId: "12.345.678/0001-95", email: "financeiro@paulista.example", locale: "pt-BR", currencies: ["BRL"], iban: "BR1800360305000010009795493C1", bic: "BCBBBRDFXXX", taxRate: 5, reducedRates: [], numberFormat: (year, n) => `NF-${year}-${padded(n, 6)}` },
    ],
    buyers: [
      { name: "Conservas do Porto S.A.", street: "Rua de Santa Catarina 50", city: "Porto", postalCode: "4000-447", country: "PT", taxId: "PT509876543", email: "contabilidade@conservas.example" },
      { name: "Vinhos do Douro Lda.", street: "Avenida da Liberdade 200", city: "Lisboa", postalCode: "1250-147", country: "PT", taxId: "PT507654321", email: "compras@douro.example" },
      { name: "Comércio Carioca Ltda.", street: "Rua do Ouvidor 60", city: "Rio de Janeiro", postalCode: "20040-030", country: "BR", taxId: "98.765.432/0001-10", email: "contas@carioca.example" },
    ],
    items: ["Serviços de consultoria", "Desenvolvimento de software", "Deslocação", "Manutenção mensal", "Formação presencial", "Licença anual", "Design gráfico", "Tradução técnica", "Suporte técnico", "Alojamento web"],
    periods: ["janeiro", "fevereiro", "março", "fase 2", "fase 3", "semana 14"],
    notes: ["Obrigado pela sua preferência.", "Pagamento por transferência bancária."],
  },
  {
    code: "ja",
    sellers: [
      { name: "株式会社サンプル", street: "千代田1-1", city: "千代田区", postalCode: "100-0001", country: "JP", taxId: "T1234567890123", email: "keiri@sample.example", locale: "ja-JP", currencies: ["JPY"], iban: "GB33BUKB20201555555555", bic: "BUKBGB22", reducedRates: [8], numberFormat: (year, n) => `INV-${year}-${padded(n, 4)}` },
      { name: "山田デザイン事務所", street: "梅田3-1-1", city: "大阪市北区", postalCode: "530-0001", country: "JP", taxId: "T9876543210987", email: "info@yamada-design.example", locale: "ja-JP", currencies: ["JPY"], iban: "GB94BARC10201530093459", bic: "BARCGB22", reducedRates: [8], numberFormat: (year, n) => `${year}-${padded(n, 4)}` },
    ],
    buyers: [
      { name: "株式会社テスト商事", street: "西新宿2-8-1", city: "新宿区", postalCode: "163-8001", country: "JP", taxId: "T1111222233334", email: "shiharai@test-shoji.example" },
      { name: "山田工業株式会社", street: "栄3-5-1", city: "名古屋市中区", postalCode: "460-0008", country: "JP", taxId: "T5555666677778", email: "kaikei@yamada-kogyo.example" },
    ],
    items: ["コンサルティング", "システム保守", "出張費", "ライセンス", "お弁当", "ウェブサイト制作", "デザイン料", "翻訳料", "研修費", "サーバー利用料"],
    periods: ["1月分", "2月分", "3月分", "第2期", "第3期"],
    notes: ["お振込手数料はご負担ください。", "毎度ありがとうございます。"],
  },
];
