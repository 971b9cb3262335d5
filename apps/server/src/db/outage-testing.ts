import { once } from "node:events";
import { createServer, type Server } from "node:net";

/**
 * A stand-in server that refuses every connection the way PostgreSQL does at start-up: an
 * ErrorResponse with the SQLSTATE `code` in answer to the startup message.
 */
export async function refusingServer(code: string, message: string): Promise<{ server: Server; url: string }> {
  const field = (tag: string, value: string) => Buffer.concat([Buffer.from(tag), Buffer.from(value), Buffer.from([0])]);
  const body = Buffer.concat([field("S", "FATAL"), field("V", "FATAL"), field("C", code), field("M", message), Buffer.from([0])]);
  const len = Buffer.alloc(4);
  len.writeInt32BE(body.length + 4);
  const response = Buffer.concat([Buffer.from("E"), len, body]);
  const server = createServer((socket) => {
    socket.on("error", () => undefined);
    socket.once("data", () => socket.end(response));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("no address");
  return { server, url: `postgres://u:p@127.0.0.1:${address.port}/shwe` };
}
