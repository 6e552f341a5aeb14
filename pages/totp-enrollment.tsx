import type { Child } from "hono/jsx";
import type { Messages } from "./messages.js";

/**
 * What a user enrolling adds to their authenticator app: the key as text (to type in) and the `otpauth://` link (a
 * phone's browser opens the app with it). `qr` is where a server-rendered QR code of `uri` (inline SVG) goes.
 */
export function TotpEnrollment({ messages, secret, uri, qr }: { messages: Messages; secret: string; uri: string; qr?: Child }) {
  const text = messages.twoFactor;
  return (
    <>
      <p class="muted center">{text.enrollIntro}</p>
      {qr && <div class="center">{qr}</div>}
      <p class="center">
        {text.secretLabel}: <code data-totp-secret>{secret}</code>
      </p>
      <p class="center">
        <a href={uri}>{text.uriLink}</a>
      </p>
    </>
  );
}
