import { emit } from "../config/events.js";
import { storeOf } from "../config/store.js";
import { userFactorsOf } from "../config/user-factors.js";
import type { AuthContext } from "../http/context.js";
import { json, noCacheHeaders, type Outcome } from "../http/outcome.js";
import { wantsPage } from "../http/wants-page.js";
import { clientAddress } from "../rate-limit/client-ip.js";
import { consume } from "../rate-limit/consume.js";
import { forRecentlySignedInPost } from "../account/signed-in-post.js";
import { sessionRecordStore } from "../session/records/record.js";
import { strategyOf } from "../session/strategy.js";
import { checkNewPassword } from "./new-password.js";
import { hashPassword, verifyPassword } from "./password-hash.js";
import { sendPasswordMail } from "./password-mail.js";
import { passwordPage, passwordRefusal } from "./password-forms.js";
import { PASSWORD_ID, type PasswordProviderConfig } from "./password-provider.js";
import { passwordOf } from "./password-sign-in.js";

const checked = (value: unknown) => value === true || value === "true" || value === "on";

/**
 * `POST /password/change` with `current` and `password`: signed in, CSRF-checked, with a recent sign-in. Ends
 * the user's other sessions unless `keepOtherSessions` is set. Tries of `current` count per user and address.
 */
export function changeRoute(ctx: AuthContext, provider: PasswordProviderConfig): Promise<Outcome> {
  return forRecentlySignedInPost(
    ctx,
    async ({ userId, sessionId }) => {
      const { config } = ctx;
      const options = provider.password;
      const factors = userFactorsOf(config);
      const factor = await factors.get(userId, "password", PASSWORD_ID);
      const user = await storeOf(config).getUser(userId);
      if (!factor?.confirmed || !user?.email)
        return passwordRefusal(ctx, provider, "change", {
          status: 409,
          error: "NoPassword",
          message: "This account has no password to change; set one with the forgot-password link.",
        });
      const current = passwordOf(ctx.body.current, options.policy.maxLength);
      const password = passwordOf(ctx.body.password, options.policy.maxLength);
      if (!current || !password)
        return passwordRefusal(ctx, provider, "change", {
          status: 400,
          error: "InvalidRequest",
          message: "Give the `current` password and the new `password`.",
        });
      await consume(ctx, "password", { ip: await clientAddress(ctx), identifier: userId });
      const verified = await verifyPassword(factor.secret, current, options.scrypt);
      if (verified.tooCostly) config.logger.warn("imported-hash-too-costly", `user ${userId}`);
      if (!verified.ok)
        return passwordRefusal(ctx, provider, "change", {
          status: 401,
          error: "CurrentPasswordWrong",
          message: "The current password is not right.",
        });
      const refused = await checkNewPassword(ctx, provider, password, { email: user.email, userId });
      if (refused) return passwordRefusal(ctx, provider, "change", refused);
      await factors.put({ ...factor, secret: await hashPassword(password, options.scrypt), createdAt: Date.now() });
      const endOthers = !checked(ctx.body.keepOtherSessions);
      if (endOthers) {
        const records = await sessionRecordStore(config).store.list(userId);
        await strategyOf(config).endOtherSessions(config, userId, sessionId, records);
      }
      await emit(config, "passwordChanged", { userId, otherSessionsEnded: endOthers });
      const signinUrl = config.pages.signIn ?? `${ctx.baseUrl}/signin`;
      await sendPasswordMail(ctx, provider, { kind: "changed", to: user.email, url: signinUrl, expires: new Date() });
      if (wantsPage(ctx)) return passwordPage(ctx, provider, "change", { done: true });
      return json({ changed: true, otherSessionsEnded: endOthers }, { headers: noCacheHeaders });
    },
    `${ctx.baseUrl}/password/change`,
  );
}
