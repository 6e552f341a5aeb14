/**
 * One limit across two Worker runtimes on one D1 database: two Miniflare instances (each its own workerd
 * process) persist D1 to the same folder. On Workers the client address is CF-Connecting-IP.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { describe, expect, it } from "vitest";
import { migrateD1 } from "../../../src/adapters/d1.js";
import { createCookieJar } from "../../helpers/cookie-jar.js";

const origin = "http://localhost:8787";

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [resolve(import.meta.dirname, "d1-worker.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

const worker = (script: string, persist: string) =>
  new Miniflare({ modules: true, script, compatibilityDate: "2026-04-01", compatibilityFlags: ["nodejs_compat"], cf: false, d1Databases: ["DB"], d1Persist: persist });

async function signIn(mf: Miniflare, username: string, ip: string): Promise<boolean> {
  const jar = createCookieJar();
  const csrf = await mf.dispatchFetch(`${origin}/auth/csrf`);
  jar.store(csrf as unknown as Response);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await mf.dispatchFetch(`${origin}/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), "cf-connecting-ip": ip },
    body: new URLSearchParams({ username, password: "wrong", csrfToken }).toString(),
  });
  await response.arrayBuffer();
  return /error=RateLimited/.test(response.headers.get("location") ?? "");
}

describe("D1 on Workers", () => {
  it("two runtimes on one D1 database share one limit, per name and per CF-Connecting-IP", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sekisho-d1-rate-limit-"));
    const script = await bundle();
    // one after the other: two runtimes opening the database file at the same moment can find it locked
    const runtimes: Miniflare[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        runtimes.push(worker(script, dir));
        await runtimes[i].ready;
      }
      await migrateD1(await runtimes[0].getD1Database("DB"));
      const perName: boolean[] = [];
      for (let i = 0; i < 7; i++) perName.push(await signIn(runtimes[i % 2], "alice", `198.51.100.${i}`));
      const perAddress: boolean[] = [];
      for (let i = 0; i < 10; i++) perAddress.push(await signIn(runtimes[i % 2], `user-${i}`, "203.0.113.9"));
      expect(perName).toEqual([false, false, false, false, false, false, true]);
      expect(perAddress).toEqual([...Array(9).fill(false), true]);
    } finally {
      await Promise.all(runtimes.map((mf) => mf.dispose()));
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
