/*
 * WCAG 2 contrast, for the link colour each colour scheme derives from the brand colour: the brand as it is
 * where it reads well enough, else mixed toward white (dark scheme) or black (light scheme) until it does.
 */

type Rgb = [number, number, number];

/** #rgb or #rrggbb (alpha is ignored); other notations give undefined. */
function parseHex(color: string): Rgb | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex;
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as Rgb;
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const toHex = (rgb: Rgb) => `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`;

/**
 * `color`, or the closest mix of it toward `toward` (white or black), that has at least `minimum` contrast with
 * every one of `backgrounds` (hex colours). A colour in another notation gives `fallback`.
 */
export function readableColor(
  color: string,
  backgrounds: string[],
  toward: "white" | "black",
  fallback: string,
  minimum = 4.5,
): string {
  const rgb = parseHex(color);
  if (!rgb) return fallback;
  const grounds = backgrounds.map((background) => parseHex(background)!);
  const target: Rgb = toward === "white" ? [255, 255, 255] : [0, 0, 0];
  for (let step = 0; step <= 20; step++) {
    const mixed = rgb.map((channel, i) => channel + ((target[i] - channel) * step) / 20) as Rgb;
    if (grounds.every((ground) => contrastRatio(mixed, ground) >= minimum)) return step === 0 ? color : toHex(mixed);
  }
  return toward === "white" ? "#ffffff" : "#000000";
}
