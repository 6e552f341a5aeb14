import { expect } from "vitest";
import Dropbox from "../../../../src/providers/dropbox.js";
import { defineCase } from "../case.js";

const payload = {
  account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
  name: {
    given_name: "Franz",
    surname: "Ferdinand",
    familiar_name: "Franz",
    display_name: "Franz Ferdinand (Personal)",
    abbreviated_name: "FF",
  },
  email: "franz@dropbox.com",
  email_verified: true,
  disabled: false,
  country: "US",
  locale: "en",
  referral_link: "https://db.tt/ZITNuhtI",
  is_paired: false,
  account_type: { ".tag": "basic" },
  profile_photo_url: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?vers=1556069330102&size=128x128",
};

export default defineCase({
  provider: Dropbox,
  id: "dropbox",
  name: "Dropbox",
  type: "oauth",
  hosts: ["dropbox.com", "dropboxapi.com"],
  payload,
  user: {
    id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
    name: "Franz Ferdinand (Personal)",
    email: "franz@dropbox.com",
    image: payload.profile_photo_url,
  },
  api: {
    tokens: { access_token: "sl.BXm9-Ab1cD2eF3", token_type: "bearer" },
    answers: { "POST api.dropboxapi.com/2/users/get_current_account": payload },
    check([request]) {
      expect(request.method).toBe("POST");
      expect(request.body).toBe("");
      expect(request.headers.get("authorization")).toBe("Bearer sl.BXm9-Ab1cD2eF3");
    },
  },
});
