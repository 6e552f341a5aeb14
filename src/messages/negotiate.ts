interface Range {
  tag: string;
  q: number;
}

/** The language ranges of an Accept-Language header, best first; `*` and q=0 are left out. */
function ranges(header: string): Range[] {
  const parsed: Range[] = [];
  for (const part of header.slice(0, 1024).split(",")) {
    const [tag, ...params] = part.trim().split(";");
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (Number.isFinite(q) && q > 0 && q <= 1) parsed.push({ tag: tag.toLowerCase(), q });
  }
  return parsed.sort((a, b) => b.q - a.q);
}

// Readers of Traditional Chinese are not served the Simplified catalog just because both are "zh".
const traditionalChinese = /^zh-(hant|tw|hk|mo)\b/;

function primary(tag: string): string {
  return tag.split("-")[0];
}

/** The available tag for one range: exact, then the range cut back subtag by subtag (pt-BR-x → pt-BR → pt), then any region of its language. */
function match(range: string, available: readonly string[]): string | undefined {
  const lower = available.map((tag) => tag.toLowerCase());
  for (let tag = range; tag; tag = tag.includes("-") ? tag.slice(0, tag.lastIndexOf("-")) : "") {
    const index = lower.indexOf(tag);
    if (index >= 0) return available[index];
  }
  const index = lower.findIndex(
    (tag) => primary(tag) === primary(range) && traditionalChinese.test(tag) === traditionalChinese.test(range),
  );
  return index >= 0 ? available[index] : undefined;
}

/** The best of `available` for an Accept-Language header, by its q-values; undefined when none fits. */
export function negotiateLocale(header: string | null | undefined, available: readonly string[]): string | undefined {
  if (!header) return undefined;
  for (const { tag } of ranges(header)) {
    const found = match(tag, available);
    if (found) return found;
  }
  return undefined;
}
