import Zoom from "../../../../src/providers/zoom.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Zoom,
  id: "zoom",
  name: "Zoom",
  type: "oauth",
  hosts: ["zoom.us"],
  payload: {
    id: "KDcuGIm1QgePTO8WbOqwIQ",
    first_name: "Jill",
    last_name: "Chill",
    display_name: "Jill Chill",
    email: "jchill@example.com",
    type: 1,
    role_name: "Owner",
    pmi: 3542471135,
    use_pmi: false,
    personal_meeting_url: "https://zoom.us/j/3542471135",
    timezone: "Asia/Tokyo",
    verified: 1,
    dept: "",
    created_at: "2019-06-01T07:58:03Z",
    last_login_time: "2024-03-05T10:00:00Z",
    pic_url: "https://lh4.googleusercontent.com/-d2eV/photo.jpg",
    language: "en-US",
    status: "active",
    role_id: "0",
    account_id: "q6gBJVO5TzexKYTb_I2rpg",
  },
  user: {
    id: "KDcuGIm1QgePTO8WbOqwIQ",
    name: "Jill Chill",
    email: "jchill@example.com",
    image: "https://lh4.googleusercontent.com/-d2eV/photo.jpg",
  },
});
