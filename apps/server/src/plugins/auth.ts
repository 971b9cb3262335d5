import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, forbidden, unauthenticated } from "../lib/errors.ts";
import type { AuthService } from "../modules/auth/auth.service.ts";

export type Role = "player" | "operator" | "admin";

export interface AuthUser {
  id: number;
  role: Role;
  tokenId: number;
  expiresAt: Date;
  /** This sign-in passed the operator second factor (TOTP), or needs none under the policy. */
  secondFactor: boolean;
  /** The account enrolled in the operator second factor. */
  enrolled: boolean;
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
  /**
   * Operators and admins whose sign-in passed the second factor; players get 403 FORBIDDEN, an
   * operator without it 403 SECOND_FACTOR_REQUIRED.
   */
  requireOperator: PreHandler;
  /** As requireOperator, and admins only (settings, odds, limits, catalogue, operators). */
  requireAdmin: PreHandler;
  /** Operators and admins before the second factor: the routes that enrol and check it. */
  requireOperatorSignIn: PreHandler;
  /** Sets request.authUser when a valid token is present; never refuses. */
  optionalUser: PreHandler;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function registerAuth(
  app: FastifyInstance,
  auth: AuthService,
  secondFactorPolicy: "required" | "when-enrolled" = "required",
): AuthGuards {
  app.decorateRequest("authUser", null);

  async function resolve(request: FastifyRequest): Promise<AuthUser | null> {
    const token = bearerToken(request);
    if (!token) return null;
    const owner = await auth.verify(token);
    if (!owner) return null;
    if (owner.blocked) throw new AppError(403, "BLOCKED", "This account is blocked.");
    const secondFactor = owner.secondFactor || (secondFactorPolicy === "when-enrolled" && !owner.enrolled);
    return {
      id: owner.userId,
      role: owner.role,
      tokenId: owner.tokenId,
      expiresAt: owner.expiresAt,
      secondFactor,
      enrolled: owner.enrolled,
    };
  }

  const requireUser: PreHandler = async (request) => {
    // Already checked earlier in this request (operator routes check in onRequest, see below).
    if (request.authUser) return;
    const user = await resolve(request);
    if (!user) throw unauthenticated("Session Expired, Please Login Again!");
    request.authUser = user;
  };
  const requireOperatorSignIn: PreHandler = async (request) => {
    await requireUser(request, undefined as never);
    if (request.authUser?.role === "player") throw forbidden("Operators only.");
  };
  const requireOperator: PreHandler = async (request) => {
    await requireOperatorSignIn(request, undefined as never);
    if (!request.authUser?.secondFactor) {
      throw new AppError(403, "SECOND_FACTOR_REQUIRED", "Enter the code from your authenticator app to open the console.");
    }
  };
  const requireAdmin: PreHandler = async (request) => {
    await requireOperator(request, undefined as never);
    if (request.authUser?.role !== "admin") throw forbidden("Admins only.");
  };
  const optionalUser: PreHandler = async (request) => {
    try {
      request.authUser = await resolve(request);
    } catch {
      request.authUser = null;
    }
  };

  // Operator calls check the token before anything else runs (body parsing and validation included):
  // an anonymous caller gets 401 and a player 403, never a 400 that would describe the call.
  // Admin routes (isAdminRoute) take requireAdmin, the second-factor routes requireOperatorSignIn.
  const guards = new Set<unknown>([requireOperator, requireAdmin, requireOperatorSignIn]);
  app.addHook("onRoute", (route) => {
    if (!isOperatorPath(route.url)) return;
    const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const guard = isSecondFactorPath(route.url)
      ? requireOperatorSignIn
      : methods.some((m) => isAdminRoute(m, route.url))
        ? requireAdmin
        : requireOperator;
    // After the route's own onRequest hooks (answer headers such as no-store), before everything else.
    route.onRequest = [...existing.filter((hook) => !guards.has(hook)), guard as never];
  });
  return { requireUser, requireOperator, requireAdmin, requireOperatorSignIn, optionalUser };
}

/** Every route under /api/admin is for operators (and admins) only. */
export function isOperatorPath(url: string): boolean {
  return url === "/api/admin" || url.startsWith("/api/admin/");
}

/** The routes an operator uses to enrol in and pass the second factor (before passing it). */
export function isSecondFactorPath(url: string): boolean {
  return url === "/api/admin/2fa" || url.startsWith("/api/admin/2fa/");
}

/**
 * What only admins may change: game settings (odds, limits, hot and blocked numbers, off days,
 * result sources), the catalogue, site content, reward settings and operator accounts. Reading
 * them stays open to operators; queues, results, players and the live desk are operators' work.
 * Payment methods (accounts, limits, logos, amount chips) and promo codes are admins' too, and so are
 * the GSC+ catalogue sync and reconciliation runs, the live market readings' settings and the
 * support chat's canned answers.
 */
const ADMIN_WRITES = [
  /^\/api\/admin\/lottery\/[^/]+(\/.*)?$/,
  /^\/api\/admin\/catalogue(\/.*)?$/,
  /^\/api\/admin\/content(\/.*)?$/,
  /^\/api\/admin\/points\/(rate|rewards)(\/.*)?$/,
  /^\/api\/admin\/referral\/settings$/,
  /^\/api\/admin\/rewards\/cashback\/percent$/,
  /^\/api\/admin\/pocket\/campaigns$/,
  /^\/api\/admin\/payment-methods(\/.*)?$/,
  /^\/api\/admin\/promo-codes(\/.*)?$/,
  /^\/api\/admin\/media$/,
  /^\/api\/admin\/gsc(\/.*)?$/,
  /^\/api\/admin\/market\/[^/]+$/,
  /^\/api\/admin\/support\/canned(\/.*)?$/,
];

export function isAdminRoute(method: string, url: string): boolean {
  if (url === "/api/admin/operators" || url.startsWith("/api/admin/operators/")) return true;
  if (method === "GET" || method === "HEAD") return false;
  return ADMIN_WRITES.some((re) => re.test(url));
}

/** The signed-in user of a guarded route (the guard has run). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthenticated();
  return request.authUser;
}
