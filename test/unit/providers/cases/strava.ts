import Strava from "../../../../src/providers/strava.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Strava,
  id: "strava",
  name: "Strava",
  type: "oauth",
  hosts: ["strava.com"],
  payload: {
    id: 1234567890987654400,
    username: "marianne_t",
    resource_state: 3,
    firstname: "Marianne",
    lastname: "Teutenberg",
    city: "San Francisco",
    state: "CA",
    country: "US",
    sex: "F",
    premium: true,
    summit: true,
    created_at: "2017-11-14T02:30:05Z",
    updated_at: "2018-02-06T19:32:20Z",
    badge_type_id: 4,
    profile_medium: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/1234/medium.jpg",
    profile: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/1234/large.jpg",
  },
  user: {
    id: "1234567890987654400",
    name: "Marianne Teutenberg",
    email: null,
    image: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/1234/large.jpg",
  },
});
