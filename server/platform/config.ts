// Configuration comes from the environment only; every variable and its default is in README.
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { canonicalAddress, refusedAddressReason } from "../domain/network.ts";
import { TIER_NAMES, DEFAULT_TIER_LIMITS, DEFAULT_PAID_CALLS_PER_MONTH, DEFAULT_STORAGE_QUOTAS, type StorageQuota, type TierLimits, type TierName } from "../domain/tiers.ts";
import { FALLBACK_LOCALE, supportedLocale } from "../domain/locale.ts";
import { DEFAULT_OCR_LANGUAGES, SHIPPED_OCR_LANGUAGES, type OcrLanguage } from "../domain/ocr-languages.ts";
import { X402_NETWORKS, type X402Network, type X402Settings } from "../domain/x402.ts";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export type Config = {
  port: number;
  host: string;
  /** WEB_CONCURRENCY: service processes sharing the port (reusePort, Linux); one per CPU available by default (ADR 0043). */
  processes: number;
  dataDir: string;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  /** BLOB_URL (s3://bucket/prefix) and its S3 settings; null: blobs under DATA_DIR/blobs. */
  blobs: S3Settings | null;
  /** RATE_LIMIT_STORE: `memory` (one process's, or WEB_CONCURRENCY's supervisor's; ADR 0043) or `database` (shared by every process; ADR 0029). */
  rateLimitStore: RateLimitStore;
  /** TRUST_PROXY: how the client address is taken from X-Forwarded-For behind known proxies; null: the peer's address. */
  trustProxy: TrustedProxies | null;
  /** Signs download links and the like; generated once into DATA_DIR when unset. */
  secretKey: string | undefined;
  publicUrl: string;
  corsOrigins: string[];
  /** WEBMCP_ORIGINS: origins besides the page's own whose frames and windows may call the pages' browser tools. */
  webMcpOrigins: string[];
  logLevel: LogLevel;
  tierLimits: Record<TierName, TierLimits | null>;
  /** Paid operations a credential's account may run per calendar month, by tier (null: no limit); beyond, calls are paid per call. */
  paidCallsPerMonth: Record<TierName, number | null>;
  /** What each tier may keep stored (null: no limit); STORAGE_QUOTA_<TIER> overrides some of a tier's (ADR 0037). */
  storageQuotas: Record<TierName, StorageQuota | null>;
  /** x402 payments for callers without a credential (README "Payments"). */
  x402: X402Settings;
  /** How long a resolved API key is trusted before it is looked up again (revocation delay). */
  keyCacheMs: number;
  /** OCR_WORKERS: Tesseract workers, started on the first OCR call and kept; by default one fewer than the CPUs shared among the processes, at least 1, at most 2. */
  ocrWorkers: number;
  /** DEFAULT_LOCALE: the default locale a new account's profile starts with (en-US); the account settings change it. */
  defaultLocale: string;
  /** OCR_LANGUAGES: the trained languages OCR reads with, e.g. eng+deu+fra (the default); each one more costs time on every page. */
  ocrLanguages: OcrLanguage[];
  /** Render worker threads; by default one fewer than the CPUs shared among the processes, at least 1, at most 4. */
  renderWorkers: number | undefined;
  /** SMTP_URL (smtp:// or smtps://, auth in the URL) without its query; unset: mail is written to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | undefined;
  /** False only with SMTP_URL's `?tls.rejectUnauthorized=false`: a development sink's self-signed certificate is accepted unchecked (ADR 0017). */
  smtpVerifyCertificates: boolean;
  /** The From address of mail the service sends (MAIL_FROM). */
  mailFrom: string;
  webhooks: {
    /** WEBHOOK_ALLOW_HTTP=true: plain-http endpoint URLs, for development. */
    allowHttp: boolean;
    /** WEBHOOK_ALLOW_PRIVATE_NETWORKS=true: deliveries to private and loopback addresses; for tests only. */
    allowPrivateNetworks: boolean;
  };
  /**
   * OUTBOUND_ALLOW_ADDRESSES: a comma list of single IP addresses (127.0.0.1) that brand extraction
   * may reach although the SSRF guard refuses their range; for tests only. Each opens that one
   * address: a redirect into 10.0.0.1, 169.254.169.254 or ::1 is still refused.
   */
  outboundAllowAddresses: string[];
  /** BRAND_FETCH_TIMEOUT_MS: the time one brand extraction may spend fetching (page, stylesheets, manifest, logo); 10 s by default. */
  brandFetchTimeoutMs: number;
  /** AI_BASE_URL, AI_API_KEY, AI_MODEL: an OpenAI-compatible provider for document extraction; null: the built-in rules only. */
  ai: AiProviderConfig | null;
  /** EVENTS=off skips writing events; it exists to measure what events cost a write (bench:automation). */
  eventsEnabled: boolean;
  /**
   * JOB_LEASE_MARGIN_MS: how long a scheduler job's lease outlives its period, so a long run keeps
   * it; the time a killed process's jobs wait before another process takes them (5 min by default).
   */
  jobLeaseMarginMs: number;
  /** SHUTDOWN_GRACE_MS: how long a stop (SIGTERM) lets requests and background work finish before it stops them (10 s by default). */
  shutdownGraceMs: number;
  signIn: SignInConfig;
};

