import Slack from "../../../../src/providers/slack.js";
import { defineCase } from "../case.js";

export default defineCase({
  provider: Slack,
  id: "slack",
  name: "Slack",
  type: "oidc",
  issuer: "https://slack.com",
  payload: {
    iss: "https://slack.com",
    sub: "U0R7JM",
    aud: "25259531569.1115258246291",
    exp: 1626874955,
    iat: 1626874655,
    auth_time: 1626874655,
    nonce: "abcd",
    at_hash: "abc...123",
    "https://slack.com/team_id": "T0R7GR",
    "https://slack.com/user_id": "U0R7JM",
    email: "krane@slack-corp.com",
    email_verified: true,
    date_email_verified: 1622128723,
    locale: "en-US",
    name: "krane",
    picture: "https://secure.gravatar.com/avatar/bc.png",
    given_name: "Bront",
    family_name: "Labradoodle",
    "https://slack.com/team_name": "kraneflannel",
    "https://slack.com/team_domain": "kraneflannel",
  },
  user: { id: "U0R7JM", name: "krane", email: "krane@slack-corp.com", image: "https://secure.gravatar.com/avatar/bc.png" },
});
