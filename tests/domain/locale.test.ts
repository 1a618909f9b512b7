// The one rule for a new invoice's locale: request, client, document, account, then en-US.
import { describe, expect, test } from "bun:test";
import { describeLocaleChoice, FALLBACK_LOCALE, localeFor, localeOfRegion } from "../../server/domain/locale.ts";
import { newInvoice, newInvoiceLocale } from "../../server/domain/invoice.ts";
import { emptyProfile } from "../../server/domain/profile.ts";

const everything = { requested: "fr-CA", client: "it-IT", language: "nl", regions: ["DE"], account: "en-GB" } as const;

describe("localeFor: the chain's order", () => {
  test("each source wins over every later one", () => {
    expect(localeFor(everything)).toEqual({ locale: "fr-CA", source: "request" });
    expect(localeFor({ ...everything, requested: undefined })).toEqual({ locale: "it-IT", source: "client" });
    expect(localeFor({ ...everything, requested: null, client: null })).toEqual({ locale: "nl-DE", source: "document" });
    expect(localeFor({ ...everything, requested: null, client: null, language: null })).toEqual({ locale: "de-DE", source: "document" });
    expect(localeFor({ account: "en-GB" })).toEqual({ locale: "en-GB", source: "account" });
    expect(localeFor({})).toEqual({ locale: FALLBACK_LOCALE, source: "default" });
    expect(FALLBACK_LOCALE).toBe("en-US");
  });

  test("the document's language comes before its regions, and the first region before the next", () => {
    expect(localeFor({ language: "fr-BE", regions: ["DE"] })).toEqual({ locale: "fr-BE", source: "document" });
    expect(localeFor({ language: "de", regions: ["AT"] })).toEqual({ locale: "de-AT", source: "document" });
    expect(localeFor({ language: "de" })).toEqual({ locale: "de-DE", source: "document" });
    expect(localeFor({ regions: ["GB", "DE"] })).toEqual({ locale: "en-GB", source: "document" });
    expect(localeFor({ regions: [undefined, null, "FR"] })).toEqual({ locale: "fr-FR", source: "document" });
  });

  test("tags are spelt as Intl spells them; what is no tag or no region is passed over", () => {
    expect(localeFor({ requested: "de-de" })).toEqual({ locale: "de-DE", source: "request" });
    expect(localeFor({ requested: "not a tag", client: "??", language: "!!", regions: ["XX", "Q1"], account: "ja-JP" })).toEqual({ locale: "ja-JP", source: "account" });
    expect(localeFor({ requested: "", account: "" })).toEqual({ locale: "en-US", source: "default" });
  });
});

describe("localeOfRegion", () => {
  test.each([
    ["DE", "de-DE"],
    ["de", "de-DE"],
    ["CH", "de-CH"],
    ["FR", "fr-FR"],
    ["US", "en-US"],
    ["JP", "ja-JP"],
    ["CA", "en-CA"],
    ["CA-ON", "en-CA"],
    ["CA-QC", "fr-CA"],
    ["EL", "el-GR"],
    ["IN", "en-IN"],
  ])("%s → %s", (region, locale) => {
    expect(localeOfRegion(region)).toBe(locale);
  });

  test.each(["XX", "ZZ", "D", "DEU", "12", ""])("%p is no region", (region) => {
    expect(localeOfRegion(region)).toBeUndefined();
  });
});

describe("describeLocaleChoice", () => {
  test("names the locale and where it came from", () => {
    expect(describeLocaleChoice({ locale: "de-DE", source: "document" })).toContain("de-DE");
    expect(describeLocaleChoice({ locale: "de-DE", source: "document" })).toContain("from the document");
    expect(describeLocaleChoice({ locale: "en-US", source: "default" })).toContain("account's default locale");
  });
});

describe("newInvoice takes its locale from the chain", () => {
  const base = { from_name: "Acme GmbH", bill_to_name: "Globex", currency: "EUR", issue_date: "2026-11-21", items: [{ description: "Work", rate: 100 }] };
  const now = new Date("2026-11-21T10:00:00Z");
  const client = { id: "cli_1", name: "Globex", email: null, address: null, tax_id: null, currency: null, locale: "it-IT" };

  test("an account with no profile and nothing else: en-US, not a refusal", () => {
    expect(newInvoice({ id: "inv_1", input: base, profile: emptyProfile(), resolved: {}, now }).locale).toBe("en-US");
  });

  test("the input's, the client's, the document's, the seller country's, the account's", () => {
    const profile = { ...emptyProfile(), locale: "en-GB" };
    const make = (params: Partial<Parameters<typeof newInvoice>[0]>): string => newInvoice({ id: "inv_1", input: base, profile, resolved: {}, now, ...params }).locale;
    expect(make({ input: { ...base, locale: "es-ES" }, resolved: { client } })).toBe("es-ES");
    expect(make({ resolved: { client }, document: { regions: ["DE"] } })).toBe("it-IT");
    expect(make({ input: { ...base, from_address: { country: "FR" } }, document: { regions: ["DE"] } })).toBe("de-DE");
    expect(make({ input: { ...base, from_address: { country: "FR" } } })).toBe("fr-FR");
    expect(make({})).toBe("en-GB");
    expect(newInvoiceLocale({ input: base, profile, resolved: {} })).toEqual({ locale: "en-GB", source: "account" });
  });
});
