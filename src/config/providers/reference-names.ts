/**
 * The provider types `@auth/core/providers` (and `next-auth/providers`) export under names sekisho's own types do
 * not use, so that an app importing them compiles with only its imports changed.
 */
import type { Account, Awaitable, Profile, TokenSet, User } from "../../shared-types.js";
import type {
  Check,
  CredentialsProviderConfig,
  EmailProviderConfig,
  EmailVerificationRequest,
  EndpointConfig,
  OAuthProviderConfig,
  Provider,
  ProviderConfig,
  ProviderStyle,
  UserinfoEndpoint,
  WebAuthnProviderConfig,
} from "./provider-types.js";

/** The ids of the OAuth and OpenID Connect providers in `sekisho/providers/<id>`. */
export type OAuthProviderId =
  | "42-school"
  | "apple"
  | "asgardeo"
  | "atlassian"
  | "auth0"
  | "authentik"
  | "azure-ad-b2c"
  | "azure-ad"
  | "bankid-no"
  | "battlenet"
  | "beyondidentity"
  | "bitbucket"
  | "box"
  | "boxyhq-saml"
  | "bungie"
  | "click-up"
  | "cognito"
  | "coinbase"
  | "concept2"
  | "descope"
  | "discord"
  | "dribbble"
  | "dropbox"
  | "duende-identity-server6"
  | "eventbrite"
  | "eveonline"
  | "facebook"
  | "faceit"
  | "figma"
  | "foursquare"
  | "freshbooks"
  | "frontegg"
  | "fusionauth"
  | "github"
  | "gitlab"
  | "google"
  | "hubspot"
  | "huggingface"
  | "identity-server4"
  | "instagram"
  | "kakao"
  | "keycloak"
  | "kinde"
  | "line"
  | "linkedin"
  | "logto"
  | "mailchimp"
  | "mailru"
  | "mastodon"
  | "mattermost"
  | "medium"
  | "microsoft-entra-id"
  | "naver"
  | "netlify"
  | "netsuite"
  | "nextcloud"
  | "notion"
  | "okta"
  | "onelogin"
  | "ory-hydra"
  | "osso"
  | "osu"
  | "passage"
  | "patreon"
  | "ping-id"
  | "pinterest"
  | "pipedrive"
  | "reddit"
  | "roblox"
  | "salesforce"
  | "simplelogin"
  | "slack"
  | "spotify"
  | "strava"
  | "threads"
  | "tiktok"
  | "todoist"
  | "trakt"
  | "twitch"
  | "twitter"
  | "united-effects"
  | "vipps"
  | "vk"
  | "webex"
  | "wechat"
  | "wikimedia"
  | "wordpress"
  | "workos"
  | "yandex"
  | "zitadel"
  | "zoho"
  | "zoom";
/** The ids of the email providers. */
export type EmailProviderId =
  | "email"
  | "forwardemail"
  | "mailgun"
  | "nodemailer"
  | "passkey"
  | "postmark"
  | "resend"
  | "sendgrid";
export type CredentialsProviderId = "credentials";
export type WebAuthnProviderType = "webauthn";
export type EmailProviderType = "email";
/** A provider id: a built-in one (offered for completion), or any other. */
export type ProviderId =
  | CredentialsProviderId
  | EmailProviderId
  | OAuthProviderId
  | WebAuthnProviderType
  | "passkey"
  | (string & {});

/** The fields every provider has. */
export type CommonProviderOptions = Pick<ProviderConfig, "id" | "name" | "type">;
/** A provider as the app's configuration lists it: an object, or a function called for it. */
export type AppProvider = CommonProviderOptions & { signinUrl?: string; callbackUrl?: string };
export type AppProviders = Provider[];
/** The built-in provider functions, by id. */
export type BuiltInProviders = Record<OAuthProviderId, (config: Partial<OAuthProviderConfig>) => OAuthProviderConfig> &
  Record<CredentialsProviderId, (config: Partial<CredentialsProviderConfig>) => CredentialsProviderConfig> &
  Record<EmailProviderId, (config: Partial<EmailProviderConfig>) => EmailProviderConfig> &
  Record<WebAuthnProviderType, (config: Partial<WebAuthnProviderConfig>) => WebAuthnProviderConfig>;

export type EmailProviderSendVerificationRequestParams = EmailVerificationRequest;
/** What a built-in email provider function takes: any of its fields, to override the defaults. */
export type EmailUserConfig = Partial<EmailProviderConfig>;

export type OAuthChecks = Check[];
export type OAuthEndpointType = "authorization" | "token" | "userinfo";
export type AuthorizationEndpointHandler = EndpointConfig;
export type TokenEndpointHandler = NonNullable<Exclude<OAuthProviderConfig["token"], string>>;
export type UserinfoEndpointHandler = UserinfoEndpoint;
export type ProfileCallback<P = Profile> = (profile: P, tokens: TokenSet) => Awaitable<User>;
export type AccountCallback = (tokens: TokenSet) => Awaitable<Partial<Account> | undefined> | Awaitable<void>;
export type OAuthProviderButtonStyles = ProviderStyle;
export type OIDCConfigInternal<P = Profile> = OAuthProviderConfig<P> & { type: "oidc" };
/** What a built-in OpenID Connect provider function takes: any of its fields, to override the defaults. */
export type OIDCUserConfig<P = Profile> = Partial<OAuthProviderConfig<P>>;
