// A local double of an OpenAI-compatible provider: POST {base}/chat/completions with a Bearer key,
// answering in the Chat Completions shape (choices[0].message.content, refusal, finish_reason).
// Tests script its answers one by one and read every request it received.

export const PROVIDER_KEY = "sk-test-provider-key";
export const PROVIDER_MODEL = "gpt-test-extract";

/** What the double answers next: a message's content, or an HTTP failure as the provider sends it. */
export type ScriptedAnswer = { content: string } | { status: number; error: string };

export type ChatRequest = { path: string; authorization: string | null; contentType: string | null; body: any };

export type AiProviderDouble = {
  /** The base URL, as AI_BASE_URL takes it (…/v1). */
  baseUrl: string;
  requests: ChatRequest[];
  /** Queues answers for the next requests; a request with none queued is a 500. */
  answer(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
};

export function startAiProvider(): AiProviderDouble {
  const requests: ChatRequest[] = [];
  const queue: ScriptedAnswer[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      if (request.method !== "POST" || path !== "/v1/chat/completions") return Response.json({ error: { message: "Not found", type: "invalid_request_error" } }, { status: 404 });
      const body = await request.json();
      requests.push({ path, authorization: request.headers.get("authorization"), contentType: request.headers.get("content-type"), body });
      if (request.headers.get("authorization") !== `Bearer ${PROVIDER_KEY}`) {
        return Response.json({ error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } }, { status: 401 });
      }
      const next = queue.shift() ?? { status: 500, error: "no answer scripted" };
      if ("status" in next) return Response.json({ error: { message: next.error, type: "server_error" } }, { status: next.status });
      return Response.json({
        id: `chatcmpl-test-${requests.length}`,
        object: "chat.completion",
        created: 1_795_000_000,
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content: next.content, refusal: null }, logprobs: null, finish_reason: "stop" }],
        usage: { prompt_tokens: 900, completion_tokens: 300, total_tokens: 1200 },
      });
    },
  });
  return {
    baseUrl: `http://127.0.0.1:${server.port}/v1`,
    requests,
    answer: (...answers) => queue.push(...answers),
    close: () => server.stop(true),
  };
}
