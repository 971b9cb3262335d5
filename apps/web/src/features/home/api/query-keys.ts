/** Query keys of the home page. */
export const homeKeys = {
  banners: (variant: "desktop" | "mobile", date: string, lng: string) => ["content", "banners", variant, date, lng] as const,
  catalogue: ["games", "home"] as const,
  lotteryList: ["lottery", "list"] as const,
};
