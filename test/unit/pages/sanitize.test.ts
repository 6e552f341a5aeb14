import { describe, expect, it } from "vitest";
import { inputAttributes, safeColor, safeImageUrl } from "../../../pages/sanitize.js";

describe("safeColor", () => {
  it.each(["#fff", "#FFFA", "#123456", "#12345678", "rgb(1, 2, 3)", "rgba(1,2,3,.5)", "rgb(1 2 3 / 50%)", "hsl(120deg 50% 40%)", "hsla(120, 50%, 40%, 0.3)", "rebeccapurple", "  red "])(
    "accepts %s",
    (color) => {
      expect(safeColor(color)).toBe(color.trim());
    },
  );

  it.each([
    "red;}</style><script>alert(1)</script>",
    "red; background: url(https://evil.example)",
    "#12",
    "#ggg",
    "url(x)",
    "rgb(1,2,3);x:y",
    "rgb(1,2,3))",
    "var(--x)",
    "calc(1px)",
    "expression(alert(1))",
    "red}",
    "",
    "#" + "a".repeat(100),
    "a".repeat(65),
  ])("rejects %s", (color) => {
    expect(safeColor(color)).toBeUndefined();
  });

  it("rejects non-strings", () => {
    expect(safeColor(undefined)).toBeUndefined();
    expect(safeColor(123)).toBeUndefined();
    expect(safeColor({ toString: () => "red" })).toBeUndefined();
  });
});

describe("safeImageUrl", () => {
  it("accepts http(s) and data:image", () => {
    expect(safeImageUrl("https://example.com/logo.png")).toBe("https://example.com/logo.png");
    expect(safeImageUrl("http://example.com/a b.png")).toBe("http://example.com/a%20b.png");
    expect(safeImageUrl("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
    expect(safeImageUrl("data:image/svg+xml,%3Csvg%3E")).toBe("data:image/svg+xml,%3Csvg%3E");
  });

  it.each([
    "javascript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:image",
    "//evil.example/x.png",
    "/logo.png",
    "ftp://example.com/x.png",
    "https://",
    "vbscript:x",
  ])("rejects %s", (url) => {
    expect(safeImageUrl(url)).toBeUndefined();
  });

  it("rejects non-strings", () => {
    expect(safeImageUrl(undefined)).toBeUndefined();
    expect(safeImageUrl(1)).toBeUndefined();
  });
});

describe("inputAttributes", () => {
  it("passes through plain attributes", () => {
    expect(
      inputAttributes({ type: "password", placeholder: "x", required: true, maxlength: 20, autocomplete: "current-password" }),
    ).toEqual({ type: "password", placeholder: "x", required: true, maxlength: 20, autocomplete: "current-password" });
  });

  it("drops event handlers in any case, reserved names, odd names and non-primitive values", () => {
    expect(
      inputAttributes({
        label: "Name",
        onfocus: "alert(1)",
        onClick: "alert(1)",
        ONERROR: "alert(1)",
        id: "other",
        name: "other",
        form: "elsewhere",
        dangerouslySetInnerHTML: { __html: "<script>alert(1)</script>" },
        children: "<b>x</b>",
        'x"y': "1",
        "a b": "1",
        style: { color: "red" },
        pattern: "[0-9]+",
        callback: () => "x",
      }),
    ).toEqual({ pattern: "[0-9]+" });
  });
});