export type RateLimitStore = "memory" | "database";

/**
 * S3-compatible storage (AWS S3, R2, MinIO): the bucket and key prefix from BLOB_URL, the endpoint
 * (S3_ENDPOINT; AWS's own when unset), S3_REGION (else AWS_REGION, else us-east-1), path-style
 * addressing (S3_FORCE_PATH_STYLE, for MinIO-like servers) and the access key pair (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY; unset: the SDK's own chain, e.g. an instance role).
 */
export type S3Settings = {
  bucket: string;
  prefix: string;
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
};

/**
 * Which peers are proxies whose X-Forwarded-For is believed: the nearest `hops` of them (TRUST_PROXY=1
 * behind one load balancer), or those at the listed addresses (TRUST_PROXY=10.0.0.5,10.0.0.6).
 */
export type TrustedProxies = { hops: number } | { addresses: string[] };

/** An OpenAI-compatible chat completions API (`{baseUrl}/chat/completions`) and the model to ask. */
export type AiProviderConfig = { baseUrl: string; apiKey: string | null; model: string };

/** SIGN_UP: `invite` admits only people who already are users (or hold an invite); `open` lets anyone make an account. */
export type SignUpPolicy = "invite" | "open";

/** Sign-in providers, each present only when its variables are set (README "Signing in"). */
export type SignInConfig = {
  signUp: SignUpPolicy;
  github: { clientId: string; clientSecret: string; url: string; apiUrl: string } | null;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  oidc: { clientId: string; clientSecret: string; issuer: string; name: string } | null;
};

type Env = Record<string, string | undefined>;

function parseLimits(value: string, name: string): TierLimits {
  const parts = value.split(",").map((part) => Number(part.trim()));
  const [burst, hourly, daily] = parts;
  if (parts.length !== 3 || parts.some((part) => !Number.isInteger(part) || part < 1) || burst === undefined || hourly === undefined || daily === undefined) {
    throw new Error(`${name} must be three positive integers "burst,hourly,daily", e.g. 30,300,1000`);
  }
  return { burst, hourly, daily };
}

function parseFlag(env: Env, name: string): boolean {
  const value = env[name];
  if (value === undefined || value === "" || value === "false" || value === "0") return false;
  if (value === "true" || value === "1") return true;
  throw new Error(`${name} must be true or false, got ${value}`);
}

/** The one query option SMTP_URL takes, in nodemailer's spelling; any other is refused rather than passed on unread. */
const SMTP_UNVERIFIED_TLS = "tls.rejectUnauthorized";

