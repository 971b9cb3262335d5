/** URL of the console's points screen (under /admin). */
export const pointsAdminPaths = {
  points: "/admin/points",
} as const;
