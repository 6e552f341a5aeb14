import type { Messages } from "./messages.js";

/**
 * What a user enrolling adds to their authenticator app: the key as text (to type in) and the `otpauth://` link (a
 * phone's browser opens the app with it), and the QR code of `uri` as inline SVG markup made on the server.
 */
export function TotpEnrollment({
  messages,
  secret,
  uri,
  qrSvg,
}: {
  messages: Messages;
  secret: string;
  uri: string;
  qrSvg: string;
}) {
  const text = messages.twoFactor;
  return (
    <>
      <p class="muted center">{text.enrollIntro}</p>
      <div class="qr" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <p class="center">
        {text.secretLabel}: <code data-totp-secret>{secret}</code>
      </p>
      <p class="center">
        <a href={uri}>{text.uriLink}</a>
      </p>
    </>
  );
}
