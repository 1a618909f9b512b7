// The ceiling: a bare Bun.serve JSON hello world on 127.0.0.1. Prints {"port"} once listening.
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: () => Response.json({ hello: "world" }),
});
console.log(JSON.stringify({ port: server.port }));
process.on("SIGTERM", () => {
  void server.stop(true);
  process.exit(0);
});
