import { eq } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { users } from "../../../db/schema/index.ts";

export interface LaunchPlayer {
  userCode: string;
  hasTransferredIn: boolean;
}

export async function findLaunchPlayer(db: Executor, userId: number): Promise<LaunchPlayer | undefined> {
  const rows = await db
    .select({ userCode: users.userCode, hasTransferredIn: users.hasTransferredIn })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}
