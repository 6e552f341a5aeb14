import Osu from "../../../../src/providers/osu.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Osu,
  id: "osu",
  name: "osu!",
  type: "oauth",
  hosts: ["ppy.sh"],
  payload: {
    avatar_url: "https://a.ppy.sh/2?1519081077.png",
    country_code: "AU",
    default_group: "default",
    id: 2,
    is_active: true,
    is_bot: false,
    is_deleted: false,
    is_online: false,
    is_supporter: true,
    last_visit: "2024-02-21T09:30:00+00:00",
    pm_friends_only: false,
    profile_colour: "#3366FF",
    username: "peppy",
    join_date: "2007-08-28T03:09:12+00:00",
    playmode: "osu",
  },
  user: { id: "2", name: "peppy", email: null, image: "https://a.ppy.sh/2?1519081077.png" },
});
