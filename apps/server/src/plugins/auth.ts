import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, forbidden, unauthenticated } from "../lib/errors.ts";
import type { AuthService } from "../modules/auth/auth.service.ts";

export type Role = "player" | "operator" | "admin";

export interface AuthUser {
  id: number;
  role: Role;
  tokenId: number;
  expiresAt: Date;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the `requireUser` / `requireOperator` pre-handlers. */
    authUser: AuthUser | null;
  }
}

export type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface AuthGuards {
  /** Any signed-in, unblocked account. */
  requireUser: PreHandler;
  /** Operators and admins only; players get 403. */
  requireOperator: PreHandler;
  /** Sets request.authUser when a valid token is present; never refuses. */
  optionalUser: PreHandler;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function registerAuth(app: FastifyInstance, auth: AuthService): AuthGuards {
  app.decorateRequest("authUser", null);

  async function resolve(request: FastifyRequest): Promise<AuthUser | null> {
    const token = bearerToken(request);
    if (!token) return null;
    const owner = await auth.verify(token);
    if (!owner) return null;
    if (owner.blocked) throw new AppError(403, "BLOCKED", "This account is blocked.");
    return { id: owner.userId, role: owner.role, tokenId: owner.tokenId, expiresAt: owner.expiresAt };
  }

  const requireUser: PreHandler = async (request) => {
    const user = await resolve(request);
    if (!user) throw unauthenticated("Session Expired, Please Login Again!");
    request.authUser = user;
  };
  const requireOperator: PreHandler = async (request) => {
    await requireUser(request, undefined as never);
    if (request.authUser?.role === "player") throw forbidden("Operators only.");
  };
  const optionalUser: PreHandler = async (request) => {
    try {
      request.authUser = await resolve(request);
    } catch {
      request.authUser = null;
    }
  };
  return { requireUser, requireOperator, optionalUser };
}

/** The signed-in user of a guarded route (the guard has run). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthenticated();
  return request.authUser;
}
