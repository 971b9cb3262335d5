/** URLs of the console's reward screens (under /admin). */
export const rewardsAdminPaths = {
  cashback: "/admin/cashback",
} as const;
