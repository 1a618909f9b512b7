// Set summaries: the exact wording in each language for an empty set, one client's invoices with
// and without overdue ones, singulars, and a set in several currencies (never added up).
import { describe, expect, test } from "bun:test";
import { summarizeSet, type CurrencyFigures, type SetFigures } from "../../../render/summary/set.ts";

type Language = "en" | "de" | "fr" | "es" | "it" | "nl" | "pt" | "ja";

const LOCALES: Record<Language, string> = { en: "en-US", de: "de-DE", fr: "fr-FR", es: "es-ES", it: "it-IT", nl: "nl-NL", pt: "pt-PT", ja: "ja-JP" };

function currency(figures: Partial<CurrencyFigures> & Pick<CurrencyFigures, "currency" | "count">): CurrencyFigures {
  return { total: 0, amount_due: 0, overdue_count: 0, overdue_amount: 0, oldest_overdue_days: null, ...figures };
}

const SETS = {
  "nothing matches one client": { count: 0, client: "Globex", by_status: {}, currencies: [] },
  "one client, some overdue, statuses named": {
    count: 7,
    client: "Globex",
    by_status: { draft: 2, sent: 2, overdue: 2, paid: 1 },
    currencies: [currency({ currency: "EUR", count: 7, total: 980_000, amount_due: 612_000, overdue_count: 2, overdue_amount: 421_000, oldest_overdue_days: 45 })],
  },
  "nothing overdue": {
    count: 4,
    client: null,
    by_status: { draft: 1, sent: 3 },
    currencies: [currency({ currency: "EUR", count: 4, total: 450_000, amount_due: 300_000 })],
  },
  "one overdue by one day": {
    count: 3,
    client: "Globex",
    by_status: { sent: 2, overdue: 1 },
    currencies: [currency({ currency: "EUR", count: 3, total: 300_000, amount_due: 300_000, overdue_count: 1, overdue_amount: 50_000, oldest_overdue_days: 1 })],
  },
  "all paid": {
    count: 3,
    client: null,
    by_status: { paid: 3 },
    currencies: [currency({ currency: "EUR", count: 3, total: 300_000 })],
  },
  "several currencies": {
    count: 10,
    client: null,
    by_status: { draft: 1, sent: 6, overdue: 3 },
    currencies: [
      currency({ currency: "EUR", count: 7, total: 980_000, amount_due: 612_000, overdue_count: 3, overdue_amount: 421_000, oldest_overdue_days: 45 }),
      currency({ currency: "USD", count: 2, total: 250_000, amount_due: 100_000 }),
      currency({ currency: "JPY", count: 1, total: 50_000 }),
    ],
  },
} satisfies Record<string, SetFigures>;

