import type { ResolvedConfig } from "../src/config/resolved-config.js";
import type {
  EmailChangeSlots,
  EmailChangeState,
  EmailConfirmSlots,
  MethodPageDescription,
} from "../src/http/page-description.js";
import { pageText } from "../src/messages/locale.js";
import { cachedRender, languagePage, pagesOf, variant, whenReady, type PageRequest } from "./cache.js";
import { EmailChangePage } from "./email-change-page.js";
import { EmailConfirmPage } from "./email-confirm.js";
import type { EmailChangePageProps, EmailConfirmPageProps } from "./props.js";
import { texted, toHtml, type PageResult } from "./render.js";

/*
 * The email method's pages: the button that uses a sign-in link, and changing the account's address. The email
 * provider modules bring this module (src/providers/email-provider-method.ts), so that only apps with an email
 * provider carry them.
 */

export function renderEmailConfirm(props: EmailConfirmPageProps): PageResult {
  return { html: toHtml(EmailConfirmPage(texted(props))), status: 200 };
}

const emailChangeStatus = {
  sent: 200,
  confirm: 200,
  wrongCode: 400,
  done: 200,
  invalid: 400,
  taken: 409,
  otherUser: 403,
  badAddress: 400,
  unchanged: 400,
} as const;

export function renderEmailChange(props: EmailChangePageProps): PageResult {
  return { html: toHtml(EmailChangePage(texted(props))), status: emailChangeStatus[props.state] };
}

const emailConfirmPage = languagePage<EmailConfirmSlots>("emailConfirm", renderEmailConfirm);

function emailChangePage(
  config: ResolvedConfig,
  { request, nonce }: PageRequest,
  state: EmailChangeState,
  slots: EmailChangeSlots,
): PageResult | Promise<PageResult> {
  return whenReady(pageText(config, request), (text) =>
    cachedRender(
      pagesOf(config).emailChange,
      config,
      variant(text, state),
      slots,
      (markers) => renderEmailChange({ theme: config.theme, text, state, ...markers }),
      nonce,
    ),
  );
}

export function render(config: ResolvedConfig, at: PageRequest, page: MethodPageDescription): PageResult | Promise<PageResult> {
  if (page.name === "emailConfirm") return emailConfirmPage(config, at, page.slots);
  if (page.name === "emailChange") return emailChangePage(config, at, page.state, page.slots);
  throw new TypeError(`The email provider shows no ${page.name} page.`);
}
