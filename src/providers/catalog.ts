/**
 * Every built-in OAuth 2.0 / OpenID Connect provider, by module name: each is published as
 * `sekisho/providers/<name>` from `src/providers/<name>.ts`, whose default export is the provider
 * function. The module name is also the provider id, except `ory-hydra`, whose id is `hydra`.
 * The most used come first.
 */
export const oauthProviderModules = [
  "github", "google", "apple", "discord", "microsoft-entra-id", "gitlab", "facebook", "twitter", "linkedin",
  "slack", "spotify", "twitch", "reddit", "auth0", "okta", "keycloak", "cognito", "zitadel", "authentik",
  "oidc",
  "42-school", "asgardeo", "atlassian", "azure-ad", "azure-ad-b2c", "bankid-no", "battlenet", "beyondidentity",
  "bitbucket", "box", "boxyhq-saml", "bungie", "click-up", "coinbase", "concept2", "descope", "dribbble",
  "dropbox", "duende-identity-server6", "eventbrite", "eveonline", "faceit", "figma", "foursquare",
  "freshbooks", "frontegg", "fusionauth", "hubspot", "huggingface", "identity-server4", "instagram", "kakao",
  "kinde", "line", "logto", "mailchimp", "mailru", "mastodon", "mattermost", "medium", "naver", "netlify",
  "netsuite", "nextcloud", "notion", "onelogin", "ory-hydra", "osso", "osu", "passage", "patreon", "ping-id",
  "pinterest", "pipedrive", "roblox", "salesforce", "simplelogin", "strava", "threads", "tiktok", "todoist",
  "trakt", "united-effects", "vipps", "vk", "webex", "wechat", "wikimedia", "wordpress", "workos", "yandex",
  "zoho", "zoom",
] as const;

export type OAuthProviderModule = (typeof oauthProviderModules)[number];
