import { fetchJson, userinfoUrl } from "./fetch-profile.js";
import { brandMark } from "../config/providers/logos.js";
import { wechatMark } from "./brand-marks.js";
import { conformSuccess, withBearerType } from "./token-response.js";
import type { Profile } from "../types.js";
import type { OAuthProviderConfig } from "../config/providers/types.js";

/** WeChat's `GET /sns/userinfo`. WeChat shares no email address. */
export interface WeChatProfile extends Profile {
  openid: string;
  nickname: string;
  sex: 0 | 1 | 2;
  province: string;
  city: string;
  country: string;
  headimgurl: string;
  privilege: string[];
  /** Present once the app is bound to a WeChat Open Platform account: the same user across its apps. */
  unionid?: string;
}

export interface WeChatOptions extends Partial<OAuthProviderConfig<WeChatProfile>> {
  /** Inside WeChat (an Official Account page), or a website showing a QR code. Default: OfficialAccount. */
  platformType?: "OfficialAccount" | "WebsiteApp";
}

/**
 * WeChat names the client `appid` and its secret `secret`, in the query of the authorization and
 * token requests, so `clientId` and `clientSecret` must be passed to this function.
 */
export default function WeChat(options: WeChatOptions = {}): OAuthProviderConfig<WeChatProfile> {
  const inWeChat = (options.platformType ?? "OfficialAccount") === "OfficialAccount";
  return {
    id: "wechat",
    name: "WeChat",
    type: "oauth",
    authorization: {
      url: inWeChat ? "https://open.weixin.qq.com/connect/oauth2/authorize" : "https://open.weixin.qq.com/connect/qrconnect",
      params: { appid: options.clientId, scope: inWeChat ? "snsapi_userinfo" : "snsapi_login" },
    },
    token: {
      url: "https://api.weixin.qq.com/sns/oauth2/access_token",
      params: { appid: options.clientId, secret: options.clientSecret },
      conform: conformSuccess(withBearerType),
    },
    userinfo: {
      url: "https://api.weixin.qq.com/sns/userinfo",
      async request({ tokens, provider }) {
        const url = userinfoUrl(provider, {
          access_token: String(tokens.access_token),
          openid: String(tokens.openid),
          lang: "zh_CN",
        });
        // WeChat reports errors with status 200 and an `errcode`.
        const answer = await fetchJson<WeChatProfile & { errcode?: number }>(provider, url);
        if (answer.errcode) throw new Error(`Provider "wechat" answered the profile request with errcode ${answer.errcode}`);
        return answer;
      },
    },
    checks: ["state"],
    profile(profile) {
      return { id: profile.unionid ?? profile.openid, name: profile.nickname, email: null, image: profile.headimgurl || null };
    },
    style: brandMark(wechatMark, "#07C160", "#000"),
    options,
  };
}
