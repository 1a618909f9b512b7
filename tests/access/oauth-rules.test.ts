// The authorization server's pure rules, directly.
import { describe, expect, test } from "bun:test";
import { languageOf } from "../../server/http/oauth/consent-phrases/index.ts";
import { DEFAULT_AGENT_SCOPES, grantedScopes, isS256Challenge, parseScopes, redirectHostsOf, redirectUriProblem, resourceOf, scopeChoices, verifierMatches } from "../../server/domain/oauth.ts";
import { scopesForRole } from "../../server/domain/access.ts";

describe("redirect URIs", () => {
  test("https anywhere, http only on loopback, never a fragment or credentials", () => {
    for (const ok of ["https://a.example/cb", "https://a.example:8443/cb?x=1", "http://127.0.0.1/cb", "http://localhost:9/cb", "http://[::1]:7/cb"]) expect(redirectUriProblem(ok)).toBeNull();
    for (const bad of ["http://a.example/cb", "https://a.example/cb#x", "https://a.example/cb#", "ftp://a.example", "app://cb", "https://u:p@a.example/", "/relative", "http://127.0.0.2/cb"]) {
      expect(redirectUriProblem(bad)).toBeString();
    }
  });

  test("the hosts a person is shown", () => {
    expect(redirectHostsOf(["https://a.example/1", "https://a.example/2", "http://127.0.0.1:9/cb"])).toBe("a.example, 127.0.0.1:9");
  });
});

describe("PKCE S256 (RFC 7636 appendix B)", () => {
  const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
  const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

  test("the RFC's example pair matches; anything else does not", async () => {
    expect(isS256Challenge(challenge)).toBe(true);
    expect(await verifierMatches(verifier, challenge)).toBe(true);
    expect(await verifierMatches(`${verifier}x`, challenge)).toBe(false);
    expect(await verifierMatches(challenge, challenge)).toBe(false);
  });

  test("malformed verifiers and challenges", async () => {
    expect(await verifierMatches("short", challenge)).toBe(false);
    expect(await verifierMatches("x".repeat(129), challenge)).toBe(false);
    expect(isS256Challenge(verifier.slice(1))).toBe(false);
    expect(isS256Challenge(`${challenge.slice(1)}=`)).toBe(false);
  });
});

describe("scopes", () => {
  test("parsed from a space-separated parameter, in our order, unknown words named", () => {
    expect(parseScopes("invoices:write  invoices:read invoices:read")).toEqual({ scopes: ["invoices:read", "invoices:write"], unknown: [] });
    expect(parseScopes("invoices:read offline_access")).toEqual({ scopes: ["invoices:read"], unknown: ["offline_access"] });
    expect(parseScopes("")).toEqual({ scopes: [], unknown: [] });
  });

  test("an agent's default is everything but approving and administering", () => {
    expect(DEFAULT_AGENT_SCOPES).not.toContain("invoices:approve");
    expect(DEFAULT_AGENT_SCOPES).not.toContain("account:admin");
    expect(DEFAULT_AGENT_SCOPES).toContain("invoices:write");
  });

  test("the consent's boxes: approval never ticked by default, beyond the role disabled", () => {
    const requested = ["invoices:read", "invoices:approve", "account:admin"] as const;
    expect(scopeChoices([...requested], scopesForRole("owner", false))).toEqual([
      { scope: "invoices:read", checked: true, disabled: false },
      { scope: "invoices:approve", checked: false, disabled: false },
      { scope: "account:admin", checked: true, disabled: false },
    ]);
    expect(scopeChoices([...requested], scopesForRole("member", false)).map((choice) => [choice.scope, choice.checked, choice.disabled])).toEqual([
      ["invoices:read", true, false],
      ["invoices:approve", false, true],
      ["account:admin", false, true],
    ]);
  });

  test("what a consent grants: ticked, requested and within the role", () => {
    const member = scopesForRole("member", true);
    expect(grantedScopes(["invoices:read", "invoices:approve"], member, ["invoices:approve", "invoices:read", "entities:write"])).toEqual(["invoices:read", "invoices:approve"]);
    expect(grantedScopes(["invoices:read", "account:admin"], member, ["invoices:read", "account:admin"])).toEqual(["invoices:read"]);
    expect(grantedScopes(["invoices:read"], member, [])).toEqual([]);
  });
});

describe("resources (RFC 8707)", () => {
  const base = "https://invoices.example";
  test("the API when none is named; the API or its MCP endpoint; nothing else", () => {
    expect(resourceOf(null, base)).toBe(base);
    expect(resourceOf("", base)).toBe(base);
    expect(resourceOf(`${base}/`, base)).toBe(base);
    expect(resourceOf(`${base}/api/mcp`, base)).toBe(`${base}/api/mcp`);
    expect(resourceOf("https://other.example", base)).toBeNull();
    expect(resourceOf(`${base}/api/invoices`, base)).toBeNull();
  });
});

describe("the consent page's language", () => {
  test("the most wanted one it speaks, by q-value", () => {
    expect(languageOf(null)).toBe("en");
    expect(languageOf("de-CH")).toBe("de");
    expect(languageOf("sv, fr;q=0.8, de;q=0.9")).toBe("de");
    expect(languageOf("ja;q=0, it;q=0.1")).toBe("it");
    expect(languageOf("zh-CN")).toBe("en");
  });
});
