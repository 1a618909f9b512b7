// Configuration comes from the environment only; every variable and its default is in README.
import { join, resolve } from "node:path";
import { TIER_NAMES, DEFAULT_TIER_LIMITS, type TierLimits, type TierName } from "./domain/tiers.ts";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  /** Signs download links and the like; generated once into DATA_DIR when unset. */
  secretKey: string | undefined;
  publicUrl: string;
  corsOrigins: string[];
  /** WEBMCP_ORIGINS: origins besides the page's own whose frames and windows may call the pages' browser tools. */
  webMcpOrigins: string[];
  logLevel: LogLevel;
  tierLimits: Record<TierName, TierLimits | null>;
  /** How long a resolved API key is trusted before it is looked up again (revocation delay). */
  keyCacheMs: number;
  /** Render worker threads; by default one fewer than the CPUs, at least 1, at most 4. */
  renderWorkers: number | undefined;
  /** SMTP_URL (smtp:// or smtps://, auth in the URL); unset: mail is written to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | undefined;
  /** The From address of mail the service sends (MAIL_FROM). */
  mailFrom: string;
  webhooks: {
    /** WEBHOOK_ALLOW_HTTP=true: plain-http endpoint URLs, for development. */
    allowHttp: boolean;
    /** WEBHOOK_ALLOW_PRIVATE_NETWORKS=true: deliveries to private and loopback addresses; for tests only. */
    allowPrivateNetworks: boolean;
  };
  /** EVENTS=off skips writing events; it exists to measure what events cost a write (bench:automation). */
  eventsEnabled: boolean;
  signIn: SignInConfig;
};

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

function parseSmtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const protocol = URL.canParse(value) ? new URL(value).protocol : "";
  if (protocol !== "smtp:" && protocol !== "smtps:") throw new Error(`SMTP_URL must be an smtp:// or smtps:// URL, got ${value}`);
  return value;
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
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? `file:${join(dataDir, "invoices.db")}`,
    databaseAuthToken: env.DATABASE_AUTH_TOKEN || undefined,
    secretKey: env.SECRET_KEY || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://${host.includes(":") ? `[${host}]` : host}:${port}`).replace(/\/$/, ""),
    corsOrigins: (env.CORS_ORIGINS ?? "").split(",").map((origin) => origin.trim()).filter(Boolean),
    webMcpOrigins: parseOrigins(env.WEBMCP_ORIGINS, "WEBMCP_ORIGINS"),
    logLevel,
    tierLimits,
    keyCacheMs: Number(env.KEY_CACHE_MS ?? 2000),
    renderWorkers: parseRenderWorkers(env.RENDER_WORKERS),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || "Invoices <invoices@localhost>",
    webhooks: { allowHttp: parseFlag(env, "WEBHOOK_ALLOW_HTTP"), allowPrivateNetworks: parseFlag(env, "WEBHOOK_ALLOW_PRIVATE_NETWORKS") },
    eventsEnabled: env.EVENTS !== "off",
    signIn: parseSignIn(env),
  };
}
