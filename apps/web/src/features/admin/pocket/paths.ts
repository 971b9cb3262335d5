/** URL of the console's pocket money screen (under /admin). */
export const pocketAdminPaths = {
  pocket: "/admin/pocket-money",
} as const;
