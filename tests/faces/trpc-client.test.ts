// The typed tRPC face at /trpc through the real HTTP server, driven by @trpc/client with types
// inferred from AppRouter; plus a compile-time check that those types catch mistakes
// (tests/fixtures/client-typecheck: good.ts compiles, bad.ts fails with the expected errors).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError, type TRPCClient } from "@trpc/client";
import type { AppRouter } from "../../routers/index.ts";
import { invoiceInput, operation } from "../helpers/factories.ts";
import { startTestServer, type TestAccount, type TestServer } from "../helpers/server.ts";

let server: TestServer;
let owner: TestAccount;
let client: TRPCClient<AppRouter>;

/** What an account without a profile must give on every create. */
const seller = { from_name: "Seller", currency: "EUR", locale: "en-GB" };

type ErrorData = { appCode?: string; details?: Record<string, unknown> | null; httpStatus?: number; code?: string };

function clientFor(key: string | null, batch = false): TRPCClient<AppRouter> {
  const options = { url: `${server.url}/trpc`, headers: () => (key ? { authorization: `Bearer ${key}` } : {}) };
  return createTRPCClient<AppRouter>({ links: [batch ? httpBatchLink(options) : httpLink(options)] });
}

/** The TRPCClientError a call rejects with (fails the test if it resolves). */
async function failure(promise: Promise<unknown>): Promise<TRPCClientError<AppRouter> & { data: ErrorData }> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!("error" in outcome)) throw new Error(`expected a failure, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(TRPCClientError);
  return outcome.error as TRPCClientError<AppRouter> & { data: ErrorData };
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.account();
  client = clientFor(owner.key);
});
afterAll(() => server.close());

describe("tRPC client (httpLink): happy", () => {
  test("create, get, list, update", async () => {
    const created = await client.invoices.create.mutate(invoiceInput() as Parameters<typeof client.invoices.create.mutate>[0]);
    expect(created).toMatchObject({ type: "invoice", status: "draft", number: null, revision: 1, subtotal: 124_550, tax: 23_665, total: 148_215 });
    expect(created.id).toMatch(/^inv_/);

    const read = await client.invoices.get.query({ id: created.id });
    expect(read).toEqual(created);

    const listed = await client.invoices.list.query({ limit: 100 });
    expect(listed.limit).toBe(100);
    expect(listed.data.map((invoice) => invoice.id)).toContain(created.id);

    const updated = await client.invoices.update.mutate({
      id: created.id,
      ...operation(read.revision),
      notes: "Thanks",
      items: [{ description: "Design", quantity: 2, rate: 5_000 }],
    });
    expect(updated).toMatchObject({ id: created.id, revision: 2, notes: "Thanks", subtotal: 10_000, tax: 1_900, total: 11_900 });
    expect((await client.invoices.get.query({ id: created.id })).revision).toBe(2);
  });

  test("the same invoice through tRPC and REST is the same record", async () => {
    const created = await client.invoices.create.mutate({ issue_date: "2026-11-03", ...seller, bill_to_name: "Same", items: [{ description: "x", rate: 1_000 }] });
    const rest = await fetch(`${server.url}/api/invoices/${created.id}`, { headers: { authorization: `Bearer ${owner.key}` } });
    expect(await rest.json()).toEqual(created);
  });

  test("httpBatchLink: several calls in one request", async () => {
    const batched = clientFor(owner.key, true);
    const made = await batched.clients.create.mutate({ name: `Batch ${crypto.randomUUID()}` });
    const [one, two, listed] = await Promise.all([
      batched.invoices.create.mutate({ issue_date: "2026-11-04", ...seller, client_id: made.id, items: [{ description: "a", rate: 100 }] }),
      batched.invoices.create.mutate({ issue_date: "2026-11-05", ...seller, client_id: made.id, items: [{ description: "b", rate: 200 }] }),
      batched.clients.list.query({ q: made.name }),
    ]);
    expect(one.bill_to_name).toBe(made.name);
    expect(two.total).toBe(200);
    expect(listed.data.map((row) => row.id)).toEqual([made.id]);
    const byClient = await batched.invoices.list.query({ client_id: made.id });
    expect(byClient.data.map((invoice) => invoice.id).sort()).toEqual([one.id, two.id].sort());
  });
});

describe("tRPC client: errors carry data.appCode and data.details", () => {
  test("a stale base_revision is CONFLICT with appCode REVISION_CONFLICT and details.current_revision", async () => {
    const created = await client.invoices.create.mutate(invoiceInput() as Parameters<typeof client.invoices.create.mutate>[0]);
    await client.invoices.update.mutate({ id: created.id, ...operation(1), notes: "first" });
    const error = await failure(client.invoices.update.mutate({ id: created.id, ...operation(1), notes: "second" }));
    expect(error.data.appCode).toBe("REVISION_CONFLICT");
    expect(error.data.details).toEqual({ current_revision: 2 });
    expect(error.data.code).toBe("CONFLICT");
    expect(error.data.httpStatus).toBe(409);
    expect((error.data as Record<string, unknown>).stack).toBeUndefined();
  });

  test("a validation failure is VALIDATION_ERROR with details.field", async () => {
    const error = await failure(client.invoices.create.mutate({ issue_date: "2026-02-30", ...seller, bill_to_name: "x" }));
    expect(error.data.appCode).toBe("VALIDATION_ERROR");
    expect(error.data.httpStatus).toBe(422);
    expect(error.data.details).toMatchObject({ field: "issue_date" });
  });

  test("a validation failure found by the procedure (not the schema) is also 422 VALIDATION_ERROR", async () => {
    const error = await failure(client.invoices.create.mutate({ issue_date: "2026-11-01", bill_to_name: "No seller" }));
    expect(error.data.appCode).toBe("VALIDATION_ERROR");
    expect(error.data.details).toMatchObject({ field: "from_name" });
    expect(error.data.httpStatus).toBe(422);
  });

  test("a bad money field is INVALID_AMOUNT with details.field", async () => {
    const error = await failure(client.invoices.create.mutate({ issue_date: "2026-11-01", ...seller, bill_to_name: "x", items: [{ description: "x", rate: 10.5 }] }));
    expect(error.data.appCode).toBe("INVALID_AMOUNT");
    expect(error.data.details).toMatchObject({ field: "items.0.rate" });
  });

  test("no key is UNAUTHORIZED 401; an invalid key is UNAUTHORIZED too", async () => {
    const anonymous = await failure(clientFor(null).invoices.list.query({}));
    expect(anonymous.data.appCode).toBe("UNAUTHORIZED");
    expect(anonymous.data.httpStatus).toBe(401);
    const invalid = await failure(clientFor("svc_0000000000000000000000000000").invoices.list.query({}));
    expect(invalid.data.appCode).toBe("UNAUTHORIZED");
    expect(invalid.data.httpStatus).toBe(401);
  });

  test("a missing invoice is NOT_FOUND 404; another account's is FORBIDDEN 403", async () => {
    const missing = await failure(client.invoices.get.query({ id: "inv_00000000000000000000000000" }));
    expect(missing.data.appCode).toBe("NOT_FOUND");
    expect(missing.data.httpStatus).toBe(404);
    const created = await client.invoices.create.mutate({ issue_date: "2026-11-01", ...seller, bill_to_name: "Mine", items: [] });
    const stranger = await server.account();
    const foreign = await failure(clientFor(stranger.key).invoices.get.query({ id: created.id }));
    expect(foreign.data.appCode).toBe("FORBIDDEN");
    expect(foreign.data.httpStatus).toBe(403);
  });
});

describe("tRPC client types (compile-time)", () => {
  const fixture = "tests/fixtures/client-typecheck";

  async function typecheck(project: string): Promise<{ code: number; output: string }> {
    const child = Bun.spawn(["./node_modules/.bin/tsc", "-p", `${fixture}/${project}`, "--pretty", "false"], {
      cwd: `${import.meta.dir}/../..`,
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    return { code, output: stdout + stderr };
  }

  test(
    "good.ts compiles; bad.ts fails with TS2322 (wrong input field type) and TS2339 (unknown output field)",
    async () => {
      const [good, bad] = await Promise.all([typecheck("tsconfig.json"), typecheck("tsconfig.bad.json")]);
      expect(good.output).toBe("");
      expect(good.code).toBe(0);

      expect(bad.code).not.toBe(0);
      const errors = bad.output
        .split("\n")
        .filter((line) => line.includes("error TS"))
        .map((line) => /^(.*)\((\d+),\d+\): error (TS\d+)/.exec(line)?.slice(1, 4));
      // Exactly the two planted mistakes, on the lines bad.ts marks, and nothing else in the program.
      const source = await Bun.file(`${import.meta.dir}/../../${fixture}/bad.ts`).text();
      const lineOf = (marker: string) => String(source.split("\n").findIndex((line) => line.includes(marker)) + 1);
      expect(errors).toEqual([
        [`${fixture}/bad.ts`, lineOf("expect TS2322"), "TS2322"],
        [`${fixture}/bad.ts`, lineOf("expect TS2339"), "TS2339"],
      ]);
      expect(bad.output).toContain("'grand_total' does not exist");
    },
    120_000,
  );
});