const EXPECTED: Record<Language, Record<keyof typeof SETS, string>> = {
  en: {
    "nothing matches one client":
      "No invoices to Globex match.",
    "one client, some overdue, statuses named":
      "7 invoices to Globex (2 drafts, 4 open, and 1 paid), 2 overdue for €4,210.00, the oldest 45 days overdue. €6,120.00 is still due.",
    "nothing overdue":
      "4 invoices (1 draft and 3 open). €3,000.00 is still due.",
    "one overdue by one day":
      "3 invoices to Globex, 1 overdue by 1 day for €500.00. €3,000.00 is still due.",
    "all paid":
      "3 invoices (all paid). Nothing is outstanding.",
    "several currencies":
      "10 invoices in 3 currencies (1 draft and 9 open). EUR: 7 invoices, €6,120.00 still due; 3 overdue for €4,210.00, the oldest 45 days overdue. USD: 2 invoices, $1,000.00 still due. JPY: 1 invoice, nothing outstanding.",
  },
  de: {
    "nothing matches one client":
      "Es gibt keine passenden Rechnungen an Globex.",
    "one client, some overdue, statuses named":
      "7 Rechnungen an Globex (2 Entwürfe, 4 offen und 1 bezahlt), davon 2 überfällig mit insgesamt 4.210,00\u00a0€, die älteste seit 45 Tagen. Der offene Betrag beläuft sich auf 6.120,00\u00a0€.",
    "nothing overdue":
      "4 Rechnungen (1 Entwurf und 3 offen). Der offene Betrag beläuft sich auf 3.000,00\u00a0€.",
    "one overdue by one day":
      "3 Rechnungen an Globex, davon 1 seit 1 Tag überfällig mit 500,00\u00a0€. Der offene Betrag beläuft sich auf 3.000,00\u00a0€.",
    "all paid":
      "3 Rechnungen (alle bezahlt). Es ist nichts mehr offen.",
    "several currencies":
      "10 Rechnungen in 3 Währungen (1 Entwurf und 9 offen). EUR: 7 Rechnungen, noch 6.120,00\u00a0€ offen; 3 überfällig mit insgesamt 4.210,00\u00a0€, die älteste seit 45 Tagen. USD: 2 Rechnungen, noch 1.000,00\u00a0$ offen. JPY: 1 Rechnung, nichts mehr offen.",
  },
  fr: {
    "nothing matches one client":
      "Aucune facture adressée à Globex ne correspond.",
    "one client, some overdue, statuses named":
      "7 factures adressées à Globex (2 brouillons, 4 en cours et 1 payée), dont 2 en retard pour un total de 4\u202f210,00\u00a0€, la plus ancienne depuis 45 jours. Il reste 6\u202f120,00\u00a0€ à encaisser.",
    "nothing overdue":
      "4 factures (1 brouillon et 3 en cours). Il reste 3\u202f000,00\u00a0€ à encaisser.",
    "one overdue by one day":
      "3 factures adressées à Globex, dont 1 en retard pour 500,00\u00a0€, depuis 1 jour. Il reste 3\u202f000,00\u00a0€ à encaisser.",
    "all paid":
      "3 factures (toutes payées). Plus rien n'est dû.",
    "several currencies":
      "10 factures en 3 devises (1 brouillon et 9 en cours). EUR\u202f: 7 factures, 6\u202f120,00\u00a0€ à encaisser\u202f; 3 en retard pour un total de 4\u202f210,00\u00a0€, la plus ancienne depuis 45 jours. USD\u202f: 2 factures, 1\u202f000,00\u00a0$US à encaisser. JPY\u202f: 1 facture, rien à encaisser.",
  },
  es: {
    "nothing matches one client":
      "No hay facturas a nombre de Globex que coincidan.",
    "one client, some overdue, statuses named":
      "7 facturas a nombre de Globex (2 borradores, 4 abiertas y 1 pagada), de las cuales 2 están vencidas por un total de 4210,00\u00a0€, la más antigua con 45 días de retraso. El saldo pendiente de cobro es de 6120,00\u00a0€.",
    "nothing overdue":
      "4 facturas (1 borrador y 3 abiertas). El saldo pendiente de cobro es de 3000,00\u00a0€.",
    "one overdue by one day":
      "3 facturas a nombre de Globex, de las cuales 1 está vencida por 500,00\u00a0€, con 1 día de retraso. El saldo pendiente de cobro es de 3000,00\u00a0€.",
    "all paid":
      "3 facturas (todas pagadas). No queda nada pendiente de cobro.",
    "several currencies":
      "10 facturas en 3 monedas (1 borrador y 9 abiertas). EUR: 7 facturas, saldo pendiente de 6120,00\u00a0€; 3 vencidas por un total de 4210,00\u00a0€, la más antigua con 45 días de retraso. USD: 2 facturas, saldo pendiente de 1000,00\u00a0US$. JPY: 1 factura, sin saldo pendiente.",
  },
  it: {
    "nothing matches one client":
      "Nessuna fattura intestata a Globex corrisponde ai criteri.",
    "one client, some overdue, statuses named":
      "7 fatture intestate a Globex (2 bozze, 4 aperte e 1 pagata), di cui 2 scadute per un totale di 4210,00\u00a0€, la più datata in ritardo di 45 giorni. Resta da incassare un importo di 6120,00\u00a0€.",
    "nothing overdue":
      "4 fatture (1 bozza e 3 aperte). Resta da incassare un importo di 3000,00\u00a0€.",
    "one overdue by one day":
      "3 fatture intestate a Globex, di cui 1 scaduta per 500,00\u00a0€, in ritardo di 1 giorno. Resta da incassare un importo di 3000,00\u00a0€.",
    "all paid":
      "3 fatture (tutte pagate). Non resta nulla da incassare.",
    "several currencies":
      "10 fatture in 3 valute (1 bozza e 9 aperte). EUR: 7 fatture, 6120,00\u00a0€ da incassare; 3 scadute per un totale di 4210,00\u00a0€, la più datata in ritardo di 45 giorni. USD: 2 fatture, 1000,00\u00a0USD da incassare. JPY: 1 fattura, nulla da incassare.",
  },
  nl: {
    "nothing matches one client":
      "Er zijn geen facturen aan Globex die aan de criteria voldoen.",
    "one client, some overdue, statuses named":
      "7 facturen aan Globex (2 concepten, 4 openstaand en 1 betaald), waarvan 2 vervallen voor een totaal van €\u00a04.210,00, de oudste 45 dagen te laat. Er staat nog €\u00a06.120,00 open.",
    "nothing overdue":
      "4 facturen (1 concept en 3 openstaand). Er staat nog €\u00a03.000,00 open.",
    "one overdue by one day":
      "3 facturen aan Globex, waarvan 1 vervallen voor €\u00a0500,00, 1 dag te laat. Er staat nog €\u00a03.000,00 open.",
    "all paid":
      "3 facturen (allemaal betaald). Er staat niets meer open.",
    "several currencies":
      "10 facturen in 3 valuta's (1 concept en 9 openstaand). EUR: 7 facturen, nog €\u00a06.120,00 open; 3 vervallen voor een totaal van €\u00a04.210,00, de oudste 45 dagen te laat. USD: 2 facturen, nog US$\u00a01.000,00 open. JPY: 1 factuur, niets meer open.",
  },
  pt: {
    "nothing matches one client":
      "Nenhuma fatura do cliente Globex corresponde aos critérios.",
    "one client, some overdue, statuses named":
      "7 faturas do cliente Globex (2 rascunhos, 4 em aberto e 1 paga), das quais 2 em atraso no valor total de 4210,00\u00a0€, a mais antiga há 45 dias. Falta receber 6120,00\u00a0€.",
    "nothing overdue":
      "4 faturas (1 rascunho e 3 em aberto). Falta receber 3000,00\u00a0€.",
    "one overdue by one day":
      "3 faturas do cliente Globex, das quais 1 em atraso no valor de 500,00\u00a0€, há 1 dia. Falta receber 3000,00\u00a0€.",
    "all paid":
      "3 faturas (todas pagas). Não há nada por receber.",
    "several currencies":
      "10 faturas em 3 moedas (1 rascunho e 9 em aberto). EUR: 7 faturas, 6120,00\u00a0€ por receber; 3 em atraso no valor total de 4210,00\u00a0€, a mais antiga há 45 dias. USD: 2 faturas, 1000,00\u00a0US$ por receber. JPY: 1 fatura, nada por receber.",
  },
  ja: {
    "nothing matches one client":
      "Globex宛ての該当する請求書はありません。",
    "one client, some overdue, statuses named":
      "Globex宛ての請求書は7件（下書き2件、未入金4件、入金済み1件）です。うち2件（計€4,210.00）が支払期日を過ぎており、最も古いものは45日超過しています。未回収額は€6,120.00です。",
    "nothing overdue":
      "請求書は4件（下書き1件、未入金3件）です。未回収額は€3,000.00です。",
    "one overdue by one day":
      "Globex宛ての請求書は3件です。うち1件（€500.00）が支払期日を1日過ぎています。未回収額は€3,000.00です。",
    "all paid":
      "請求書は3件（すべて入金済み）です。未回収額はありません。",
    "several currencies":
      "請求書は10件（下書き1件、未入金9件）で、3通貨にわたります。EUR建ては7件で、未回収額は€6,120.00です。うち3件（計€4,210.00）が支払期日を過ぎており、最も古いものは45日超過しています。USD建ては2件で、未回収額は$1,000.00です。JPY建ては1件で、未回収額はありません。",
  },
};

