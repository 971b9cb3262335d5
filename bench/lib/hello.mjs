import Fastify from "fastify";

/** The reference server of the read benchmarks: a bare Fastify hello-world on the port given in PORT. */
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", () => {
  void app.close().then(() => process.exit(0));
});
