/** test/frameworks/next-auth-app built with `next build` on Next.js 15 and run with `next start`. */
import { describeNextAuthApp } from "./next-auth-app-suite.js";

describeNextAuthApp("15");
