// Runs wrk and reads its report: requests/s, the 50% and 99% latency lines, and any failures
// (non-2xx responses, socket errors, or bodies a Lua `response` hook counted as failed).

export type WrkResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  /** connect, read and write errors (a server that crashed or refused). */
  socketErrors: number;
  /** Requests without an answer within wrk's --timeout: missing from the latency figures. */
  timeouts: number;
  badBodies: number;
  raw: string;
};

export type WrkOptions = { url: string; script: string; seconds: number; connections: number; latency: boolean };

export const TIMEOUT_SECONDS = 5;

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match?.[1] || !match[2]) throw new Error(`Unreadable wrk latency: ${value}`);
  return Number(match[1]) * (UNIT_MS[match[2]] ?? Number.NaN);
}

/** `latency`: the run had --latency, so the 50% and 99% lines must be there. */
export function parseWrk(raw: string, latency = true): WrkResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(raw);
  const p50 = /^\s+50%\s+(\S+)/m.exec(raw);
  const p99 = /^\s+99%\s+(\S+)/m.exec(raw);
  const total = /(\d+) requests in/.exec(raw);
  if (!rps?.[1] || !total?.[1] || (latency && (!p50?.[1] || !p99?.[1]))) throw new Error(`Unreadable wrk output: ${raw}`);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(raw);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(raw);
  const bad = /BAD_BODIES (\d+)/.exec(raw);
  return {
    requestsPerSecond: Number(rps[1]),
    p50Ms: p50?.[1] ? toMs(p50[1]) : Number.NaN,
    p99Ms: p99?.[1] ? toMs(p99[1]) : Number.NaN,
    requests: Number(total[1]),
    non2xx: Number(non2xx?.[1] ?? 0),
    socketErrors: socket ? socket.slice(1, 4).reduce((sum, count) => sum + Number(count), 0) : 0,
    timeouts: Number(socket?.[4] ?? 0),
    badBodies: Number(bad?.[1] ?? 0),
    raw,
  };
}

export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  const args = ["wrk", "-t1", `-c${options.connections}`, `-d${options.seconds}s`, "--timeout", `${TIMEOUT_SECONDS}s`, "-s", options.script];
  if (options.latency) args.push("--latency");
  args.push(options.url);
  const child = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new Error(`wrk exited ${code}: ${err || out}`);
  return parseWrk(out + err, options.latency);
}

function luaString(value: string): string {
  return JSON.stringify(value);
}

export type WrkRequest = { method: "GET" | "POST"; path: string; body?: string };

/**
 * A wrk Lua script: fixed headers, then either one fixed request (wrk builds it once) or a rotation
 * over many. `bodyMustContain` adds a response hook counting bodies without that text (JSON-RPC
 * answers failures with HTTP 200), reported as BAD_BODIES by `done`.
 */
export function luaScript(headers: Record<string, string>, requests: WrkRequest[], bodyMustContain?: string): string {
  const lines = Object.entries(headers).map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`);
  const [first] = requests;
  if (!first) throw new Error("no request");
  if (requests.length === 1) {
    lines.push(`wrk.method = ${luaString(first.method)}`, `wrk.path = ${luaString(first.path)}`);
    if (first.body !== undefined) lines.push(`wrk.body = ${luaString(first.body)}`);
  } else {
    lines.push("local requests = {");
    for (const request of requests) {
      lines.push(`  {${luaString(request.method)}, ${luaString(request.path)}, ${request.body === undefined ? "nil" : luaString(request.body)}},`);
    }
    lines.push(
      "}",
      "local index = 0",
      "request = function()",
      "  index = index % #requests + 1",
      "  local r = requests[index]",
      "  return wrk.format(r[1], r[2], nil, r[3])",
      "end",
    );
  }
  if (bodyMustContain !== undefined) {
    lines.push(
      "local threads = {}",
      "setup = function(thread) table.insert(threads, thread) end",
      "bad = 0",
      `response = function(status, headers, body) if not string.find(body, ${luaString(bodyMustContain)}, 1, true) then bad = bad + 1 end end`,
      "done = function(summary, latency, requests)",
      "  local total = 0",
      "  for _, thread in ipairs(threads) do total = total + thread:get(\"bad\") end",
      "  io.write(\"BAD_BODIES \" .. total .. \"\\n\")",
      "end",
    );
  }
  return `${lines.join("\n")}\n`;
}
