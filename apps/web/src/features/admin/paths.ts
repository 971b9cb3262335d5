/** URLs of the operator console (all under /admin). */
export const adminPaths = {
  dashboard: "/admin",
  cashIn: "/admin/cash-in",
  cashOut: "/admin/cash-out",
  lvl2: "/admin/lvl2",
  players: "/admin/players",
  player: (id: number) => `/admin/players/${id}`,
  auditLog: "/admin/audit-log",
  content: "/admin/content",
} as const;
