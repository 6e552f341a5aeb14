import { qrMatrix, type QrLevel } from "./qr-matrix.js";

/** Light modules around the symbol (ISO/IEC 18004 §6.3.8): readers need four. */
const QUIET_ZONE = 4;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The QR code of `text` as one inline `<svg>`: a light square, and one `<path>` of the dark modules, a
 * horizontal run of them per subpath. The modules take `currentColor` so a page can set their colour; the
 * background stays white, because readers expect dark on light, in a dark theme too. It loads nothing, so it
 * holds under a strict Content-Security-Policy.
 */
export function qrSvg(text: string, options: { label: string; level?: QrLevel }): string {
  const { size, modules } = qrMatrix(text, options.level);
  const side = size + 2 * QUIET_ZONE;
  let path = "";
  modules.forEach((row, r) => {
    for (let c = 0; c < size; c++) {
      if (!row[c]) continue;
      const start = c;
      while (c + 1 < size && row[c + 1]) c++;
      path += `M${start + QUIET_ZONE} ${r + QUIET_ZONE}h${c - start + 1}v1h-${c - start + 1}z`;
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" role="img" aria-label="${escapeAttribute(options.label)}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path fill="currentColor" d="${path}"/></svg>`
  );
}
