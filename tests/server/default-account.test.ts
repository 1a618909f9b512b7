// The first start's account (server/accounts/default-account.ts): printed once with its key, its
// profile starting with DEFAULT_LOCALE (en-US unless set), which the account settings change; a
// DEFAULT_LOCALE that is no locale stops the start.
import { afterEach, describe, expect, test } from "bun:test";
import { ensureDefaultAccount } from "../../server/accounts/default-account.ts";
import { loadConfig } from "../../server/platform/config.ts";
import { api } from "../helpers/http.ts";
import { expectStatus } from "../helpers/invoices.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The first start on the server's empty database: the key it printed. */
async function firstStart(started: TestServer): Promise<string> {
  const lines: string[] = [];
  await ensureDefaultAccount(started.services, (line) => lines.push(line));
  const key = lines.map((line) => /^API key: (\S+)$/.exec(line)?.[1]).find(Boolean);
  if (!key) throw new Error(`no key printed: ${lines.join(" / ")}`);
  return key;
}

describe("the default account's locale", () => {
  test("DEFAULT_LOCALE at first start is its profile's locale (spelt as Intl spells it), and its invoices'", async () => {
    server = await startTestServer({ env: { DEFAULT_LOCALE: "de-de" } });
    const rest = api(server.url, await firstStart(server));
    expect(expectStatus(await rest.get("/api/account"), 200).locale).toBe("de-DE");
    const invoice = expectStatus(await rest.post("/api/invoices", { from_name: "Acme", bill_to_name: "Globex", currency: "EUR", issue_date: "2026-11-21" }), 201);
    expect(invoice.locale).toBe("de-DE");
  });

  test("unset: en-US; the account settings change it; a second start makes no other account", async () => {
    server = await startTestServer();
    const rest = api(server.url, await firstStart(server));
    expect(expectStatus(await rest.get("/api/account"), 200).locale).toBe("en-US");
    expect(expectStatus(await rest.put("/api/account", { locale: "fr-CA" }), 200).locale).toBe("fr-CA");
    expect(expectStatus(await rest.get("/api/account"), 200).locale).toBe("fr-CA");
    const again: string[] = [];
    await ensureDefaultAccount(server.services, (line) => again.push(line));
    expect(again).toEqual([]);
  });

  test("a DEFAULT_LOCALE that is no locale is refused with what it takes", () => {
    expect(loadConfig({}).defaultLocale).toBe("en-US");
    expect(loadConfig({ DEFAULT_LOCALE: "pt-BR" }).defaultLocale).toBe("pt-BR");
    expect(() => loadConfig({ DEFAULT_LOCALE: "not a locale!" })).toThrow("DEFAULT_LOCALE must be a BCP 47 locale such as en-US or de-DE, got not a locale!");
  });
});
