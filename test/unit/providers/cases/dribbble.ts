import Dribbble from "../../../../src/providers/dribbble.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Dribbble,
  id: "dribbble",
  name: "Dribbble",
  type: "oauth",
  hosts: ["dribbble.com"],
  payload: {
    id: 1,
    name: "Dan Cederholm",
    login: "simplebits",
    html_url: "https://dribbble.com/simplebits",
    avatar_url: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg?1371679243",
    bio: "Co-founder &amp; designer of <a href=\"https://dribbble.com/dribbble\">@Dribbble</a>.",
    location: "Salem, MA",
    links: { web: "https://simplebits.com", twitter: "https://twitter.com/simplebits" },
    can_upload_shot: true,
    pro: true,
    followers_count: 2964,
    created_at: "2009-07-08T02:51:22Z",
    type: "Player",
    teams: [],
  },
  user: {
    id: "1",
    name: "Dan Cederholm",
    email: null,
    image: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg?1371679243",
  },
});
