// oidc-provider ships no types; the test IdP uses only its constructor, callback() and events.
declare module "oidc-provider";
