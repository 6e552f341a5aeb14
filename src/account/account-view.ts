import type { AdapterUser } from "../adapters/adapter-contract.js";
import type { UserFactor } from "../adapters/user-factors/factor-store.js";
import type { ResolvedConfig } from "../config/resolved-config.js";
import { storeOf } from "../config/store.js";
import type { AccountView } from "../http/page-description.js";
import { sessionViews } from "../session/records/sessions-route.js";
import { sessionRecordStore } from "../session/records/record.js";
import type { SignedIn } from "../session/strategy.js";
import { factorStoreOf } from "../config/user-factors.js";
import { accountsOf } from "./ways-in.js";

/** A time as ISO 8601; null when not known (absent, or 0 for a passkey registered before its times were kept). */
const iso = (ms: number | undefined) => (ms ? new Date(ms).toISOString() : null);

/** The user's factors of one kind; none without a factor store. */
async function factorsOf(config: ResolvedConfig, userId: string, kind: UserFactor["kind"]): Promise<UserFactor[]> {
  return (await factorStoreOf(config)?.list(userId, kind)) ?? [];
}

/** The passkeys with the names and times kept beside them. */
async function passkeysOf(config: ResolvedConfig, userId: string): Promise<AccountView["passkeys"]> {
  const store = storeOf(config);
  if (!store.provides.listAuthenticatorsByUserId) return [];
  const named = new Map((await factorsOf(config, userId, "passkey")).map((factor) => [factor.id, factor]));
  return (await store.listAuthenticatorsByUserId(userId)).map(({ credentialID }) => {
    const kept = named.get(credentialID);
    return { id: credentialID, name: kept?.label ?? null, createdAt: iso(kept?.createdAt), lastUsedAt: iso(kept?.lastUsedAt) };
  });
}

/** The user's sessions, this one first; none without sekisho's session records. */
async function sessionsOf(config: ResolvedConfig, signedIn: SignedIn): Promise<AccountView["sessions"]> {
  const { store, shared } = sessionRecordStore(config);
  if (!shared) return [];
  const views = sessionViews(await store.list(signedIn.userId), signedIn.sessionId);
  return [...views.filter((view) => view.current), ...views.filter((view) => !view.current)];
}

/** Everything the account page shows of the signed-in user, and nothing of anyone else. */
export async function accountView(config: ResolvedConfig, user: AdapterUser, signedIn: SignedIn): Promise<AccountView> {
  const [accounts, passkeys, totp, backupCodes, devices, password, sessions] = await Promise.all([
    accountsOf(config, user.id),
    passkeysOf(config, user.id),
    factorsOf(config, user.id, "totp"),
    factorsOf(config, user.id, "backup-code"),
    factorsOf(config, user.id, "trusted-device"),
    factorsOf(config, user.id, "password"),
    sessionsOf(config, signedIn),
  ]);
  return {
    user: { id: user.id, name: user.name ?? null, email: user.email ?? null, image: user.image ?? null },
    accounts:
      accounts
        ?.filter((account) => account.type !== "webauthn")
        .map(({ provider, type, providerAccountId }) => ({ provider, type, providerAccountId })) ?? null,
    passkeys,
    passkeyActions: { rename: Boolean(factorStoreOf(config)), remove: Boolean(storeOf(config).deleteUserAuthenticator) },
    password: password.length > 0,
    twoFactor: {
      totp: totp.some((factor) => factor.confirmed),
      backupCodesLeft: backupCodes.length,
      trustedDevices: devices.map((device) => ({
        id: device.id,
        label: device.label ?? null,
        createdAt: new Date(device.createdAt).toISOString(),
        lastUsedAt: iso(device.lastUsedAt),
        expires: iso(device.expires),
      })),
    },
    sessions,
  };
}
