import Mastodon from "../../../../src/providers/mastodon.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Mastodon,
  id: "mastodon",
  name: "Mastodon",
  type: "oauth",
  options: { issuer: "https://mastodon.social" },
  baseOption: "issuer",
  hosts: ["mastodon.social"],
  payload: {
    id: "14715",
    username: "trwnh",
    acct: "trwnh",
    display_name: "infinite love ⴳ",
    locked: false,
    bot: false,
    created_at: "2016-11-24T10:02:12.085Z",
    note: "<p>i have approximate knowledge of many things.</p>",
    url: "https://mastodon.social/@trwnh",
    avatar: "https://files.mastodon.social/accounts/avatars/000/014/715/original/34aa222f4ae2e0a9.png",
    avatar_static: "https://files.mastodon.social/accounts/avatars/000/014/715/original/34aa222f4ae2e0a9.png",
    header: "https://files.mastodon.social/accounts/headers/000/014/715/original/5c6fc24edb3bb873.jpg",
    header_static: "https://files.mastodon.social/accounts/headers/000/014/715/original/5c6fc24edb3bb873.jpg",
    followers_count: 821,
    following_count: 178,
    statuses_count: 33120,
    last_status_at: "2024-02-01",
  },
  user: {
    id: "14715",
    name: "infinite love ⴳ",
    email: null,
    image: "https://files.mastodon.social/accounts/avatars/000/014/715/original/34aa222f4ae2e0a9.png",
  },
});
