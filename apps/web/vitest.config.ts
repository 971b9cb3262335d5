import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    // Above the 10 s the setup gives findBy…/waitFor, so a slow wait fails with its own message.
    testTimeout: 30_000,
  },
});
