import type { ReactNode } from "react";
import { SessionProvider } from "sekisho/react";

export const metadata = { title: "sekisho on Next.js" };

/**
 * The provider wraps the whole app, as next-auth's docs place it, with no Suspense boundary above it: with
 * `cacheComponents` on, Next.js prerenders it, so it must render nothing that differs between runs.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <SessionProvider>{children}</SessionProvider>
      </body>
    </html>
  );
}
