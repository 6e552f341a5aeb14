import { describe, expect, it } from "vitest";
import { themeCss } from "../../../pages/theme.js";
import { themeColors } from "../../../src/config/theme-colors.js";
import { verificationMessage } from "../../../src/providers/email-message.js";

const email = (theme: { brandColor?: string; buttonText?: string }) =>
  verificationMessage({ url: "https://app.example/auth/callback/email?token=t", host: "app.example", theme, expires: new Date(Date.now() + 3_600_000) }).html;

describe("one theme, one set of colours for the pages and the sign-in email", () => {
  it("both use the theme's colours when they are safe CSS", () => {
    const theme = { brandColor: "#aa0000", buttonText: "rgb(1, 2, 3)" };
    expect(themeColors(theme)).toEqual({ brand: "#aa0000", buttonText: "rgb(1, 2, 3)" });
    expect(themeCss(theme)).toContain("--brand: #aa0000; --button-text: rgb(1, 2, 3);");
    expect(email(theme)).toContain("background:#aa0000;");
    expect(email(theme)).toContain("color:rgb(1, 2, 3);");
  });

  it("both fall back to the same defaults for a colour that could break out of CSS", () => {
    const theme = { brandColor: "red;}</style><script>", buttonText: "url(javascript:x)" };
    const { brand, buttonText } = themeColors(theme);
    expect(themeCss(theme)).toContain(`--brand: ${brand}; --button-text: ${buttonText};`);
    expect(email(theme)).toContain(`background:${brand};`);
    expect(email(theme)).toContain(`color:${buttonText};`);
    expect(themeColors({})).toEqual({ brand, buttonText });
  });
});
