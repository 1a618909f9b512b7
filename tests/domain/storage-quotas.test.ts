// The storage quotas' rule and settings (ADR 0037): a store that lands exactly on a limit passes,
// one unit over is refused with what is used, added and allowed; STORAGE_QUOTA_<TIER> overrides a
// tier's defaults by name and refuses what it cannot read.
import { describe, expect, test } from "bun:test";
import { loadConfig } from "../../server/platform/config.ts";
import { DEFAULT_STORAGE_QUOTAS, fileTooLarge, quotaRefusal } from "../../server/domain/tiers.ts";

describe("quotaRefusal", () => {
  test("up to the limit passes; one over is 429 naming the quota, used, adding and limit", () => {
    expect(quotaRefusal("export_bytes", "free", { used: 90, adding: 10, limit: 100 }, "wait")).toBeNull();
    const refusal = quotaRefusal("export_bytes", "free", { used: 90, adding: 11, limit: 100 }, "wait", 60);
    expect(refusal?.status).toBe(429);
    expect(refusal?.toBody()).toEqual({ error: "The free tier's export_bytes quota is 100, 90 used: wait", code: "QUOTA_EXCEEDED", details: { quota: "export_bytes", tier: "free", used: 90, adding: 11, limit: 100, retry_after: 60 } });
    expect(refusal?.headers).toEqual({ "Retry-After": "60" });
  });

  test("a quota with no way to wait has no Retry-After; a limit of 0 refuses the first", () => {
    const refusal = quotaRefusal("templates", "anonymous", { used: 0, adding: 1, limit: 0 }, "use a key");
    expect(refusal?.details).toEqual({ quota: "templates", tier: "anonymous", used: 0, adding: 1, limit: 0 });
    expect(refusal?.headers).toEqual({});
  });

  test("a file too large is 413 with its size and the limit", () => {
    const refusal = fileTooLarge("pro", 2001, 2000, "");
    expect(refusal.status).toBe(413);
    expect(refusal.toBody()).toEqual({ error: "The file is 2001 bytes; the pro tier stores files up to 2000 bytes", code: "PAYLOAD_TOO_LARGE", details: { quota: "file_bytes", tier: "pro", used: 2001, limit: 2000 } });
  });
});

describe("STORAGE_QUOTA_<TIER>", () => {
  test("overrides the named quotas of one tier and keeps the rest", () => {
    const { storageQuotas } = loadConfig({ STORAGE_QUOTA_FREE: "exports=5, logo_bytes=0" });
    expect(storageQuotas.free).toEqual({ ...DEFAULT_STORAGE_QUOTAS.free!, exports: 5, logoBytes: 0 });
    expect(storageQuotas.pro).toEqual(DEFAULT_STORAGE_QUOTAS.pro);
    expect(storageQuotas.unlimited).toBeNull();
  });

  test("an unknown name, an inherited property's name or a value that is not a whole number is refused", () => {
    for (const value of ["files=3", "constructor=3", "exports=-1", "exports=1.5", "exports"]) {
      expect(() => loadConfig({ STORAGE_QUOTA_PRO: value })).toThrow(`STORAGE_QUOTA_PRO must be name=whole-number pairs of file_bytes, exports, export_bytes, file_lifetime_ms, templates, logo_bytes, imports_kept, got ${value}`);
    }
  });
});
