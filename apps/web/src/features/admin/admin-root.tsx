import { lazy, Suspense } from "react";
import { Spinner } from "../../components/spinner.tsx";
import { useSession } from "../../lib/session-store.ts";
import { OperatorsOnly } from "./components/operators-only.tsx";

// The console itself is a chunk of its own: only operators ever download it.
const ConsoleApp = lazy(() => import("./console-app.tsx").then((m) => ({ default: m.ConsoleApp })));

/** True for the roles that may open the operator console. */
export function isStaff(role: string | undefined): boolean {
  return role === "operator" || role === "admin";
}

/**
 * /admin/*, behind the login guard: operators and admins get the console; a signed-in player gets
 * "operators only" with a link home (the server refuses every console call to them anyway).
 */
export function AdminRoot() {
  const role = useSession((s) => s.user?.role);
  if (!isStaff(role)) return <OperatorsOnly />;
  return (
    <Suspense fallback={<Spinner variant="fullscreen" />}>
      <ConsoleApp />
    </Suspense>
  );
}