function parseSmtp(value: string | undefined): Pick<Config, "smtpUrl" | "smtpVerifyCertificates"> {
  if (!value) return { smtpUrl: undefined, smtpVerifyCertificates: true };
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== "smtp:" && url?.protocol !== "smtps:") throw new Error(`SMTP_URL must be an smtp:// or smtps:// URL, got ${value}`);
  const unknown = [...url.searchParams.keys()].filter((name) => name !== SMTP_UNVERIFIED_TLS);
  if (unknown.length > 0) throw new Error(`SMTP_URL takes one query option, ${SMTP_UNVERIFIED_TLS}=false (a development sink with a self-signed certificate), got ${unknown.join(", ")}`);
  const rejectUnauthorized = url.searchParams.get(SMTP_UNVERIFIED_TLS) ?? "true";
  if (rejectUnauthorized !== "true" && rejectUnauthorized !== "false") throw new Error(`SMTP_URL's ${SMTP_UNVERIFIED_TLS} must be true or false, got ${rejectUnauthorized}`);
  url.search = "";
  return { smtpUrl: url.href, smtpVerifyCertificates: rejectUnauthorized === "true" };
}

/** The most service processes WEB_CONCURRENCY may start: a typo of 1000 must not fork a thousand. */
export const MOST_PROCESSES = 64;

/** WEB_CONCURRENCY: 1–64 processes; one per CPU available (at most 64) by default. */
function parseProcesses(value: string | undefined): number {
  const processes = parsePositiveInt(value, "WEB_CONCURRENCY", Math.min(MOST_PROCESSES, availableParallelism()));
  if (processes > MOST_PROCESSES) throw new Error(`WEB_CONCURRENCY must be an integer 1-${MOST_PROCESSES}, got ${value}`);
  return processes;
}

function parseRenderWorkers(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const workers = Number(value);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) throw new Error(`RENDER_WORKERS must be an integer 1-64, got ${value}`);
  return workers;
}

/** A provider's settings when both its client id and secret are set; one without the other is a mistake worth stopping for. */
function providerCredentials(env: Env, prefix: string): { clientId: string; clientSecret: string } | null {
  const clientId = env[`${prefix}_CLIENT_ID`];
  const clientSecret = env[`${prefix}_CLIENT_SECRET`];
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) throw new Error(`Set both ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET, or neither`);
  return { clientId, clientSecret };
}

function parseSignIn(env: Env): SignInConfig {
  const signUp = env.SIGN_UP || "invite";
  if (signUp !== "invite" && signUp !== "open") throw new Error(`SIGN_UP must be invite or open, got ${signUp}`);
  const github = providerCredentials(env, "GITHUB");
  const google = providerCredentials(env, "GOOGLE");
  const oidc = providerCredentials(env, "OIDC");
  if (oidc && !env.OIDC_ISSUER) throw new Error("OIDC_ISSUER is required with OIDC_CLIENT_ID");
  const trimmed = (value: string): string => value.replace(/\/$/, "");
  // Issuers stay as given: an ID token's `iss` must equal them exactly, trailing slash and all.
  return {
    signUp,
    github: github && { ...github, url: trimmed(env.GITHUB_URL || "https://github.com"), apiUrl: trimmed(env.GITHUB_API_URL || "https://api.github.com") },
    google: google && { ...google, issuer: env.GOOGLE_ISSUER || "https://accounts.google.com" },
    oidc: oidc && { ...oidc, issuer: env.OIDC_ISSUER as string, name: env.OIDC_NAME || "OpenID Connect" },
  };
}

/** A comma-separated list of exact http(s) origins (`https://agent.example`); anything else is a mistake worth stopping for. */
function parseOrigins(value: string | undefined, name: string): string[] {
  const origins = (value ?? "").split(",").map((origin) => origin.trim().replace(/\/$/, "")).filter(Boolean);
  for (const origin of origins) {
    const parsed = URL.canParse(origin) ? new URL(origin) : null;
    if (!parsed || !["http:", "https:"].includes(parsed.protocol) || parsed.origin !== origin) throw new Error(`${name} takes origins like https://agent.example, got ${origin}`);
  }
  return origins;
}

