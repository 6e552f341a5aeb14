import Bitbucket from "../../../../src/providers/bitbucket.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Bitbucket,
  id: "bitbucket",
  name: "Bitbucket",
  type: "oauth",
  hosts: ["bitbucket.org"],
  payload: {
    display_name: "Erik van Zijst",
    links: {
      self: { href: "https://api.bitbucket.org/2.0/users/%7Bd301aafa-d676-4ee0-88be-962be7417567%7D" },
      avatar: { href: "https://secure.gravatar.com/avatar/f6bcbb4e3f665e74455bd8c0b4b3afba?d=identicon" },
      html: { href: "https://bitbucket.org/%7Bd301aafa-d676-4ee0-88be-962be7417567%7D/" },
    },
    created_on: "2010-07-07T04:30:37.083002+00:00",
    type: "user",
    uuid: "{d301aafa-d676-4ee0-88be-962be7417567}",
    has_2fa_enabled: null,
    username: "evzijst",
    is_staff: false,
    account_id: "557058:d2b3b7a1-3a6f-4c8f-9b7d-1a2b3c4d5e6f",
    nickname: "evzijst",
    account_status: "active",
  },
  user: {
    id: "557058:d2b3b7a1-3a6f-4c8f-9b7d-1a2b3c4d5e6f",
    name: "Erik van Zijst",
    email: null,
    image: "https://secure.gravatar.com/avatar/f6bcbb4e3f665e74455bd8c0b4b3afba?d=identicon",
  },
});
