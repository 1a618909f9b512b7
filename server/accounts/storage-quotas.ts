// Storage quotas (ADR 0037): what an account, or a keyless caller's address, may keep stored at once
// — exported files while their links live, custom templates and their logos, import runs — checked
// before anything is stored, and the usage GET /api/usage shows.
import type { Executor } from "../../db/client.ts";
import { getAccount } from "../../db/queries/accounts.ts";
import { liveFilesOf, type FileOwner } from "../../db/queries/files.ts";
import { countImports } from "../../db/queries/imports.ts";
import { templateLogosOf } from "../../db/queries/templates.ts";
import type { StoredLogo } from "../domain/templates.ts";
import { fileTooLarge, quotaRefusal, type StorageQuota, type TierName } from "../domain/tiers.ts";
import type { Services } from "../services.ts";

/** A tier and what it may keep (null: no limit). */
export type QuotaHolder = { tier: TierName; quota: StorageQuota | null };

/** The account's tier, read where the quota is checked, so a tier change counts at once. */
export async function accountQuota(services: Services, db: Executor, accountId: string): Promise<QuotaHolder> {
  const tier = (await getAccount(db, accountId))?.tier ?? "free";
  return { tier, quota: services.config.storageQuotas[tier] };
}

/** A keyless caller's: the anonymous tier's, counted per address. */
export function anonymousQuota(services: Services): QuotaHolder {
  return { tier: "anonymous", quota: services.config.storageQuotas.anonymous };
}

/**
 * Refuses a file of `size` bytes the owner may not store: 413 when it alone is over the tier's file
 * size, 429 when the owner's live files, or their bytes, would go over (Retry-After: when the first
 * of them expires). `hint` tells what to do instead of a file that large.
 */
export async function assertFileRoom(services: Services, db: Executor, owner: FileOwner, holder: QuotaHolder, size: number, hint: string): Promise<void> {
  const { tier, quota } = holder;
  if (!quota) return;
  if (size > quota.fileBytes) throw fileTooLarge(tier, size, quota.fileBytes, hint);
  const now = services.clock.now();
  const live = await liveFilesOf(db, owner, now.toISOString());
  const retryAfter = live.soonestExpiry ? Math.max(1, Math.ceil((Date.parse(live.soonestExpiry) - now.getTime()) / 1000)) : undefined;
  const remedy = "exported files count until their links expire";
  const refusal =
    quotaRefusal("exports", tier, { used: live.count, adding: 1, limit: quota.exports }, remedy, retryAfter) ??
    quotaRefusal("export_bytes", tier, { used: live.bytes, adding: size, limit: quota.exportBytes }, remedy, retryAfter);
  if (refusal) throw refusal;
}

/** The bytes of distinct logos (one image on two templates is stored once). */
function logoBytes(logos: ReadonlyArray<StoredLogo | null>): number {
  const distinct = new Map(logos.filter((logo) => logo !== null).map((logo) => [logo.sha256, logo.size]));
  return [...distinct.values()].reduce((total, size) => total + size, 0);
}

/**
 * Refuses a template write the account may not keep: a new template beyond the count (`replacing`
 * absent), or a logo that takes the distinct logos' bytes over the quota (`logo` the new one; the
 * replaced template's old logo no longer counts).
 */
export async function assertTemplateRoom(services: Services, db: Executor, accountId: string, change: { replacing?: string; logo: StoredLogo | null }): Promise<void> {
  const { tier, quota } = await accountQuota(services, db, accountId);
  if (!quota) return;
  const templates = await templateLogosOf(db, accountId);
  const others = templates.filter((template) => template.id !== change.replacing).map((template) => template.logo);
  const remedy = "delete a template you no longer use";
  const refusal =
    (change.replacing === undefined ? quotaRefusal("templates", tier, { used: templates.length, adding: 1, limit: quota.templates }, remedy) : null) ??
    (change.logo ? quotaRefusal("logo_bytes", tier, { used: logoBytes(others), adding: logoBytes([...others, change.logo]) - logoBytes(others), limit: quota.logoBytes }, "use a smaller logo, or one your other templates already have") : null);
  if (refusal) throw refusal;
}

type Used = { used: number; limit: number | null };

export type StorageUsage = {
  file_bytes: { limit: number | null };
  exports: Used;
  export_bytes: Used;
  templates: Used;
  logo_bytes: Used;
  imports_kept: Used;
};

/** What the account keeps now against each of its tier's storage quotas. */
export async function storageUsage(services: Services, accountId: string, tier: TierName): Promise<StorageUsage> {
  const db = services.database.db;
  const quota = services.config.storageQuotas[tier];
  const [live, templates, imports] = await Promise.all([liveFilesOf(db, { accountId }, services.clock.now().toISOString()), templateLogosOf(db, accountId), countImports(db, accountId)]);
  return {
    file_bytes: { limit: quota?.fileBytes ?? null },
    exports: { used: live.count, limit: quota?.exports ?? null },
    export_bytes: { used: live.bytes, limit: quota?.exportBytes ?? null },
    templates: { used: templates.length, limit: quota?.templates ?? null },
    logo_bytes: { used: logoBytes(templates.map((template) => template.logo)), limit: quota?.logoBytes ?? null },
    imports_kept: { used: imports, limit: quota?.importsKept ?? null },
  };
}
