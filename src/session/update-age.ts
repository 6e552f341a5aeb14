import type { ResolvedConfig } from "../config/config-types.js";

/**
 * The one updateAge rule of both strategies: a session issued at `issuedAtMs` is re-issued (jwt) or has its
 * expiry moved (database) once `updateAge` seconds have passed since then, and not before.
 */
export function isDueForUpdate(session: ResolvedConfig["session"], issuedAtMs: number, nowMs: number): boolean {
  return nowMs - issuedAtMs >= session.updateAge * 1000;
}
