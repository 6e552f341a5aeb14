/** The part of react-dom/server the tests use; @types/react-dom is not installed. */
declare module "react-dom/server" {
  import type { ReactNode } from "react";
  export function renderToString(node: ReactNode): string;
}
