/** test/frameworks/next-auth-app built with `next build` on Next.js 16 and run with `next start`. */
import { describeNextAuthApp } from "./next-auth-app-suite.js";

describeNextAuthApp("16");
