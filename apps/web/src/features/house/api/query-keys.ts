/** Query keys of the house games: a launch code's exchange, the play session, its rounds. */
export const houseKeys = {
  launch: (launchCode: string | null) => ["house", "launch", launchCode] as const,
  session: (token: string) => ["house", "session", token] as const,
  rounds: (token: string) => ["house", "rounds", token] as const,
};
