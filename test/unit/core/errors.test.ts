import { describe, expect, it } from "vitest";
import { AccessDenied, AccountNotLinked, AdapterError, AuthError, CallbackRouteError, CredentialsSignin, MissingCSRF, MissingSecret, MissingSecretError, OAuthAccountNotLinked, OAuthCallbackError, UntrustedHost, Verification, WebAuthnVerificationError } from "../../../src/index.js";
import { clientErrorCode, isClientSafe } from "../../../src/errors.js";
import { localClient, makeAuth, origin } from "../../helpers/auth-client.js";

describe("AuthError", () => {
  it("carries type, kind and a cause record", () => {
    const err = new Error("root cause");
    const error = new AccessDenied("not allowed", { err, provider: "credentials" });
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("AccessDenied");
    expect(error.type).toBe("AccessDenied");
    expect(error.kind).toBe("error");
    expect(error.message).toBe("not allowed");
    expect(error.cause).toEqual({ err, provider: "credentials" });
    expect(typeof error.stack).toBe("string");
  });

  it("accepts an Error as its first argument and keeps it as cause.err", () => {
    const err = new Error("boom");
    const error = new CallbackRouteError(err);
    expect(error.cause?.err).toBe(err);
    expect(error.type).toBe("CallbackRouteError");
  });

  it("accepts a cause record alone, or nothing", () => {
    expect(new AdapterError({ err: new Error("x") }).cause?.err?.message).toBe("x");
    const bare = new AdapterError();
    expect(bare.cause).toBeUndefined();
    expect(bare.type).toBe("AdapterError");
  });

  it("sign-in errors have kind signIn; CredentialsSignin has code credentials and can be subclassed", () => {
    expect(new CredentialsSignin().kind).toBe("signIn");
    expect(new CredentialsSignin().code).toBe("credentials");
    expect(new MissingCSRF().kind).toBe("signIn");
    expect(new OAuthAccountNotLinked().kind).toBe("signIn");
    expect(new AccessDenied().kind).toBe("error");
    expect(new Verification().kind).toBe("error");
    class Locked extends CredentialsSignin {
      code = "locked";
    }
    const locked = new Locked("account locked");
    expect(locked).toBeInstanceOf(CredentialsSignin);
    expect(locked.type).toBe("CredentialsSignin");
    expect(locked.code).toBe("locked");
  });

  it("MissingSecretError is another name for MissingSecret", () => {
    expect(new MissingSecretError()).toBeInstanceOf(MissingSecret);
    expect(new MissingSecretError().type).toBe("MissingSecret");
  });
});

describe("client-safe error names", () => {
  const safe = [CredentialsSignin, OAuthAccountNotLinked, OAuthCallbackError, AccessDenied, Verification, MissingCSRF, AccountNotLinked, WebAuthnVerificationError];
  it.each(safe.map((cls) => [cls.name, cls] as const))("%s keeps its name", (name, cls) => {
    const error = new cls();
    expect(isClientSafe(error)).toBe(true);
    expect(clientErrorCode(error)).toBe(error.type);
    expect(error.type).toBe(name);
  });

  it.each([
    ["CallbackRouteError", new CallbackRouteError("x")],
    ["AdapterError", new AdapterError("x")],
    ["UntrustedHost", new UntrustedHost("x")],
    ["MissingSecret", new MissingSecret("x")],
    ["a plain AuthError", new AuthError("x")],
    ["a plain Error", new Error("x")],
    ["a string", "x"],
  ])("%s becomes Configuration", (_label, error) => {
    expect(isClientSafe(error)).toBe(false);
    expect(clientErrorCode(error)).toBe("Configuration");
  });

  it("on the wire: a client-safe error keeps its name, anything else is Configuration", async () => {
    const denied = localClient(makeAuth({ callbacks: { signIn: () => { throw new AccessDenied("nope"); } } }).fetch);
    expect((await denied.signIn()).headers.get("location")).toBe(`${origin}/auth/error?error=AccessDenied`);
    const broken = localClient(makeAuth({ callbacks: { jwt: () => { throw new UntrustedHost("internal"); } } }).fetch);
    expect((await broken.signIn()).headers.get("location")).toBe(`${origin}/auth/error?error=Configuration`);
  });
});
