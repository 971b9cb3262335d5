import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => {
  cleanup();
  // Tests in the node environment (build checks, the server's first paint) have no storage.
  globalThis.localStorage?.clear();
});
