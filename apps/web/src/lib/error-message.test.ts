import { beforeAll, describe, expect, it } from "vitest";
import { initTestI18n } from "../test/render.tsx";
import { ApiError } from "./api-client.ts";
import { errorMessage } from "./error-message.ts";

describe("errorMessage", () => {
  beforeAll(() => void initTestI18n());

  it("translates a known error code", () => {
    expect(errorMessage(new ApiError(422, "TURNOVER_EXISTS", "server words"))).toBe("Turnover is existed, and game balance is above 500.");
  });

  it("falls back to the server's message for a code it does not know", () => {
    expect(errorMessage(new ApiError(409, "PHONE_REGISTERED", "This phone number is already registered."))).toBe(
      "This phone number is already registered.",
    );
  });

  it("says the connection failed when fetch itself fails, and something generic otherwise", () => {
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe("No connection to the server. Check your internet and try again.");
    expect(errorMessage(new Error("boom"))).toBe("Something went wrong. Please try again.");
  });
});
