import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local push service for the tests (not a test file): it checks each request's VAPID signature
 * (RFC 8292: an ES256 JWT for the endpoint's origin, not expired) and decrypts its aes128gcm body
 * (RFC 8188 / RFC 8291) with the browser's private key, as a real push service and browser would.
 */

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export interface FakeBrowser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  decrypt(body: Buffer): string;
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The checked JWT claims. */
  claims: { aud: string; exp: number; sub: string };
  /** The VAPID public key the request was signed with (k=). */
  publicKey: string;
  /** The decrypted text. */
  text: string;
  /** What the stub answered. */
  status: number;
}

export interface StubPushService {
  origin: string;
  received: ReceivedPush[];
  /** Requests whose signature or encryption did not check out. */
  rejected: string[];
  /** The status answered for each path (default 201); "hang" never answers. */
  answers: Map<string, number | "hang">;
  browser(name: string): FakeBrowser;
  close(): Promise<void>;
}

const b64 = (s: string) => Buffer.from(s, "base64url");

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync("sha256", ikm, salt, info, length));
}

/** RFC 8291 decryption of a single-record aes128gcm body with the browser's key pair and auth secret. */
export function decryptAes128gcm(body: Buffer, browserKey: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`key id of ${idLength} bytes, not a P-256 point`);
  if (ciphertext.length > recordSize) throw new Error("more than one record");
  const browserPublic = browserKey.getPublicKey();
  const ecdhSecret = browserKey.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), browserPublic, serverPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("missing the last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>`: ES256 over the key, aud = this origin, exp in the future. */
export function checkVapid(header: string | undefined, origin: string): { claims: ReceivedPush["claims"]; publicKey: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m?.[1] || !m[2]) throw new Error(`not a VAPID authorization: ${header}`);
  const [h, p, s] = m[1].split(".");
  if (!h || !p || !s) throw new Error("malformed JWT");
  const head = JSON.parse(b64(h).toString()) as { alg?: string; typ?: string };
  if (head.alg !== "ES256") throw new Error(`alg ${head.alg}`);
  const point = b64(m[2]);
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not a P-256 point");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
    format: "jwk",
  });
  if (!verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, b64(s))) throw new Error("bad signature");
  const claims = JSON.parse(b64(p).toString()) as ReceivedPush["claims"];
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (!(claims.exp > Date.now() / 1000)) throw new Error("expired");
  if (claims.exp > Date.now() / 1000 + 24 * 3600) throw new Error("exp more than 24 h ahead");
  return { claims, publicKey: m[2] };
}

export async function startStubPushService(): Promise<StubPushService> {
  const browsers = new Map<string, { key: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const answers = new Map<string, number | "hang">();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "";
      const answer = answers.get(path) ?? 201;
      if (answer === "hang") return;
      try {
        const browser = browsers.get(path);
        if (!browser) throw new Error(`unknown endpoint ${path}`);
        if (req.method !== "POST") throw new Error(`method ${req.method}`);
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error(`encoding ${req.headers["content-encoding"]}`);
        const vapid = checkVapid(req.headers.authorization, origin);
        const text = decryptAes128gcm(Buffer.concat(chunks), browser.key, browser.auth);
        received.push({ path, headers: req.headers, ...vapid, text, status: answer });
        res.statusCode = answer;
      } catch (err) {
        rejected.push((err as Error).message);
        res.statusCode = 400;
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    rejected,
    answers,
    browser(name) {
      const key = createECDH("prime256v1");
      key.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${name}-${randomBytes(6).toString("hex")}`;
      browsers.set(path, { key, auth });
      return {
        endpoint: `${origin}${path}`,
        keys: { p256dh: key.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
        decrypt: (body) => decryptAes128gcm(body, key, auth),
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
