/** URLs of the console's support inbox (under /admin). */
export const supportAdminPaths = {
  support: "/admin/support",
} as const;
