/** @jest-environment ./apps/dashboard/src/testing/jsdom-environment.js */
import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { ApiError } from "../api/errors";
import "../testing/render";
import { ErrorBoundary } from "./error-boundary";

function Thrower(): never {
  throw new ApiError(503, "SERVICE_UNAVAILABLE", "PostgreSQL did not answer in time.", "req_7f3");
}

describe("ErrorBoundary", () => {
  it("shows the API's message, code and request id instead of a blank page", () => {
    const quiet = jest.spyOn(console, "error").mockImplementation(() => {});
    render(
      <MantineProvider env="test">
        <ErrorBoundary>
          <Thrower />
        </ErrorBoundary>
      </MantineProvider>,
    );
    quiet.mockRestore();
    expect(screen.getByRole("alert").textContent).toContain("This page could not be shown");
    expect(screen.getByText("PostgreSQL did not answer in time.")).toBeTruthy();
    expect(screen.getByText("Code: SERVICE_UNAVAILABLE")).toBeTruthy();
    expect(screen.getByText("Request id: req_7f3")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
