import type { BrowserContext, CDPSession, Page } from "playwright-core";

/**
 * Gives `page` a platform authenticator emulated over the DevTools protocol: it keeps passkeys, verifies
 * the user, and answers without a prompt.
 */
export async function addPlatformAuthenticator(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}
