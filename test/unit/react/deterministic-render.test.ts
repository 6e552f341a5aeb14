/**
 * SessionProvider renders nothing nondeterministic: Next.js 16 with `cacheComponents` refuses `Math.random()`
 * (and the clock) while prerendering a provider placed at the root without a Suspense boundary. The framework
 * suite builds examples/next so; this is the same condition without a build.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SessionProvider, useSession } from "../../../shims/react/index.js";

afterEach(() => vi.restoreAllMocks());

function Status() {
  return createElement("p", null, useSession().status);
}

describe("SessionProvider while rendering", () => {
  it("calls no random source", () => {
    const random = vi.spyOn(Math, "random").mockImplementation(() => {
      throw new Error("Math.random() during prerender");
    });
    const html = renderToString(createElement(SessionProvider, null, createElement(Status)));
    expect(html).toBe("<p>loading</p>");
    expect(random).not.toHaveBeenCalled();
  });
});