/** X402_PAY_TO (an EVM address), X402_NETWORK (Base or Base Sepolia), X402_FACILITATOR_URL. */
function parseX402(env: Env): X402Settings {
  const payTo = env.X402_PAY_TO || null;
  if (payTo !== null && !/^0x[0-9a-fA-F]{40}$/.test(payTo)) throw new Error(`X402_PAY_TO must be an EVM address (0x and 40 hex digits), got ${payTo}`);
  const network = (env.X402_NETWORK || "eip155:8453") as X402Network;
  if (!X402_NETWORKS.includes(network)) throw new Error(`X402_NETWORK must be one of ${X402_NETWORKS.join(", ")}, got ${network}`);
  const facilitatorUrl = env.X402_FACILITATOR_URL?.replace(/\/$/, "") || null;
  if (facilitatorUrl !== null && !(URL.canParse(facilitatorUrl) && ["http:", "https:"].includes(new URL(facilitatorUrl).protocol))) {
    throw new Error(`X402_FACILITATOR_URL must be an http(s) URL, got ${facilitatorUrl}`);
  }
  return { payTo, network, facilitatorUrl };
}

/** STORAGE_QUOTA_<TIER>'s names, as GET /api/usage shows them. */
const QUOTA_SETTINGS: Record<string, keyof StorageQuota> = {
  file_bytes: "fileBytes",
  exports: "exports",
  export_bytes: "exportBytes",
  file_lifetime_ms: "fileLifetimeMs",
  templates: "templates",
  logo_bytes: "logoBytes",
  imports_kept: "importsKept",
};

/** STORAGE_QUOTA_<TIER>: `name=value` pairs (whole numbers) over the tier's defaults, e.g. `exports=500,export_bytes=1073741824`. */
function parseStorageQuotas(env: Env): Record<TierName, StorageQuota | null> {
  const quotas = { ...DEFAULT_STORAGE_QUOTAS };
  for (const tier of TIER_NAMES) {
    const name = `STORAGE_QUOTA_${tier.toUpperCase()}`;
    const value = env[name];
    const base = quotas[tier];
    if (!value || !base) continue;
    const quota = { ...base };
    for (const pair of value.split(",")) {
      const [setting = "", amount = ""] = pair.split("=").map((part) => part.trim());
      const field = Object.hasOwn(QUOTA_SETTINGS, setting) ? QUOTA_SETTINGS[setting] : undefined;
      if (!field || !/^\d+$/.test(amount)) throw new Error(`${name} must be name=whole-number pairs of ${Object.keys(QUOTA_SETTINGS).join(", ")}, got ${value}`);
      quota[field] = Number(amount);
    }
    quotas[tier] = quota;
  }
  return quotas;
}

/** PAID_CALLS_<TIER>: a whole number of paid operations per month, or "unlimited". */
function parsePaidCalls(env: Env): Record<TierName, number | null> {
  const calls = { ...DEFAULT_PAID_CALLS_PER_MONTH };
  for (const tier of TIER_NAMES) {
    const name = `PAID_CALLS_${tier.toUpperCase()}`;
    const value = env[name];
    if (!value) continue;
    if (value === "unlimited") calls[tier] = null;
    else if (/^\d+$/.test(value)) calls[tier] = Number(value);
    else throw new Error(`${name} must be a whole number or "unlimited", got ${value}`);
  }
  return calls;
}

/** A comma list of IP addresses (IPv6 with or without brackets); a cloud metadata address is never allowed. */
function parseAddresses(value: string | undefined, name: string): string[] {
  const addresses = (value ?? "").split(",").map((address) => address.trim().replace(/^\[|\]$/g, "")).filter(Boolean);
  for (const address of addresses) {
    if (canonicalAddress(address) === null) throw new Error(`${name} takes IP addresses like 127.0.0.1, got ${address}`);
    if (refusedAddressReason(address) === "cloud metadata") throw new Error(`${name} may not open a cloud metadata address (${address})`);
  }
  return addresses;
}

