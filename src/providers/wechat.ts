import { fetchJson, userinfoUrl } from "../oauth-client/provider-fetch.js";
import { brandMark } from "../config/providers/logos.js";
import { conformSuccess, withBearerType } from "./token-response.js";
import type { Profile } from "../shared-types.js";
import type { OAuthProviderConfig } from "../config/providers/provider-types.js";

/** WeChat's mark, from Simple Icons (CC0 1.0): see brandMark. */
const mark =
  "M8.691 2.188C3.891 2.188 0 5.476 0 9.53c0 2.212 1.17 4.203 3.002 5.55a.59.59 0 0 1 .213.665l-.39 1.48c-.019.07-.048.141-.048.213 0 .163.13.295.29.295a.326.326 0 0 0 .167-.054l1.903-1.114a.864.864 0 0 1 .717-.098 10.16 10.16 0 0 0 2.837.403c.276 0 .543-.027.811-.05-.857-2.578.157-4.972 1.932-6.446 1.703-1.415 3.882-1.98 5.853-1.838-.576-3.583-4.196-6.348-8.596-6.348zM5.785 5.991c.642 0 1.162.529 1.162 1.18a1.17 1.17 0 0 1-1.162 1.178A1.17 1.17 0 0 1 4.623 7.17c0-.651.52-1.18 1.162-1.18zm5.813 0c.642 0 1.162.529 1.162 1.18a1.17 1.17 0 0 1-1.162 1.178 1.17 1.17 0 0 1-1.162-1.178c0-.651.52-1.18 1.162-1.18zm5.34 2.867c-1.797-.052-3.746.512-5.28 1.786-1.72 1.428-2.687 3.72-1.78 6.22.942 2.453 3.666 4.229 6.884 4.229.826 0 1.622-.12 2.361-.336a.722.722 0 0 1 .598.082l1.584.926a.272.272 0 0 0 .14.047c.134 0 .24-.111.24-.247 0-.06-.023-.12-.038-.177l-.327-1.233a.582.582 0 0 1-.023-.156.49.49 0 0 1 .201-.398C23.024 18.48 24 16.82 24 14.98c0-3.21-2.931-5.837-6.656-6.088V8.89c-.135-.01-.27-.027-.407-.03zm-2.53 3.274c.535 0 .969.44.969.982a.976.976 0 0 1-.969.983.976.976 0 0 1-.969-.983c0-.542.434-.982.97-.982zm4.844 0c.535 0 .969.44.969.982a.976.976 0 0 1-.969.983.976.976 0 0 1-.969-.983c0-.542.434-.982.969-.982z";

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
    style: brandMark(mark, "#07C160", "#000"),
    options,
  };
}
