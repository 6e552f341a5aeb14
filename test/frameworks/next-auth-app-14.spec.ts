/** test/frameworks/next-auth-app built with `next build` on Next.js 14 (React 18) and run with `next start`. */
import { describeNextAuthApp } from "./next-auth-app-suite.js";

describeNextAuthApp("14");
