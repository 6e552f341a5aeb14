import type { Adapter, AdapterUser } from "../adapters/adapter-contract.js";
import type { Account, Awaitable, JWT, Profile, Session, User } from "../shared-types.js";

/** The `events` option: handlers told of what happened, after it happened. A handler that throws is logged (`EventError`) and changes nothing. */
export interface EventCallbacks {
  /**
   * A user signed in.
   * @example
   * ```ts
   * events: { signIn: ({ user, isNewUser }) => audit("sign-in", user.id, isNewUser) }
   * ```
   */
  signIn: (message: { user: User; account?: Account | null; profile?: Profile; isNewUser?: boolean }) => Awaitable<void>;
  /**
   * A user signed out. `session` is what the adapter's deleteSession returned: the deleted session, or nothing.
   * @example
   * ```ts
   * events: { signOut: (message) => audit("sign-out", "token" in message ? message.token?.sub : undefined) }
   * ```
   */
  signOut: (
    message: { session: Awaited<ReturnType<NonNullable<Adapter["deleteSession"]>>> | null } | { token: JWT | null },
  ) => Awaitable<void>;
  /**
   * The adapter created a user.
   * @example
   * ```ts
   * events: { createUser: ({ user }) => sendWelcomeEmail(user.email) }
   * ```
   */
  createUser: (message: { user: User }) => Awaitable<void>;
  /**
   * A user turned on a second factor (TOTP confirmed with its first code); `userId` is theirs.
   * @example
   * ```ts
   * events: { twoFactorEnrolled: ({ userId }) => audit("2fa-on", userId) }
   * ```
   */
  twoFactorEnrolled: (message: { userId: string; method: "totp" }) => Awaitable<void>;
  /**
   * A second factor completed a sign-in: `method` is what the user gave, `firstFactor` the provider before it.
   * @example
   * ```ts
   * events: { twoFactorUsed: ({ userId, method }) => audit("2fa", userId, method) }
   * ```
   */
  twoFactorUsed: (message: {
    userId: string;
    method: "totp" | "backup-code" | "passkey";
    firstFactor: string;
  }) => Awaitable<void>;
  /**
   * A backup code was spent; `remaining` says how many the user has left.
   * @example
   * ```ts
   * events: { backupCodeUsed: ({ userId, remaining }) => remaining < 3 && remindToRegenerate(userId) }
   * ```
   */
  backupCodeUsed: (message: { userId: string; remaining: number }) => Awaitable<void>;
  /**
   * A user ticked "Don't ask again on this device" (`twoFactor.trustedDevices`): `label` describes the browser.
   * @example
   * ```ts
   * events: { twoFactorDeviceTrusted: ({ userId, label }) => notifyByEmail(userId, `New trusted device: ${label}`) }
   * ```
   */
  twoFactorDeviceTrusted: (message: { userId: string; label?: string }) => Awaitable<void>;
  /**
   * A user turned their second factor off (its backup codes went with it).
   * @example
   * ```ts
   * events: { twoFactorDisabled: ({ userId }) => notifyByEmail(userId, "Two-factor sign-in was turned off") }
   * ```
   */
  twoFactorDisabled: (message: { userId: string }) => Awaitable<void>;
  /**
   * A user unlinked a provider account from the account page (`POST {basePath}/account/unlink`).
   * @example
   * ```ts
   * events: { unlinkAccount: ({ userId, account }) => audit("unlinked", userId, account.provider) }
   * ```
   */
  unlinkAccount: (message: {
    userId: string;
    account: { provider: string; type: string; providerAccountId: string };
  }) => Awaitable<void>;
  /**
   * A user renamed one of their passkeys; `credentialID` names it.
   * @example
   * ```ts
   * events: { passkeyRenamed: ({ userId, name }) => audit("passkey-renamed", userId, name) }
   * ```
   */
  passkeyRenamed: (message: { userId: string; credentialID: string; name: string }) => Awaitable<void>;
  /**
   * A user removed one of their passkeys: it signs no one in any more.
   * @example
   * ```ts
   * events: { passkeyRemoved: ({ userId }) => notifyByEmail(userId, "A passkey was removed from your account") }
   * ```
   */
  passkeyRemoved: (message: { userId: string; credentialID: string }) => Awaitable<void>;
  /**
   * A user signed out every other session of theirs (`POST {basePath}/sessions/revoke` with `others`, the account
   * page's button): `ended` sessions, the current one kept.
   * @example
   * ```ts
   * events: { otherSessionsEnded: ({ userId, ended }) => audit("signed-out-elsewhere", userId, ended) }
   * ```
   */
  otherSessionsEnded: (message: { userId: string; ended: number }) => Awaitable<void>;
  /**
   * A user revoked a trusted device: it is asked for the second factor again.
   * @example
   * ```ts
   * events: { trustedDeviceRevoked: ({ userId, id }) => audit("device-revoked", userId, id) }
   * ```
   */
  trustedDeviceRevoked: (message: { userId: string; id: string }) => Awaitable<void>;
  /**
   * A user deleted their account (`POST {basePath}/account/delete`): `user` is the record as it was.
   * @example
   * ```ts
   * events: { deleteUser: ({ user }) => purgeAppData(user.id) }
   * ```
   */
  deleteUser: (message: { user: User }) => Awaitable<void>;
  /**
   * A user changed their email address, after proving they read the new one: `from` is the previous address
   * (null when the user had none), `to` the new one. The previous address has been sent a notice already. The
   * message holds addresses, never the token: log it as it is.
   * @example
   * ```ts
   * events: { emailChanged: ({ userId, from, to }) => audit("email-changed", userId, { from, to }) }
   * ```
   */
  emailChanged: (message: { userId: string; from: string | null; to: string }) => Awaitable<void>;
  /**
   * A password sign-up was proven: the user opened the link mailed to the address, and can sign in with it.
   * @example
   * ```ts
   * events: { passwordSignUp: ({ user }) => welcome(user.email) }
   * ```
   */
  passwordSignUp: (message: { user: User }) => Awaitable<void>;
  /**
   * A reset link was mailed to a user who asked for one (unknown addresses send nothing and fire nothing).
   * @example
   * ```ts
   * events: { passwordResetRequested: ({ userId }) => audit("password-reset-asked", userId) }
   * ```
   */
  passwordResetRequested: (message: { userId: string }) => Awaitable<void>;
  /**
   * A user set a new password through a reset link; every session of theirs was ended.
   * @example
   * ```ts
   * events: { passwordReset: ({ userId }) => audit("password-reset", userId) }
   * ```
   */
  passwordReset: (message: { userId: string }) => Awaitable<void>;
  /**
   * A signed-in user changed their password; `otherSessionsEnded` says whether their other sessions were ended.
   * @example
   * ```ts
   * events: { passwordChanged: ({ userId }) => audit("password-changed", userId) }
   * ```
   */
  passwordChanged: (message: { userId: string; otherSessionsEnded: boolean }) => Awaitable<void>;
  /**
   * The adapter updated a user (an email address verified, for example).
   * @example
   * ```ts
   * events: { updateUser: ({ user }) => audit("user-updated", user.id) }
   * ```
   */
  updateUser: (message: { user: User }) => Awaitable<void>;
  /**
   * A provider account was linked to a user.
   * @example
   * ```ts
   * events: { linkAccount: ({ user, account }) => audit("linked", user.id, account.provider) }
   * ```
   */
  linkAccount: (message: { user: User | AdapterUser; account: Account; profile: User | AdapterUser }) => Awaitable<void>;
  /**
   * A session was read.
   * @example
   * ```ts
   * events: { session: ({ session }) => metrics.increment("session-read") }
   * ```
   */
  session: (message: { session: Session; token: JWT }) => Awaitable<void>;
}
