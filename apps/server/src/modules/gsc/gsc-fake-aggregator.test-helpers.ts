import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";

/** A fake GSC+ aggregator for tests: a real HTTP server whose answers each test sets, recording every request. */
export interface FakeAggregator {
  url: string;
  app: FastifyInstance;
  requests: { method: string; path: string; query: Record<string, string>; body: unknown }[];
  /** Sets the answer of one path: a function of the request (return undefined to never answer). */
  on(path: string, answer: (request: FastifyRequest, reply: FastifyReply) => unknown): void;
  close(): Promise<void>;
}

export async function startFakeAggregator(): Promise<FakeAggregator> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const answers = new Map<string, (request: FastifyRequest, reply: FastifyReply) => unknown>();
  const requests: FakeAggregator["requests"] = [];
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0] ?? "";
    requests.push({ method: request.method, path, query: { ...(request.query as Record<string, string>) }, body: request.body });
    const answer = answers.get(path);
    if (!answer) return reply.code(404).send({ code: 404, message: "no such call" });
    const out = answer(request, reply);
    if (out === undefined) return new Promise(() => undefined); // never answers
    return out;
  };
  app.get("/*", handle);
  app.post("/*", handle);
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  return {
    url,
    app,
    requests,
    on(path, answer) {
      answers.set(path, answer);
    },
    async close() {
      await app.close();
    },
  };
}
