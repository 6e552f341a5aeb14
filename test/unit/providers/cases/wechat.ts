import { expect } from "vitest";
import WeChat from "../../../../src/providers/wechat.js";
import { defineCase } from "../case.js";

const payload = {
  openid: "o6_bmjrPTlm6_2sgVt7hMZOPfL2M",
  nickname: "微信用户",
  sex: 1,
  province: "广东",
  city: "广州",
  country: "中国",
  headimgurl: "https://thirdwx.qlogo.cn/mmopen/g3MonUZtNHkdmzicIlibx6iaFqAc56vxLSUfpb6n5WKSYVY0ChQKkiaJSgQ1dZuTOgvLLrhJbERQQ4eMsv84eavHiaiceqxibJxCfHe/46",
  privilege: [],
  unionid: "o6_bmasdasdsad6_2sgVt7hMZOPfL",
};

// The website flow shows a QR code, with its own scope.
expect(WeChat({ platformType: "WebsiteApp" }).authorization).toMatchObject({
  url: "https://open.weixin.qq.com/connect/qrconnect",
  params: { scope: "snsapi_login" },
});

export default defineCase({
  provider: WeChat,
  id: "wechat",
  name: "WeChat",
  type: "oauth",
  options: { clientId: "wx520c15f417810387", clientSecret: "s3cr3t" },
  hosts: ["weixin.qq.com"],
  payload,
  user: { id: "o6_bmasdasdsad6_2sgVt7hMZOPfL", name: "微信用户", email: null, image: payload.headimgurl },
  api: {
    tokens: { access_token: "ACCESS_TOKEN_wx", token_type: "bearer", openid: payload.openid, scope: "snsapi_userinfo" },
    answers: { "GET api.weixin.qq.com/sns/userinfo": payload },
    check([request]) {
      expect(request.query.get("access_token")).toBe("ACCESS_TOKEN_wx");
      expect(request.query.get("openid")).toBe(payload.openid);
    },
  },
});
