import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorFallback } from "./error-fallback";

describe("ErrorFallback", () => {
  it("shows the spec's render-failure texts and both actions", () => {
    const html = renderToString(
      <MemoryRouter>
        <ErrorFallback />
      </MemoryRouter>,
    );
    expect(html).toContain("Something went wrong");
    expect(html).toContain("We&#x27;re sorry, but something unexpected happened. Please try refreshing the page.");
    expect(html).toContain(">Refresh Page</button>");
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go to Home<\/a>/);
  });

  it("tells a person without permission so, without suggesting a refresh", () => {
    const html = renderToString(
      <MemoryRouter>
        <ErrorFallback status={403} />
      </MemoryRouter>,
    );
    expect(html).toContain("Access denied");
    expect(html).not.toContain("Refresh Page");
  });
});
