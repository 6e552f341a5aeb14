import { describe, expect, it } from "vitest";
import { brandMark, brandStyle, monogram } from "../../../src/config/providers/logos.js";

function svgOf(uri: string): string {
  expect(uri.startsWith("data:image/svg+xml,")).toBe(true);
  return decodeURIComponent(uri.slice("data:image/svg+xml,".length));
}

describe("monogram", () => {
  it("draws the letters in the foreground colour on a rounded square of the brand colour", () => {
    const svg = svgOf(monogram("GH", "#24292f"));
    expect(svg).toContain('<rect width="24" height="24" rx="5" fill="#24292f"/>');
    expect(svg).toMatch(/<text [^>]*fill="#fff"[^>]*>GH<\/text>/);
    expect(svgOf(monogram("N", "#fff", "#000"))).toMatch(/fill="#000"[^>]*>N</);
  });

  it("shrinks the letters as there are more of them", () => {
    const size = (letters: string) => Number(svgOf(monogram(letters, "#000")).match(/font-size="(\d+)"/)![1]);
    expect(size("G")).toBeGreaterThan(size("GH"));
    expect(size("GH")).toBeGreaterThan(size("A0X"));
  });

  it("escapes what it draws, so nothing can break out of the SVG", () => {
    const svg = svgOf(monogram("<&>", '"red"/><script>'));
    expect(svg).not.toContain("<script");
    expect(svg).toContain("&lt;&amp;&gt;");
    expect(svg).toContain('fill="&quot;red&quot;/&gt;&lt;script&gt;"');
  });

  it("is URL-encoded: no character of the URI needs further escaping", () => {
    const uri = monogram("in", "#0A66C2");
    expect(uri).not.toMatch(/[ <>"#]/);
  });
});

describe("brandStyle", () => {
  it("uses one pair of colours for the button and the logo", () => {
    const style = brandStyle("X", "#000");
    expect(style).toEqual({ logo: monogram("X", "#000", "#fff"), bg: "#000", text: "#fff" });
    expect(brandStyle("Y", "#ffcc00", "#000").logo).toBe(monogram("Y", "#ffcc00", "#000"));
  });
});

describe("brandMark", () => {
  const githubMark = "M12 .297c-6.63 0-12 5.373-12 12";
  it("draws the mark's path in the button's text colour, with nothing from another host", () => {
    const style = brandMark(githubMark, "#24292f");
    expect(style).toMatchObject({ bg: "#24292f", text: "#fff" });
    const svg = svgOf(style.logo!);
    expect(svg).toBe(`<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="${githubMark}" fill="#fff"/></svg>`);
    expect(svgOf(brandMark("M0 0h24v24H0z", "#FEE500", "#000").logo!)).toContain('fill="#000"');
  });

  it("escapes what it draws", () => {
    expect(svgOf(brandMark('M0"/><script>', "#000").logo!)).not.toContain("<script");
  });
});
