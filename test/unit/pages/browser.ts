import type { Page } from "playwright-core";

export { launchChromium } from "../../helpers/browser.js";

export interface FieldSummary {
  name: string;
  type: string;
  value: string;
  id: string;
  /** Text of the <label> tied to the input, or null. */
  label: string | null;
  attributes: Record<string, string>;
}

export interface FormSummary {
  action: string | null;
  method: string;
  fields: FieldSummary[];
  buttons: string[];
}

/** What a browser made of a page: the parts the tests assert on. */
export interface PageSummary {
  doctype: string | null;
  lang: string;
  title: string;
  robots: string | null;
  viewport: boolean;
  mainCount: number;
  headings: string[];
  alerts: string[];
  forms: FormSummary[];
  scripts: Array<{ src: string | null }>;
  styleElements: number;
  /** Every attribute whose name starts with "on", on any element. */
  eventHandlers: string[];
  images: string[];
  links: Array<{ href: string | null; text: string }>;
  separators: number;
  text: string;
  brandColor: string;
  /** Set when a dialog (alert, confirm) opened while the page loaded. */
  dialogs: string[];
}

/**
 * Loads the HTML into a page (JavaScript on, so injected script would run and be seen) and
 * summarises the resulting DOM.
 */
export async function summarize(page: Page, html: string): Promise<PageSummary> {
  const dialogs: string[] = [];
  const onDialog = (dialog: { message(): string; dismiss(): Promise<void> }) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };
  page.on("dialog", onDialog);
  try {
    await page.setContent(html, { waitUntil: "load" });
    const summary = await page.evaluate(() => {
      const text = (element: Element | null | undefined) => element?.textContent?.trim() ?? "";
      return {
        doctype: document.doctype?.name ?? null,
        lang: document.documentElement.lang,
        title: document.title,
        robots: document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null,
        viewport: document.querySelector('meta[name="viewport"]') !== null,
        mainCount: document.querySelectorAll("main").length,
        headings: [...document.querySelectorAll("h1")].map(text),
        alerts: [...document.querySelectorAll('[role="alert"]')].filter((e) => !e.closest("[hidden]")).map(text),
        forms: [...document.forms].map((form) => ({
          action: form.getAttribute("action"),
          method: form.method,
          fields: [...form.querySelectorAll("input")].map((input) => ({
            name: input.name,
            type: input.type,
            value: input.value,
            id: input.id,
            label: input.labels && input.labels.length > 0 ? text(input.labels[0]) : null,
            attributes: Object.fromEntries([...input.attributes].map((a) => [a.name, a.value])),
          })),
          buttons: [...form.querySelectorAll("button")].map(text),
        })),
        scripts: [...document.scripts].map((script) => ({ src: script.getAttribute("src") })),
        styleElements: document.querySelectorAll("style").length,
        eventHandlers: [...document.querySelectorAll("*")].flatMap((element) =>
          [...element.attributes].filter((a) => a.name.toLowerCase().startsWith("on")).map((a) => a.name),
        ),
        images: [...document.images].map((image) => image.getAttribute("src") ?? ""),
        links: [...document.querySelectorAll("a")].map((a) => ({ href: a.getAttribute("href"), text: text(a) })),
        separators: document.querySelectorAll(".divider").length,
        text: document.body.innerText,
        brandColor: getComputedStyle(document.documentElement).getPropertyValue("--brand").trim(),
      };
    });
    return { ...summary, dialogs };
  } finally {
    page.off("dialog", onDialog);
  }
}