function parsePositiveInt(value: string | undefined, name: string, fallback: number): number {
  if (!value) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return number;
}

/** A supported BCP 47 tag as Intl spells it (de-de → de-DE); unset: en-US. */
function parseLocale(value: string | undefined): string {
  if (!value) return FALLBACK_LOCALE;
  const tag = supportedLocale(value);
  if (tag) return tag;
  throw new Error(`DEFAULT_LOCALE must be a BCP 47 locale such as en-US or de-DE, got ${value}`);
}

/** "eng+deu+fra" (or commas): each a language whose trained data ships with the service. */
function parseOcrLanguages(value: string | undefined): OcrLanguage[] {
  if (!value) return [...DEFAULT_OCR_LANGUAGES];
  const languages = [...new Set(value.split(/[+,]/).map((code) => code.trim()).filter(Boolean))];
  const unknown = languages.filter((code) => !(SHIPPED_OCR_LANGUAGES as readonly string[]).includes(code));
  if (languages.length === 0 || unknown.length > 0) throw new Error(`OCR_LANGUAGES takes ${SHIPPED_OCR_LANGUAGES.join(", ")} joined by +, got ${value}`);
  return languages as OcrLanguage[];
}

/** AI_BASE_URL and AI_MODEL together (AI_API_KEY too, unless the provider takes none, as a local one may), or none. */
function parseAi(env: Env): AiProviderConfig | null {
  const baseUrl = env.AI_BASE_URL?.replace(/\/$/, "") || "";
  const model = env.AI_MODEL || "";
  const apiKey = env.AI_API_KEY || null;
  if (!baseUrl && !model && !apiKey) return null;
  if (!baseUrl || !model) throw new Error("Set AI_BASE_URL and AI_MODEL together (and AI_API_KEY when the provider needs one), or none of them");
  if (!(URL.canParse(baseUrl) && ["http:", "https:"].includes(new URL(baseUrl).protocol))) throw new Error(`AI_BASE_URL must be an http(s) URL, got ${baseUrl}`);
  return { baseUrl, apiKey, model };
}

function parseBlobUrl(env: Env): S3Settings | null {
  const value = env.BLOB_URL;
  if (!value) return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || url.protocol !== "s3:" || !url.hostname) throw new Error(`BLOB_URL must be s3://bucket or s3://bucket/prefix, got ${value}`);
  const endpoint = env.S3_ENDPOINT?.replace(/\/$/, "") || null;
  if (endpoint !== null && !(URL.canParse(endpoint) && ["http:", "https:"].includes(new URL(endpoint).protocol))) throw new Error(`S3_ENDPOINT must be an http(s) URL, got ${endpoint}`);
  const accessKeyId = env.AWS_ACCESS_KEY_ID ?? "";
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY ?? "";
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error("Set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither");
  return {
    bucket: url.hostname,
    prefix: url.pathname.replace(/^\/+|\/+$/g, ""),
    endpoint,
    region: env.S3_REGION || env.AWS_REGION || "us-east-1",
    forcePathStyle: parseFlag(env, "S3_FORCE_PATH_STYLE"),
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
  };
}

