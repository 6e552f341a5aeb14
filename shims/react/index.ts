"use client";
/**
 * `sekisho/react`: the session in React client components. One `SessionProvider` fetches the session once
 * and shares it with every `useSession` below it; sign-in, sign-out and updates tell every provider (in
 * this tab and others) to fetch it again.
 */
import {
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { authClient as createClient, type AuthClient } from "../client/index.js";
import { announceChange, channelName, defaultBasePath, providerClient, setProviderBasePath } from "./provider-client.js";
import type { Session } from "../../src/index.js";

export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

export interface SessionContextValue {
  data: Session | null;
  status: SessionStatus;
  /** With data: updates the session on the server (the jwt callback's `session`). Without: fetches it again. */
  update(data?: unknown): Promise<Session | null>;
}

interface ProviderValue extends SessionContextValue {
  basePath: string;
}

const SessionContext = createContext<ProviderValue | undefined>(undefined);

export interface SessionProviderProps {
  children?: ReactNode;
  /** The session from the server (`await auth()`): no fetch on mount when given. */
  session?: Session | null;
  basePath?: string;
  /** Seconds between background fetches; 0 turns them off. */
  refetchInterval?: number;
  refetchOnWindowFocus?: boolean;
}

export function SessionProvider({
  children,
  session: initial,
  basePath = defaultBasePath,
  refetchInterval = 0,
  refetchOnWindowFocus = true,
}: SessionProviderProps) {
  // Set while rendering, so that effects and handlers of the children already see it.
  setProviderBasePath(basePath);
  // This provider's name on the channel, made when it first announces a change, never while rendering: a random
  // value in render is what Next.js refuses during prerendering (cacheComponents), and would differ from the server's.
  const id = useRef<string | undefined>(undefined);
  const client = useMemo(
    () => createClient({ basePath, onChange: () => announceChange((id.current ??= Math.random().toString(36).slice(2))) }),
    [basePath],
  );
  const [session, setSession] = useState<Session | null | undefined>(initial);
  const [loading, setLoading] = useState(initial === undefined);
  // One fetch at a time for the whole tree, however many consumers ask.
  const pending = useRef<Promise<Session | null> | null>(null);

  const refresh = useCallback((): Promise<Session | null> => {
    pending.current ??= client
      .getSession()
      .catch(() => null)
      .then((fresh) => {
        setSession(fresh);
        setLoading(false);
        return fresh;
      })
      .finally(() => {
        pending.current = null;
      });
    return pending.current;
  }, [client]);

  useEffect(() => {
    if (initial === undefined) void refresh();
  }, [refresh, initial]);

  useEffect(() => {
    const channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(channelName);
    if (channel) channel.onmessage = (event) => void (event.data !== id.current && refresh());
    const onVisible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    if (refetchOnWindowFocus) document.addEventListener("visibilitychange", onVisible);
    const timer = refetchInterval > 0 ? setInterval(() => void refresh(), refetchInterval * 1000) : undefined;
    return () => {
      channel?.close();
      document.removeEventListener("visibilitychange", onVisible);
      if (timer) clearInterval(timer);
    };
  }, [refresh, refetchInterval, refetchOnWindowFocus]);

  const update = useCallback(
    async (data?: unknown): Promise<Session | null> => {
      if (data === undefined) return refresh();
      setLoading(true);
      try {
        const fresh = await client.updateSession(data);
        if (fresh) setSession(fresh);
        return fresh;
      } finally {
        setLoading(false);
      }
    },
    [client, refresh],
  );

  const value = useMemo<ProviderValue>(() => {
    const data = session ?? null;
    const status: SessionStatus = loading ? "loading" : data ? "authenticated" : "unauthenticated";
    return { data, status, update, basePath };
  }, [session, loading, update, basePath]);

  return createElement(SessionContext.Provider, { value }, children);
}

export interface UseSessionOptions {
  /** The page needs a session: when there is none, `onUnauthenticated` runs, or the browser goes to sign-in. */
  required?: boolean;
  onUnauthenticated?: () => void;
}

export function useSession(options: UseSessionOptions = {}): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>.");
  const missing = Boolean(options.required) && value.status === "unauthenticated";
  const { onUnauthenticated } = options;
  const { basePath } = value;

  useEffect(() => {
    if (!missing) return;
    if (onUnauthenticated) onUnauthenticated();
    else window.location.href = `${basePath}/signin?${new URLSearchParams({ callbackUrl: window.location.href })}`;
  }, [missing, onUnauthenticated, basePath]);

  const { data, status, update } = value;
  return missing ? { data: null, status: "loading", update } : { data, status, update };
}

/** The browser calls for sekisho mounted at `basePath`; each change they make reaches every SessionProvider. */
export function authClient({ basePath }: { basePath: string }): AuthClient {
  return createClient({ basePath, onChange: () => announceChange() });
}

export const signIn: AuthClient["signIn"] = (...args) => providerClient().signIn(...args);
export const signOut: AuthClient["signOut"] = (...args) => providerClient().signOut(...args);
export const getSession: AuthClient["getSession"] = () => providerClient().getSession();
export const getProviders: AuthClient["getProviders"] = () => providerClient().getProviders();
export const getCsrfToken: AuthClient["getCsrfToken"] = () => providerClient().getCsrfToken();
export type { AuthorizationParams, ClientProvider, SignInOptions, SignInResult, SignOutOptions } from "../client/index.js";
/** next-auth/react's names for the same types. */
export type {
  AuthorizationParams as SignInAuthorizationParams,
  ClientProvider as ClientSafeProvider,
  SignInResult as SignInResponse,
  SignOutOptions as SignOutParams,
} from "../client/index.js";
export interface SignOutResponse {
  url: string;
}
