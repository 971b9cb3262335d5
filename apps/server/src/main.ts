import pino from "pino";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config/env.ts";
import { migrateDatabase, openDatabase } from "./db/client.ts";
import { seedDatabase } from "./db/seed.ts";
import { loggerOptions } from "./lib/log-safety.ts";
import "./db/seeders.ts";
import { accountsWithDemoPasswords, demoPasswordRefusal } from "./modules/accounts/demo-passwords.ts";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Refusing to start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const logger = pino(loggerOptions(config.logLevel));
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, log: logger });
  logger.info({ database: database.kind, dataDir: config.databaseUrl ? undefined : config.dataDir }, "database opened");
  await migrateDatabase(database);
  if (config.mode === "production") {
    const phones = await accountsWithDemoPasswords(database.db);
    if (phones.length > 0) {
      console.error(demoPasswordRefusal(phones));
      await database.close();
      process.exit(1);
    }
  }
  const seeded = await seedDatabase(database.db, config);

  const { app, ctx } = await buildApp({ config, database, logger });
  await app.listen({ port: config.port, host: config.host });
  void ctx;

  const url = `http://localhost:${config.port}`;
  if (config.mode === "demo") {
    const lines = [
      "",
      `  Shwe Lucky is running in demo mode at ${url}`,
      `  Embedded database: ${config.databaseUrl ? "(PostgreSQL via DATABASE_URL)" : config.dataDir}`,
      "  Demo accounts:",
      ...seeded.accounts.map((a) => `    ${a.role.padEnd(16)} ${a.phone}  ${a.password}`),
      `  SMS codes (demo outbox): ${url}/api/dev/outbox?phone=09…`,
      "",
    ];
    console.log(lines.join("\n"));
  } else {
    logger.info({ url }, "listening");
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
