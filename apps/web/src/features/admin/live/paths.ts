/** URLs of the console's live screen (under /admin). */
export const liveAdminPaths = {
  live: "/admin/live",
} as const;
