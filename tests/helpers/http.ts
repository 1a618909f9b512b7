// A small fetch wrapper for tests: JSON in, status + headers + parsed JSON out.
export type Reply<T = any> = { status: number; headers: Headers; body: T };

export type Api = {
  get<T = any>(path: string, key?: string | null): Promise<Reply<T>>;
  post<T = any>(path: string, body?: unknown, key?: string | null, headers?: Record<string, string>): Promise<Reply<T>>;
  put<T = any>(path: string, body?: unknown, key?: string | null): Promise<Reply<T>>;
  delete<T = any>(path: string, key?: string | null): Promise<Reply<T>>;
  raw(path: string, init: RequestInit): Promise<Reply>;
};

export function api(baseUrl: string, defaultKey?: string): Api {
  async function send(path: string, init: RequestInit, key: string | null | undefined): Promise<Reply> {
    const headers = new Headers(init.headers);
    const token = key === undefined ? defaultKey : key;
    if (token) headers.set("authorization", `Bearer ${token}`);
    const response = await fetch(baseUrl + path, { ...init, headers });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body };
  }
  const json = (method: string) => (path: string, body?: unknown, key?: string | null, headers: Record<string, string> = {}) =>
    send(path, { method, headers: { "content-type": "application/json", ...headers }, body: body === undefined ? undefined : JSON.stringify(body) }, key);
  return {
    get: (path, key) => send(path, { method: "GET" }, key),
    post: json("POST"),
    put: json("PUT"),
    delete: (path, key) => send(path, { method: "DELETE" }, key),
    raw: (path, init) => send(path, init, null),
  };
}