/** The service's own origin, the public URL when PUBLIC_URL is unset: its host (IPv6 in brackets) and port. */
export function localOrigin(host: string, port: number): string {
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/** Once listening: PORT=0 took a free port, which a public URL derived from it (PUBLIC_URL unset) must name. */
export function adoptBoundPort(config: Config, port: number): void {
  if (config.port === 0 && config.publicUrl === localOrigin(config.host, 0)) config.publicUrl = localOrigin(config.host, port);
}

/**
 * `memory` or `database`; by default shared through the database when it is a server (several
 * machines are then likely). In memory, WEB_CONCURRENCY's processes count in their supervisor's.
 */
function parseRateLimitStore(env: Env, databaseUrl: string): RateLimitStore {
  const value = env.RATE_LIMIT_STORE || (databaseUrl.startsWith("file:") ? "memory" : "database");
  if (value !== "memory" && value !== "database") throw new Error(`RATE_LIMIT_STORE must be memory or database, got ${value}`);
  return value;
}

function parseTrustProxy(value: string | undefined): TrustedProxies | null {
  if (!value || value === "false" || value === "0") return null;
  if (value === "true") return { hops: 1 };
  if (/^\d+$/.test(value)) return { hops: Number(value) };
  return { addresses: parseAddresses(value, "TRUST_PROXY").map((address) => canonicalAddress(address) as string) };
}

const LOG_LEVELS: LogLevel[] = ["debug", "info", "warn", "error", "silent"];

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? "./data");
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? "127.0.0.1";
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer 0-65535, got ${env.PORT}`);
  const logLevel = (env.LOG_LEVEL ?? "info") as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
  const tierLimits = { ...DEFAULT_TIER_LIMITS };
  for (const tier of TIER_NAMES) {
    const name = `RATE_LIMIT_${tier.toUpperCase()}`;
    const value = env[name];
    if (value && tier !== "unlimited") tierLimits[tier] = parseLimits(value, name);
  }
  const databaseUrl = env.DATABASE_URL ?? `file:${join(dataDir, "invoices.db")}`;
  const processes = parseProcesses(env.WEB_CONCURRENCY);
  return {
    port,
    host,
    processes,
    dataDir,
    databaseUrl,
    databaseAuthToken: env.DATABASE_AUTH_TOKEN || undefined,
    blobs: parseBlobUrl(env),
    rateLimitStore: parseRateLimitStore(env, databaseUrl),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    secretKey: env.SECRET_KEY || undefined,
    publicUrl: (env.PUBLIC_URL ?? localOrigin(host, port)).replace(/\/$/, ""),
    corsOrigins: (env.CORS_ORIGINS ?? "").split(",").map((origin) => origin.trim()).filter(Boolean),
    webMcpOrigins: parseOrigins(env.WEBMCP_ORIGINS, "WEBMCP_ORIGINS"),
    logLevel,
    tierLimits,
    paidCallsPerMonth: parsePaidCalls(env),
    storageQuotas: parseStorageQuotas(env),
    x402: parseX402(env),
    keyCacheMs: Number(env.KEY_CACHE_MS ?? 2000),
    renderWorkers: parseRenderWorkers(env.RENDER_WORKERS),
    defaultLocale: parseLocale(env.DEFAULT_LOCALE),
    ocrLanguages: parseOcrLanguages(env.OCR_LANGUAGES),
    ocrWorkers: parsePositiveInt(env.OCR_WORKERS, "OCR_WORKERS", Math.max(1, Math.min(2, Math.floor((availableParallelism() - 1) / processes)))),
    ...parseSmtp(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || "Invoices <invoices@localhost>",
    webhooks: { allowHttp: parseFlag(env, "WEBHOOK_ALLOW_HTTP"), allowPrivateNetworks: parseFlag(env, "WEBHOOK_ALLOW_PRIVATE_NETWORKS") },
    outboundAllowAddresses: parseAddresses(env.OUTBOUND_ALLOW_ADDRESSES, "OUTBOUND_ALLOW_ADDRESSES"),
    brandFetchTimeoutMs: parsePositiveInt(env.BRAND_FETCH_TIMEOUT_MS, "BRAND_FETCH_TIMEOUT_MS", 10_000),
    ai: parseAi(env),
    eventsEnabled: env.EVENTS !== "off",
    jobLeaseMarginMs: parsePositiveInt(env.JOB_LEASE_MARGIN_MS, "JOB_LEASE_MARGIN_MS", 5 * 60_000),
    shutdownGraceMs: parsePositiveInt(env.SHUTDOWN_GRACE_MS, "SHUTDOWN_GRACE_MS", 10_000),
    signIn: parseSignIn(env),
  };
}
