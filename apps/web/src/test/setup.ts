import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy… and waitFor wait for a condition; this only bounds how long a failing one waits. On a
// busy machine (CI runs two test files at once beside the server's) a lazy screen's first render
// can take well over the library's default second, so every web test gets the same 10 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // Tests in the node environment (build checks, the server's first paint) have no storage.
  globalThis.localStorage?.clear();
});
