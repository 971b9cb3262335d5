/** URL of the console's referral screen (under /admin). */
export const referralAdminPaths = {
  referral: "/admin/referral",
} as const;