describe("every language, every set", () => {
  for (const [language, expected] of Object.entries(EXPECTED) as Array<[Language, Record<keyof typeof SETS, string>]>) {
    for (const [name, figures] of Object.entries(SETS) as Array<[keyof typeof SETS, SetFigures]>) {
      test(`${language}: ${name}`, () => {
        expect(summarizeSet(figures, { language, locale: LOCALES[language] })).toEqual({ text: expected[name], language });
      });
    }
  }
});

describe("set summaries", () => {
  const globex: SetFigures = {
    count: 7,
    client: "Globex",
    by_status: { sent: 4, overdue: 3 },
    currencies: [currency({ currency: "EUR", count: 7, total: 980_000, amount_due: 612_000, overdue_count: 3, overdue_amount: 421_000, oldest_overdue_days: 45 })],
  };

  test("only open invoices: the amounts tell their story, no statuses named", () => {
    expect(summarizeSet(globex, { language: "en", locale: "en-US" }).text).toBe(
      "7 invoices to Globex, 3 overdue for €4,210.00, the oldest 45 days overdue. €6,120.00 is still due.",
    );
  });

  test("an empty set without a client filter", () => {
    const empty: SetFigures = { count: 0, client: null, by_status: {}, currencies: [] };
    expect(summarizeSet(empty, { language: "en", locale: "en-US" }).text).toBe("No invoices match.");
    expect(summarizeSet(empty, { language: "ja", locale: "ja-JP" }).text).toBe("該当する請求書はありません。");
  });

  test("a single invoice in one status is named without 'all'", () => {
    const one: SetFigures = { count: 1, client: "Globex Ltd.", by_status: { draft: 1 }, currencies: [currency({ currency: "GBP", count: 1, total: 12_000, amount_due: 12_000 })] };
    expect(summarizeSet(one, { language: "en", locale: "en-GB" }).text).toBe("1 invoice to Globex Ltd. (draft). £120.00 is still due.");
  });

  test("an unknown language falls back to English; a locale of another language gives way to the language's own", () => {
    expect(summarizeSet(globex, { language: "sv", locale: "sv-SE" })).toEqual({
      text: "7 invoices to Globex, 3 overdue for €4,210.00, the oldest 45 days overdue. €6,120.00 is still due.",
      language: "en",
    });
    expect(summarizeSet(globex, { language: "de", locale: "en-US" }).text).toBe(
      "7 Rechnungen an Globex, davon 3 überfällig mit insgesamt 4.210,00\u00a0€, die älteste seit 45 Tagen. Der offene Betrag beläuft sich auf 6.120,00\u00a0€.",
    );
    expect(summarizeSet(globex, { language: "de-AT", locale: "de-AT" }).text).toBe(
      "7 Rechnungen an Globex, davon 3 überfällig mit insgesamt €\u00a04.210,00, die älteste seit 45 Tagen. Der offene Betrag beläuft sich auf €\u00a06.120,00.",
    );
  });
});
